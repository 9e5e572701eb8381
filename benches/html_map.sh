#!/usr/bin/env bash
# The HTML map at 1k, 10k and 100k generated terms: the page's size (bytes per term), the time
# `render --output x.html` takes, and in headless Chromium the time to interactive (from the
# start of navigation to the first frame drawn, as the page's performance.now() measures it)
# and the drawing time of the frames of a zoom in and out; then, opened as PAGE#SLUG, the time the
# first card takes to show (it finds the cards' lines in the page, once).
#   benches/html_map.sh                   # SIZES="1000 10000 100000" RUNS=3
# Corpora: `glossgraph generate --terms N` (seed 1) in target/bench/corpus-N.jsonl, shared
# with the other benchmarks. Needs Chromium and Python 3.
set -euo pipefail
cd "$(dirname "$0")/.."
# The Python tools come from the venv scripts/install-test-tools.sh makes.
export PATH="$PWD/target/test-tools/venv/bin:$PATH"
SIZES=${SIZES:-"1000 10000 100000"}
RUNS=${RUNS:-3}
cargo build --quiet --profile dist
bin=${CARGO_TARGET_DIR:-target}/dist/glossgraph
mkdir -p target/bench
echo "# $(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| terms | page bytes | bytes/term | render s | time to interactive ms (runs) | of which file read / HTML parse / script ms | first frame ms | zoom frames ms (median / max) | first card ms |"
echo "|---|---|---|---|---|---|---|---|---|"
for n in $SIZES; do
  corpus=target/bench/corpus-$n.jsonl
  [ -f "$corpus" ] || "$bin" generate --terms "$n" --out "$corpus" >&2
  page=target/bench/map-$n.html
  start=$(date +%s.%N)
  "$bin" render "$corpus" --output "$page"
  render_s=$(python3 -c "import sys; print(f\"{float(sys.argv[1]) - float(sys.argv[2]):.2f}\")" "$(date +%s.%N)" "$start")
  readies=()
  for _ in $(seq "$RUNS"); do
    python3 tests/consumers/map_cdp.py chromium "$page" --frames 6 > target/bench/map-$n.json
    readies+=("$(python3 -c "import json; print(json.load(open('target/bench/map-$n.json'))['ready_ms'])")")
  done
  slug=$(head -n 1 "$corpus" | python3 -c "import json, sys; print(json.loads(sys.stdin.readline())['slug'])")
  python3 tests/consumers/map_cdp.py chromium "$page" --hash "$slug" > target/bench/map-$n-card.json
  python3 - "$n" "$page" "$render_s" "${readies[*]}" target/bench/map-$n.json target/bench/map-$n-card.json <<'PY'
import json, os, statistics, sys
n, page, render_s, readies, last, card = sys.argv[1:7]
n = int(n)
size = os.path.getsize(page)
readies = [int(r) for r in readies.split()]
r = json.load(open(last))
frames = sorted(f["ms"] for f in r["frames"])
t = r["timing_ms"]
card_ms = json.load(open(card))["first_frame"]["cardMs"]
print(f"| {n:,} | {size:,} | {size / n:,.0f} | {float(render_s):.2f} | {statistics.median(readies):,.0f} ({', '.join(map(str, readies))}) "
      f"| {t['response_end']:,} / {t['script_start'] - t['response_end']:,} / {t['first_frame'] - t['script_start']:,} "
      f"| {r['first_frame']['ms']:.1f} | {statistics.median(frames):.1f} / {frames[-1]:.1f} | {card_ms:.0f} |")
PY
done
