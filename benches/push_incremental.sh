#!/usr/bin/env bash
# The incremental push benchmark (issue 19): a generated glossary of N terms (default 100k)
# pushed with `push --incremental` into an empty Oxigraph server (the full push: every
# graph), then a copy with one card changed, the original again, and a copy with 1% of the
# cards changed (benches/diff_mutate.py), each pushed incrementally into the same store; and,
# for reference, the classic `push` of the whole glossary into one graph (Graph Store PUTs of
# Turtle). Each line is glossgraph's own report (graphs, triples, requests, bytes sent,
# seconds), timed again by the shell's clock.
#
#   benches/push_incremental.sh            # 100000 terms, graphs sent as Graph Store PUTs
#   PROTOCOL=update benches/push_incremental.sh   # graphs sent as SPARQL Update (the old way)
#   SIZE=10000 BATCH=1000 benches/push_incremental.sh
#
# The incremental push replaces each changed graph by a Graph Store PUT of N-Triples (its
# default) and writes the hashes with SPARQL Update (--update-endpoint); PROTOCOL=update sends
# the graphs as SPARQL Update too. BATCH is --batch-size, the triples per SPARQL Update request
# (default here 20000: Oxigraph takes large requests, and at 1000 — push's default, for
# Virtuoso — the full push of 100k terms is 5,700 requests). The "request i of n" lines go to
# target/bench/push-incremental.log.
#
# Needs `oxigraph` (the server, from PyPI: scripts/install-test-tools.sh puts it in
# target/test-tools/venv).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=$PWD/target/test-tools/venv/bin:$PATH

n=${SIZE:-100000}
batch=${BATCH:-20000}
protocol=${PROTOCOL:-gsp}
case "$protocol" in gsp | update) ;; *) echo "push_incremental.sh: PROTOCOL is gsp or update, not $protocol" >&2; exit 2 ;; esac
[ -n "${NO_BUILD:-}" ] || cargo build --profile dist --quiet --bin glossgraph   # NO_BUILD=1: use the build as it is
gg=target/dist/glossgraph
mkdir -p target/bench
old=target/bench/corpus-$n.jsonl
one=target/bench/corpus-$n-one.jsonl
pct=target/bench/corpus-$n-changed.jsonl
[ -s "$old" ] || "$gg" generate --terms "$n" --seed 1 --out "$old"
[ -s "$one" ] || python3 benches/diff_mutate.py "$old" "$one" "$n" $((n / 2))
[ -s "$pct" ] || python3 benches/diff_mutate.py "$old" "$pct"

db=target/bench/push-oxigraph
rm -rf "$db"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
oxigraph serve --location "$db" --bind "127.0.0.1:$port" >target/bench/push-oxigraph.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$db"' EXIT
for _ in $(seq 100); do
  (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.2
done
base=http://127.0.0.1:$port

echo "# $(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $n terms, graphs by $protocol, --batch-size $batch, Oxigraph server $(oxigraph --version 2>/dev/null || true)"
step() {
  local what=$1 input=$2
  shift 2
  local start=$EPOCHREALTIME
  local said
  local target=(--endpoint "$base/store" --update-endpoint "$base/update")
  [ "$protocol" = gsp ] || target=(--endpoint "$base/update" --protocol update)
  said=$("$gg" push "$input" "$@" "${target[@]}" --read-endpoint "$base/query" --incremental --batch-size "$batch" 2>>target/bench/push-incremental.log)
  local end=$EPOCHREALTIME
  echo "$what: $said (shell clock $(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }') s)"
}
step "full push (empty store)" "$old"
step "one card changed" "$one"
step "back to the original" "$old"
step "1% of the cards changed" "$pct"
start=$EPOCHREALTIME
said=$("$gg" push "$old" --endpoint "$base/store" --graph "https://example.org/merged/" 2>>target/bench/push-incremental.log)
end=$EPOCHREALTIME
echo "classic push, one merged graph (Graph Store PUT + POSTs of Turtle): $said (shell clock $(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }') s)"
