#!/usr/bin/env python3
"""The Python stack `glossgraph export` is measured against (see benches/export.sh).

Usage: export_python.py CARDS.jsonl OUT_DIR

Does what `glossgraph export CARDS.jsonl --out OUT_DIR` does, with the usual Python tools:

- loads the cards of a JSON Lines glossary with Python's `json`;
- builds glossgraph's RDF/SKOS mapping (docs/rdf.md) in an rdflib Dataset, each card's
  triples in its named graph `B graph/{slug}` and the scheme, statuses and vocabulary in
  `B graph/_scheme`, and serializes it with rdflib as Turtle, N-Triples and RDF/XML (the
  union of the graphs) and as JSON-LD, TriG and N-Quads (the named graphs);
- builds the NetworkX graph of glossgraph's default GraphML profile and writes it with
  `nx.write_graphml` (one profile, where glossgraph writes three);
- builds a NetworkX graph of the DOT topic map (label, tooltip, URL and status colour per
  term; related edges dashed and undirected, supersedes old -> new) and writes it with
  NetworkX + pydot `write_dot`.

The triples are not rebuilt here: `triples()` of benches/rdf_pyoxigraph.py is imported with
a small stand-in for its three pyoxigraph term constructors (NamedNode, Literal, Triple)
that makes rdflib terms instead, so both Python pipelines build exactly the same triples in
the same order. The NetworkX GraphML graph is `graph()` of benches/graphml_networkx.py.
Like rdf_pyoxigraph.py it uses glossgraph's default configuration and does not check the
cards. It writes no SVG: glossgraph skips the SVG past 500 terms too.

Prints the time of each step (wall and CPU seconds) and the counts on stderr.
"""

import importlib
import os
import sys
import time
import types

import networkx as nx
import pyoxigraph
from rdflib import Dataset, Literal, URIRef

try:
    import pydot  # noqa: F401  (nx_pydot.write_dot needs it)
except ImportError:
    sys.exit("export_python.py: pydot is missing; run scripts/install-test-tools.sh")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def _named_node(iri):
    """pyoxigraph.NamedNode's contract, as an rdflib URIRef: ValueError for an invalid IRI
    (rdf_pyoxigraph writes such a citation URL as an xsd:anyURI literal, like glossgraph)."""
    if not iri.startswith(_BASE):
        pyoxigraph.NamedNode(iri)  # validation only: raises ValueError
    return URIRef(iri)


def _literal(value, language=None, datatype=None):
    return Literal(value, lang=language, datatype=datatype)


_BASE = "https://example.org/glossary/"
# rdf_pyoxigraph, with its pyoxigraph terms replaced by rdflib ones (it imports these names).
_terms = types.ModuleType("pyoxigraph")
_terms.NamedNode, _terms.Literal, _terms.Triple = _named_node, _literal, lambda s, p, o: (s, p, o)
_terms.RdfFormat, _terms.serialize = pyoxigraph.RdfFormat, pyoxigraph.serialize
_real, sys.modules["pyoxigraph"] = sys.modules["pyoxigraph"], _terms
try:
    rdf = importlib.import_module("rdf_pyoxigraph")
finally:
    sys.modules["pyoxigraph"] = _real
assert rdf.BASE == _BASE
graphml_networkx = importlib.import_module("graphml_networkx")

TERM = rdf.BASE + "term/"
SCHEME_GRAPH = URIRef(rdf.BASE + "graph/_scheme")
STATUS_COLOURS = {"shipping": "#b3de69", "emerging": "#80b1d3", "draft": "#ffffb3",
                  "deprecated": "#fdb462", "obsolete": "#d9d9d9"}

# (rdflib format, file name) in glossgraph's order; the first three serialize the union.
RDF_FILES = [("turtle", "glossary.ttl"), ("nt", "glossary.nt"), ("xml", "glossary.rdf"),
             ("json-ld", "glossary.jsonld"), ("trig", "glossary.trig"), ("nquads", "glossary.nq")]


def dataset(cards):
    """The rdflib Dataset of the glossary: one named graph per card, and the scheme's."""
    ds = Dataset(default_union=True)
    for prefix, namespace in rdf.PREFIXES.items():
        ds.bind(prefix, namespace)
    graphs = {}

    def graph_of(subject):
        if not subject.startswith(TERM):
            return SCHEME_GRAPH
        slug = subject[len(TERM):].split("#", 1)[0]
        g = graphs.get(slug)
        if g is None:
            g = graphs[slug] = URIRef(rdf.BASE + "graph/" + slug)
        return g

    contexts = {}

    def context(name):
        c = contexts.get(name)
        if c is None:
            c = contexts[name] = ds.graph(name)
        return c

    ds.addN((s, p, o, context(graph_of(s))) for s, p, o in rdf.triples(cards))
    return ds


def dot_graph(cards):
    """The NetworkX graph of glossgraph's DOT topic map of the whole glossary."""
    g = nx.DiGraph()
    g.graph["graph"] = {"rankdir": "LR", "fontname": "Helvetica", "tooltip": "Glossary"}
    g.graph["node"] = {"shape": "box", "style": "rounded,filled", "fontname": "Helvetica",
                       "fontsize": "11", "color": "#333333", "fillcolor": "#ffffff"}
    g.graph["edge"] = {"color": "#333333", "arrowsize": "0.8"}
    slugs = {c["slug"] for c in cards}
    for c in sorted(cards, key=lambda c: c["slug"]):
        attrs = {"label": c["term"], "tooltip": c["definition"],
                 "URL": TERM + rdf.encoded(c["slug"])}
        if c.get("status") in STATUS_COLOURS:
            attrs["fillcolor"] = STATUS_COLOURS[c["status"]]
        g.add_node(c["slug"], **attrs)
    for c in cards:
        s = c["slug"]
        for r in c.get("related") or []:
            if r in slugs and r != s:
                g.add_edge(min(s, r), max(s, r), style="dashed", dir="none")
        for old in c.get("supersedes") or []:
            if old in slugs and old != s:
                g.add_edge(old, s)
        for new in c.get("supersededBy") or []:
            if new in slugs and new != s:
                g.add_edge(s, new)
    return g


class Steps:
    """Times each step, wall and CPU, and reports it on stderr."""

    def __init__(self):
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def done(self, what):
        wall, cpu = time.perf_counter(), time.process_time()
        print(f"export_python: {what}: {wall - self.wall:.2f} s wall, {cpu - self.cpu:.2f} s CPU",
              file=sys.stderr)
        self.wall, self.cpu = wall, cpu


def main(argv):
    source, out = argv[1], argv[2]
    os.makedirs(out, exist_ok=True)
    steps = Steps()
    cards = graphml_networkx.load(source)
    steps.done(f"json load ({len(cards)} cards)")
    ds = dataset(cards)
    steps.done(f"rdflib build ({len(ds)} triples in {sum(1 for _ in ds.graphs())} graphs)")
    for fmt, name in RDF_FILES:
        ds.serialize(destination=os.path.join(out, name), format=fmt, encoding="utf-8")
        steps.done(f"rdflib {fmt} -> {name}")
    del ds
    g = graphml_networkx.graph(cards)
    steps.done(f"networkx GraphML graph ({g.number_of_nodes()} nodes, {g.number_of_edges()} edges)")
    nx.write_graphml(g, os.path.join(out, "glossary.graphml"))
    steps.done("networkx write_graphml -> glossary.graphml")
    del g
    d = dot_graph(cards)
    steps.done("networkx DOT graph")
    nx.drawing.nx_pydot.write_dot(d, os.path.join(out, "glossary.dot"))
    steps.done("networkx + pydot write_dot -> glossary.dot")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
