#!/usr/bin/env bash
# Times the GraphML and DOT writers next to NetworkX's write_graphml on the same glossary,
# in the same run. Figures go in BENCHMARKS.md.
#
# Usage: [RUNS=3] [FREE_MEMORY=1] benches/graphml-dot.sh [--no-networkx] INPUT...
#   INPUT is a JSON Lines file of cards, or a number N: a generated glossary of N terms
#   (`glossgraph generate --terms N`, kept in target/bench/corpus-N.jsonl and shared with the
#   other benchmarks; target/bench-rdf/corpus-N.jsonl is used when it is there).
#
# For each input and format it runs the `dist` build (fat LTO) of examples/viz_export under
# /usr/bin/time (wall time, peak RSS), which also prints the time of the load+check stage and of
# the write stage alone, wall and CPU; then NetworkX (benches/graphml_networkx.py: build
# the nx.DiGraph, then time write_graphml alone). Outputs go to target/bench/graphml-dot/.
#
# FREE_MEMORY=1 (as root) empties the page cache before every run, glossgraph's and NetworkX's
# alike, then reads the input once so that it is cached again. Without it, a write of
# gigabytes on a machine whose memory is full of cached files makes the kernel reclaim and
# compact memory inside the writing process, and its system time then varies from run to run
# by a factor of 3 or more (BENCHMARKS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
# The Python tools come from the venv scripts/install-test-tools.sh makes.
export PATH="$PWD/target/test-tools/venv/bin:$PATH"

networkx=1
# Runs of each glossgraph writer (each line is printed; take the fastest). NetworkX runs once.
runs=${RUNS:-3}
if [ "${1:-}" = "--no-networkx" ]; then networkx=0; shift; fi
[ $# -gt 0 ] || { echo "usage: $0 [--no-networkx] INPUT..." >&2; exit 2; }

cargo build --profile dist --quiet --bin glossgraph --example viz_export

# Flushes what earlier runs wrote; with FREE_MEMORY=1 also empties the page cache and reads
# $1 (the input) back into it.
settle() {
  sync
  if [ "${FREE_MEMORY:-0}" = 1 ]; then
    echo 3 > /proc/sys/vm/drop_caches
    cat "$1" > /dev/null
  fi
}
out_dir=target/bench/graphml-dot
mkdir -p "$out_dir"

echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), load $(cut -d' ' -f1-3 /proc/loadavg), free memory $(awk '/MemFree/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo), FREE_MEMORY=${FREE_MEMORY:-0}"
for input in "$@"; do
  if [[ "$input" =~ ^[0-9]+$ ]]; then
    file="target/bench-rdf/corpus-$input.jsonl"
    if [ ! -f "$file" ]; then
      file="target/bench/corpus-$input.jsonl"
      [ -f "$file" ] || target/dist/glossgraph generate --terms "$input" --out "$file"
    fi
  else
    file="$input"
  fi
  name=$(basename "$file" .jsonl)
  echo "== $file ($(stat -c %s "$file") bytes)"
  for format in graphml graphml-yed graphml-neo4j dot; do
    out="$out_dir/$name.$format"
    for run in $(seq "$runs"); do
      # Every writer starts on a new file, as `export` does (it writes to a temporary file
      # and renames it): truncating the previous run's file would be timed too. `sync`
      # first, so that no run shares the disk with the write-back of the run before it.
      rm -f "$out"
      settle "$file"
      free=$(awk '/MemFree/ {printf "%.1f", $2/1048576}' /proc/meminfo)
      stats=$( { /usr/bin/time -f "wall %e s, peak RSS %M KiB" \
        target/dist/examples/viz_export "$file" "$format" "$out"; } 2>&1 )
      echo "glossgraph $format (run $run of $runs): $(echo "$stats" | tr '\n' ';' | sed 's/;$//; s/;/; /g'); free before ${free} GiB"
    done
  done
  if [ "$networkx" = 1 ]; then
    rm -f "$out_dir/$name.networkx.graphml" "$out_dir/$name.networkx.graphml.xml"
    settle "$file"
    # Capped below the machine's memory, so that a writer too large for it stops with a
    # MemoryError instead of bringing in the kernel's OOM killer.
    stats=$( { ( ulimit -v "$(awk '/MemTotal/ {printf "%d", $2 * 0.88}' /proc/meminfo)"
      /usr/bin/time -f "wall %e s, peak RSS %M KiB" \
      python3 benches/graphml_networkx.py "$file" "$out_dir/$name.networkx.graphml" ); } 2>&1 )
    echo "networkx write_graphml: $(echo "$stats" | tr '\n' ';' | sed 's/;$//; s/;/; /g'); bytes $(stat -c %s "$out_dir/$name.networkx.graphml")"
  fi
done
