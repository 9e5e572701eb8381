#!/usr/bin/env bash
# Benchmarks `glossgraph site` on generated glossaries against its floor and against Hugo.
#
#   SIZES="10000 100000" ROUNDS=2 benches/site.sh
#
# For each size, one line each (wall s, user s, sys s, peak KB, bytes written, files):
#   site      glossgraph site CORPUS --out DIR (release build)
#   parse     the bare parse of the corpus (examples/bare_parse)
#   cpsync    cp -r of the site written, then sync: the cost of writing those files at all
#   hugo      Hugo (Debian's `hugo`, installed here if missing) building the same cards,
#             converted to Markdown pages (term, definition, note) with a one-line layout;
#             the conversion itself is not timed
# The floor is parse + cpsync; the target is `site` within 2x of it, peak memory under 1.5x
# the input. Hugo writes less (one page per term, no RDF, no map): its bytes are listed too.
# ROUNDS (default 1) runs `site` and Hugo that many times each, alternately, each into a new
# folder: the trees are deleted only at the end, as deleting one (on a file system that
# discards freed blocks at once) is slower than writing it and slows the inodes made next.
# BIN lets another build of glossgraph be timed on the same input.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${SIZES:-"10000 100000"}
rounds=${ROUNDS:-1}
dir=${DIR:-target/bench-site}
mkdir -p "$dir"
cargo build --release --quiet --bin glossgraph --example bare_parse
bin=${BIN:-target/release/glossgraph}
if ! command -v hugo >/dev/null; then
  sudo_cmd=(); [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends hugo >/dev/null
fi
timing=$(mktemp)
trap 'rm -f "$timing"' EXIT

# measure NAME OUTPUT COMMAND...: times COMMAND, prints a line.
measure() {
  local name=$1 output=$2 bytes=0 files=0
  shift 2
  sync
  /usr/bin/time -f "%e %U %S %M" -o "$timing" "$@" >/dev/null 2>&1
  if [ -n "$output" ]; then
    bytes=$(du -sb "$output" | cut -f1)
    files=$(find "$output" -type f | wc -l)
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$terms" "$name" "$(tr ' ' '\t' < "$timing")" "$bytes" "$files"
}

printf 'terms\ttool\twall_s\tuser_s\tsys_s\tpeak_kb\tbytes\tfiles\n'
for terms in $sizes; do
  corpus="$dir/corpus-$terms.jsonl"
  [ -f "$corpus" ] || "$bin" generate --terms "$terms" --out "$corpus" >/dev/null 2>&1
  cp data/glossgraph.toml "$dir/glossgraph.toml"
  echo "# $terms terms: input $(stat -c %s "$corpus") bytes, $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
  rm -rf "$dir/site"* "$dir/copy" "$dir/hugo"*
  mkdir -p "$dir/hugo/content/term" "$dir/hugo/layouts/_default"
  printf 'baseURL = "https://glossgraph.example/rdma-storage/"\ntitle = "glossary"\ndisableKinds = ["taxonomy", "term", "RSS"]\n' > "$dir/hugo/hugo.toml"
  printf '<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body><h1>{{ .Title }}</h1>{{ .Content }}</body></html>\n' > "$dir/hugo/layouts/_default/single.html"
  printf '<!DOCTYPE html><html><head><title>{{ .Title }}</title></head><body><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Summary }}</li>{{ end }}</ul></body></html>\n' > "$dir/hugo/layouts/_default/list.html"
  python3 - "$corpus" "$dir/hugo/content/term" <<'PY'
import json, sys, pathlib
out = pathlib.Path(sys.argv[2])
for line in open(sys.argv[1], encoding="utf-8"):
    card = json.loads(line)
    title = json.dumps(card["term"])
    body = card["definition"] + "\n\n" + card.get("note", "")
    (out / (card["slug"] + ".md")).write_text(f"---\ntitle: {title}\n---\n{body}\n", encoding="utf-8")
PY
  for round in $(seq "$rounds"); do
    echo "# round $round, $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
    measure site "$dir/site-$round" "$bin" site "$corpus" --out "$dir/site-$round"
    measure hugo "$dir/hugo-public-$round" hugo --source "$dir/hugo" --quiet \
      --destination "$(realpath "$dir")/hugo-public-$round"
  done
  measure parse "" target/release/examples/bare_parse "$corpus"
  measure cpsync "$dir/copy" sh -c 'cp -r "$1" "$2" && sync' cpsync "$dir/site-1" "$dir/copy"
  rm -rf "$dir/site"* "$dir/copy" "$dir/hugo"*
done
