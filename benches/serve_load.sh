#!/usr/bin/env bash
# `glossgraph serve` under load (issue 38): the sample glossary served on a loopback port,
# loaded by tests/consumers/serve_load.py with 64, 128 and 256 concurrent clients, each
# opening a new connection for every one of its 40 requests (good and bad queries, Graph
# Store GET and PUT, path traversal, a 20 MiB body per 16 clients), without and then with
# 200 idle connections alongside (each sends half a request line and nothing more). Prints a
# Markdown row per cell: requests answered as expected, unexpected answers (resets, broken
# pipes, wrong statuses), throughput, p50 and p99 latency.
#
#   benches/serve_load.sh                        # the build in target/debug (cargo build)
#   BIN=path/to/glossgraph benches/serve_load.sh # another build, to compare
#
# The caps are raised to fit every client (--max-per-client and --max-connections 600), so
# that what is measured is the connection layer, not the caps' refusals; a last row runs 64
# clients against a second server with the default caps (64 per client address, 128 in
# all), where connections must give way to newcomers. Needs python3.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-}
if [ -z "$bin" ]; then
  cargo build --quiet --bin glossgraph
  bin=target/debug/glossgraph
fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$bin" serve data --bind "127.0.0.1:$port" --max-per-client 600 --max-connections 600 2>/dev/null &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null' EXIT
for _ in $(seq 100); do
  (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.1
done
echo "# $(date -u +%Y-%m-%dT%H:%MZ) $bin ($("$bin" --version)), commit $(git rev-parse --short HEAD), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| clients | idle connections | answered | unexpected | requests/s | p50 ms | p99 ms |"
echo "|---:|---:|---:|---:|---:|---:|---:|"
for idle in 0 200; do
  for clients in 64 128 256; do
    python3 tests/consumers/serve_load.py "http://127.0.0.1:$port" "$clients" 40 "$idle" |
      python3 -c '
import json, sys
r = json.load(sys.stdin)
cells = [sys.argv[1], sys.argv[2]] + [r[k] for k in ("answered", "unexpected_count", "per_second", "p50_ms", "p99_ms")]
print("| " + " | ".join(str(c) for c in cells) + " |")
' "$clients" "$idle"
  done
done
kill $server 2>/dev/null
wait $server 2>/dev/null || true
"$bin" serve data --bind "127.0.0.1:$port" 2>/dev/null &
server=$!
for _ in $(seq 100); do
  (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.1
done
for run in 1 2 3; do
  python3 tests/consumers/serve_load.py "http://127.0.0.1:$port" 64 40 |
    python3 -c '
import json, sys
r = json.load(sys.stdin)
cells = ["64, default caps, run " + sys.argv[1], 0] + [r[k] for k in ("answered", "unexpected_count", "per_second", "p50_ms", "p99_ms")]
print("| " + " | ".join(str(c) for c in cells) + " |")
' "$run"
done
