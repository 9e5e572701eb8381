// Read a GEXF file with graphology's GEXF parser (npm graphology-gexf, under Node) and print
// what it saw, as JSON, in the shape tests/consumers/gexf_read.py prints for NetworkX.
//
// Usage: node gexf_read.mjs NODE_MODULES FILE
// NODE_MODULES is the folder the test tools script installed graphology into.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";

const [modules, file] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(modules), "noop.js"));
const Graph = require("graphology");
const gexf = require("graphology-gexf");

const graph = gexf.parse(Graph, readFileSync(file, "utf8"));
const nodes = {};
graph.forEachNode((node, attrs) => {
  const { x, y, z, size, color, label, ...rest } = attrs;
  nodes[node] = { ...rest, label, viz: { x, y, z, size, color } };
});
const edges = [];
graph.forEachEdge((key, attrs, source, target, _s, _t, undirected) => {
  const { weight, label, ...rest } = attrs;
  edges.push({ id: key, source, target, directed: !undirected, attrs: rest });
});
edges.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
process.stdout.write(JSON.stringify({ nodes, edges }));
