"""Judges of glossgraph's spreadsheets (tests/it/consumers/sheets.rs).

  sheets_judge.py openpyxl FILE.xlsx
      prints, as JSON, what openpyxl reads of the workbook: its sheets, the active sheet's
      frozen pane, whether its header is bold, and every cell of it as text.

  sheets_judge.py voc4cat DIR VOCAB.ttl GLOSSGRAPH
      has voc4cat make its template of VOCAB.ttl (DIR/out/VOCAB.xlsx) and the SKOS of that
      sheet (DIR/back/VOCAB.ttl); has glossgraph export the same sheet as Turtle; prints, as
      JSON, the concepts of voc4cat's SKOS and what of each (a preferred label, a
      definition, an alternative label, a broader link) glossgraph's SKOS lacks.
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
    lacking = []
    for concept in concepts:
        c = rdflib.URIRef(concept)
        if (c, RDF.type, SKOS.Concept) not in ours:
            lacking.append([concept, "the concept"])
            continue
        for p in (SKOS.prefLabel, SKOS.definition, SKOS.altLabel, SKOS.broader):
            for o in theirs.objects(c, p):
                if (c, p, o) not in ours:
                    lacking.append([concept, p.n3(theirs.namespace_manager), str(o)])
    return {"sheet": str(sheet), "concepts": concepts, "lacking": lacking}


if __name__ == "__main__":
    if sys.argv[1] == "openpyxl":
        print(json.dumps(openpyxl_cells(sys.argv[2])))
    else:
        print(json.dumps(voc4cat(*sys.argv[2:5])))
