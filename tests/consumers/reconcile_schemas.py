"""Judges a reconciliation service by the specification's own JSON Schemas (version 0.2).

Usage: python3 reconcile_schemas.py SCHEMA_DIR SERVICE_URL
Sends the requests an OpenRefine session sends (the manifest, a batch of queries with types
and properties, suggest for entities, types and properties, a data extension and its property
proposal), validates each request it sends and each answer it gets with the Python
`jsonschema` package (Draft 7, as the specification's own tests use), the schemas' references
to one another resolved from SCHEMA_DIR alone, and prints one JSON object: for each document,
the schema and the errors found. A manifest without its `versions` is validated too, and must
fail: the judge can say no.
"""
import json
import pathlib
import sys
import urllib.parse
import urllib.request

from jsonschema import Draft7Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT7

schema_dir = pathlib.Path(sys.argv[1])
service = sys.argv[2]

schemas = {}
registry = Registry()
for path in sorted(schema_dir.glob("*.json")):
    schema = json.loads(path.read_text())
    schemas[path.stem] = schema
    resource = Resource.from_contents(schema, default_specification=DRAFT7)
    registry = registry.with_resource(schema["$id"], resource)
    # The property proposal's $id names the draft folder; type.json is referred to relatively.
registry = registry.crawl()

out = {}


def check(name, schema, document):
    validator = Draft7Validator(schemas[schema], registry=registry)
    errors = sorted(
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(document)
    )
    out[name] = {"schema": schema, "errors": errors}
    return document


def get(path, **params):
    url = service + path
    if params:
        url += "?" + urllib.parse.urlencode(params)
    with urllib.request.urlopen(url, timeout=60) as r:
        return json.load(r)


def post(path, **form):
    data = urllib.parse.urlencode(form).encode()
    with urllib.request.urlopen(service + path, data=data, timeout=60) as r:
        return json.load(r)


manifest = check("manifest", "manifest", get(""))
concept = manifest["defaultTypes"][0]["id"]
scheme = manifest["defaultTypes"][1]["id"]

queries = check(
    "queries",
    "reconciliation-query-batch",
    {
        "q0": {"query": "roce v2"},
        "q1": {"query": "DCBX", "type": concept, "limit": 3},
        "q2": {"query": "priority flow control", "type": [concept, scheme], "type_strict": "all"},
        "q3": {"query": "DCBX", "properties": [{"pid": "related", "v": ["Priority Flow Control", {"id": "pfc"}]}]},
        "q4": {"properties": [{"pid": "status", "v": "deprecated"}], "limit": 2},
        "q5": {"query": "no such thing at all"},
    },
)
check("results (POST)", "reconciliation-result-batch", post("", queries=json.dumps(queries)))
check("results (GET)", "reconciliation-result-batch", get("", queries=json.dumps(queries)))

for kind, schema in [
    ("entity", "suggest-entities-response"),
    ("type", "suggest-types-response"),
    ("property", "suggest-properties-response"),
]:
    suggest = manifest["suggest"][kind]
    path = suggest["service_url"][len(service):] + suggest["service_path"]
    check(f"suggest {kind}", schema, get(path, prefix="r"))
    check(f"suggest {kind} (cursor)", schema, get(path, prefix="r", cursor=1))

proposal = manifest["extend"]["propose_properties"]
path = proposal["service_url"][len(service):] + proposal["service_path"]
proposed = check("proposed properties", "data-extension-property-proposal", get(path, type=concept, limit=20))
extend = check(
    "extend query",
    "data-extension-query",
    {"ids": ["roce-v2", "dcbx", "not-a-concept"], "properties": [{"id": p["id"]} for p in proposed["properties"]]},
)
check("extend answer", "data-extension-response", post("", extend=json.dumps(extend)))

broken = dict(manifest)
del broken["versions"]
check("a manifest without versions", "manifest", broken)
json.dump(out, sys.stdout, indent=1, sort_keys=True)
