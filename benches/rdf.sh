#!/usr/bin/env bash
# Benchmarks the N-Triples and Turtle exports (results go in BENCHMARKS.md).
#
#   benches/rdf.sh                       # generated glossaries of 100k and 1M terms
#   SIZES="100000" RUNS=3 benches/rdf.sh
#   benches/rdf.sh some/cards.jsonl ...  # any JSON Lines glossaries instead
#
# For each input and format, in the same run, one after the other:
#   glossgraph   `glossgraph export INPUT --quiet --format F --out -` (load, check, write)
#   pyoxigraph   benches/rdf_pyoxigraph.py: Python's json + pyoxigraph, the same triples
#   parse        the bare_parse example: a bare serde_json parse of INPUT into Values
#   cat          `cat` copying the bytes glossgraph wrote
# (floor = parse + cat). Each line of output: input, terms, input bytes, format, tool, run,
# wall s, user s, sys s, peak RSS KiB, output bytes. The N-Triples and Turtle written by
# glossgraph and by pyoxigraph are compared byte for byte (`same bytes: yes`).
set -euo pipefail
cd "$(dirname "$0")/.."
# The Python tools come from the venv scripts/install-test-tools.sh makes.
export PATH="$PWD/target/test-tools/venv/bin:$PATH"

dir=target/bench-rdf
mkdir -p "$dir"
runs=${RUNS:-3}
cargo build --profile dist --quiet --bin glossgraph --example bare_parse
bin=target/dist/glossgraph
floor=target/dist/examples/bare_parse

inputs=("$@")
if [ ${#inputs[@]} -eq 0 ]; then
  for n in ${SIZES:-100000 1000000}; do
    corpus="target/bench/corpus-$n.jsonl"
    [ -f "$corpus" ] || "$bin" generate --terms "$n" --out "$corpus"
    inputs+=("$corpus")
  done
fi

# Result lines go to the original stdout (fd 3): the commands' stdout may be redirected.
exec 3>&1
timing=$(mktemp)
trap 'rm -f "$timing"' EXIT
# measure TOOL RUN OUTPUT COMMAND... : runs COMMAND (stdout already redirected by the caller
# when needed) and prints one result line.
measure() {
  local tool=$1 run=$2 output=$3
  shift 3
  /usr/bin/time -f "%e %U %S %M" -o "$timing" "$@"
  local size=0
  [ -n "$output" ] && size=$(stat -c %s "$output")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$input_name" "$terms" "$input_bytes" "$format" "$tool" "$run" \
    "$(tr ' ' '\t' < "$timing")" "$size" >&3
}

echo "# $(date -u +%Y-%m-%dT%H:%MZ) $(nproc) cores, $(uname -sr), load $(cut -d' ' -f1-3 /proc/loadavg)"
printf 'input\tterms\tinput bytes\tformat\ttool\trun\twall s\tuser s\tsys s\tpeak KiB\toutput bytes\n'
for input in "${inputs[@]}"; do
  input_name=$(basename "$input")
  terms=$(grep -c . "$input")
  input_bytes=$(stat -c %s "$input")
  for format in ntriples turtle; do
    ext=$([ "$format" = ntriples ] && echo nt || echo ttl)
    ours="$dir/glossgraph.$ext" theirs="$dir/pyoxigraph.$ext" copy="$dir/copy.$ext"
    for run in $(seq "$runs"); do
      measure glossgraph "$run" "$ours" "$bin" export "$input" --quiet --format "$format" --out - > "$ours"
      measure pyoxigraph "$run" "$theirs" python3 benches/rdf_pyoxigraph.py "$input" "$format" "$theirs"
      measure parse "$run" "" "$floor" "$input" > /dev/null 2>&1
      measure cat "$run" "$copy" cat "$ours" > "$copy"
      rm -f "$copy"
    done
    if cmp -s "$ours" "$theirs"; then same=yes; else same=NO; fi
    echo "# $input_name $format: same bytes: $same"
    rm -f "$ours" "$theirs"
  done
done
