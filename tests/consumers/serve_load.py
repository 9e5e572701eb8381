"""Loads a local `glossgraph serve` as many clients at once would, each opening a new
connection for every request (Python's http.client, as scripts and SPARQLWrapper do), and
checks that every request gets the answer it should (issue 38).

Usage: python3 serve_load.py BASE_URL CLIENTS REQUESTS [IDLE]
Each of CLIENTS threads sends REQUESTS requests, cycling through good GET and POST queries,
bad syntax, an update attempt, a path outside the server, Graph Store GET and PUT, and (one
client in 16) a 20 MiB body that must get 413. With IDLE, that many connections are opened
first and kept silent all along (slow clients beside the load). Prints one JSON object:
{"answered", "unexpected": [first 20], "unexpected_count", "seconds", "per_second",
"p50_ms", "p99_ms"}.
"""
import http.client
import json
import socket
import sys
import threading
import time
import urllib.parse

base = urllib.parse.urlsplit(sys.argv[1])
clients, requests = int(sys.argv[2]), int(sys.argv[3])
idle = int(sys.argv[4]) if len(sys.argv) > 4 else 0
host, port = base.hostname, base.port

ASK = urllib.parse.quote("ASK { ?s ?p ?o }")
SELECT = "SELECT ?label WHERE { ?t <http://www.w3.org/2004/02/skos/core#prefLabel> ?label } LIMIT 5"
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
BIG = b"query=" + b"x" * (20 * 1024 * 1024)

# (name, method, path, body, headers, expected status)
KINDS = [
    ("get query", "GET", f"/query?query={ASK}", None, {"Accept": "application/sparql-results+json"}, 200),
    ("post form query", "POST", "/query", urllib.parse.urlencode({"query": SELECT}).encode(), FORM, 200),
    ("bad syntax", "GET", "/query?query=SELEKT", None, {}, 400),
    ("update attempt", "POST", "/query", b"update=DROP%20ALL", FORM, None),
    ("path traversal", "GET", "/../../etc/passwd", None, {}, 404),
    ("graph store get", "GET", "/store?default", None, {"Accept": "application/n-triples"}, 200),
    ("graph store put", "PUT", "/store?default", b"<a:b> <a:c> <a:d> .\n", {"Content-Type": "application/n-triples"}, None),
]
BIG_KIND = ("20 MiB body", "POST", "/query", BIG, FORM, 413)

lock = threading.Lock()
unexpected = []
latencies = []
answered = 0
# An update or a PUT is refused; the status it is refused with is learned once, then held.
refusals = {}


def one(kind):
    name, method, path, body, headers, expected = kind
    started = time.perf_counter()
    try:
        conn = http.client.HTTPConnection(host, port, timeout=60)
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        response.read()
        status = response.status
        conn.close()
    except Exception as e:  # noqa: BLE001 - every failure is a finding
        return f"{name}: {type(e).__name__}: {e}", None
    took = time.perf_counter() - started
    with lock:
        if expected is None:
            expected = refusals.setdefault(name, status)
            if not 400 <= expected < 500:
                return f"{name}: answered {status}, not a refusal", took
    if status != expected:
        return f"{name}: HTTP {status}, expected {expected}", took
    return None, took


def client(c):
    global answered
    for i in range(requests):
        if c % 16 == 0 and i == requests // 2:
            kind = BIG_KIND
        else:
            kind = KINDS[(c + i) % len(KINDS)]
        problem, took = one(kind)
        with lock:
            if problem:
                unexpected.append(problem)
            else:
                answered += 1
            if took is not None:
                latencies.append(took)


held = []
for _ in range(idle):
    s = socket.create_connection((host, port), timeout=10)
    s.sendall(b"GET /query?query=ASK")
    held.append(s)

started = time.perf_counter()
threads = [threading.Thread(target=client, args=(c,)) for c in range(clients)]
for t in threads:
    t.start()
for t in threads:
    t.join()
seconds = time.perf_counter() - started
for s in held:
    s.close()
latencies.sort()


def pct(p):
    return round(1000 * latencies[min(len(latencies) - 1, int(p * len(latencies)))], 1) if latencies else None


print(json.dumps({
    "answered": answered,
    "unexpected": unexpected[:20],
    "unexpected_count": len(unexpected),
    "seconds": round(seconds, 2),
    "per_second": round(answered / seconds, 1),
    "p50_ms": pct(0.5),
    "p99_ms": pct(0.99),
}))
