#!/usr/bin/env python3
"""Compares two RDF files as sets of triples, with rdflib: an imported vocabulary's export
against the original.

Usage: same_triples.py ORIGINAL FORMAT EXPORT FORMAT

The export must hold every triple of the original and no other. Inverse properties are read
as one on both sides, as SKOS defines them (the export states each link from both sides):
skos:narrower as skos:broader backwards, skos:hasTopConcept as skos:topConceptOf backwards,
skos:related either way. Blank nodes (an ordered collection's RDF list) are compared by
the graphs' isomorphism.

Prints each difference and the number of triples compared; exits 1 if there is any.
"""

import sys

from rdflib import Graph
from rdflib.compare import graph_diff, to_isomorphic
from rdflib.namespace import SKOS

INVERSES = {SKOS.narrower: SKOS.broader, SKOS.hasTopConcept: SKOS.topConceptOf}


def statements(path, syntax):
    g = Graph()
    g.parse(path, format=syntax)
    out = Graph()
    for s, p, o in g:
        if p in INVERSES:
            out.add((o, INVERSES[p], s))
        elif p == SKOS.related:
            out.add((min(s, o), p, max(s, o)))
        else:
            out.add((s, p, o))
    return out


def main(argv):
    original = statements(argv[1], argv[2])
    exported = statements(argv[3], argv[4])
    _, lost, gained = graph_diff(to_isomorphic(original), to_isomorphic(exported))
    for s, p, o in sorted(lost):
        print(f"lost {s.n3()} {p.n3()} {o.n3()}")
    for s, p, o in sorted(gained):
        print(f"gained {s.n3()} {p.n3()} {o.n3()}")
    print(f"compared {len(original)} triples")
    return 1 if len(lost) or len(gained) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
