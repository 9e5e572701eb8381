#!/usr/bin/env python3
"""NetworkX's write_graphml on a glossgraph glossary, for BENCHMARKS.md.

Usage: graphml_networkx.py CARDS.jsonl OUT.graphml

Reads the JSON Lines cards with the json module, builds an nx.DiGraph with the same node and
edge attributes as glossgraph's default GraphML profile (lists joined with a line feed, counts
as ints; related once per pair from the smaller slug, supersedes old -> new), then times each
of NetworkX's two GraphML writers alone: `write_graphml_lxml` (what `nx.write_graphml` is when
lxml is installed: it streams) and `write_graphml_xml` (its fallback without lxml: it builds
the whole document as an ElementTree first). The second writes to OUT.graphml.xml. Prints
"build <s> write[lxml] <s> (cpu <s>) write[xml] <s> (cpu <s>) peak_rss_kib <n>" on stderr;
a writer that fails (MemoryError on a glossary too large) is reported as such.

benches/export_python.py imports `load` and `graph` to build the same graph.
"""
import json
import resource
import sys
import time

import networkx as nx


def load(source):
    """The cards of a JSON Lines file, as dicts."""
    with open(source, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def graph(cards):
    """The nx.DiGraph of glossgraph's default GraphML profile."""
    g = nx.DiGraph(title="Glossary", base="https://example.org/glossary/")
    slugs = {c["slug"] for c in cards}
    join = "\n".join
    for c in sorted(cards, key=lambda c: c["slug"]):
        attrs = {"label": c["term"], "name": c["term"], "slug": c["slug"], "term": c["term"],
                 "definition": c["definition"]}
        for key in ("status", "note", "firstSeen", "lastSeen", "updated"):
            if c.get(key):
                attrs[key] = c[key]
        for key, count in (("aliases", "aliasCount"), ("advantages", "advantageCount"),
                           ("limitations", "limitationCount"), ("related", "relatedCount"),
                           ("supersedes", "supersedesCount"), ("supersededBy", "supersededByCount"),
                           ("provenance", "provenanceCount")):
            items = c.get(key) or []
            if items:
                attrs[key] = join(items)
            attrs[count] = len(items)
        cites = c.get("citations") or []
        if cites:
            attrs["citationIds"] = join(x["id"] for x in cites)
            attrs["citationTitles"] = join(x["title"] for x in cites)
            attrs["citationUrls"] = join(x["url"] for x in cites)
        attrs["citationCount"] = len(cites)
        g.add_node(c["slug"], **attrs)
    for c in cards:
        s = c["slug"]
        for r in c.get("related") or []:
            if r in slugs and r != s:
                a, b = min(s, r), max(s, r)
                g.add_edge(a, b, kind="related", mutual=True)
        for old in c.get("supersedes") or []:
            if old in slugs:
                g.add_edge(old, s, kind="supersedes")
        for new in c.get("supersededBy") or []:
            if new in slugs:
                g.add_edge(s, new, kind="supersedes")
    return g


def main():
    source, target = sys.argv[1], sys.argv[2]
    start = time.perf_counter()
    g = graph(load(source))
    built = time.perf_counter() - start
    report = [f"build {built:.3f}"]
    for name, writer, out in (
        ("lxml", nx.write_graphml_lxml, target),
        ("xml", nx.write_graphml_xml, target + ".xml"),
    ):
        start, cpu_start = time.perf_counter(), time.process_time()
        try:
            writer(g, out)
        except MemoryError:
            report.append(f"write[{name}] MemoryError")
            continue
        written, written_cpu = time.perf_counter() - start, time.process_time() - cpu_start
        report.append(f"write[{name}] {written:.3f} (cpu {written_cpu:.2f})")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(" ".join(report) + f" peak_rss_kib {peak}", file=sys.stderr)


if __name__ == "__main__":
    main()
