#!/usr/bin/env bash
# A real query's latency beside hundreds of idle connections (issue 22): `glossgraph serve`
# and `oxigraph serve` (from PyPI, the test tools' venv) on the sample glossary, one after the
# other, each measured by benches/idle_clients.py.
#   benches/idle_clients.sh                     # IDLE=300 QUERIES=10 TIMEOUT=20
#   BIN=target/debug/glossgraph benches/idle_clients.sh   # a build at hand, no dist build
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/target/test-tools/venv/bin:$PATH"
IDLE=${IDLE:-300}
QUERIES=${QUERIES:-10}
TIMEOUT=${TIMEOUT:-20}
if [ -z "${BIN:-}" ]; then
  cargo build --quiet --profile dist
  BIN=${CARGO_TARGET_DIR:-target}/dist/glossgraph
fi
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_for() {
  for _ in $(seq 600); do
    python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' "$1" 2>/dev/null && return 0
    sleep 0.2
  done
  echo "nothing listens on port $1" >&2
  return 1
}
echo "# $(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD), $BIN, $(oxigraph --version 2>/dev/null || echo oxigraph), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

port=$(free_port)
"$BIN" serve data --bind "127.0.0.1:$port" 2>"$work/glossgraph.log" &
pids+=($!)
wait_for "$port"
python3 benches/idle_clients.py "http://127.0.0.1:$port/query" --idle "$IDLE" --queries "$QUERIES" --timeout "$TIMEOUT" | sed 's/^/glossgraph serve: /'
kill "${pids[-1]}"

oxigraph load --location "$work/store" --file exports/glossary.nq >/dev/null 2>&1
port=$(free_port)
oxigraph serve --location "$work/store" --union-default-graph --bind "127.0.0.1:$port" 2>"$work/oxigraph.log" &
pids+=($!)
wait_for "$port"
python3 benches/idle_clients.py "http://127.0.0.1:$port/query" --idle "$IDLE" --queries "$QUERIES" --timeout "$TIMEOUT" | sed 's/^/oxigraph serve: /'
