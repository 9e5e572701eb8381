#!/usr/bin/env python3
"""The peers of glossgraph's topic detection on the same graph: NetworkX louvain_communities,
igraph community_multilevel, and community_leiden (modularity) with its default two
iterations and run to convergence (n_iterations=-1).

Usage: map_peers.py EDGES.tsv [TIMEOUT_S]
EDGES.tsv is what examples/map_quality.rs writes: the node count, then `a<TAB>b<TAB>weight`
lines; EDGES.tsv.truth, if present, holds each node's planted topic. Prints one line per peer:
`NAME topics_s=… modularity=… nmi=…` (modularity computed by igraph on the weighted graph,
the same graph glossgraph scores; NMI with arithmetic normalisation, as glossgraph's).
"""
import math
import os
import sys
import time
from collections import Counter

import igraph as ig
import networkx as nx

path = sys.argv[1]
with open(path) as f:
    n = int(f.readline())
    edges = [line.split("\t") for line in f.read().splitlines()]
edges = [(int(a), int(b), float(w)) for a, b, w in edges]
truth = None
if os.path.exists(path + ".truth"):
    with open(path + ".truth") as f:
        truth = [int(x) for x in f.read().split()]

g = ig.Graph(n=n, edges=[(a, b) for a, b, _ in edges])
g.es["weight"] = [w for _, _, w in edges]
g = g.simplify(combine_edges="sum")


def nmi(a, b):
    total = len(a)
    ca, cb, cab = Counter(a), Counter(b), Counter(zip(a, b))
    mi = sum(c / total * math.log(c * total / (ca[x] * cb[y])) for (x, y), c in cab.items())
    ha = -sum(c / total * math.log(c / total) for c in ca.values())
    hb = -sum(c / total * math.log(c / total) for c in cb.values())
    return 1.0 if ha + hb == 0 else 2 * mi / (ha + hb)


def report(name, membership, seconds):
    q = g.modularity(membership, weights="weight")
    score = nmi(membership, truth) if truth else float("nan")
    print(f"{name} topics_s={seconds:.3f} modularity={q:.4f} nmi={score:.4f}", flush=True)


start = time.process_time()
parts = g.community_multilevel(weights="weight")
report("igraph_multilevel", parts.membership, time.process_time() - start)

start = time.process_time()
parts = g.community_leiden(objective_function="modularity", weights="weight")
report("igraph_leiden", parts.membership, time.process_time() - start)

start = time.process_time()
parts = g.community_leiden(objective_function="modularity", weights="weight", n_iterations=-1)
report("igraph_leiden_converged", parts.membership, time.process_time() - start)

G = nx.Graph()
G.add_nodes_from(range(n))
for a, b, w in edges:
    if a != b:
        if G.has_edge(a, b):
            G[a][b]["weight"] += w
        else:
            G.add_edge(a, b, weight=w)
start = time.process_time()
communities = nx.community.louvain_communities(G, weight="weight", seed=1)
seconds = time.process_time() - start
membership = [0] * n
for k, c in enumerate(communities):
    for v in c:
        membership[v] = k
report("networkx_louvain", membership, seconds)
