// Load glossgraph's Cytoscape.js elements JSON with Cytoscape.js (npm `cytoscape`, headless
// under Node) and print what it saw, as JSON.
//
// Usage: node cytoscape_read.mjs NODE_MODULES FILE SOURCE TARGET
// NODE_MODULES is the folder the test tools script installed cytoscape into. Prints
// {"nodes": {id: {"data", "position"}}, "edges": [data], "degrees": {id: number of distinct
// neighbouring nodes}, "path": [ids]: the shortest path from SOURCE to TARGET that
// Cytoscape.js's Dijkstra finds with every link taken both ways and weighing 1, "broader":
// [[source, target]] of the edges the selector `edge[kind = "broader"]` finds, "above": {id:
// the nodes reachable from it along those edges, sorted}}.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";

const [modules, file, source, target] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(modules), "noop.js"));
const cytoscape = require("cytoscape");

const json = JSON.parse(readFileSync(file, "utf8"));
const cy = cytoscape({ headless: true, styleEnabled: false });
cy.json(json);
const nodes = {};
const degrees = {};
cy.nodes().forEach((n) => {
  nodes[n.id()] = { data: n.data(), position: n.position() };
  degrees[n.id()] = n.neighborhood("node").length;
});
const edges = cy.edges().map((e) => e.data());
const found = cy.elements().dijkstra({ root: cy.getElementById(source), directed: false });
const route = found.pathTo(cy.getElementById(target)).nodes().map((n) => n.id());
const broader = cy.edges('[kind = "broader"]').map((e) => [e.source().id(), e.target().id()]);
const above = {};
cy.nodes().forEach((n) => {
  const seen = new Set();
  let frontier = n;
  for (;;) {
    const next = frontier.outgoers('edge[kind = "broader"]').targets().filter((m) => !seen.has(m.id()));
    if (next.empty()) break;
    next.forEach((m) => seen.add(m.id()));
    frontier = next;
  }
  above[n.id()] = [...seen].sort();
});
process.stdout.write(JSON.stringify({ nodes, edges, degrees, path: route, data: cy.data(), broader, above }));
