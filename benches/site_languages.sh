#!/usr/bin/env bash
# Benchmarks `glossgraph site` (release build) on a generated glossary of one language and on
# the same cards with labels in four more (German, Spanish, French, Italian: "{term} (de)" and
# so on, in each card's `languages`), a site of five languages.
#
#   SIZES=10000 BIN=target/release/glossgraph benches/site_languages.sh
#
# One line per run (wall s, user s, sys s, peak KB, bytes written, files). BIN lets two builds
# be compared on the same inputs (run the script once with each); ROUNDS repeats each run.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${SIZES:-10000}
rounds=${ROUNDS:-1}
dir=${DIR:-target/bench-site-languages}
bin=${BIN:-target/release/glossgraph}
[ -n "${BIN:-}" ] || cargo build --release --quiet --bin glossgraph
mkdir -p "$dir"
timing=$(mktemp)
trap 'rm -f "$timing"' EXIT

printf 'terms\tlanguages\twall_s\tuser_s\tsys_s\tpeak_kb\tbytes\tfiles\n'
for terms in $sizes; do
  one="$dir/one/corpus-$terms.jsonl"
  five="$dir/five/corpus-$terms.jsonl"
  mkdir -p "$dir/one" "$dir/five"
  [ -f "$one" ] || "$bin" generate --terms "$terms" --seed 1 --out "$one" >/dev/null 2>&1
  [ -f "$five" ] || python3 - "$one" "$five" <<'PY'
import json, sys
with open(sys.argv[2], "w", encoding="utf-8") as out:
    for line in open(sys.argv[1], encoding="utf-8"):
        card = json.loads(line)
        card["languages"] = {t: {"term": f"{card['term']} ({t})"} for t in ("de", "es", "fr", "it")}
        out.write(json.dumps(card, ensure_ascii=False) + "\n")
PY
  cp data/glossgraph.toml "$dir/one/glossgraph.toml"
  cp data/glossgraph.toml "$dir/five/glossgraph.toml"
  echo "# $terms terms, $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
  for round in $(seq "$rounds"); do
    for languages in one five; do
      rm -rf "$dir/site"
      sync
      /usr/bin/time -f "%e %U %S %M" -o "$timing" "$bin" site "$dir/$languages/corpus-$terms.jsonl" --out "$dir/site" >/dev/null 2>&1
      printf '%s\t%s\t%s\t%s\t%s\n' "$terms" "$languages" "$(tr ' ' '\t' < "$timing")" \
        "$(du -sb "$dir/site" | cut -f1)" "$(find "$dir/site" -type f | wc -l)"
    done
  done
  rm -rf "$dir/site"
done
