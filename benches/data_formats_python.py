#!/usr/bin/env python3
"""The Python tools `glossgraph export --format nodelink|csv` is measured against (see
benches/data_formats.sh).

Usage: data_formats_python.py nodelink|pandas CARDS.jsonl OUT_DIR

Both load the JSON Lines cards with Python's `json` and build the graph glossgraph writes: a
node per card with the card's fields typed as in the card (lists as lists, citations as the
four parallel lists), `related` once per pair from the smaller slug to the larger, `supersedes`
from the old term to the new. Topics and positions are not computed (glossgraph's figures
include its topic map); the degree is.

nodelink  builds an nx.MultiDiGraph and writes it with `nx.node_link_data(g, edges="edges")`
          and `json.dump` into OUT_DIR/glossary.nodelink.json.
pandas    builds two DataFrames (nodes: lists joined with U+001F beside their counts; edges:
          start, end, type and flags) and writes them with `DataFrame.to_csv` into
          OUT_DIR/glossary.nodes.csv and glossary.edges.csv.

Prints the time of each step (wall and CPU seconds) on stderr.
"""
import json
import os
import sys
import time

LISTS = [("aliases", "aliasCount"), ("advantages", "advantageCount"),
         ("limitations", "limitationCount"), ("related", "relatedCount"),
         ("supersedes", "supersedesCount"), ("supersededBy", "supersededByCount"),
         ("provenance", "provenanceCount")]
TEXTS = ["status", "note", "firstSeen", "lastSeen", "updated"]


def step(name, started):
    wall, cpu = time.perf_counter() - started[0], time.process_time() - started[1]
    print(f"data_formats_python: {name}: {wall:.2f} s wall, {cpu:.2f} s CPU", file=sys.stderr)
    started[:] = [time.perf_counter(), time.process_time()]


def load(source):
    with open(source, encoding="utf-8") as f:
        return sorted((json.loads(line) for line in f if line.strip()), key=lambda c: c["slug"])


def links(cards):
    """(source, target, kind, attributes) of every link, as glossgraph's graph has them."""
    slugs = {c["slug"]: c for c in cards}
    related, supersedes = {}, {}
    for c in cards:
        s = c["slug"]
        for r in c.get("related") or []:
            if r in slugs and r != s:
                pair = (min(s, r), max(s, r))
                related[pair] = related.get(pair, 0) + 1
        for old in c.get("supersedes") or []:
            if old in slugs and old != s:
                supersedes.setdefault((old, s), [False, False])[1] = True
        for new in c.get("supersededBy") or []:
            if new in slugs and new != s:
                supersedes.setdefault((s, new), [False, False])[0] = True
    out = [(a, b, "related", {"mutual": n == 2}) for (a, b), n in related.items()]
    out += [(a, b, "supersedes", {"statedByOld": o, "statedByNew": n})
            for (a, b), (o, n) in supersedes.items()]
    out.sort(key=lambda e: (e[0], e[1], e[2]))
    return out


def attributes(c):
    attrs = {"slug": c["slug"], "term": c["term"], "definition": c["definition"]}
    for key in TEXTS:
        if c.get(key):
            attrs[key] = c[key]
    for key, _ in LISTS:
        if c.get(key):
            attrs[key] = c[key]
    cites = c.get("citations") or []
    if cites:
        attrs["citationIds"] = [x["id"] for x in cites]
        attrs["citationTitles"] = [x["title"] for x in cites]
        attrs["citationUrls"] = [x["url"] for x in cites]
        attrs["citationAccessed"] = [x.get("accessed") for x in cites]
    return attrs


def nodelink(cards, edges, out, started):
    import networkx as nx

    g = nx.MultiDiGraph(title="Glossary", base="https://example.org/glossary/")
    for c in cards:
        g.add_node(c["slug"], **attributes(c))
    for a, b, kind, attrs in edges:
        g.add_edge(a, b, key=kind, kind=kind, **attrs)
    for n in g:
        g.nodes[n]["degree"] = len(set(g.successors(n)) | set(g.predecessors(n)))
    step(f"networkx MultiDiGraph ({g.number_of_nodes()} nodes, {g.number_of_edges()} edges)",
         started)
    data = nx.node_link_data(g, edges="edges")
    step("nx.node_link_data", started)
    with open(os.path.join(out, "glossary.nodelink.json"), "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False)
    step("json.dump -> glossary.nodelink.json", started)


def pandas_csv(cards, edges, out, started):
    import pandas as pd

    sep = "\x1f"
    neighbours = {c["slug"]: set() for c in cards}
    for a, b, _, _ in edges:
        neighbours[a].add(b)
        neighbours[b].add(a)
    rows = []
    for c in cards:
        row = {"slug:ID": c["slug"], ":LABEL": "Term", "term": c["term"],
               "status": c.get("status"), "definition": c["definition"]}
        for key, count in LISTS:
            items = c.get(key) or []
            row[f"{key}:string[]"] = sep.join(items) if items else None
            row[f"{count}:int"] = len(items)
        for key in ("note", "firstSeen", "lastSeen", "updated"):
            row[key] = c.get(key)
        cites = c.get("citations") or []
        for key, field in (("citationIds", "id"), ("citationTitles", "title"),
                           ("citationUrls", "url"), ("citationAccessed", "accessed")):
            row[f"{key}:string[]"] = sep.join(x.get(field) or "" for x in cites) if cites else None
        row["citationCount:int"] = len(cites)
        row["degree:int"] = len(neighbours[c["slug"]])
        rows.append(row)
    nodes = pd.DataFrame(rows)
    edge_rows = [{":START_ID": b if kind == "supersedes" else a,
                  ":END_ID": a if kind == "supersedes" else b,
                  ":TYPE": kind.upper(), "mutual:boolean": attrs.get("mutual"),
                  "statedByOld:boolean": attrs.get("statedByOld"),
                  "statedByNew:boolean": attrs.get("statedByNew")}
                 for a, b, kind, attrs in edges]
    links_frame = pd.DataFrame(edge_rows)
    step(f"pandas DataFrames ({len(nodes)} nodes, {len(links_frame)} edges)", started)
    nodes.to_csv(os.path.join(out, "glossary.nodes.csv"), index=False)
    links_frame.to_csv(os.path.join(out, "glossary.edges.csv"), index=False)
    step("DataFrame.to_csv -> glossary.nodes.csv, glossary.edges.csv", started)


def main():
    mode, source, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    started = [time.perf_counter(), time.process_time()]
    cards = load(source)
    step(f"json load ({len(cards)} cards)", started)
    edges = links(cards)
    step(f"links ({len(edges)})", started)
    (nodelink if mode == "nodelink" else pandas_csv)(cards, edges, out, started)


main()
