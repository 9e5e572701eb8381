"""Skosmos's REST API of `glossgraph serve` under many clients at once: what autocompletion
widgets and Annif send it. Each of CLIENTS threads sends REQUESTS requests, a new connection
each, alternating `search` (the first five letters of a card's term and `*`, `lang=en`,
`maxhits=10`) and `lookup` (a card's term in lower case), the terms drawn (seed 1) from 200
cards of CARDS. Every answer must be 200.

Usage: python3 benches/skosmos_load.py BASE_URL VOCID CARDS CLIENTS REQUESTS
  glossgraph generate --terms 100000 --seed 7 --out /tmp/big
  glossgraph serve /tmp/big --bind 127.0.0.1:7878 &
  python3 benches/skosmos_load.py http://127.0.0.1:7878 big /tmp/big 64 40
Prints one JSON object: the requests, the seconds, the answers that were not 200, and the
latency percentiles (ms) of each method.
"""
import http.client
import json
import os
import random
import sys
import threading
import time
import urllib.parse

base, vocid, cards = urllib.parse.urlsplit(sys.argv[1]), sys.argv[2], sys.argv[3]
clients, per = int(sys.argv[4]), int(sys.argv[5])
random.seed(1)
names = random.sample(sorted(os.listdir(cards)), 200)
terms = [json.load(open(os.path.join(cards, n)))["term"] for n in names]
latencies = {"search": [], "lookup": []}
failed = []
lock = threading.Lock()


def client(number):
    pick = random.Random(number)
    for k in range(per):
        term = pick.choice(terms)
        if k % 2:
            method, params = "search", {"query": term[:5] + "*", "lang": "en", "maxhits": 10}
        else:
            method, params = "lookup", {"label": term.lower()}
        path = f"/rest/v1/{vocid}/{method}?" + urllib.parse.urlencode(params)
        connection = http.client.HTTPConnection(base.hostname, base.port, timeout=60)
        started = time.perf_counter()
        connection.request("GET", path)
        answer = connection.getresponse()
        answer.read()
        took = (time.perf_counter() - started) * 1000
        connection.close()
        with lock:
            latencies[method].append(took)
            if answer.status != 200:
                failed.append([answer.status, path])


threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
started = time.perf_counter()
for t in threads:
    t.start()
for t in threads:
    t.join()
out = {
    "clients": clients,
    "requests": sum(len(v) for v in latencies.values()),
    "seconds": round(time.perf_counter() - started, 2),
    "not_200": len(failed),
    "first_not_200": failed[:3],
}
for method, values in latencies.items():
    values.sort()
    out[method] = {f"p{p}": round(values[max(0, len(values) * p // 100 - 1)], 1) for p in (50, 90, 99)}
    out[method]["max"] = round(values[-1], 1)
print(json.dumps(out))
