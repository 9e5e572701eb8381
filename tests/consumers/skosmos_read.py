"""Reads `serve`'s Skosmos REST API with `skosmos-client`, the PyPI package of NatLibFi (the
Finto people) that Annif and other tools use to talk to a Skosmos.

Usage: python3 skosmos_read.py API_BASE VOCID URI QUERY LABEL
API_BASE ends in /rest/v1/. Lists the vocabularies, reads VOCID's information and top
concepts, searches QUERY, looks LABEL up, and reads the concept URI (its label, broader,
narrower, related, transitive broader, and its data as an rdflib graph), printing what it
got as one JSON object.

The concept's data is asked for as skosmos-client 0.3 asks (`format=application/rdf+xml`)
but parsed here with the format named: the client leaves it to rdflib's guess, which since
rdflib 6 takes any data without a file name for Turtle, whichever server answers.
"""
import json
import sys

import rdflib
import requests
from skosmos_client import SkosmosClient

api, vocid, uri, query, label = sys.argv[1:6]
client = SkosmosClient(api_base=api)
concept = client.get_concept(vocid, uri)
answer = requests.get(api + vocid + "/data", params={"uri": uri, "format": "application/rdf+xml"})
answer.raise_for_status()
graph = rdflib.Graph().parse(data=answer.content, format="xml")
out = {
    "vocabularies": client.vocabularies("en"),
    "vocabulary": client.get_vocabulary(vocid, "en")["id"],
    "types": [t["uri"] for t in client.types("en", vocid)],
    "top": sorted(t["uri"] for t in client.top_concepts(vocid, "en")),
    "search": [(r["uri"], r.get("prefLabel")) for r in client.search(query, lang="en", vocabs=vocid)],
    "lookup": [r["uri"] for r in client.lookup(vocid, label, "en")],
    "label": concept.label("en"),
    "broader": sorted(b["uri"] for b in concept.broader("en")),
    "narrower": sorted(n["uri"] for n in concept.narrower("en")),
    "related": sorted(r["uri"] for r in concept.related("en")),
    "broaderTransitive": sorted(concept.broaderTransitive("en")),
    "triples": len(graph),
    "labels": sorted(str(o) for s, p, o in graph if str(s) == uri and str(p).endswith("#prefLabel")),
}
json.dump(out, sys.stdout, indent=1, sort_keys=True)
