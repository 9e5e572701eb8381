"""The Markdown table of `benches/export.sh`: medians over the runs of its result lines.

    python3 benches/export_table.py RESULTS "FORMAT ..." ["ALONE ..."]

RESULTS holds the script's result lines (terms, input bytes, tool, run, wall s, user s, sys s,
peak KiB, output bytes, load; tab-separated; lines starting with `#` or `terms` are skipped),
so a saved run's output can be tabulated again. FORMAT: every format of the whole export (a
size measured in parts is estimated from them); ALONE: the formats that get a row of their
own, against their own floors.

Three floors, each the sum of the bare parse and the medians of the parts named:
parse + cat, parse + copy (the tables before issue 20) and the restated floor of issue 20,
parse + copysync + sha (the bytes written to the disk once more, and hashed once).
"""
import statistics
import sys

med = statistics.median
MB = 1e6
rows = {}
for line in open(sys.argv[1]):
    if not line.strip() or line.startswith(("#", "terms", "|")):
        continue
    terms, input_bytes, tool, run, wall, user, sys_, peak, out, load = line.split("\t")
    r = rows.setdefault((int(terms), tool), {"input": int(input_bytes), "wall": [], "cpu": [],
                                             "peak": [], "out": [], "load": []})
    r["wall"].append(float(wall))
    r["cpu"].append(float(user) + float(sys_))
    r["peak"].append(int(peak) * 1024)
    r["out"].append(int(out))
    r["load"].append(float(load))
formats = sys.argv[2].split()
alone = sys.argv[3].split() if len(sys.argv) > 3 else []
FLOORS = ("cat", "copy", "copysync", "sha")


def m(terms, tool, key):
    return med(rows[terms, tool][key])


# Sizes measured in parts: the whole export, estimated from them, and its floors' copying and
# hashing as the sum of the parts' (when the parts measured them: before issue 20 they were
# written to a pipe).
for terms in sorted({t for t, tool in rows if tool == "check"}):
    parts = [f for f in formats if (terms, f) in rows]
    check = rows[terms, "check"]
    rows[terms, "export"] = {
        "input": check["input"],
        "wall": [m(terms, "check", "wall") + sum(m(terms, f, "wall") - m(terms, "check", "wall") for f in parts)],
        "cpu": [m(terms, "check", "cpu") + sum(m(terms, f, "cpu") - m(terms, "check", "cpu") for f in parts)],
        "peak": [max(m(terms, t, "peak") for t in ["check"] + parts)],
        "out": [sum(m(terms, f, "out") for f in parts)],
        "load": check["load"],
        "parts": True,
    }
    for floor in FLOORS:
        if parts and all((terms, f"{f}/{floor}") in rows for f in parts):
            rows[terms, floor] = {k: [sum(m(terms, f"{f}/{floor}", k) for f in parts)]
                                  for k in ("wall", "cpu")}
# A floor's part not measured at a size: at the bytes per second of the largest size where it
# was measured whole, in the same run.
for floor in FLOORS:
    whole = [t for t, tool in rows if tool == floor and "out" in rows[t, tool]]
    for terms in sorted({t for t, tool in rows if tool == "parse"}):
        if (terms, floor) not in rows and whole and (terms, "export") in rows:
            ref = max(whole)
            scale = m(terms, "export", "out") / m(ref, floor, "out")
            rows[terms, floor] = {k: [m(ref, floor, k) * scale] for k in ("wall", "cpu")}
            rows[terms, floor]["estimated"] = True


def floor_cells(terms, prefix, parts, wall, cpu):
    """The floor parse + parts (tools prefix + part) and the ratio to it, as two cells."""
    if (terms, "parse") not in rows or any((terms, prefix + p) not in rows for p in parts):
        return ["", ""]
    fw = m(terms, "parse", "wall") + sum(med(rows[terms, prefix + p]["wall"]) for p in parts)
    fc = m(terms, "parse", "cpu") + sum(med(rows[terms, prefix + p]["cpu"]) for p in parts)
    estimated = [p for p in parts if rows[terms, prefix + p].get("estimated")]
    note = f" ({', '.join(estimated)} estimated)" if estimated else ""
    ratio = f"{wall / fw:.2f}x ({cpu / fc:.2f}x)" if fw and fc else "too small to time"
    return [f"{fw:.2f} ({fc:.2f}){note}", ratio]


print()
print("| terms | stack | input MB | output MB | wall s | CPU s | peak MB | peak / input "
      "| floor: parse + cat, wall (CPU) s | / floor, wall (CPU) "
      "| floor: parse + copy, wall (CPU) s | / that floor, wall (CPU) "
      "| restated floor: parse + copy + sync + SHA-256, wall (CPU) s | / restated floor, wall (CPU) "
      "| load |")
print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for terms in sorted({t for t, _ in rows}):
    lines = [("export", "glossgraph export", ""),
             ("python", "Python: json + rdflib + NetworkX + pydot", "")]
    lines += [(f, f"glossgraph export --format {f}", f"{f}/") for f in alone]
    for tool, name, prefix in lines:
        r = rows.get((terms, tool))
        if r is None:
            continue
        if r.get("parts"):
            name += " (estimated from its parts, see below)"
        wall, cpu, peak = med(r["wall"]), med(r["cpu"]), med(r["peak"])
        cells = [f"{terms:,}", name, f"{r['input'] / MB:,.1f}", f"{med(r['out']) / MB:,.1f}",
                 f"{wall:,.2f}", f"{cpu:,.2f}", f"{peak / MB:,.0f}", f"{peak / r['input']:.2f}x"]
        cells += floor_cells(terms, prefix, ["cat"], wall, cpu)
        cells += floor_cells(terms, prefix, ["copy"], wall, cpu)
        cells += floor_cells(terms, prefix, ["copysync", "sha"], wall, cpu)
        cells.append(f"{med(r['load']):.2f}")
        print("| " + " | ".join(cells) + " |")
