#!/usr/bin/env bash
# Benchmarks the whole `glossgraph export` (every format) against its floors and against the
# Python stack (results go in BENCHMARKS.md).
#
#   benches/export.sh                                 # 10k, 100k and 1M generated terms
#   SIZES="10000 100000" RUNS=3 benches/export.sh
#   SHAPE=untidy SIZES=100000 benches/export.sh       # the warning-heavy glossary (see below)
#   PYTHON_SIZES="" benches/export.sh                 # without the Python stack
#   PARTS=1 benches/export.sh                         # every size in parts (see below)
#   ALONE="ntriples" benches/export.sh                # the formats also measured alone
#   ALONE_ONLY=1 SIZES=100000 benches/export.sh       # those alone, without the whole export
#   BIN=path/to/glossgraph benches/export.sh          # another build (alternating runs)
#   RUNS=3 PYTHON_RUNS=1 benches/export.sh            # the Python stack once (20 minutes a run)
#
# Corpora: `glossgraph generate --terms N` (seed 1) in target/bench/corpus-N.jsonl, shared
# with the other benchmarks; target/bench-rdf/corpus-N.jsonl (benches/rdf.sh) is used instead
# when it is there (the generator is deterministic: same bytes). SHAPE=untidy takes
# `glossgraph generate --terms N --one-way 0.3 --untidy 0.4` instead (corpus-N-untidy.jsonl):
# valid, but about two warnings a card, the shape of a glossary written by many hands
# (issue 20). For each size, one after the other in the same run:
#   export   `glossgraph export CORPUS --out DIR --quiet`: load, check, then every format
#            (Turtle, N-Triples, RDF/XML, JSON-LD, TriG, N-Quads, three GraphML profiles,
#            GEXF, DOT, the HTML map, manifest.json; the SVG is skipped past 500 terms)
#   parse    the bare_parse example: a bare serde_json parse of CORPUS into Values
#   cat      `cat DIR/* > /dev/null`: reading back every byte the export wrote
#   copy     `cat FILE > COPY; rm COPY` for every file written: writing the bytes once more
#   copysync `cat FILE > COPY; sync COPY; rm COPY` for every file: the copy, and on the disk
#   sha      `openssl dgst -sha256 DIR/*`: SHA-256 of every byte (OpenSSL uses the CPU's SHA
#            extensions where it has them)
# then each format of ALONE (default "ntriples nquads") alone, `glossgraph export CORPUS
# --format F --out DIR --quiet` (the file, its SHA-256 in manifest.json, flushed to disk), and
# the same cat, copy, copysync and sha of what it wrote (tools `F`, `F/cat`, ...).
# Three floors: parse + cat; parse + copy (the bytes written once more, the cost of any
# program that writes them); and the restated floor of issue 20, parse + copysync + sha:
# what any correct export must do (parse the input, write every byte to the disk, hash every
# byte for the manifest). The first two are kept so that the figures stay comparable with
# the earlier tables. The export writes about 31x the input's bytes, and the copy needs room
# for the largest file again, so a size runs this way only when the disk holding target/bench
# has 40x the input free. Otherwise (1M terms is 2 GB of input, 60 GB of output) it is
# measured in parts:
#   check    `glossgraph check CORPUS` (load and check)
#   F        every format alone, as ALONE above, with its floors
#   parse    as above
# and the table estimates the whole export as check + the sum over F of (F - check), its peak
# as the largest of the parts, and each floor's copying and hashing as the sum over the parts.
# (Until issue 20 the parts were written to a pipe, without SHA-256 or the disk; now every
# part does what the whole export does.)
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
formats="turtle ntriples rdfxml jsonld trig nquads graphml graphml-yed graphml-neo4j gexf dot html"
alone=${ALONE-ntriples nquads}
shape=${SHAPE:-tidy}
# BIN: another build of glossgraph to measure (the one before a change, for alternating
# runs); nothing is built then (the bare_parse example must be there already).
[ -n "${BIN:-}" ] || cargo build --profile dist --quiet --bin glossgraph --example bare_parse
bin=${BIN:-target/dist/glossgraph}
floor=target/dist/examples/bare_parse

exec 3>&1
timing=$(mktemp)
results=$(mktemp)
out="$dir/export-out"
trap 'rm -f "$timing" "$timing.steps" "$results"; rm -rf "$out" "$dir/export-copy"' EXIT

# measure TOOL RUN OUTPUT COMMAND... : times COMMAND and prints one result line. OUTPUT is
# what was written: a folder or file (its bytes are counted), or empty (nothing).
measure() {
  local tool=$1 run=$2 output=$3 load size=0
  shift 3
  load=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f "%e %U %S %M" -o "$timing" "$@"
  case $output in
    "") ;;
    *) size=$(du -sb "$output" | cut -f1) ;;
  esac
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$terms" "$input_bytes" "$tool" "$run" \
    "$(tr ' ' '\t' < "$timing")" "$size" "$load" | tee -a "$results" >&3
}

# corpus_of N: the generated glossary of N terms in the SHAPE asked for (generated if
# missing).
corpus_of() {
  local corpus
  if [ "$shape" = untidy ]; then
    corpus="$dir/corpus-$1-untidy.jsonl"
    [ -f "$corpus" ] || "$bin" generate --terms "$1" --one-way 0.3 --untidy 0.4 --out "$corpus" >&2
  else
    corpus="target/bench-rdf/corpus-$1.jsonl"
    if [ ! -f "$corpus" ]; then
      corpus="$dir/corpus-$1.jsonl"
      [ -f "$corpus" ] || "$bin" generate --terms "$1" --out "$corpus" >&2
    fi
  fi
  echo "$corpus"
}

# floors NAME RUN DIR: the copying and hashing floors of the files in DIR, as tools NAME
# (cat, copy, copysync, sha) or NAME/cat, ... when NAME is not empty.
floors() {
  local prefix=${1:+$1/} run=$2 folder=$3
  measure "${prefix}cat" "$run" "$folder" sh -c 'cat "$1"/* > /dev/null' cat "$folder"
  measure "${prefix}copy" "$run" "$folder" sh -c 'for f in "$1"/*; do cat "$f" > "$2"; rm "$2"; done' copy "$folder" "$dir/export-copy"
  measure "${prefix}copysync" "$run" "$folder" sh -c 'for f in "$1"/*; do cat "$f" > "$2"; sync "$2"; rm "$2"; done' copysync "$folder" "$dir/export-copy"
  measure "${prefix}sha" "$run" "$folder" sh -c 'openssl dgst -sha256 "$1"/* > /dev/null' sha "$folder"
}

# alone FORMAT RUN: FORMAT alone, written to disk as `export` writes it, then its floors.
alone() {
  rm -rf "$out"
  measure "$1" "$2" "$out" "$bin" export "$corpus" --format "$1" --out "$out" --quiet
  floors "$1" "$2" "$out"
  rm -rf "$out"
}

commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src Cargo.toml Cargo.lock || echo "+dirty")
echo "# $(date -u +%Y-%m-%dT%H:%MZ) commit $commit, $(nproc) cores, $(uname -sr), load $(cut -d' ' -f1-3 /proc/loadavg), shape $shape"
printf 'terms\tinput bytes\ttool\trun\twall s\tuser s\tsys s\tpeak KiB\toutput bytes\tload\n'
for terms in ${SIZES:-10000 100000 1000000}; do
  corpus=$(corpus_of "$terms")
  input_bytes=$(stat -c %s "$corpus")
  free=$(df -B1 --output=avail "$dir" | tail -n 1)
  whole=yes
  if [ "${ALONE_ONLY:-0}" = 1 ]; then
    whole=yes
  elif [ "${PARTS:-0}" = 1 ]; then
    whole=no
    echo "# $terms terms: measured in parts (PARTS=1)"
  elif [ "$free" -lt $((input_bytes * 40)) ]; then
    whole=no
    echo "# $terms terms: the whole export needs about $((input_bytes * 40 / 1000000000)) GB free, $((free / 1000000000)) GB available: measured in parts"
  fi
  for run in $(seq "$runs"); do
    if [ "$whole" = yes ]; then
      if [ "${ALONE_ONLY:-0}" != 1 ]; then
        rm -rf "$out"
        measure export "$run" "$out" "$bin" export "$corpus" --out "$out" --quiet
        floors "" "$run" "$out"
        rm -rf "$out"
      fi
      measure parse "$run" "" "$floor" "$corpus" > /dev/null 2>&1
      for format in $alone; do
        alone "$format" "$run"
      done
    else
      measure check "$run" "" "$bin" check "$corpus" > /dev/null 2>&1
      for format in $formats; do
        alone "$format" "$run"
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
python3 benches/export_table.py "$results" "$formats" "$alone"
