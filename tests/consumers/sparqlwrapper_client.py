"""Drives a SPARQL endpoint with SPARQLWrapper, the way Python users reach one.

Usage: python3 sparqlwrapper_client.py ENDPOINT
Runs a SELECT (JSON, XML, CSV), an ASK and a CONSTRUCT (parsed by rdflib through
SPARQLWrapper's converter) and prints what came back as one JSON object.
"""
import json
import sys

from SPARQLWrapper import CSV, JSON, POST, TURTLE, XML, SPARQLWrapper

endpoint = sys.argv[1]
SELECT = """PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
SELECT ?label WHERE { ?t skos:prefLabel ?label ; skos:related ?r } GROUP BY ?label ORDER BY ?label LIMIT 3"""


def client(query, fmt, method=None):
    s = SPARQLWrapper(endpoint)
    s.setQuery(query)
    s.setReturnFormat(fmt)
    if method:
        s.setMethod(method)
    return s.query()


out = {}
bindings = client(SELECT, JSON).convert()["results"]["bindings"]
out["select_json"] = [b["label"]["value"] for b in bindings]
xml = client(SELECT, XML, POST).convert()  # a minidom document
out["select_xml"] = [n.firstChild.data for n in xml.getElementsByTagName("literal")]
csv = client(SELECT, CSV).convert().decode("utf-8")
out["select_csv"] = csv.splitlines()
out["ask"] = client("ASK { ?s ?p ?o }", JSON).convert()["boolean"]
graph = client(
    "PREFIX skos: <http://www.w3.org/2004/02/skos/core#> "
    "CONSTRUCT { ?t skos:prefLabel ?l } WHERE { ?t skos:prefLabel ?l }",
    TURTLE,
).convert()
# SPARQLWrapper hands Turtle back as bytes; rdflib parses it.
import rdflib

g = rdflib.Graph()
g.parse(data=graph, format="turtle")
out["construct_triples"] = len(g)
print(json.dumps(out))
