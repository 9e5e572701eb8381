#!/usr/bin/env python3
"""Compares a SKOS vocabulary with glossgraph's export of it, concept by concept, with rdflib.

Usage: skos_roundtrip.py ORIGINAL FORMAT EXPORT.ttl [--exact]

For every concept of ORIGINAL (typed skos:Concept or a subclass the file declares), the
export must hold the same IRI with the same values of: prefLabel, altLabel, hiddenLabel
(SKOS-XL labels read as plain ones), definition and the six other note kinds (a note that is
a resource read by its rdf:value or rdfs:comment) per language, broader (narrower read
backwards), related (either direction), the five mappings, notations (glossgraph's own
`gx:Slug` notation aside), owl:deprecated, dcterms:isReplacedBy and dcterms:replaces (each
read backwards too), dcterms:created (to the day, as the card keeps it), rdfs:label, and the
schemes it is in and a top concept of (skos:topConceptOf, or skos:hasTopConcept read
backwards; skos:inScheme only when the original states it of some concept: a vocabulary
that states none gets the glossary's scheme on each), for concepts of the file and IRIs
outside it alike. Control characters the cards refuse are
dropped from the original's texts first (the import says so with a warning).

The concept scheme of the original that the export names the same must hold the same
statements, but for its top concepts (the export states them from the concepts' side); the
export may add only the labels it gives every scheme, its title as skos:prefLabel,
rdfs:label and dcterms:title.

With --exact (for an original without blank nodes), the export must hold every triple of the
original, and of its own triples about the original's subjects no other but those
glossgraph states of every export: its `gx:Slug` notation and `gx:` properties, and the
scheme title's labels. Inverse properties are read as one on both sides, as SKOS defines
them (the export states each link from both sides, top concepts from the concepts'):
skos:hasTopConcept as skos:topConceptOf backwards, skos:narrower as skos:broader backwards,
skos:related either way.

Prints each difference; exits 1 if there is any.
"""

import sys

from rdflib import Graph, Literal, URIRef
from rdflib.namespace import OWL, RDF, RDFS, SKOS, DCTERMS

SKOSXL = "http://www.w3.org/2008/05/skos-xl#"
TEXTS = [
    SKOS.prefLabel,
    SKOS.altLabel,
    SKOS.hiddenLabel,
    SKOS.definition,
    SKOS.scopeNote,
    SKOS.note,
    SKOS.example,
    SKOS.historyNote,
    SKOS.editorialNote,
    SKOS.changeNote,
    RDFS.label,
]
XL = {
    URIRef(SKOSXL + "prefLabel"): SKOS.prefLabel,
    URIRef(SKOSXL + "altLabel"): SKOS.altLabel,
    URIRef(SKOSXL + "hiddenLabel"): SKOS.hiddenLabel,
}
LINKS = [
    SKOS.exactMatch,
    SKOS.closeMatch,
    SKOS.broadMatch,
    SKOS.narrowMatch,
    SKOS.relatedMatch,
]
# Each read from both sides: a replacement stated on one side comes back on both.
MIRRORED = [(DCTERMS.isReplacedBy, DCTERMS.replaces), (DCTERMS.replaces, DCTERMS.isReplacedBy)]


def clean(text):
    return "".join(
        c for c in text if c in "\t\n\r" or not (ord(c) < 32 or 127 <= ord(c) < 160)
    )


def text_of(g, o):
    if isinstance(o, Literal):
        return o
    for p in (RDF.value, URIRef(SKOSXL + "literalForm"), RDFS.comment):
        for v in g.objects(o, p):
            return v
    return None


def concepts(g):
    classes = {SKOS.Concept}
    while True:
        more = {s for s, _, o in g.triples((None, RDFS.subClassOf, None)) if o in classes}
        if more <= classes:
            break
        classes |= more
    return {s for c in classes for s in g.subjects(RDF.type, c) if isinstance(s, URIRef)}


def facts(g, c, schemes=True):
    out = set()
    for p in TEXTS:
        for o in g.objects(c, p):
            t = text_of(g, o)
            if t is not None:
                out.add((p, (t.language or "").lower(), clean(str(t))))
    for xl, p in XL.items():
        for o in g.objects(c, xl):
            t = text_of(g, o)
            if t is not None:
                out.add((p, (t.language or "").lower(), clean(str(t))))
    for o in g.objects(c, SKOS.broader):
        out.add((SKOS.broader, str(o)))
    for s in g.subjects(SKOS.narrower, c):
        out.add((SKOS.broader, str(s)))
    for o in g.objects(c, SKOS.narrower):
        out.add((SKOS.narrower, str(o)))
    for s in g.subjects(SKOS.broader, c):
        out.add((SKOS.narrower, str(s)))
    for o in g.objects(c, SKOS.related):
        out.add((SKOS.related, str(o)))
    for s in g.subjects(SKOS.related, c):
        out.add((SKOS.related, str(s)))
    for p in LINKS:
        for o in g.objects(c, p):
            out.add((p, str(o)))
    for o in g.objects(c, SKOS.notation):
        if not str(o.datatype or "").endswith("Slug"):
            out.add((SKOS.notation, str(o), str(o.datatype or "")))
    for p, back in MIRRORED:
        for o in g.objects(c, p):
            out.add((p, str(o)))
        for s in g.subjects(back, c):
            out.add((p, str(s)))
    for o in g.objects(c, DCTERMS.created):
        out.add((DCTERMS.created, str(o)[:10]))
    for o in g.objects(c, OWL.deprecated):
        out.add((OWL.deprecated, str(o).lower() in ("true", "1")))
    for o in g.objects(c, SKOS.inScheme) if schemes else ():
        out.add((SKOS.inScheme, str(o)))
    for o in g.objects(c, SKOS.topConceptOf):
        out.add((SKOS.topConceptOf, str(o)))
    for s in g.subjects(SKOS.hasTopConcept, c):
        out.add((SKOS.topConceptOf, str(s)))
    return out


def scheme_differences(original, exported):
    """The statements of each scheme of `original` that `exported` also has, compared."""
    out = []
    ours = set(exported.subjects(RDF.type, SKOS.ConceptScheme))
    for scheme in sorted(set(original.subjects(RDF.type, SKOS.ConceptScheme)) & ours):
        want = {(p, o) for p, o in original.predicate_objects(scheme) if p != SKOS.hasTopConcept}
        got = set(exported.predicate_objects(scheme))
        # The title the export writes all three ways.
        title = (
            set(exported.objects(scheme, SKOS.prefLabel))
            & set(exported.objects(scheme, RDFS.label))
            & set(exported.objects(scheme, DCTERMS.title))
        )
        derived = {(p, t) for p in (SKOS.prefLabel, RDFS.label, DCTERMS.title) for t in title}
        for f in sorted(want - got, key=str):
            out.append(f"scheme <{scheme}> lost {f}")
        for f in sorted(got - want - derived, key=str):
            out.append(f"scheme <{scheme}> gained {f}")
    return out


def statements(g):
    """The triples of `g`, each inverse property as its other half (see --exact)."""
    out = set()
    for s, p, o in g:
        if p == SKOS.hasTopConcept:
            out.add((o, SKOS.topConceptOf, s))
        elif p == SKOS.narrower:
            out.add((o, SKOS.broader, s))
        elif p == SKOS.related:
            out.add((min(s, o), p, max(s, o)))
        else:
            out.add((s, p, o))
    return out


def exact_differences(original, exported):
    """Every triple of `original` in `exported`; none more about its subjects but glossgraph's own."""
    want = statements(original)
    subjects = {s for s, _, _ in want}
    titles = {}
    for scheme in exported.subjects(RDF.type, SKOS.ConceptScheme):
        titles[scheme] = (
            set(exported.objects(scheme, SKOS.prefLabel))
            & set(exported.objects(scheme, RDFS.label))
            & set(exported.objects(scheme, DCTERMS.title))
        )

    def glossgraphs(s, p, o):
        if p == SKOS.notation and str(getattr(o, "datatype", "") or "").endswith("Slug"):
            return True
        if str(p).endswith(("ns#status", "ns#firstSeen", "ns#lastSeen")):
            return True
        return p in (SKOS.prefLabel, RDFS.label, DCTERMS.title) and o in titles.get(s, ())

    got = {(s, p, o) for s, p, o in statements(exported) if s in subjects}
    out = [f"lost {t}" for t in sorted(want - got, key=str)]
    out += [f"gained {t}" for t in sorted(got - want, key=str) if not glossgraphs(*t)]
    return out


def main(argv):
    original, exported = Graph(), Graph()
    original.parse(argv[1], format=argv[2])
    exported.parse(argv[3], format="turtle")
    ours = concepts(exported)
    theirs = concepts(original)
    failed = False
    for c in sorted(theirs - ours):
        print(f"missing concept <{c}>")
        failed = True
    for c in sorted(ours - theirs):
        print(f"extra concept <{c}>")
        failed = True
    compared = 0
    schemes = any(original.triples((None, SKOS.inScheme, None)))
    for c in sorted(theirs & ours):
        want, got = facts(original, c, schemes), facts(exported, c, schemes)
        for f in sorted(want - got, key=str):
            print(f"<{c}> lost {f}")
            failed = True
        for f in sorted(got - want, key=str):
            print(f"<{c}> gained {f}")
            failed = True
        compared += 1
    for line in scheme_differences(original, exported):
        print(line)
        failed = True
    if "--exact" in argv[4:]:
        for line in exact_differences(original, exported):
            print(line)
            failed = True
        print(f"compared {len(statements(original))} triples")
    print(f"compared {compared} concepts")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
