#!/usr/bin/env bash
# Benchmarks the topic map's SVG, drawn by glossgraph (issue 35), beside what drew it before
# (Graphviz's `neato -n2` on the DOT of the same map), and the whole export's peak memory
# now that no child process draws it (results go in BENCHMARKS.md).
#
#   benches/svg.sh                       # 100k generated terms, 3 runs
#   SIZES="10000 100000" RUNS=1 benches/svg.sh
#
# For each size (corpus: `glossgraph generate --terms N`, shared with the other benchmarks in
# target/bench), one after the other:
#   svg      `glossgraph export CORPUS --format svg --out DIR`: load, check, topics, layout, SVG
#   dot      `glossgraph export CORPUS --format dot --out DIR`: the same, DOT instead
#   neato    `neato -n2 -Tsvg glossary.dot`: Graphviz drawing the pinned DOT (what the export
#            ran as a child process before), once
#   export   `glossgraph export CORPUS --out DIR`: every format, the SVG included
# Each is timed by `/usr/bin/time -f '%e %U %S %M'` (wall, user, sys, peak RSS of the largest
# process: glossgraph starts none now). Each line: terms, input bytes, tool, run, wall s,
# user s, sys s, peak KiB, output bytes, peak / input.
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=${SIZES:-100000}
runs=${RUNS:-3}
cargo build --release --quiet
bin=target/release/glossgraph
dir=target/bench
mkdir -p "$dir"
work=$(mktemp -d "$dir/svg.XXXXXX")
trap 'rm -rf "$work"' EXIT

measure() { # terms input tool run output command...
  local terms=$1 input=$2 tool=$3 run=$4 output=$5
  shift 5
  /usr/bin/time -o "$work/time" -f '%e %U %S %M' "$@" >/dev/null 2>&1
  local t
  t=$(tail -1 "$work/time")
  local bytes
  bytes=$(du -sb "$output" | cut -f1)
  read -r wall user sys peak <<<"$t"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.2f\n' "$terms" "$input" "$tool" "$run" \
    "$wall" "$user" "$sys" "$peak" "$bytes" "$(echo "$peak * 1024 / $input" | bc -l)"
}

printf 'terms\tinput bytes\ttool\trun\twall s\tuser s\tsys s\tpeak KiB\toutput bytes\tpeak / input\n'
for n in $sizes; do
  corpus=$dir/corpus-$n.jsonl
  [ -f "$corpus" ] || "$bin" generate --terms "$n" --out "$corpus" 2>/dev/null
  input=$(stat -c %s "$corpus")
  for run in $(seq "$runs"); do
    for format in svg dot; do
      rm -rf "$work/$format"
      measure "$n" "$input" "$format" "$run" "$work/$format" \
        "$bin" export "$corpus" --format "$format" --out "$work/$format" --quiet
    done
  done
  measure "$n" "$input" neato 1 "$work/neato.svg" \
    neato -n2 -Tsvg "$work/dot/glossary.dot" -o "$work/neato.svg"
  rm -f "$work/neato.svg"
  rm -rf "$work/all"
  measure "$n" "$input" export 1 "$work/all" \
    "$bin" export "$corpus" --out "$work/all" --quiet
  rm -rf "$work/all"
done
