#!/usr/bin/env bash
# The `check` benchmark: how long `glossgraph check` takes on generated JSON Lines glossaries
# of 10k, 100k and 1M terms, and how much memory it holds at its peak, next to a bare
# serde_json parse of the same bytes into `serde_json::Value`, line by line
# (examples/bare_parse.rs). Both run in the same run, under GNU time (peak memory, CPU time)
# and timed by the shell's microsecond clock (elapsed time), each the best
# of RUNS runs (default 3), and printed as a Markdown table.
#
#   benches/check.sh              # 10000 100000 1000000 terms
#   SIZES="10000" RUNS=1 benches/check.sh
#   CHECK_BIN=/path/to/older/glossgraph benches/check.sh   # time another build's `check`
#   SHAPE=untidy benches/check.sh  # warning-heavy: --one-way 0.3 --untidy 0.4 (about two
#                                  # warnings a card, as in a glossary written by many hands)
#
# Targets (foundation issue): check within 2x of the bare parse time; peak memory under
# 1.5x the input size. Corpora are kept in target/bench/corpus-N.jsonl, shared with the other
# benchmarks, and made once (generation is deterministic: --seed 1, default parameters).
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=${SIZES:-"10000 100000 1000000"}
runs=${RUNS:-3}
shape=${SHAPE:-tidy}
case "$shape" in tidy | untidy) ;; *) echo "check.sh: SHAPE is tidy or untidy, not $shape" >&2; exit 2 ;; esac
time_bin=/usr/bin/time
if ! "$time_bin" -f '%e' true 2>/dev/null; then
  echo "check.sh: needs GNU time at $time_bin (Debian package \`time\`, installed by scripts/install-test-tools.sh)" >&2
  exit 2
fi

cargo build --profile dist --quiet --bin glossgraph --example bare_parse
gg=target/dist/glossgraph
bare=target/dist/examples/bare_parse
check_bin=${CHECK_BIN:-$gg}
mkdir -p target/bench

# best_of CMD...: runs CMD $runs times; prints "seconds peak_kb cpu_seconds" of the fastest.
# CPU time (user + system) is printed too: on a shared machine it varies less than the
# elapsed time, which counts the waits for a core.
best_of() {
  local best="" out=target/bench/time.txt
  for _ in $(seq "$runs"); do
    # Elapsed time from bash's microsecond clock: GNU time's %e has 10 ms steps, as long as
    # the whole bare parse of 10k terms.
    local start=$EPOCHREALTIME
    if ! "$time_bin" -o "$out" -f '%M %U %S' "$@" >/dev/null; then
      echo "check.sh: failed: $*" >&2
      exit 1
    fi
    local end=$EPOCHREALTIME
    local line
    line=$(tail -n 1 "$out" | awk -v s="$start" -v e="$end" '{ printf "%.3f %s %.2f", e - s, $1, $2 + $3 }')
    if [ -z "$best" ] || awk -v a="${line%% *}" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
      best=$line
    fi
  done
  echo "$best"
}

echo "Shape: $shape"
echo
echo "| terms | input MB | check s | check peak MB | bare parse s | bare peak MB | ratio (time) | check peak / input | check CPU s | bare CPU s |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for n in $sizes; do
  if [ "$shape" = untidy ]; then
    corpus=target/bench/corpus-untidy-$n.jsonl
    [ -s "$corpus" ] || "$gg" generate --terms "$n" --seed 1 --one-way 0.3 --untidy 0.4 --out "$corpus"
  else
    corpus=target/bench/corpus-$n.jsonl
    [ -s "$corpus" ] || "$gg" generate --terms "$n" --seed 1 --out "$corpus"
  fi
  bytes=$(stat -c %s "$corpus")
  read -r check_s check_kb check_cpu < <(best_of "$check_bin" check "$corpus" --format json)
  read -r bare_s bare_kb bare_cpu < <(best_of "$bare" "$corpus")
  awk -v n="$n" -v b="$bytes" -v cs="$check_s" -v ck="$check_kb" -v bs="$bare_s" -v bk="$bare_kb" \
    -v cc="$check_cpu" -v bc="$bare_cpu" 'BEGIN {
    mb = b / 1e6
    printf "| %d | %.1f | %.3f | %.1f | %.3f | %.1f | %.2f | %.2f | %.2f | %.2f |\n",
      n, mb, cs, ck * 1024 / 1e6, bs, bk * 1024 / 1e6, (bs > 0 ? cs / bs : 0), ck * 1024 / b, cc, bc
  }'
done
