#!/usr/bin/env python3
"""Checks that rdflib reads glossgraph's RDF exports as the same graph.

Usage: rdf_isomorphic.py REFERENCE.nt FORMAT=FILE [FORMAT=FILE ...]

REFERENCE.nt is parsed as N-Triples. Each FILE is parsed with rdflib's parser for FORMAT
(turtle, xml, json-ld, trig, nquads); for the dataset formats (trig, nquads, json-ld) the
triples of every graph are merged, since the triple formats drop graph names. Each result
must be isomorphic to the reference (rdflib compares graphs as sets, blank nodes up to
renaming). Prints one line per file; exits 1 if any file differs or fails to parse.
"""

import sys

from rdflib import Dataset, Graph
from rdflib.compare import isomorphic

DATASET_FORMATS = {"trig", "nquads", "json-ld"}


def read(path, fmt):
    if fmt in DATASET_FORMATS:
        dataset = Dataset()
        dataset.parse(path, format=fmt)
        merged = Graph()
        for s, p, o, _graph in dataset.quads((None, None, None, None)):
            merged.add((s, p, o))
        return merged
    graph = Graph()
    graph.parse(path, format=fmt)
    return graph


def main(argv):
    reference = Graph()
    reference.parse(argv[1], format="nt")
    failed = False
    for spec in argv[2:]:
        fmt, path = spec.split("=", 1)
        try:
            graph = read(path, fmt)
        except Exception as e:  # any parser failure is a finding, reported with its file
            print(f"{fmt} {path}: parse error: {e}")
            failed = True
            continue
        same = isomorphic(graph, reference)
        print(f"{fmt} {path}: {len(graph)} triples, isomorphic={same}")
        failed |= not same
    print(f"reference {argv[1]}: {len(reference)} triples")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
