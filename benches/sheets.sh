#!/usr/bin/env bash
# Benchmarks the spreadsheets (issue 63), in two parts; one line each: wall s, user s,
# peak KB, exit code.
#
#   TERMS=100000 benches/sheets.sh          # BIN=target/quick/glossgraph to time another build
#
# bounds: the inputs a sheet reader must refuse at once, with a located error, within 30 s
#   and 1 GiB: a CSV with a 100 MB cell; an XLSX of 1,048,576 rows (Excel's most); an XLSX
#   whose one part is 1 GiB of zeros deflated to 1 MB, its headers saying 100 bytes (a zip
#   bomb by its actual size); each read by `glossgraph check`.
# speed: a generated glossary of TERMS terms written as XLSX (`export --format xlsx`) and
#   read back (`check` of the sheet), against openpyxl writing the same rows (its default
#   workbook, and write_only) and reading every cell (its default, and read_only), with the
#   Python of target/test-tools/venv (scripts/install-test-tools.sh installs openpyxl).
set -euo pipefail
cd "$(dirname "$0")/.."
terms=${TERMS:-100000}
dir=${DIR:-target/bench-sheets}
python=${PYTHON:-target/test-tools/venv/bin/python}
mkdir -p "$dir"
[ -n "${BIN:-}" ] || cargo build --release --quiet --bin glossgraph
bin=${BIN:-target/release/glossgraph}
timing=$(mktemp)
said=$(mktemp)
trap 'rm -f "$timing" "$said"' EXIT

measure() {
  local name=$1
  shift
  local code=0
  /usr/bin/time -q -f "%e %U %M" -o "$timing" "$@" >"$said" 2>&1 || code=$?
  printf '%s\t%s\t%s\t%s\n' "$name" "$(tr ' ' '\t' < "$timing")" "$code" \
    "$(grep -m1 -A1 'error\[' "$said" | tr '\n' ' ' | cut -c1-150)"
}

"$python" - "$dir" <<'PY'
import pathlib, struct, sys, zipfile, zlib
out = pathlib.Path(sys.argv[1])
if not (out / "cell.csv").exists():
    with open(out / "cell.csv", "w") as f:
        f.write("slug,definition@en\na,")
        for _ in range(100):
            f.write("x" * 1_000_000)
        f.write("\n")
if not (out / "rows.xlsx").exists():
    with zipfile.ZipFile(out / "rows.xlsx", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/workbook.xml", '<workbook xmlns:r="r"><sheets><sheet name="Terms" r:id="rId1"/></sheets></workbook>')
        z.writestr("xl/_rels/workbook.xml.rels", '<Relationships><Relationship Id="rId1" Type="t/worksheet" Target="worksheets/sheet1.xml"/></Relationships>')
        with z.open("xl/worksheets/sheet1.xml", "w", force_zip64=False) as s:
            s.write(b'<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>slug</t></is></c></row>')
            for r in range(2, 1_048_577):
                s.write(b'<row r="%d"><c r="A%d" t="inlineStr"><is><t>t%d</t></is></c></row>' % (r, r, r))
            s.write(b"</sheetData></worksheet>")
if not (out / "bomb.xlsx").exists():
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    chunk = bytes(1 << 20)
    data = b"".join(deflate.compress(chunk) for _ in range(1024)) + deflate.flush()
    name = b"xl/workbook.xml"
    # Method 8, sizes that lie: 100 bytes once inflated.
    fields = struct.pack("<HHHHHIIIHH", 20, 0, 8, 0, 0x21, 0, len(data), 100, len(name), 0)
    local = b"PK\x03\x04" + fields + name
    central = b"PK\x01\x02" + struct.pack("<H", 20) + fields + bytes(10) + struct.pack("<I", 0) + name
    end = b"PK\x05\x06" + struct.pack("<HHHHIIH", 0, 0, 1, 1, len(central), len(local) + len(data), 0)
    (out / "bomb.xlsx").write_bytes(local + data + central + end)
PY

printf 'run\twall_s\tuser_s\tpeak_kb\texit\terror\n'
for file in cell.csv rows.xlsx bomb.xlsx; do
  measure "check $file" "$bin" check "$dir/$file"
done

corpus="$dir/corpus-$terms.jsonl"
[ -f "$corpus" ] || "$bin" generate --terms "$terms" --out "$corpus" >/dev/null 2>&1
rm -rf "$dir/out"
measure "glossgraph export --format xlsx ($terms terms)" \
  "$bin" export "$corpus" --format xlsx,sheet-csv --out "$dir/out" --quiet
measure "glossgraph check glossary.xlsx" "$bin" check "$dir/out/glossary.xlsx"
cat > "$dir/openpyxl_bench.py" <<'PY'
import csv, sys, openpyxl
mode, path = sys.argv[1], sys.argv[2]
if mode.startswith("write"):
    csv.field_size_limit(1 << 24)
    rows = list(csv.reader(open(sys.argv[3], newline="", encoding="utf-8")))
    book = openpyxl.Workbook(write_only=mode == "write_only")
    sheet = book.create_sheet("Terms") if mode == "write_only" else book.active
    for row in rows:
        sheet.append(row)
    book.save(path)
else:
    book = openpyxl.load_workbook(path, read_only=mode == "read_only")
    n = sum(1 for row in book.active.iter_rows(values_only=True) for v in row if v is not None)
    print(n)
PY
for mode in write write_only; do
  measure "openpyxl $mode (same rows)" "$python" "$dir/openpyxl_bench.py" "$mode" \
    "$dir/openpyxl-$mode.xlsx" "$dir/out/glossary.sheet.csv"
done
for mode in read read_only; do
  measure "openpyxl $mode (every cell)" "$python" "$dir/openpyxl_bench.py" "$mode" \
    "$dir/out/glossary.xlsx"
done
