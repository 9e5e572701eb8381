"""Reads a TBX v2 file with translate-toolkit (translate.storage.tbx, the reader Weblate and
Pootle use) and prints, as JSON, what it found in each entry: its id, and for each language
the terms in order and the definitions. tests/it/consumers/tbx.rs compares that with the
cards the file was written from.

Usage: tbx_read.py FILE.tbx
"""

import json
import sys

from translate.storage import tbx

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def main(path):
    store = tbx.tbxfile.parsefile(path)
    entries = []
    for unit in store.units:
        languages = {}
        for node in unit.xmlelement.findall(unit.namespaced("langSet")):
            lang = node.get(XML_LANG)
            store.settargetlanguage(lang)
            terms = [term.text for term in unit.get_target_terms(lang)]
            definitions = [
                note.text
                for note in unit.get_common_notes()
                if note.origin == "definition"
                and note.category == "definition"
                and note.scope == "language"
            ]
            languages[lang] = {"terms": terms, "definitions": definitions}
        entries.append({"id": unit.getid(), "languages": languages})
    json.dump({"sourcelanguage": store.sourcelanguage, "entries": entries}, sys.stdout,
              ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main(sys.argv[1])
