"""pyoxigraph on the same data as benches/sparql.rs: bulk-loads an N-Triples file into an
in-memory Store and runs the same queries with the same parameter bindings.

Usage: python3 sparql_pyoxigraph.py CORPUS.nt QUERIES.json RUNS
QUERIES.json: [{"name", "query", "substitutions": {"var": "<iri>" | "\"lit\"^^<dt>" | ...}}]
Prints {"load_s", "queries": {name: {"median_ms", "rows"}}} as JSON. (No peak memory: a
process started by the Rust benchmark inherits its high-water mark through fork.)
"""
import json
import statistics
import sys
import time

import pyoxigraph as ox

corpus, queries_file, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])


def term(text):
    """An RDF term from its N-Triples spelling (as glossgraph prints bindings)."""
    if text.startswith("<"):
        return ox.NamedNode(text[1:-1])
    value, _, rest = text[1:].rpartition('"')
    value = value.encode("utf-8").decode("unicode_escape") if "\\" in value else value
    if rest.startswith("^^<"):
        return ox.Literal(value, datatype=ox.NamedNode(rest[3:-1]))
    if rest.startswith("@"):
        return ox.Literal(value, language=rest[1:])
    return ox.Literal(value)


store = ox.Store()
started = time.perf_counter()
store.bulk_load(path=corpus, format=ox.RdfFormat.N_TRIPLES)
load_s = time.perf_counter() - started

out = {"load_s": load_s, "queries": {}}
for q in json.load(open(queries_file)):
    subs = {ox.Variable(k): term(v) for k, v in q["substitutions"].items()}
    times, rows = [], 0
    for _ in range(runs):
        started = time.perf_counter()
        result = store.query(q["query"], substitutions=subs or None)
        rows = sum(1 for _ in result)
        times.append(time.perf_counter() - started)
    out["queries"][q["name"]] = {"median_ms": statistics.median(times) * 1000, "rows": rows}
print(json.dumps(out))
