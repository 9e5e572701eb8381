#!/usr/bin/env bash
# Benchmarks the whole `glossgraph export` (every format) against its floor and against the
# Python stack (results go in BENCHMARKS.md).
#
#   benches/export.sh                                 # 10k, 100k and 1M generated terms
#   SIZES="10000 100000" RUNS=3 benches/export.sh
#   PYTHON_SIZES="" benches/export.sh                 # without the Python stack
#
# Corpora: `glossgraph generate --terms N` (seed 1) in target/bench/corpus-N.jsonl, shared
# with the other benchmarks; target/bench-rdf/corpus-N.jsonl (benches/rdf.sh) is used instead
# when it is there (the generator is deterministic: same bytes). For each size, one after the
# other in the same run:
#   export   `glossgraph export CORPUS --out DIR --quiet`: load, check, then every format
#            (Turtle, N-Triples, RDF/XML, JSON-LD, TriG, N-Quads, three GraphML profiles, DOT,
#            manifest.json; the SVG is skipped past 500 terms)
#   parse    the json_floor example: a bare serde_json parse of CORPUS into Values
#   cat      `cat DIR/* > /dev/null`: reading back every byte the export wrote
#   copy     `cat FILE > COPY; rm COPY` for every file written: writing the bytes once more
#   python   benches/export_python.py CORPUS DIR (json + rdflib + NetworkX + pydot), for the
#            sizes in PYTHON_SIZES (default 10000: rdflib's Turtle writer grows faster than
#            linearly, 20k terms already take minutes)
# floor = parse + cat. Each is timed by `/usr/bin/time -f '%e %U %S %M'` (wall, user, sys,
# peak RSS). Each result line: terms, input bytes, tool, run, wall s, user s, sys s, peak KiB,
# output bytes, load average before it. A Markdown table of the medians follows.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=target/bench
mkdir -p "$dir"
runs=${RUNS:-1}
python_sizes=" ${PYTHON_SIZES-10000} "
cargo build --release --quiet --bin glossgraph --example json_floor
bin=target/release/glossgraph
floor=target/release/examples/json_floor

exec 3>&1
timing=$(mktemp)
results=$(mktemp)
trap 'rm -f "$timing" "$timing.steps" "$results"; rm -rf "$dir/export-out" "$dir/export-copy"' EXIT

# measure TOOL RUN OUTPUT COMMAND... : times COMMAND and prints one result line; OUTPUT is the
# folder or file whose bytes are counted as written (empty: none).
measure() {
  local tool=$1 run=$2 output=$3 load
  shift 3
  load=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f "%e %U %S %M" -o "$timing" "$@"
  local size=0
  [ -n "$output" ] && size=$(du -sb "$output" | cut -f1)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$terms" "$input_bytes" "$tool" "$run" \
    "$(tr ' ' '\t' < "$timing")" "$size" "$load" | tee -a "$results" >&3
}

commit=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src Cargo.toml Cargo.lock || echo "+dirty")
echo "# $(date -u +%Y-%m-%dT%H:%MZ) commit $commit, $(nproc) cores, $(uname -sr), load $(cut -d' ' -f1-3 /proc/loadavg)"
printf 'terms\tinput bytes\ttool\trun\twall s\tuser s\tsys s\tpeak KiB\toutput bytes\tload\n'
out="$dir/export-out"
for terms in ${SIZES:-10000 100000 1000000}; do
  corpus="target/bench-rdf/corpus-$terms.jsonl"
  if [ ! -f "$corpus" ]; then
    corpus="$dir/corpus-$terms.jsonl"
    [ -f "$corpus" ] || "$bin" generate --terms "$terms" --out "$corpus"
  fi
  input_bytes=$(stat -c %s "$corpus")
  for run in $(seq "$runs"); do
    rm -rf "$out"
    measure export "$run" "$out" "$bin" export "$corpus" --out "$out" --quiet
    measure parse "$run" "" "$floor" "$corpus" 2> /dev/null
    measure cat "$run" "$out" sh -c 'cat "$1"/* > /dev/null' cat "$out"
    measure copy "$run" "$out" sh -c 'for f in "$1"/*; do cat "$f" > "$2"; rm "$2"; done' copy "$out" "$dir/export-copy"
    rm -rf "$out"
    if [[ "$python_sizes" == *" $terms "* ]]; then
      measure python "$run" "$out" python3 -W ignore benches/export_python.py "$corpus" "$out" 2> "$timing.steps"
      sed 's/^/# /' "$timing.steps"
      rm -rf "$out"
    fi
  done
done

# The table: medians over the runs.
python3 - "$results" <<'PY'
import statistics
import sys

rows = {}
for line in open(sys.argv[1]):
    terms, input_bytes, tool, run, wall, user, sys_, peak, out, load = line.split("\t")
    r = rows.setdefault((int(terms), tool), {"input": int(input_bytes), "wall": [], "cpu": [],
                                             "peak": [], "out": [], "load": []})
    r["wall"].append(float(wall))
    r["cpu"].append(float(user) + float(sys_))
    r["peak"].append(int(peak) * 1024)
    r["out"].append(int(out))
    r["load"].append(float(load))
med = statistics.median
MB = 1e6


def floor(terms, second, key):
    """Median over the runs of parse + `second` (cat or copy)."""
    return med([a + b for a, b in zip(rows[terms, "parse"][key], rows[terms, second][key])])


print()
print("| terms | stack | input MB | output MB | wall s | CPU s | peak MB | peak / input "
      "| floor: parse + cat, wall (CPU) s | / floor, wall (CPU) | parse + copy, wall (CPU) s "
      "| / (parse + copy), wall (CPU) | load |")
print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for terms in sorted({t for t, _ in rows}):
    floors = {k: (floor(terms, k, "wall"), floor(terms, k, "cpu")) for k in ("cat", "copy")}
    for tool, name in (("export", "glossgraph export"),
                       ("python", "Python: json + rdflib + NetworkX (run at 10k only)")):
        r = rows.get((terms, tool))
        if r is None:
            continue
        wall, cpu, peak = med(r["wall"]), med(r["cpu"]), med(r["peak"])
        cells = [f"{terms:,}", name, f"{r['input'] / MB:,.1f}", f"{med(r['out']) / MB:,.1f}",
                 f"{wall:,.2f}", f"{cpu:,.2f}", f"{peak / MB:,.0f}", f"{peak / r['input']:.2f}x"]
        for fw, fc in floors.values():
            cells += [f"{fw:.2f} ({fc:.2f})", f"{wall / fw:.1f}x ({cpu / fc:.1f}x)"]
        cells.append(f"{med(r['load']):.2f}")
        print("| " + " | ".join(cells) + " |")
PY
