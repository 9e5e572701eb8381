#!/usr/bin/env python3
"""Writes a SKOS vocabulary shaped like a published thesaurus, as Turtle, for the import
benchmark (benches/skos_import.sh): N concepts in one scheme under one namespace, each with
prefLabels in three languages, an altLabel, a notation, a definition, one broader concept (one
in ten a second: polyhierarchy) stated with its narrower mirror, a related concept for one in
three, an exactMatch for one in five. Deterministic: the same N gives the same bytes.

    benches/skos_vocabulary.py N OUT.ttl
"""
import random
import sys

WORDS = ("wave field star dust cloud orbit mass light phase flux noise grain shell "
         "plasma spin disc core halo jet ring").split()


def label(rng, i):
    return " ".join(rng.choice(WORDS) for _ in range(2)).capitalize() + f" {i}"


def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(1)
    broader = {}
    for i in range(1, n):
        parents = {rng.randrange(0, i)}
        if rng.random() < 0.1:
            parents.add(rng.randrange(0, i))
        broader[i] = sorted(parents)
    narrower = {}
    for child, parents in broader.items():
        for p in parents:
            narrower.setdefault(p, []).append(child)
    with open(out, "w", encoding="utf-8") as f:
        f.write("@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n"
                "@prefix dcterms: <http://purl.org/dc/terms/> .\n"
                "@prefix v: <http://vocab.example/v/> .\n\n"
                "<http://vocab.example/v/> a skos:ConceptScheme ;\n"
                '  dcterms:title "A generated vocabulary"@en ;\n'
                "  skos:hasTopConcept v:c0 .\n\n")
        for i in range(n):
            name = label(rng, i)
            lines = [f"v:c{i} a skos:Concept", "skos:inScheme <http://vocab.example/v/>",
                     f'skos:prefLabel "{name}"@en, "{name} (de)"@de, "{name} (fr)"@fr',
                     f'skos:altLabel "{name.lower()} alt"@en',
                     f'skos:notation "{i:06d}"',
                     f'skos:definition "The {name.lower()} as seen by the survey of '
                     f'{rng.choice(WORDS)} and {rng.choice(WORDS)} in the {rng.choice(WORDS)}."@en']
            if i == 0:
                lines.append("skos:topConceptOf <http://vocab.example/v/>")
            for p in broader.get(i, []):
                lines.append(f"skos:broader v:c{p}")
            for c in narrower.get(i, []):
                lines.append(f"skos:narrower v:c{c}")
            if i > 0 and rng.random() < 1 / 3:
                lines.append(f"skos:related v:c{rng.randrange(0, i)}")
            if rng.random() < 0.2:
                lines.append(f"skos:exactMatch <http://other.example/id/{i}>")
            f.write(" ;\n  ".join(lines) + " .\n")


if __name__ == "__main__":
    main()
