#!/usr/bin/env python3
"""Read glossgraph's node-link JSON with NetworkX and print what it saw, as JSON.

Usage: nodelink_read.py FILE SOURCE TARGET

`networkx.node_link_graph(data, edges="edges")` builds the graph (directed and multigraph as
the file says). Prints {"directed", "multigraph", "graph": graph attributes, "nodes": {id:
attributes}, "edges": [[source, target, key, attributes]], "degrees": {id: number of distinct
neighbours, either direction}, "paths": every shortest path from SOURCE to TARGET with links
taken both ways, "above": {id: the nodes reachable from it along `broader` edges, sorted}}. A
missing NetworkX is an ImportError and a non-zero exit: the test fails.
"""
import json
import sys

import networkx as nx

path, source, target = sys.argv[1:4]
with open(path, encoding="utf-8") as f:
    g = nx.node_link_graph(json.load(f), edges="edges")
undirected = nx.Graph(g.to_undirected(as_view=True))
broader = nx.DiGraph()
broader.add_nodes_from(g)
broader.add_edges_from((a, b) for a, b, k in g.edges(keys=True) if k == "broader")
json.dump({
    "directed": g.is_directed(),
    "multigraph": g.is_multigraph(),
    "graph": g.graph,
    "nodes": {n: attrs for n, attrs in g.nodes(data=True)},
    "edges": [[a, b, k, attrs] for a, b, k, attrs in g.edges(keys=True, data=True)],
    "degrees": {n: undirected.degree(n) for n in undirected},
    "paths": sorted(nx.all_shortest_paths(undirected, source, target)),
    "above": {n: sorted(nx.descendants(broader, n)) for n in broader},
}, sys.stdout, sort_keys=True, ensure_ascii=False)
