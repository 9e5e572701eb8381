#!/usr/bin/env bash
# The `diff` benchmark (issue 19): `glossgraph diff` of a generated glossary against a copy in
# which 1% of the cards changed (benches/diff_mutate.py: every 100th card's definition, and
# every tenth of those its status too), at 100k and 1M terms, in each output format: elapsed
# time (the shell's clock), peak memory and CPU time (GNU time), output size.
#
#   benches/diff.sh                                   # 100000 and 1000000 terms
#   SIZES="100000" FORMATS="json" RUNS=3 benches/diff.sh
#
# Corpora are target/bench/corpus-N.jsonl, shared with the other benchmarks (made once:
# --seed 1, default parameters), and target/bench/corpus-N-changed.jsonl beside them.
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=${SIZES:-"100000 1000000"}
formats=${FORMATS:-"json text sparql-update"}
runs=${RUNS:-1}
time_bin=/usr/bin/time
[ -n "${NO_BUILD:-}" ] || cargo build --profile dist --quiet --bin glossgraph   # NO_BUILD=1: use the build as it is
gg=target/dist/glossgraph
mkdir -p target/bench

echo "# $(date -u +%Y-%m-%dT%H:%MZ) commit $(git rev-parse --short HEAD), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| terms | input MB (each) | format | elapsed s | CPU s | peak MB | peak / both inputs | output MB |"
echo "|---:|---:|---|---:|---:|---:|---:|---:|"
for n in $sizes; do
  old=target/bench/corpus-$n.jsonl
  new=target/bench/corpus-$n-changed.jsonl
  [ -s "$old" ] || "$gg" generate --terms "$n" --seed 1 --out "$old"
  [ -s "$new" ] || python3 benches/diff_mutate.py "$old" "$new"
  bytes=$(stat -c %s "$old")
  for format in $formats; do
    for _ in $(seq "$runs"); do
      start=$EPOCHREALTIME
      set +e
      "$time_bin" -o target/bench/time.txt -f '%M %U %S' "$gg" diff "$old" "$new" --format "$format" >target/bench/diff.out
      code=$?
      set -e
      end=$EPOCHREALTIME
      if [ "$code" != 1 ]; then
        echo "diff.sh: glossgraph diff exited $code (1 expected: the inputs differ)" >&2
        exit 1
      fi
      out=$(stat -c %s target/bench/diff.out)
      tail -n 1 target/bench/time.txt | awk -v n="$n" -v f="$format" -v s="$start" -v e="$end" -v b="$bytes" -v o="$out" \
        '{ printf "| %d | %.1f | %s | %.2f | %.2f | %.0f | %.2fx | %.1f |\n", n, b / 1e6, f, e - s, $2 + $3, $1 / 1024, $1 * 1024 / (2 * b), o / 1e6 }'
    done
  done
done
