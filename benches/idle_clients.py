#!/usr/bin/env python3
"""A real query's latency while hundreds of connections sit idle (issue 22).

    benches/idle_clients.py URL [--idle 300] [--queries 10] [--timeout 20]

URL is a SPARQL endpoint (http://127.0.0.1:PORT/query). A crowd opens --idle connections to
its host that each send half a request line ("GET /query?query=ASK") and then nothing, and
keeps opening new ones (keeping the last --idle open) while --queries plain
`ASK { ?s ?p ?o }` are asked, each from a new connection, with --timeout seconds each.
Prints one line: the connections the crowd opened and could not open, and the latencies
(median, slowest) with the number of queries that got no answer in time.

benches/idle_clients.sh runs it against `glossgraph serve` and `oxigraph serve`.
"""

import argparse
import http.client
import socket
import statistics
import threading
import time
import urllib.parse


def crowd(host, port, idle, stop, counts, ready):
    held = []
    while not stop.is_set():
        try:
            s = socket.create_connection((host, port), timeout=0.2)
            s.sendall(b"GET /query?query=ASK")
            held.append(s)
            counts["opened"] += 1
        except OSError:
            counts["failed"] += 1
        if len(held) > idle:
            held.pop(0).close()
        if counts["opened"] + counts["failed"] >= idle:
            ready.set()
            time.sleep(0.005)
    for s in held:
        s.close()


def ask(host, port, path, timeout):
    query = urllib.parse.urlencode({"query": "ASK { ?s ?p ?o }"})
    started = time.monotonic()
    try:
        conn = http.client.HTTPConnection(host, port, timeout=timeout)
        conn.request("GET", f"{path}?{query}", headers={"Accept": "application/sparql-results+json"})
        response = conn.getresponse()
        body = response.read()
        conn.close()
        ok = response.status == 200 and b"true" in body
    except OSError:
        ok = False
    return time.monotonic() - started, ok


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--idle", type=int, default=300)
    parser.add_argument("--queries", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=20)
    args = parser.parse_args()
    url = urllib.parse.urlsplit(args.url)
    host, port, path = url.hostname, url.port, url.path or "/query"

    baseline = sorted(ask(host, port, path, args.timeout)[0] for _ in range(5))
    stop, ready = threading.Event(), threading.Event()
    counts = {"opened": 0, "failed": 0}
    thread = threading.Thread(target=crowd, args=(host, port, args.idle, stop, counts, ready))
    thread.start()
    ready.wait(120)
    times, missed = [], 0
    for _ in range(args.queries):
        took, ok = ask(host, port, path, args.timeout)
        times.append(took)
        missed += not ok
        time.sleep(0.1)
    stop.set()
    thread.join()
    ms = lambda s: f"{s * 1000:.1f} ms"
    print(
        f"{args.url}: alone median {ms(statistics.median(baseline))}; beside {args.idle} idle "
        f"connections ({counts['opened']} opened, {counts['failed']} not) {args.queries} queries: "
        f"median {ms(statistics.median(times))}, slowest {ms(max(times))}, "
        f"{missed} without an answer within {args.timeout:g} s"
    )


if __name__ == "__main__":
    main()
