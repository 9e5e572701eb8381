#!/usr/bin/env python3
"""The Python pipeline glossgraph's RDF export is measured against (see benches/rdf.sh).

Usage: rdf_pyoxigraph.py CARDS.jsonl FORMAT OUT     (FORMAT: ntriples or turtle)

Loads the cards of a JSON Lines glossary with Python's json module, builds the triples of
glossgraph's RDF/SKOS mapping (docs/rdf.md) as pyoxigraph terms, in glossgraph's order, and
writes them with pyoxigraph.serialize from a generator (streaming, like glossgraph). It uses
the default configuration (base https://example.org/glossary/, language en, title
"Glossary", the five known statuses), which is what glossgraph uses for a JSON Lines file
with no glossgraph.toml beside it. It does not check the cards (glossgraph's export does).

benches/rdf.sh compares the N-Triples this writes with glossgraph's, byte for byte, so the
two pipelines are known to write the same triples.
"""

import json
import sys

from pyoxigraph import Literal, NamedNode, RdfFormat, Triple, serialize

BASE = "https://example.org/glossary/"
LANGUAGE = "en"
TITLE = "Glossary"
STATUSES = sorted({"shipping", "emerging", "draft", "deprecated", "obsolete"})

RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
RDFS = "http://www.w3.org/2000/01/rdf-schema#"
OWL = "http://www.w3.org/2002/07/owl#"
XSD = "http://www.w3.org/2001/XMLSchema#"
SKOS = "http://www.w3.org/2004/02/skos/core#"
DCTERMS = "http://purl.org/dc/terms/"
SCHEMA = "https://schema.org/"
GX = BASE + "ns#"

PREFIXES = {
    "rdf": RDF, "rdfs": RDFS, "owl": OWL, "xsd": XSD, "skos": SKOS,
    "dcterms": DCTERMS, "schema": SCHEMA, "gx": GX,
}


def n(iri):
    return NamedNode(iri)


TYPE = n(RDF + "type")
PROPERTY, VALUE = n(RDF + "Property"), n(RDF + "value")
CLASS, DATATYPE, LABEL, COMMENT = n(RDFS + "Class"), n(RDFS + "Datatype"), n(RDFS + "label"), n(RDFS + "comment")
SUB_PROPERTY_OF, IS_DEFINED_BY = n(RDFS + "subPropertyOf"), n(RDFS + "isDefinedBy")
ONTOLOGY, DEPRECATED = n(OWL + "Ontology"), n(OWL + "deprecated")
BOOLEAN, DATE, G_YEAR_MONTH, G_YEAR, ANY_URI = (
    n(XSD + "boolean"), n(XSD + "date"), n(XSD + "gYearMonth"), n(XSD + "gYear"), n(XSD + "anyURI"))
CONCEPT, CONCEPT_SCHEME = n(SKOS + "Concept"), n(SKOS + "ConceptScheme")
IN_SCHEME, TOP_CONCEPT_OF, NOTATION = n(SKOS + "inScheme"), n(SKOS + "topConceptOf"), n(SKOS + "notation")
PREF_LABEL, ALT_LABEL, DEFINITION = n(SKOS + "prefLabel"), n(SKOS + "altLabel"), n(SKOS + "definition")
SCOPE_NOTE, NOTE, RELATED = n(SKOS + "scopeNote"), n(SKOS + "note"), n(SKOS + "related")
TITLE_P, MODIFIED, DATE_P = n(DCTERMS + "title"), n(DCTERMS + "modified"), n(DCTERMS + "date")
REPLACES, IS_REPLACED_BY = n(DCTERMS + "replaces"), n(DCTERMS + "isReplacedBy")
REFERENCES, IDENTIFIER, PROVENANCE = n(DCTERMS + "references"), n(DCTERMS + "identifier"), n(DCTERMS + "provenance")
BIBLIOGRAPHIC_RESOURCE, PROVENANCE_STATEMENT = n(DCTERMS + "BibliographicResource"), n(DCTERMS + "ProvenanceStatement")
URL = n(SCHEMA + "url")
GX_SLUG, GX_NOTE_PARAGRAPH = n(GX + "Slug"), n(GX + "NoteParagraph")
GX_LIFECYCLE_STATUS = n(GX + "LifecycleStatus")
GX_ADVANTAGE, GX_LIMITATION, GX_STATUS = n(GX + "advantage"), n(GX + "limitation"), n(GX + "status")
GX_FIRST_SEEN, GX_LAST_SEEN, GX_ACCESSED = n(GX + "firstSeen"), n(GX + "lastSeen"), n(GX + "accessed")
GX_PARAGRAPH_OF = n(GX + "paragraphOf")
SCHEME, ONTOLOGY_IRI = n(BASE), n(BASE + "ns")
TRUE = Literal("true", datatype=BOOLEAN)

# The vocabulary as glossgraph describes it (crates/export/src/rdf/vocab.rs).
GX_TERMS = [
    (GX_SLUG, DATATYPE, "slug", "The identity of a glossary term: lowercase ASCII words joined by hyphens, as in the term's IRI and card file name. The datatype of its skos:notation.", None),
    (GX_NOTE_PARAGRAPH, CLASS, "note paragraph", "A paragraph of a term's scope note that cites sources with [id] markers; dcterms:references names the citations it rests on.", None),
    (GX_LIFECYCLE_STATUS, CLASS, "lifecycle status", "A status a term's subject can have in the field, one of the glossary's configured statuses. A value of the glossary's vocabulary, not a concept of its concept scheme.", None),
    (GX_ADVANTAGE, PROPERTY, "advantage", "A short statement of what the term's subject is good at.", NOTE),
    (GX_LIMITATION, PROPERTY, "limitation", "A short statement of what the term's subject cannot do or does badly.", NOTE),
    (GX_STATUS, PROPERTY, "status", "The lifecycle status of the term's subject in the field; a gx:LifecycleStatus.", None),
    (GX_FIRST_SEEN, PROPERTY, "first seen", "When the term's subject was first seen in the field; an xsd:date, xsd:gYearMonth or xsd:gYear, as precisely as it is known.", DATE_P),
    (GX_LAST_SEEN, PROPERTY, "last seen", "When the term's subject was last seen in the field; an xsd:date, xsd:gYearMonth or xsd:gYear, as precisely as it is known.", DATE_P),
    (GX_ACCESSED, PROPERTY, "accessed", "When a cited source was consulted.", DATE_P),
    (GX_PARAGRAPH_OF, PROPERTY, "paragraph of", "The term whose scope note contains this paragraph.", None),
]
STATUS_DEFINITIONS = {
    "shipping": "Available in products and deployed in the field.",
    "emerging": "Specified or demonstrated, with early implementations; not yet widely deployed.",
    "draft": "Under specification; details may still change.",
    "deprecated": "Still found in the field but no longer recommended for new work.",
    "obsolete": "No longer used or supported.",
}


def en(text):
    return Literal(text, language="en")


def text(value):
    return Literal(value, language=LANGUAGE)


def encoded(value):
    """Percent-encodes all but ASCII letters, digits and -._~ (glossgraph's IRI segments)."""
    if all(c.isascii() and (c.isalnum() or c in "-._~") for c in value):
        return value
    out = []
    for b in value.encode("utf-8"):
        c = chr(b)
        out.append(c if b < 128 and (c.isalnum() or c in "-._~") else "%%%02X" % b)
    return "".join(out)


def date(value):
    datatype = {4: G_YEAR, 7: G_YEAR_MONTH}.get(len(value), DATE)
    return Literal(value, datatype=datatype)


def date_key(value):
    parts = [int(p) for p in value.split("-")]
    return tuple(parts + [0] * (3 - len(parts)))


def paragraphs(note):
    """The text between blank lines, as glossgraph's rdf::write::paragraphs."""
    rest = note
    while rest:
        cut, after = len(rest), ""
        search = 0
        while True:
            i = rest.find("\n", search)
            if i < 0:
                break
            start = i + 1
            end = rest.find("\n", start)
            end = len(rest) if end < 0 else end
            if end < len(rest) and all(c in " \t\r" for c in rest[start:end]):
                cut, after = i, rest[end + 1:]
                break
            search = start
        paragraph, rest = rest[:cut].strip("\n\r"), after
        if paragraph.strip():
            yield paragraph


def markers(text_):
    for part in text_.split("[")[1:]:
        if "]" in part:
            marker = part.split("]", 1)[0]
            if marker and all(c.isalnum() or c in "-_.:" for c in marker):
                yield marker


def triples(cards):
    by_slug = {}
    for card in cards:
        by_slug.setdefault(card["slug"], card)
    slugs = sorted(by_slug)
    related = {s: set() for s in slugs}
    replaces = {s: set() for s in slugs}
    replaced_by = {s: set() for s in slugs}
    for s in slugs:
        card = by_slug[s]
        for t in card.get("related", []):
            if t in by_slug and t != s:
                related[s].add(t)
                related[t].add(s)
        for t in card.get("supersedes", []):
            if t in by_slug and t != s:
                replaces[s].add(t)
                replaced_by[t].add(s)
        for t in card.get("supersededBy", []):
            if t in by_slug and t != s:
                replaced_by[s].add(t)
                replaces[t].add(s)

    updated = [c["updated"] for c in by_slug.values() if c.get("updated")]
    yield Triple(SCHEME, TYPE, CONCEPT_SCHEME)
    yield Triple(SCHEME, PREF_LABEL, text(TITLE))
    yield Triple(SCHEME, LABEL, text(TITLE))
    yield Triple(SCHEME, TITLE_P, text(TITLE))
    if updated:
        yield Triple(SCHEME, MODIFIED, date(max(updated, key=date_key)))
    for status in STATUSES:
        s = n(BASE + "status/" + encoded(status))
        yield Triple(s, TYPE, GX_LIFECYCLE_STATUS)
        yield Triple(s, PREF_LABEL, en(status))
        yield Triple(s, DEFINITION, en(STATUS_DEFINITIONS.get(status, "A status allowed by this glossary's configuration.")))
    yield Triple(ONTOLOGY_IRI, TYPE, ONTOLOGY)
    yield Triple(ONTOLOGY_IRI, LABEL, en("glossgraph vocabulary"))
    yield Triple(ONTOLOGY_IRI, COMMENT, en("Properties, classes and datatypes that glossgraph uses for the fields of a term card that SKOS and DCMI terms have no property for."))
    for term, kind, label, comment, parent in GX_TERMS:
        yield Triple(term, TYPE, kind)
        yield Triple(term, LABEL, en(label))
        yield Triple(term, COMMENT, en(comment))
        if parent is not None:
            yield Triple(term, SUB_PROPERTY_OF, parent)
        yield Triple(term, IS_DEFINED_BY, ONTOLOGY_IRI)

    for slug in slugs:
        card = by_slug[slug]
        iri = BASE + "term/" + encoded(slug)
        c = n(iri)
        citations = {}
        for citation in card.get("citations", []):
            citations.setdefault(citation["id"], citation)
        ids = sorted(citations)
        provenance = sorted(set(card.get("provenance", [])))
        yield Triple(c, TYPE, CONCEPT)
        yield Triple(c, IN_SCHEME, SCHEME)
        yield Triple(c, TOP_CONCEPT_OF, SCHEME)
        yield Triple(c, NOTATION, Literal(slug, datatype=GX_SLUG))
        yield Triple(c, PREF_LABEL, text(card["term"]))
        for alias in sorted(set(card.get("aliases", []))):
            yield Triple(c, ALT_LABEL, text(alias))
        yield Triple(c, DEFINITION, text(card["definition"]))
        note = card.get("note", "")
        if note:
            yield Triple(c, SCOPE_NOTE, text(note))
        for advantage in sorted(set(card.get("advantages", []))):
            yield Triple(c, GX_ADVANTAGE, text(advantage))
        for limitation in sorted(set(card.get("limitations", []))):
            yield Triple(c, GX_LIMITATION, text(limitation))
        if card.get("status") is not None:
            yield Triple(c, GX_STATUS, n(BASE + "status/" + encoded(card["status"])))
        for predicate, others in ((RELATED, related), (REPLACES, replaces), (IS_REPLACED_BY, replaced_by)):
            for other in sorted(others[slug]):
                yield Triple(c, predicate, n(BASE + "term/" + encoded(other)))
        if card.get("status") in ("deprecated", "obsolete") or replaced_by[slug]:
            yield Triple(c, DEPRECATED, TRUE)
        for predicate, field in ((GX_FIRST_SEEN, "firstSeen"), (GX_LAST_SEEN, "lastSeen"), (MODIFIED, "updated")):
            if card.get(field):
                yield Triple(c, predicate, date(card[field]))
        for i in ids:
            yield Triple(c, REFERENCES, n(iri + "#cite-" + encoded(i)))
        for k in range(1, len(provenance) + 1):
            yield Triple(c, PROVENANCE, n(iri + "#provenance-%d" % k))
        for k, paragraph in enumerate(paragraphs(note), 1):
            cited = sorted({m for m in markers(paragraph) if m in citations})
            if not cited:
                continue
            p = n(iri + "#note-%d" % k)
            yield Triple(p, TYPE, GX_NOTE_PARAGRAPH)
            yield Triple(p, GX_PARAGRAPH_OF, c)
            yield Triple(p, VALUE, text(paragraph))
            for m in cited:
                yield Triple(p, REFERENCES, n(iri + "#cite-" + encoded(m)))
        for i in ids:
            citation = citations[i]
            s = n(iri + "#cite-" + encoded(i))
            yield Triple(s, TYPE, BIBLIOGRAPHIC_RESOURCE)
            yield Triple(s, IDENTIFIER, Literal(i))
            yield Triple(s, TITLE_P, Literal(citation["title"]))
            try:
                url = NamedNode(citation["url"])
            except ValueError:
                url = Literal(citation["url"], datatype=ANY_URI)
            yield Triple(s, URL, url)
            if citation.get("accessed"):
                yield Triple(s, GX_ACCESSED, date(citation["accessed"]))
        for k, statement in enumerate(provenance, 1):
            s = n(iri + "#provenance-%d" % k)
            yield Triple(s, TYPE, PROVENANCE_STATEMENT)
            yield Triple(s, LABEL, text(statement))


def main(argv):
    path, fmt, out = argv[1:4]
    with open(path, encoding="utf-8") as f:
        cards = [json.loads(line) for line in f if line.strip()]
    format_ = {"ntriples": RdfFormat.N_TRIPLES, "turtle": RdfFormat.TURTLE}[fmt]
    prefixes = PREFIXES if format_ == RdfFormat.TURTLE else None
    with open(out, "wb") as sink:
        serialize(triples(cards), sink, format=format_, prefixes=prefixes)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
