#!/usr/bin/env bash
# Times the GraphML and DOT writers next to NetworkX's write_graphml on the same glossary,
# in the same run. Figures go in docs/bench-graphml-dot.md.
#
# Usage: scripts/bench-graphml-dot.sh [--no-networkx] INPUT...
#   INPUT is a JSON Lines file of cards, or a number N: a generated glossary of N terms
#   (`glossgraph generate --terms N`, kept in bench-out/N.jsonl).
#
# For each input and format it runs the release build of examples/viz_export under
# /usr/bin/time (wall time, peak RSS), which also prints the time of the load+check stage and of
# the write stage alone, wall and CPU; then NetworkX (scripts/bench-networkx-graphml.py: build
# the nx.DiGraph, then time write_graphml alone). Outputs go to bench-out/ (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."

networkx=1
if [ "${1:-}" = "--no-networkx" ]; then networkx=0; shift; fi
[ $# -gt 0 ] || { echo "usage: $0 [--no-networkx] INPUT..." >&2; exit 2; }

cargo build --release --quiet --bin glossgraph --example viz_export
mkdir -p bench-out

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), load $(cut -d' ' -f1-3 /proc/loadavg)"
for input in "$@"; do
  if [[ "$input" =~ ^[0-9]+$ ]]; then
    file="bench-out/$input.jsonl"
    [ -f "$file" ] || target/release/glossgraph generate --terms "$input" --out "$file"
  else
    file="$input"
  fi
  name=$(basename "$file" .jsonl)
  echo "== $file ($(stat -c %s "$file") bytes)"
  for format in graphml graphml-yed graphml-neo4j dot; do
    out="bench-out/$name.$format"
    stats=$( { /usr/bin/time -f "wall %e s, peak RSS %M KiB" \
      target/release/examples/viz_export "$file" "$format" "$out"; } 2>&1 )
    echo "glossgraph $format: $(echo "$stats" | tr '\n' ';' | sed 's/;$//; s/;/; /g')"
  done
  if [ "$networkx" = 1 ]; then
    stats=$( { /usr/bin/time -f "wall %e s, peak RSS %M KiB" \
      python3 scripts/bench-networkx-graphml.py "$file" "bench-out/$name.networkx.graphml"; } 2>&1 )
    echo "networkx write_graphml: $(echo "$stats" | tr '\n' ';' | sed 's/;$//; s/;/; /g'); bytes $(stat -c %s "bench-out/$name.networkx.graphml")"
  fi
done
