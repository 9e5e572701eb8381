#!/usr/bin/env bash
# Benchmarks TBX (issue 63) against translate-toolkit; one line each: wall s, user s, peak KB.
#
#   TERMS=100000 benches/tbx.sh          # BIN=target/quick/glossgraph to time another build
#
# A generated glossary of TERMS terms written as TBX v3 and v2 (`export --format tbx,tbx2`),
# each read back (`check` of the file: read into cards, then checked); translate-toolkit's
# tbxfile (the Python of target/test-tools/venv) parsing the v2 file, and writing its units'
# terms (source and target only: all its store holds) after parsing it.
set -euo pipefail
cd "$(dirname "$0")/.."
terms=${TERMS:-100000}
dir=${DIR:-target/bench-sheets}
python=${PYTHON:-target/test-tools/venv/bin/python}
mkdir -p "$dir"
[ -n "${BIN:-}" ] || cargo build --release --quiet --bin glossgraph
bin=${BIN:-target/release/glossgraph}
measure() {
  printf '%s\t' "$1"
  shift
  /usr/bin/time -f "%e\t%U\t%M" "$@" 2>&1 >/dev/null | tail -1
}
corpus="$dir/corpus-$terms.jsonl"
[ -f "$corpus" ] || "$bin" generate --terms "$terms" --out "$corpus" >/dev/null 2>&1
cat > "$dir/tt_bench.py" <<'PY'
import sys
from translate.storage import tbx
mode, path = sys.argv[1], sys.argv[2]
if mode == "read":
    store = tbx.tbxfile.parsefile(path)
    print(sum(1 for u in store.units if not u.isheader() and u.source))
else:
    src = tbx.tbxfile.parsefile(sys.argv[3])
    out = tbx.tbxfile()
    for u in src.units:
        out.addsourceunit(u.source).target = u.target
    out.savefile(path)
PY
printf 'run\twall_s\tuser_s\tpeak_kb\n'
measure "glossgraph check (the JSON Lines alone)" "$bin" check "$corpus"
rm -rf "$dir/tbx"
measure "glossgraph export --format tbx2" "$bin" export "$corpus" --format tbx2 --out "$dir/tbx" --quiet
measure "glossgraph export --format tbx" "$bin" export "$corpus" --format tbx --out "$dir/tbx3" --quiet
measure "glossgraph check glossary.v2.tbx" "$bin" check "$dir/tbx/glossary.v2.tbx"
measure "glossgraph check glossary.tbx" "$bin" check "$dir/tbx3/glossary.tbx"
measure "translate-toolkit parse glossary.v2.tbx" "$python" "$dir/tt_bench.py" read "$dir/tbx/glossary.v2.tbx"
measure "translate-toolkit parse, then write" "$python" "$dir/tt_bench.py" write "$dir/tt.tbx" "$dir/tbx/glossary.v2.tbx"
