#!/usr/bin/env bash
# Benchmarks `glossgraph check` reading a folder of Markdown pages in place against `check` of
# the cards `import` makes of the same pages (issue 60: within 1.5x, time and memory).
#
#   SIZES="10000" ROUNDS=3 benches/sources.sh
#
# For each size: a generated glossary written as Hugo pages (front matter with the title and
# a description, the note as the body, the related terms as Markdown term links), imported
# once into cards (not timed), then ROUNDS runs of each, alternately:
#   pages   glossgraph check PAGES     (read in place)
#   cards   glossgraph check CARDS     (the folder `import PAGES` wrote)
# one line each: wall s, user s, sys s, peak KB. BIN times another build.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${SIZES:-10000}
rounds=${ROUNDS:-3}
dir=${DIR:-target/bench-sources}
mkdir -p "$dir"
[ -n "${BIN:-}" ] || cargo build --release --quiet --bin glossgraph
bin=${BIN:-target/release/glossgraph}
timing=$(mktemp)
trap 'rm -f "$timing"' EXIT

measure() {
  local name=$1
  shift
  /usr/bin/time -q -f "%e %U %S %M" -o "$timing" "$@" >/dev/null 2>&1 || true
  printf '%s\t%s\t%s\n' "$terms" "$name" "$(tr ' ' '\t' < "$timing")"
}

printf 'terms\tinput\twall_s\tuser_s\tsys_s\tpeak_kb\n'
for terms in $sizes; do
  corpus="$dir/corpus-$terms.jsonl"
  [ -f "$corpus" ] || "$bin" generate --terms "$terms" --out "$corpus" >/dev/null 2>&1
  pages="$dir/pages-$terms" cards="$dir/cards-$terms"
  rm -rf "$pages" "$cards"
  mkdir -p "$pages"
  python3 - "$corpus" "$pages" <<'PY'
import json, sys, pathlib
out = pathlib.Path(sys.argv[2])
for line in open(sys.argv[1], encoding="utf-8"):
    card = json.loads(line)
    links = " ".join(f"[{r}](../{r}/)" for r in card.get("related", []))
    front = '---\ntitle: ' + json.dumps(card['term'], ensure_ascii=False) + '\ndescription: ' + json.dumps(card['definition'], ensure_ascii=False) + '\n---\n'
    (out / (card["slug"] + ".md")).write_text(front + card.get("note", "") + "\n\n" + links + "\n", encoding="utf-8")
PY
  "$bin" import "$pages" --out "$cards" >/dev/null 2>&1
  echo "# $terms pages: $(du -sb "$pages" | cut -f1) bytes; cards $(du -sb "$cards" | cut -f1) bytes; $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
  for round in $(seq "$rounds"); do
    measure pages "$bin" check "$pages"
    measure cards "$bin" check "$cards"
  done
done
