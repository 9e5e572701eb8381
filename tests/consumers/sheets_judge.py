"""Judges of glossgraph's spreadsheets (tests/it/consumers/sheets.rs).

  sheets_judge.py openpyxl FILE.xlsx
      prints, as JSON, what openpyxl reads of the workbook: its sheets, the active sheet's
      frozen pane, whether its header is bold, and every cell of it as text.

  sheets_judge.py openpyxl-dates DIR
      has openpyxl write two workbooks of terms with dates, as Excel keeps them (a number of
      days in a cell formatted as a date): DIR/dates.xlsx, counting from 1900, with a date,
      a date and time, a month as text; DIR/number.xlsx, with a bare number in a date
      column; and DIR/mac.xlsx, counting from 1904 as old Excel for the Mac did.

  sheets_judge.py voc4cat DIR VOCAB.ttl GLOSSGRAPH
      has voc4cat make its template of VOCAB.ttl (DIR/out/VOCAB.xlsx) and the SKOS of that
      sheet (DIR/back/VOCAB.ttl); has glossgraph export the same sheet as Turtle; prints, as
      JSON, the concepts of voc4cat's SKOS, how many of their preferred labels,
      definitions, alternative labels and broader links were looked for, and which of them
      glossgraph's SKOS lacks.

  sheets_judge.py voc4cat-reads DIR GLOSSGRAPH NAME=GLOSSARY...
      has glossgraph export each GLOSSARY in voc4cat's template (`--format voc4cat`) and as
      Turtle, and voc4cat make SKOS of that workbook (named NAME.xlsx, as voc4cat names a
      vocabulary by its file); prints, as JSON, per NAME: the concepts of glossgraph's SKOS,
      how many of their labels, definitions and broader links were looked for, which of
      them voc4cat's SKOS lacks, and what glossgraph said while writing.
"""

import json
import pathlib
import subprocess
import sys


def openpyxl_cells(path):
    import openpyxl

    book = openpyxl.load_workbook(path)
    sheet = book.active
    rows = []
    for row in sheet.iter_rows(values_only=True):
        cells = ["" if v is None else str(v) for v in row]
        while cells and cells[-1] == "":
            cells.pop()
        rows.append(cells)
    return {
        "sheets": book.sheetnames,
        "frozen": sheet.freeze_panes,
        "bold_header": bool(sheet["A1"].font and sheet["A1"].font.b),
        "rows": rows,
    }


def openpyxl_dates(directory):
    import datetime

    import openpyxl
    from openpyxl.utils.datetime import CALENDAR_MAC_1904

    directory = pathlib.Path(directory)
    for name, epoch, rows in [
        ("dates.xlsx", None, [
            ["a", "A", "Term a.", datetime.date(2024, 3, 1), datetime.date(1900, 1, 5)],
            ["b", "B", "Term b.", datetime.datetime(2023, 12, 31, 18, 30), "2023-12"],
        ]),
        ("number.xlsx", None, [["c", "C", "Term c.", 45352]]),
        ("mac.xlsx", CALENDAR_MAC_1904, [
            ["d", "D", "Term d.", datetime.date(2024, 3, 1), datetime.date(1904, 1, 1)],
        ]),
    ]:
        book = openpyxl.Workbook()
        if epoch is not None:
            book.epoch = epoch
        sheet = book.active
        sheet.title = "Terms"
        sheet.append(["slug", "prefLabel@en", "definition@en", "updated", "firstSeen"])
        for row in rows:
            sheet.append(row)
        book.save(directory / name)
    return {"written": ["dates.xlsx", "number.xlsx", "mac.xlsx"]}


def idranges(name):
    """voc4cat's own example settings (`idranges.toml` of its templates), for `name`, with
    the two fields it leaves for its user to fill: a creator and a repository."""
    import re

    import voc4cat

    template = pathlib.Path(voc4cat.__file__).parent / "templates" / "vocab" / "idranges.toml"
    text = template.read_text().replace("myvocab", name)
    text = re.sub(r'# creator = """\n# ([^\n]*)\n(# [^\n]*\n)*# """',
                  r'creator = """\n\1\n"""', text, count=1)
    text = re.sub(r'# repository = ".*"', f'repository = "https://github.com/example/{name}"',
                  text, count=1)
    return text


def voc4cat(directory, vocabulary, glossgraph):
    import rdflib
    from rdflib.namespace import RDF, SKOS

    directory = pathlib.Path(directory)
    name = pathlib.Path(vocabulary).stem
    (directory / "idranges.toml").write_text(idranges(name))
    tool = str(pathlib.Path(sys.executable).parent / "voc4cat")
    config = ["--config", str(directory / "idranges.toml")]
    run = lambda *args: subprocess.run(args, check=True, capture_output=True, text=True)
    run(tool, "convert", *config, "-O", str(directory / "out"), vocabulary)
    sheet = directory / "out" / f"{name}.xlsx"
    run(tool, "convert", *config, "-O", str(directory / "back"), str(sheet))
    theirs = rdflib.Graph().parse(directory / "back" / f"{name}.ttl")
    run(glossgraph, "export", str(sheet), "--format", "turtle", "--out",
        str(directory / "gg"), "--quiet")
    ours = rdflib.Graph().parse(directory / "gg" / "glossary.ttl")
    concepts = sorted(str(c) for c in theirs.subjects(RDF.type, SKOS.Concept))
    checked, lacking = 0, []
    for concept in concepts:
        c = rdflib.URIRef(concept)
        if (c, RDF.type, SKOS.Concept) not in ours:
            lacking.append([concept, "the concept"])
            continue
        for p in (SKOS.prefLabel, SKOS.definition, SKOS.altLabel, SKOS.broader):
            for o in theirs.objects(c, p):
                checked += 1
                if (c, p, o) not in ours:
                    lacking.append([concept, p.n3(theirs.namespace_manager), str(o)])
    return {"sheet": str(sheet), "concepts": concepts, "checked": checked, "lacking": lacking}


def voc4cat_reads(directory, glossgraph, glossaries):
    import rdflib
    from rdflib.namespace import RDF, SKOS

    directory = pathlib.Path(directory)
    tool = str(pathlib.Path(sys.executable).parent / "voc4cat")
    report = {}
    for given in glossaries:
        name, glossary = given.split("=", 1)
        out = directory / f"gg-{name}"
        said = subprocess.run(
            [glossgraph, "export", glossary, "--format", "voc4cat,turtle", "--out", str(out)],
            check=True, capture_output=True, text=True).stderr
        sheets = directory / f"sheets-{name}"
        sheets.mkdir()
        sheet = sheets / f"{name}.xlsx"
        sheet.write_bytes((out / "glossary.voc4cat.xlsx").read_bytes())
        settings = directory / f"idranges-{name}.toml"
        settings.write_text(idranges(name))
        subprocess.run([tool, "convert", "--config", str(settings), "-O",
                        str(directory / f"back-{name}"), str(sheet)],
                       check=True, capture_output=True, text=True)
        theirs = rdflib.Graph().parse(directory / f"back-{name}" / f"{name}.ttl")
        ours = rdflib.Graph().parse(out / "glossary.ttl")
        concepts = sorted(str(c) for c in ours.subjects(RDF.type, SKOS.Concept))
        checked, lacking = 0, []
        for concept in concepts:
            c = rdflib.URIRef(concept)
            if (c, RDF.type, SKOS.Concept) not in theirs:
                lacking.append([concept, "the concept"])
            for p in (SKOS.prefLabel, SKOS.altLabel, SKOS.definition, SKOS.broader):
                for o in ours.objects(c, p):
                    checked += 1
                    if (c, p, o) not in theirs:
                        language = getattr(o, "language", None) or ""
                        lacking.append([concept, p.n3(ours.namespace_manager), str(o), language])
        report[name] = {"concepts": concepts, "checked": checked, "lacking": lacking,
                        "said": said}
    return report


if __name__ == "__main__":
    if sys.argv[1] == "openpyxl":
        print(json.dumps(openpyxl_cells(sys.argv[2])))
    elif sys.argv[1] == "openpyxl-dates":
        print(json.dumps(openpyxl_dates(sys.argv[2])))
    elif sys.argv[1] == "voc4cat-reads":
        print(json.dumps(voc4cat_reads(sys.argv[2], sys.argv[3], sys.argv[4:])))
    else:
        print(json.dumps(voc4cat(*sys.argv[2:5])))
