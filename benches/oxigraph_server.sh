#!/usr/bin/env bash
# The path for a glossary whose store does not fit in memory (issue 34): a generated glossary
# of N terms (default 100k) exported as N-Quads by glossgraph, bulk-loaded by the Oxigraph CLI
# into a RocksDB store on disk (`oxigraph load`), then served read-only with the union of the
# graphs as the default graph, and one saved query asked of it over HTTP. Each step's wall
# time and peak memory (GNU time's maximum resident set, of the process and its children) is
# printed as a Markdown row, with the store's size on disk.
#
#   benches/oxigraph_server.sh               # 100000 terms
#   SIZE=1000000 benches/oxigraph_server.sh  # a million: about 50M quads, 8 GB of N-Quads
#
# Needs `oxigraph` (the server, from PyPI: scripts/install-test-tools.sh puts it in
# target/test-tools/venv) and GNU time (Debian `time`).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=$PWD/target/test-tools/venv/bin:$PATH

n=${SIZE:-100000}
[ -n "${NO_BUILD:-}" ] || cargo build --profile dist --quiet --bin glossgraph   # NO_BUILD=1: use the build as it is
gg=$PWD/target/dist/glossgraph
mkdir -p target/bench
corpus=target/bench/corpus-$n.jsonl
[ -s "$corpus" ] || "$gg" generate --terms "$n" --seed 1 --out "$corpus"
out=target/bench/oxigraph-server-$n
db=$out/db
rm -rf "$out"
mkdir -p "$out"
trap 'rm -rf "$out"' EXIT

echo "# $(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $n terms, $(oxigraph --version)"
echo "| step | wall (s) | peak RSS (MiB) |"
echo "|---|---|---|"
timed() {
  local what=$1
  shift
  /usr/bin/time -f '%e %M' -o "$out/time" "$@" >"$out/step.log" 2>&1 || {
    echo "oxigraph_server.sh: $what failed:" >&2
    tail -n 20 "$out/step.log" >&2
    exit 1
  }
  read -r wall kib <"$out/time"
  echo "| $what | $wall | $((kib / 1024)) |"
}
timed "glossgraph export --format nquads" "$gg" export "$corpus" --format nquads --out "$out/export"
nq=$out/export/glossary.nq
echo "N-Quads: $(wc -l <"$nq") quads, $(($(stat -c %s "$nq") / 1000000)) MB" >&2
timed "oxigraph load (bulk, every core)" oxigraph load --location "$db" --file "$nq"
echo "| store on disk | | $(du -sm "$db" | cut -f1) MiB on disk |"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
start=$EPOCHREALTIME
oxigraph serve-read-only --location "$db" --union-default-graph --bind "127.0.0.1:$port" >"$out/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$out"' EXIT
for _ in $(seq 600); do
  (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.1
done
echo "| oxigraph serve-read-only: listening | $(echo "$EPOCHREALTIME - $start" | bc) | |"
query='PREFIX skos: <http://www.w3.org/2004/02/skos/core#> SELECT (COUNT(*) AS ?n) WHERE { ?t a skos:Concept }'
start=$EPOCHREALTIME
answer=$(curl -sS -H 'Accept: text/csv' --data-urlencode "query=$query" "http://127.0.0.1:$port/query" | tail -n 1 | tr -d '\r')
echo "| a first query over HTTP (count of concepts: $answer) | $(echo "$EPOCHREALTIME - $start" | bc) | |"
echo "| server's peak RSS after the query | | $(($(grep VmHWM /proc/$server/status | awk '{print $2}') / 1024)) |"
