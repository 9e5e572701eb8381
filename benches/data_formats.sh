#!/usr/bin/env bash
# Benchmarks the data formats of `glossgraph export` (CSV, node-link JSON, Cytoscape.js JSON)
# beside the Python tools that write the same files (results go in BENCHMARKS.md).
#
#   benches/data_formats.sh                          # 100k and 1M generated terms, one run
#   SIZES="100000" RUNS=3 benches/data_formats.sh
#   PYTHON_SIZES="100000" benches/data_formats.sh    # the Python tools at 100k only
#
# Corpora: `glossgraph generate --terms N` (seed 1) in target/bench/corpus-N.jsonl, shared with
# the other benchmarks (target/bench-rdf/corpus-N.jsonl when it is there: the same bytes).
# For each size, one after the other:
#   check      `glossgraph check CORPUS` (load and check: the part every export shares)
#   F          `glossgraph export CORPUS --format F --out DIR --quiet` for F in csv (both
#              files), nodelink, cytoscape: load, check, topic map, write, manifest
#   nodelink.py  benches/data_formats_python.py nodelink: json load, NetworkX MultiDiGraph,
#              nx.node_link_data + json.dump
#   pandas.py  benches/data_formats_python.py pandas: json load, two DataFrames, to_csv
# (the Python tools compute no topic map; glossgraph's figures include it). Each is timed by
# `/usr/bin/time -f '%e %U %S %M'` (wall, user, sys, peak RSS). Each result line: terms, input
# bytes, tool, run, wall s, user s, sys s, peak KiB, output bytes, load average before it.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/target/test-tools/venv/bin:$PATH"

dir=target/bench
mkdir -p "$dir"
runs=${RUNS:-1}
cargo build --profile dist --quiet --bin glossgraph
bin=target/dist/glossgraph
timing=$(mktemp)
out="$dir/data-formats-out"
trap 'rm -f "$timing" "$timing.steps"; rm -rf "$out"' EXIT

measure() {
  local tool=$1 run=$2 output=$3 load size=0
  shift 3
  load=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f "%e %U %S %M" -o "$timing" "$@"
  if [ -n "$output" ]; then size=$(du -sb "$output" | cut -f1); fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$terms" "$input_bytes" "$tool" "$run" \
    "$(tr ' ' '\t' < "$timing")" "$size" "$load"
}

corpus_of() {
  local corpus="target/bench-rdf/corpus-$1.jsonl"
  if [ ! -f "$corpus" ]; then
    corpus="$dir/corpus-$1.jsonl"
    [ -f "$corpus" ] || "$bin" generate --terms "$1" --out "$corpus" >&2
  fi
  echo "$corpus"
}

commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src Cargo.toml Cargo.lock || echo "+dirty")
echo "# $(date -u +%Y-%m-%dT%H:%MZ) commit $commit, $(nproc) cores, $(uname -sr), load $(cut -d' ' -f1-3 /proc/loadavg)"
printf 'terms\tinput bytes\ttool\trun\twall s\tuser s\tsys s\tpeak KiB\toutput bytes\tload\n'
for terms in ${SIZES:-100000 1000000}; do
  corpus=$(corpus_of "$terms")
  input_bytes=$(stat -c %s "$corpus")
  for run in $(seq "$runs"); do
    measure check "$run" "" sh -c '"$0" check "$1" > /dev/null 2>&1' "$bin" "$corpus"
    for format in csv nodelink cytoscape; do
      rm -rf "$out"
      measure "$format" "$run" "$out" "$bin" export "$corpus" --format "$format" --out "$out" --quiet
    done
    if [[ " ${PYTHON_SIZES-100000 1000000} " == *" $terms "* ]]; then
      for mode in nodelink pandas; do
        rm -rf "$out"
        measure "$mode.py" "$run" "$out" python3 benches/data_formats_python.py "$mode" "$corpus" "$out" 2> "$timing.steps"
        sed 's/^/# /' "$timing.steps"
      done
    fi
    rm -rf "$out"
  done
done
