"""Reads glossgraph's website as machines would: rdflib parses every RDF file beside every term
page, and extruct (the structured-data extractor) reads each page's JSON-LD.

Usage: python3 site_rdf.py SITE_DIR EXPORT.nt

For each term (a folder under SITE_DIR/term/), the triples of the full export whose subject is
the term's concept or one of its parts (IRIs `{concept}#...`) must be exactly the triples of
each of its files (.ttl, .jsonld, .rdf). Reports JSON: the number of terms and of their triples, every
mismatch, and per term the DefinedTerm extruct finds in its page (name, @id, its set's @id).
"""
import json
import pathlib
import sys

import extruct
from rdflib import Dataset, Graph, URIRef

site = pathlib.Path(sys.argv[1])
export = Graph()
export.parse(sys.argv[2], format="nt")
by_subject = {}
for s, p, o in export:
    by_subject.setdefault(str(s), set()).add((s, p, o))

FORMATS = {"ttl": "turtle", "jsonld": "json-ld", "rdf": "xml"}
report = {"terms": 0, "triples": 0, "mismatches": [], "defined_terms": {}}
for page in sorted((site / "term").glob("*/index.html")):
    slug = page.parent.name
    report["terms"] += 1
    html = page.read_text(encoding="utf-8")
    canonical = html.split('<link rel="canonical" href="', 1)[1].split('"', 1)[0]
    expected = set()
    for subject, triples in by_subject.items():
        if subject == canonical or subject.startswith(canonical + "#"):
            expected |= triples
    report["triples"] += len(expected)
    for extension, name in FORMATS.items():
        path = site / "term" / f"{slug}.{extension}"
        data = Dataset()
        data.parse(path, format=name)
        got = {(s, p, o) for s, p, o, _ in data.quads((None, None, None, None))}
        if got != expected:
            report["mismatches"].append({
                "file": str(path.relative_to(site)),
                "missing": len(expected - got),
                "extra": len(got - expected),
            })
    items = extruct.extract(html, syntaxes=["json-ld"], uniform=True)["json-ld"]
    for item in items:
        if item.get("@type") == "DefinedTerm":
            report["defined_terms"][slug] = {
                "name": item.get("name"),
                "id": item.get("@id"),
                "set": (item.get("inDefinedTermSet") or {}).get("@id"),
            }
print(json.dumps(report))
