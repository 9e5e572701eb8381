#!/usr/bin/env bash
# Benchmarks `glossgraph import` of a SKOS vocabulary (results go in BENCHMARKS.md).
#
#   benches/skos_import.sh                    # generated vocabularies of 10k and 85k concepts
#   SIZES="10000" RUNS=3 benches/skos_import.sh
#   benches/skos_import.sh UAT.rdf ...        # any vocabularies instead
#
# For each vocabulary, in the same run, one after the other:
#   import    `glossgraph import FILE --out DIR` (DIR on tmpfs when /dev/shm exists)
#   turtle    `glossgraph export DIR --format turtle` of the imported cards
#   skosify   Skosify reading FILE and writing Turtle (the venv of install-test-tools.sh)
#   parse     the rdf_parse example: Oxigraph's parser alone, counting the triples
#   files     the write_floor example: as many files as import wrote, of their mean size,
#             each written, synced and renamed into place as import does, one thread
# Generated vocabularies come from benches/skos_vocabulary.py (85,000 concepts is about 1M
# triples). Each line of output: input, bytes, step, run, wall s, user s, sys s, peak KiB.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/target/test-tools/venv/bin:$PATH"

dir=target/bench-skos
mkdir -p "$dir"
runs=${RUNS:-3}
cargo build --release --quiet --bin glossgraph --example rdf_parse --example write_floor
bin=target/release/glossgraph
floor=target/release/examples/rdf_parse
files_floor=target/release/examples/write_floor
scratch=$dir
[ -d /dev/shm ] && scratch=$(mktemp -d /dev/shm/glossgraph-skos.XXXXXX)
timing=$(mktemp)
trap 'rm -rf "$timing" "$scratch/out" "$scratch/ttl" "$scratch/skosify.ttl" "$scratch/files"; [ "$scratch" = "$dir" ] || rm -rf "$scratch"' EXIT

inputs=("$@")
if [ ${#inputs[@]} -eq 0 ]; then
  for n in ${SIZES:-10000 85000}; do
    vocabulary="$dir/vocabulary-$n.ttl"
    [ -f "$vocabulary" ] || benches/skos_vocabulary.py "$n" "$vocabulary"
    inputs+=("$vocabulary")
  done
fi

measure() { # input step run command...
  local input=$1 step=$2 run=$3
  shift 3
  /usr/bin/time -f "%e %U %S %M" -o "$timing" "$@" >/dev/null 2>&1
  echo "$(basename "$input") $(stat -c %s "$input") $step $run $(cat "$timing")"
}

for input in "${inputs[@]}"; do
  for run in $(seq "$runs"); do
    rm -rf "$scratch/out" "$scratch/ttl" "$scratch/skosify.ttl" "$scratch/files"
    measure "$input" import "$run" "$bin" import "$input" --out "$scratch/out"
    count=$(find "$scratch/out" -type f | wc -l)
    size=$(find "$scratch/out" -type f -printf '%s\n' | awk -v n="$count" '{ s += $1 } END { print int(s / n) }')
    measure "$input" turtle "$run" "$bin" export "$scratch/out" --quiet --format turtle --out "$scratch/ttl"
    measure "$input" skosify "$run" skosify "$input" -o "$scratch/skosify.ttl"
    measure "$input" parse "$run" "$floor" "$input"
    measure "$input" files "$run" "$files_floor" "$scratch/files" "$count" "$size"
  done
done
