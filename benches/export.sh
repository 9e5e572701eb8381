#!/usr/bin/env bash
# Benchmarks the whole `glossgraph export` (every format) against its floor and against the
# Python stack (results go in BENCHMARKS.md).
#
#   benches/export.sh                                 # 10k, 100k and 1M generated terms
#   SIZES="10000 100000" RUNS=3 benches/export.sh
#   PYTHON_SIZES="" benches/export.sh                 # without the Python stack
#   PARTS=1 benches/export.sh                         # every size in parts (see below)
#   RUNS=3 PYTHON_RUNS=1 benches/export.sh            # the Python stack once (20 minutes a run)
#
# Corpora: `glossgraph generate --terms N` (seed 1) in target/bench/corpus-N.jsonl, shared
# with the other benchmarks; target/bench-rdf/corpus-N.jsonl (benches/rdf.sh) is used instead
# when it is there (the generator is deterministic: same bytes). For each size, one after the
# other in the same run:
#   export   `glossgraph export CORPUS --out DIR --quiet`: load, check, then every format
#            (Turtle, N-Triples, RDF/XML, JSON-LD, TriG, N-Quads, three GraphML profiles, DOT,
#            manifest.json; the SVG is skipped past 500 terms)
#   parse    the bare_parse example: a bare serde_json parse of CORPUS into Values
#   cat      `cat DIR/* > /dev/null`: reading back every byte the export wrote
#   copy     `cat FILE > COPY; rm COPY` for every file written: writing the bytes once more
# floor = parse + cat, and a second floor = parse + copy (the bytes written once more, the
# cost of any program that writes them). The export writes 30.5x the input's bytes, and the copy needs room
# for the largest file again, so a size runs this way only when the disk holding target/bench
# has 40x the input free. Otherwise (1M terms is 2 GB of input, 60 GB of output) it is
# measured in parts, none of which writes to disk:
#   check    `glossgraph check CORPUS` (load and check)
#   F        `glossgraph export CORPUS --format F --out - --quiet | wc -c`, for each format F
#   parse    as above
# and the table estimates the whole export as check + the sum over F of (F - check), its peak
# as the largest of the parts, and the floor's cat from the bytes per second of the largest
# size measured whole in the same run.
# Then the Python stack, for the sizes in PYTHON_SIZES (default 10000: rdflib's Turtle writer
# grows faster than linearly, 10k terms take about 20 minutes):
#   python   benches/export_python.py CORPUS DIR (json + rdflib + NetworkX + pydot)
# Each is timed by `/usr/bin/time -f '%e %U %S %M'` (wall, user, sys, peak RSS). Each result
# line: terms, input bytes, tool, run, wall s, user s, sys s, peak KiB, output bytes, load
# average before it. A Markdown table of the medians over the runs follows.
set -euo pipefail
cd "$(dirname "$0")/.."
# The Python tools come from the venv scripts/install-test-tools.sh makes.
export PATH="$PWD/target/test-tools/venv/bin:$PATH"

dir=target/bench
mkdir -p "$dir"
runs=${RUNS:-1}
formats="turtle ntriples rdfxml jsonld trig nquads graphml graphml-yed graphml-neo4j dot"
cargo build --profile dist --quiet --bin glossgraph --example bare_parse
bin=target/dist/glossgraph
floor=target/dist/examples/bare_parse

exec 3>&1
timing=$(mktemp)
results=$(mktemp)
out="$dir/export-out"
trap 'rm -f "$timing" "$timing.steps" "$timing.bytes" "$results"; rm -rf "$out" "$dir/export-copy"' EXIT

# measure TOOL RUN OUTPUT COMMAND... : times COMMAND and prints one result line. OUTPUT is
# what was written: a folder or file (its bytes are counted), `count` (the number that
# $timing.bytes holds), or empty (nothing).
measure() {
  local tool=$1 run=$2 output=$3 load size=0
  shift 3
  load=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f "%e %U %S %M" -o "$timing" "$@"
  case $output in
    "") ;;
    count) size=$(cat "$timing.bytes") ;;
    *) size=$(du -sb "$output" | cut -f1) ;;
  esac
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$terms" "$input_bytes" "$tool" "$run" \
    "$(tr ' ' '\t' < "$timing")" "$size" "$load" | tee -a "$results" >&3
}

# corpus_of N: the generated glossary of N terms (generated if missing).
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
for terms in ${SIZES:-10000 100000 1000000}; do
  corpus=$(corpus_of "$terms")
  input_bytes=$(stat -c %s "$corpus")
  free=$(df -B1 --output=avail "$dir" | tail -n 1)
  whole=yes
  if [ "${PARTS:-0}" = 1 ]; then
    whole=no
    echo "# $terms terms: measured in parts (PARTS=1)"
  elif [ "$free" -lt $((input_bytes * 40)) ]; then
    whole=no
    echo "# $terms terms: the whole export needs about $((input_bytes * 40 / 1000000000)) GB free, $((free / 1000000000)) GB available: measured in parts, to a pipe"
  fi
  for run in $(seq "$runs"); do
    if [ "$whole" = yes ]; then
      rm -rf "$out"
      measure export "$run" "$out" "$bin" export "$corpus" --out "$out" --quiet
      measure parse "$run" "" "$floor" "$corpus" > /dev/null 2>&1
      measure cat "$run" "$out" sh -c 'cat "$1"/* > /dev/null' cat "$out"
      measure copy "$run" "$out" sh -c 'for f in "$1"/*; do cat "$f" > "$2"; rm "$2"; done' copy "$out" "$dir/export-copy"
      rm -rf "$out"
    else
      measure check "$run" "" "$bin" check "$corpus" > /dev/null 2>&1
      for format in $formats; do
        measure "$format" "$run" count bash -c 'set -o pipefail; "$0" export "$1" --format "$2" --out - --quiet | wc -c > "$3"' \
          "$bin" "$corpus" "$format" "$timing.bytes"
      done
      measure parse "$run" "" "$floor" "$corpus" > /dev/null 2>&1
    fi
  done
done
for terms in ${PYTHON_SIZES-10000}; do
  corpus=$(corpus_of "$terms")
  input_bytes=$(stat -c %s "$corpus")
  for run in $(seq "${PYTHON_RUNS:-$runs}"); do
    rm -rf "$out"
    measure python "$run" "$out" python3 -W ignore benches/export_python.py "$corpus" "$out" 2> "$timing.steps"
    sed 's/^/# /' "$timing.steps"
    rm -rf "$out"
  done
done

# The table: medians over the runs.
python3 benches/export_table.py "$results" "$formats"
