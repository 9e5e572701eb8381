#!/usr/bin/env bash
# The whole `glossgraph export` (every format) and its restated floor (issue 20) on a disk
# with room for the export but not for benches/export.sh's copies beside it: at 1M terms the
# export writes about 75 GB, and benches/export.sh asks for 40x the input free (80 GB) before
# it measures the whole export, otherwise it measures it in parts.
#
#   benches/export_whole_tight.sh                        # 1M generated terms (seed 1)
#   benches/export_whole_tight.sh CORPUS OUT [BIN]       # another corpus, output folder, build
#   FORMATS=turtle,ntriples benches/export_whole_tight.sh # only these formats (`--format`)
#
# FORMATS is for a disk too small for even the whole export: run the script once per group of
# formats. Each run loads and checks the glossary again, so the sum of the groups' export
# times bounds the whole export's from above; their floors (sha and copysync) add up to the
# whole export's, with the parse counted once.
#
# In order, each under `/usr/bin/time -f 'NAME %e %U %S %M'` (wall, user, sys seconds, peak KiB):
#   export   `glossgraph export CORPUS --out OUT --quiet`, then the bytes written (`du -sb`)
#   sha      `openssl dgst -sha256 OUT/*`: SHA-256 of every byte written
#   copysync each file, smallest first: `cat FILE > COPY; sync COPY; rm COPY`, then FILE itself
#            removed, so the largest file is copied once the others are gone (one line per
#            file, wall seconds by the shell's clock)
#   parse    the bare_parse example on CORPUS
# The restated floor is parse + sha + the copysync lines; OUT is empty at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-target/bench/corpus-1000000.jsonl}
out=${2:-target/bench/export-whole}
bin=${3:-}
if [ -z "$bin" ]; then
  cargo build --profile dist --quiet --bin glossgraph --example bare_parse
  bin=target/dist/glossgraph
fi
floor_parse=$(dirname "$bin")/examples/bare_parse
[ -x "$floor_parse" ] || floor_parse=target/dist/examples/bare_parse
if [ ! -s "$corpus" ]; then
  mkdir -p "$(dirname "$corpus")"
  "$bin" generate --terms 1000000 --seed 1 --out "$corpus"
fi
t() { /usr/bin/time -f "$1 %e %U %S %M" "${@:2}"; }
echo "# $(date -u +%FT%TZ) $("$bin" --version), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), formats ${FORMATS:-all}"
rm -rf "$out"
formats=()
[ -z "${FORMATS:-}" ] || formats=(--format "$FORMATS")
t export "$bin" export "$corpus" --out "$out" --quiet "${formats[@]}"
du -sb "$out"
t sha sh -c 'openssl dgst -sha256 "$1"/* > /dev/null' sha "$out"
for f in $(ls -S -r "$out"); do
  start=$EPOCHREALTIME
  cat "$out/$f" > "$out.copy"
  sync "$out.copy"
  rm "$out.copy"
  end=$EPOCHREALTIME
  echo "copysync $f $(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }')"
  rm "$out/$f"
done
t parse "$floor_parse" "$corpus" > /dev/null
