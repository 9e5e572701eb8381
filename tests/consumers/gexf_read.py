#!/usr/bin/env python3
"""Read a GEXF file with NetworkX (read_gexf, GEXF 1.3) and print what it saw, as JSON.

Usage: gexf_read.py FILE

Prints {"nodes": {id: {attr: value, ..., "viz": {"x", "y", "size", "color"}}},
"edges": [{"id", "source", "target", "directed", "attrs"}]} on standard output, in the shape
tests/consumers/gexf_read.mjs prints for graphology, so that tests/it/consumers/gexf.rs can compare both
readers with the glossary. NetworkX reads a `mutual` edge as two edges, one each way, under one
id: that is reported as one edge, not directed. A missing NetworkX is an ImportError and a
non-zero exit: the test then fails.
"""
import json
import sys

import networkx as nx

g = nx.read_gexf(sys.argv[1], version="1.3")
nodes = {}
for node, data in g.nodes(data=True):
    attrs = {k: v for k, v in data.items() if k != "viz"}
    viz = data.get("viz", {})
    colour = viz.get("color", {})
    position = viz.get("position", {})
    attrs["viz"] = {
        "x": position.get("x"),
        "y": position.get("y"),
        "size": viz.get("size"),
        "color": "rgb({},{},{})".format(colour.get("r"), colour.get("g"), colour.get("b")),
    }
    nodes[node] = attrs
edges = {}
for source, target, data in g.edges(data=True):
    key = data["id"]
    attrs = {k: v for k, v in data.items() if k not in ("id", "label", "weight")}
    if key in edges:
        # The other direction of a mutual edge.
        edges[key]["directed"] = False
        continue
    edges[key] = {
        "id": key,
        "source": source,
        "target": target,
        "directed": g.is_directed(),
        "attrs": attrs,
    }
json.dump({"nodes": nodes, "edges": sorted(edges.values(), key=lambda e: e["id"])}, sys.stdout,
          sort_keys=True)
