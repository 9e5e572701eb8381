#!/usr/bin/env python3
"""NetworkX's write_graphml on a glossgraph glossary, for docs/bench-graphml-dot.md.

Usage: bench-networkx-graphml.py CARDS.jsonl OUT.graphml

Reads the JSON Lines cards with the json module, builds an nx.DiGraph with the same node and
edge attributes as glossgraph's default GraphML profile (lists joined with a line feed, counts
as ints; related once per pair from the smaller slug, supersedes old -> new), then times
nx.write_graphml alone. Prints "build <s> write <s> (cpu <s>) peak_rss_kib <n>" on stderr.
"""
import json
import resource
import sys
import time

import networkx as nx


def main():
    source, target = sys.argv[1], sys.argv[2]
    start = time.perf_counter()
    g = nx.DiGraph(title="Glossary", base="https://example.org/glossary/")
    cards = []
    with open(source, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                cards.append(json.loads(line))
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
    built = time.perf_counter() - start
    start, cpu_start = time.perf_counter(), time.process_time()
    nx.write_graphml(g, target)
    written, written_cpu = time.perf_counter() - start, time.process_time() - cpu_start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        f"build {built:.3f} write {written:.3f} (cpu {written_cpu:.2f}) peak_rss_kib {peak}",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
