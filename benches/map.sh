#!/usr/bin/env bash
# The topic map beside its peers, on generated glossaries with planted topics: glossgraph's
# topics (time, modularity, NMI with the planted topics) beside NetworkX louvain_communities
# and igraph multilevel / Leiden, and its layout (time, neighbourhood preservation, label
# overlaps) beside Graphviz sfdp (-Goverlap=prism, the same label boxes), in one run.
#
# Usage: benches/map.sh [SIZES...]   (default: 1000 10000 100000)
# Environment: TIMEOUT (seconds a peer may take, default 600), TOPIC_STRENGTH (default 0.8).
# Needs the test tools (scripts/install-test-tools.sh) for NetworkX, igraph and Graphviz.
set -euo pipefail
cd "$(dirname "$0")/.."
# The Python tools come from the venv scripts/install-test-tools.sh makes.
export PATH="$PWD/target/test-tools/venv/bin:$PATH"
sizes=("${@:-1000 10000 100000}")
read -r -a sizes <<< "${sizes[*]}"
timeout_s=${TIMEOUT:-600}
strength=${TOPIC_STRENGTH:-0.8}
work=target/bench-map
mkdir -p "$work"
cargo build --profile dist --quiet --example map_quality
bin=target/dist/glossgraph
cargo build --profile dist --quiet
quality=target/dist/examples/map_quality
echo "# benches/map.sh at $(git rev-parse --short HEAD), $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores"
for n in "${sizes[@]}"; do
  cards=$work/g$n.jsonl
  [ -f "$cards" ] || "$bin" generate --terms "$n" --topic-strength "$strength" \
    --topics-out "$work/g$n.topics" --out "$cards"
  echo "## $n terms"
  /usr/bin/time -f "glossgraph peak_kb=%M" "$quality" "$cards" "$work/g$n.topics" \
    --edges "$work/g$n.edges" --dot "$work/g$n.dot" 2>&1
  timeout "$timeout_s" python3 benches/map_peers.py "$work/g$n.edges" \
    || echo "peers: stopped after ${timeout_s} s"
  start=$(date +%s%N)
  if timeout "$timeout_s" sfdp -Goverlap=prism -Gsplines=false -Tdot "$work/g$n.dot" \
      -o "$work/g$n.sfdp.dot" 2>/dev/null; then
    end=$(date +%s%N)
    python3 benches/sfdp_positions.py "$work/g$n.sfdp.dot" > "$work/g$n.sfdp.pos"
    ms=$(( (end - start) / 1000000 ))
    echo "sfdp layout_s=$((ms / 1000)).$(printf %03d $((ms % 1000))) $("$quality" score "$work/g$n.edges" "$work/g$n.sfdp.pos")"
  else
    echo "sfdp: did not finish in ${timeout_s} s"
  fi
done
