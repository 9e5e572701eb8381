#!/usr/bin/env python3
"""Read a GraphML file with a real consumer library and print what it saw, as JSON.

Usage: graphml_read.py networkx|igraph FILE

Prints {"directed": bool, "graph": {attr: value}, "nodes": {id: {attr: value}},
"edges": [[source, target, {attr: value}], ...]} on standard output. Values are passed
through as the library typed them (NetworkX gives int/bool/str, igraph gives float for
numeric attributes), so the Rust tests in tests/it/consumers/graphml.rs can check both the types and the
exact strings. A missing library is an ImportError and a non-zero exit: the test then fails.
"""
import json
import math
import sys


def clean(attrs):
    """Drop the values igraph invents for absent data (NaN for numbers, None)."""
    out = {}
    for key, value in attrs.items():
        if value is None or (isinstance(value, float) and math.isnan(value)):
            continue
        out[key] = value
    return out


def read_networkx(path):
    import networkx as nx

    g = nx.read_graphml(path)
    return {
        "directed": g.is_directed(),
        "graph": dict(g.graph),
        "nodes": {n: dict(d) for n, d in g.nodes(data=True)},
        "edges": [[a, b, dict(d)] for a, b, d in g.edges(data=True)],
    }


def read_igraph(path):
    import igraph

    g = igraph.Graph.Read_GraphML(path)
    names = g.vs["id"]
    return {
        "directed": g.is_directed(),
        "graph": clean({a: g[a] for a in g.attributes()}),
        "nodes": {v["id"]: clean(v.attributes()) for v in g.vs},
        "edges": [
            [names[e.source], names[e.target], clean(e.attributes())] for e in g.es
        ],
    }


def main():
    library, path = sys.argv[1], sys.argv[2]
    result = {"networkx": read_networkx, "igraph": read_igraph}[library](path)
    json.dump(result, sys.stdout, ensure_ascii=True)


if __name__ == "__main__":
    main()
