"""The Markdown table of `benches/export.sh`: medians over the runs of its result lines.

    python3 benches/export_table.py RESULTS "FORMAT ..."

RESULTS holds the script's result lines (terms, input bytes, tool, run, wall s, user s, sys s,
peak KiB, output bytes, load; tab-separated; lines starting with `#` or `terms` are skipped),
so a saved run's output can be tabulated again.
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


def m(terms, tool, key):
    return med(rows[terms, tool][key])


# Sizes measured in parts: the whole export, estimated from them.
for terms in sorted({t for t, tool in rows if tool == "check"}):
    check = rows[terms, "check"]
    rows[terms, "export"] = {
        "input": check["input"],
        "wall": [m(terms, "check", "wall") + sum(m(terms, f, "wall") - m(terms, "check", "wall") for f in formats)],
        "cpu": [m(terms, "check", "cpu") + sum(m(terms, f, "cpu") - m(terms, "check", "cpu") for f in formats)],
        "peak": [max(m(terms, t, "peak") for t in ["check"] + formats)],
        "out": [sum(m(terms, f, "out") for f in formats)],
        "load": check["load"],
        "parts": True,
    }
# The floors' cat and copy: measured, or at the bytes per second of the largest size measured
# whole in the same run.
for floor in ("cat", "copy"):
    whole = [t for t, tool in rows if tool == floor]
    for terms in sorted({t for t, tool in rows if tool == "parse"}):
        if (terms, floor) not in rows and whole:
            ref = max(whole)
            scale = m(terms, "export", "out") / m(ref, floor, "out")
            rows[terms, floor] = {k: [m(ref, floor, k) * scale] for k in ("wall", "cpu")}
            rows[terms, floor]["estimated"] = True

print()
print("| terms | stack | input MB | output MB | wall s | CPU s | peak MB | peak / input "
      "| floor: parse + cat, wall (CPU) s | / floor, wall (CPU) "
      "| floor: parse + copy, wall (CPU) s | / that floor, wall (CPU) | load |")
print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for terms in sorted({t for t, _ in rows}):
    for tool, name in (("export", "glossgraph export"),
                       ("python", "Python: json + rdflib + NetworkX + pydot")):
        r = rows.get((terms, tool))
        if r is None:
            continue
        if r.get("parts"):
            name += " (estimated from its parts, see below)"
        wall, cpu, peak = med(r["wall"]), med(r["cpu"]), med(r["peak"])
        cells = [f"{terms:,}", name, f"{r['input'] / MB:,.1f}", f"{med(r['out']) / MB:,.1f}",
                 f"{wall:,.2f}", f"{cpu:,.2f}", f"{peak / MB:,.0f}", f"{peak / r['input']:.2f}x"]
        if (terms, "parse") in rows and (terms, "cat") in rows:
            cat = rows[terms, "cat"]
            fw = m(terms, "parse", "wall") + med(cat["wall"])
            fc = m(terms, "parse", "cpu") + med(cat["cpu"])
            note = " (cat estimated)" if cat.get("estimated") else ""
            ratio = (f"{wall / fw:.1f}x ({cpu / fc:.1f}x)" if fw and fc
                     else "too small to time")
            cells += [f"{fw:.2f} ({fc:.2f}){note}", ratio]
        else:
            cells += ["", ""]
        if (terms, "parse") in rows and (terms, "copy") in rows:
            copy = rows[terms, "copy"]
            fw = m(terms, "parse", "wall") + med(copy["wall"])
            fc = m(terms, "parse", "cpu") + med(copy["cpu"])
            note = " (copy estimated)" if copy.get("estimated") else ""
            cells += [f"{fw:.2f} ({fc:.2f}){note}", f"{wall / fw:.1f}x ({cpu / fc:.1f}x)"]
        else:
            cells += ["", ""]
        cells.append(f"{med(r['load']):.2f}")
        print("| " + " | ".join(cells) + " |")
