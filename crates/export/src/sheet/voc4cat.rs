//! The workbook of voc4cat's template (NFDI4Cat's vocabularies kept as XLSX in git and
//! turned into SKOS by `voc4cat convert`), written so that voc4cat reads it: `export
//! --format voc4cat` (glossary.voc4cat.xlsx).
//!
//! voc4cat reads a sheet by position, not by name: on `Concepts`, `Collections` and
//! `Mappings` a title in row 1, the SKOS meaning of each column in row 3, `Required` or
//! `Optional` in row 4, the headers in row 5 (each in its own column, spelled exactly as
//! its template spells it) and the rows from row 6 to the first empty one; on `Prefixes`
//! the title, then `Prefix`, `Namespace` in row 3. All four sheets must be there; the
//! `Concept Scheme` sheet it never reads (the scheme comes from its `idranges.toml`) is
//! written for the person who opens the file.
//!
//! A concept is a row per language, the main language first: the concept's IRI (as the
//! RDF export spells it), the language, the preferred label, the definition and the
//! alternative labels (joined by ` | `, as voc4cat joins them); on its first row the
//! broader concepts (`IRI (label)`, one a line) and the change notes; on each row that
//! language's editorial notes. The mappings (`exactMatch` …) go on `Mappings`.
//!
//! voc4cat refuses a row without a preferred label or a definition, so a language that
//! lacks either is not written ([`left_out`] says which, and the further definitions, as
//! voc4cat keeps one definition a language): a card's labels in such a language would make
//! voc4cat refuse the whole workbook. What else a card holds (hidden
//! labels, notations, statuses, citations, the other note kinds) the template has no
//! column for: the sheet of `--format xlsx` holds every field.

use std::io::Write;

use crate::card::skos::MAPPING_KINDS;
use crate::config::Config;
use crate::hierarchy::{Hierarchy, Target};
use crate::output::ExportError;
use crate::rdf::vocab::push_concept_iri;
use crate::{Card, Glossary};

use super::xlsx::{self, Sheet};

/// The template version voc4cat 1.x writes on its `Concept Scheme` sheet, whose layout
/// this module follows.
pub const TEMPLATE_VERSION: &str = "v1.0.rev-2025-12a";

/// The sheets of the template, in its order; the workbook opens on `Concepts`.
const SHEETS: [&str; 5] = [
    "Concept Scheme",
    "Concepts",
    "Collections",
    "Mappings",
    "Prefixes",
];

/// The columns of the `Concepts` sheet: header, meaning, required.
const CONCEPTS: [(&str, &str, bool); 17] = [
    ("Concept IRI*", "skos:Concept", true),
    ("Language Code*", "", true),
    ("Preferred Label*", "skos:prefLabel", true),
    ("Definition*", "skos:definition", true),
    ("Alternate Labels", "skos:altLabel", false),
    (
        "Parent IRIs",
        "skos:broader,\nskos:broaderTransitive",
        false,
    ),
    (
        "Member of collection(s)",
        "skos:Collection,\nskos:member",
        false,
    ),
    (
        "Member of ordered collection # position",
        "skos:OrderedCollection,\nskos:member",
        false,
    ),
    (
        "Provenance (read-only)",
        "dct:provenance,\nrdfs:seeAlso",
        false,
    ),
    ("Change Note", "skos:changeNote", false),
    ("Editorial Note", "skos:editorialNote", false),
    ("Influenced by IRIs", "prov:wasInfluencedBy", false),
    ("Source Vocab IRI or URL", "prov:hadPrimarySource", false),
    ("Source Vocab License", "dct:license", false),
    ("Source Vocab Rights Holder", "dct:rightsHolder", false),
    (
        "Obsoletion reason",
        "owl:deprecated,\nskos:historyNote",
        false,
    ),
    ("dct:isReplacedBy", "dct:isReplacedBy", false),
];

/// The columns of the `Collections` sheet (written empty: glossgraph has no collections).
const COLLECTIONS: [(&str, &str, bool); 11] = [
    (
        "Collection IRI*",
        "skos:Collection,\nskos:orderedCollection",
        true,
    ),
    ("Language Code*", "", true),
    ("Preferred Label*", "skos:prefLabel", true),
    ("Definition*", "skos:definition", true),
    ("Parent Collection IRIs", "skos:member", false),
    ("Ordered?", "", false),
    (
        "Provenance (read-only)",
        "dct:provenance,\nrdfs:seeAlso",
        false,
    ),
    ("Change Note", "skos:changeNote", false),
    ("Editorial Note", "skos:editorialNote", false),
    (
        "Obsoletion reason",
        "owl:deprecated,\nskos:historyNote",
        false,
    ),
    ("dct:isReplacedBy", "dct:isReplacedBy", false),
];

/// The columns of the `Mappings` sheet, and the mapping kind of each after the first.
const MAPPINGS: [(&str, &str, bool); 7] = [
    ("Concept IRI*", "skos:Concept", true),
    ("Related Matches", "skos:relatedMatch", false),
    ("Close Matches", "skos:closeMatch", false),
    ("Exact Matches", "skos:exactMatch", false),
    ("Narrower Matches", "skos:narrowMatch", false),
    ("Broader Matches", "skos:broadMatch", false),
    ("Editorial Note", "not in RDF!", false),
];

/// The rows of a sheet of `title` with the template's rows above its data: the title, an
/// empty row, the meanings, `Required`/`Optional`, the headers.
fn head(title: &str, columns: &[(&str, &str, bool)]) -> Vec<Vec<String>> {
    vec![
        vec![title.to_owned()],
        Vec::new(),
        columns.iter().map(|c| c.1.to_owned()).collect(),
        columns
            .iter()
            .map(|c| if c.2 { "Required" } else { "Optional" }.to_owned())
            .collect(),
        columns.iter().map(|c| c.0.to_owned()).collect(),
    ]
}

/// A language of a card as one row of the template: its tag, label, definition,
/// alternative labels and editorial notes.
struct Language<'c> {
    tag: String,
    label: Option<&'c str>,
    definition: Option<&'c str>,
    aliases: Vec<&'c str>,
    editorial: &'c [String],
    /// Whether it has further definitions (`notes.definition`), which the template cannot
    /// hold.
    further: bool,
}

/// The languages of `card`, the main one first.
fn languages<'c>(card: &'c Card, main: &str) -> Vec<Language<'c>> {
    let skos = card.skos();
    let none: &[String] = &[];
    let editorial = |notes: &'c crate::card::skos::ByKind| {
        notes.get("editorialNote").map_or(none, Vec::as_slice)
    };
    let mut out = vec![Language {
        tag: main.to_owned(),
        label: Some(card.term()).filter(|t| !t.is_empty()),
        definition: Some(card.definition()).filter(|d| !d.is_empty()),
        aliases: card.aliases().iter().collect(),
        editorial: editorial(&skos.notes),
        further: skos.notes.contains_key("definition"),
    }];
    for (tag, l) in &skos.languages {
        out.push(Language {
            tag: tag.clone(),
            label: l.term.as_deref().filter(|t| !t.is_empty()),
            definition: l.definition.as_deref().filter(|d| !d.is_empty()),
            aliases: l.aliases.iter().map(String::as_str).collect(),
            editorial: editorial(&l.notes),
            further: l.notes.contains_key("definition"),
        });
    }
    out
}

/// What of `glossary` the template cannot hold, but SKOS has: a language without a
/// preferred label or a definition (voc4cat refuses such a row, so none is written), and
/// the further definitions (`notes.definition`: voc4cat keeps one definition a language).
/// As `(slug, language, what)`, in the glossary's order.
pub fn left_out(glossary: &Glossary, config: &Config) -> Vec<(String, String, &'static str)> {
    let main = config.language.to_lowercase();
    let mut out = Vec::new();
    for card in glossary.cards() {
        for l in languages(card, &main) {
            let what = match (l.label, l.definition) {
                (Some(_), Some(_)) if l.further => "its further definitions",
                (Some(_), Some(_)) => continue,
                (None, Some(_)) => "its row, which has no preferred label",
                (Some(_), None) => "its row, which has no definition",
                (None, None) => "its row, which has no preferred label and no definition",
            };
            out.push((card.slug().to_owned(), l.tag, what));
        }
    }
    out
}

/// The IRI of card `index` of `glossary`.
fn iri_of(glossary: &Glossary, config: &Config, index: usize) -> String {
    let mut iri = String::new();
    push_concept_iri(&mut iri, &glossary.cards()[index], config);
    iri
}

/// Writes `glossary` as the workbook of voc4cat's template.
///
/// # Errors
/// Those of `w`; [`ExportError::Unwritable`] for a character XML 1.0 cannot carry.
pub fn write(glossary: &Glossary, config: &Config, w: impl Write) -> Result<(), ExportError> {
    let main = config.language.to_lowercase();
    let hierarchy = Hierarchy::of(glossary);
    let mut concepts = head("Concepts", &CONCEPTS);
    let mut mappings = head("Mappings", &MAPPINGS);
    for (index, card) in glossary.cards().iter().enumerate() {
        let iri = iri_of(glossary, config, index);
        let mut first = true;
        for l in languages(card, &main) {
            let (Some(label), Some(definition)) = (l.label, l.definition) else {
                continue;
            };
            let mut row = vec![String::new(); CONCEPTS.len()];
            row[0].clone_from(&iri);
            row[1].clone_from(&l.tag);
            row[2] = label.to_owned();
            row[3] = definition.to_owned();
            row[4] = l.aliases.join(" | ");
            if first {
                row[5] = parents(glossary, config, &hierarchy, index);
                if let Some(notes) = card.skos().notes.get("changeNote") {
                    row[9] = notes.join("\n");
                }
                first = false;
            }
            row[10] = l.editorial.join("\n");
            while row.last().is_some_and(String::is_empty) {
                row.pop();
            }
            concepts.push(row);
        }
        let matches = &card.skos().mappings;
        if MAPPING_KINDS.iter().any(|k| matches.contains_key(*k)) {
            let mut row = vec![iri.clone()];
            for kind in [
                "relatedMatch",
                "closeMatch",
                "exactMatch",
                "narrowMatch",
                "broadMatch",
            ] {
                row.push(matches.get(kind).map_or_else(String::new, |m| m.join("\n")));
            }
            while row.last().is_some_and(String::is_empty) {
                row.pop();
            }
            mappings.push(row);
        }
    }
    let collections = head("Collections", &COLLECTIONS);
    let scheme = scheme_rows(config);
    let mut prefixes = vec![
        vec!["Prefix mappings (read-only)".to_owned()],
        Vec::new(),
        vec!["Prefix".to_owned(), "Namespace".to_owned()],
    ];
    for (prefix, namespace) in crate::rdf::vocab::PREFIXES {
        prefixes.push(vec![prefix.to_owned(), namespace.to_owned()]);
    }
    let tables: [(&[Vec<String>], usize); 5] = [
        (&scheme, 2),
        (&concepts, 4),
        (&collections, 4),
        (&mappings, 4),
        (&prefixes, 2),
    ];
    let sheets: Vec<Sheet<'_>> = SHEETS
        .iter()
        .zip(tables)
        .map(|(name, (rows, header))| Sheet { name, rows, header })
        .collect();
    xlsx::write_book(&sheets, 1, w)
}

/// The broader concepts of card `index`, as voc4cat writes them: `IRI (label)`, one a line.
fn parents(glossary: &Glossary, config: &Config, hierarchy: &Hierarchy, index: usize) -> String {
    let Some(links) = hierarchy.of_card(index) else {
        return String::new();
    };
    let mut lines = Vec::new();
    for target in &links.broader {
        match target {
            Target::Term(j) => lines.push(format!(
                "{} ({})",
                iri_of(glossary, config, *j),
                glossary.cards()[*j].term()
            )),
            Target::Iri(iri) => lines.push(iri.clone()),
            Target::Missing(_) => {}
        }
    }
    lines.join("\n")
}

/// The `Concept Scheme` sheet: the template's version, the scheme's IRI and title, for the
/// reader (voc4cat takes them from its `idranges.toml`).
fn scheme_rows(config: &Config) -> Vec<Vec<String>> {
    let row = |field: &str, value: &str, meaning: &str| {
        vec![
            field.to_owned(),
            value.to_owned(),
            String::new(),
            meaning.to_owned(),
        ]
    };
    let scheme = config.scheme.as_deref().unwrap_or(&config.base);
    vec![
        vec!["Concept Scheme (read-only)".to_owned()],
        Vec::new(),
        vec![
            "Field".to_owned(),
            "Value".to_owned(),
            "Description".to_owned(),
            "Meaning".to_owned(),
        ],
        row("Template version", TEMPLATE_VERSION, ""),
        row("Vocabulary IRI", scheme, "skos:ConceptScheme"),
        row("Title", &config.title, "skos:prefLabel"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::testing::draft as card;

    #[test]
    fn the_workbook_has_the_template_s_sheets_and_rows_where_voc4cat_reads_them() {
        let mut parent = card("catalysis", "catalysis");
        parent.definition = "Speeding a reaction up.".into();
        let german = parent.skos.languages.entry("de".into()).or_default();
        german.term = Some("Katalyse".into());
        german.definition = Some("Beschleunigung.".into());
        german.aliases = vec!["Katalysieren".into()];
        // A label without a definition: voc4cat would refuse the row.
        let french = parent.skos.languages.entry("fr".into()).or_default();
        french.term = Some("catalyse".into());
        let mut child = card("photocatalysis", "photocatalysis");
        child.definition = "Catalysis by light.".into();
        child.skos.broader = vec!["catalysis".into()];
        child.aliases = vec!["photo-catalysis".into(), "light catalysis".into()];
        child
            .skos
            .mappings
            .insert("exactMatch".into(), vec!["https://example.org/x".into()]);
        let glossary = Glossary::new(vec![parent.into(), child.into()]);
        let config = Config::default();
        let mut out = Vec::new();
        write(&glossary, &config, &mut out).unwrap();
        let read = |name: &str| {
            super::super::read(&out, super::super::Kind::Xlsx, None, Some(name))
                .unwrap()
                .rows
        };
        let concepts = read("Concepts");
        assert_eq!(concepts[0], ["Concepts"]);
        assert_eq!(
            concepts[3][..5],
            ["Required", "Required", "Required", "Required", "Optional"]
        );
        let headers: Vec<&str> = CONCEPTS.iter().map(|c| c.0).collect();
        assert_eq!(concepts[4], headers);
        let base = "https://example.org/glossary/term/";
        assert_eq!(
            concepts[5..],
            [
                vec![
                    format!("{base}catalysis"),
                    "en".into(),
                    "catalysis".into(),
                    "Speeding a reaction up.".into(),
                ],
                vec![
                    format!("{base}catalysis"),
                    "de".into(),
                    "Katalyse".into(),
                    "Beschleunigung.".into(),
                    "Katalysieren".into(),
                ],
                vec![
                    format!("{base}photocatalysis"),
                    "en".into(),
                    "photocatalysis".into(),
                    "Catalysis by light.".into(),
                    "photo-catalysis | light catalysis".into(),
                    format!("{base}catalysis (catalysis)"),
                ],
            ]
        );
        assert_eq!(
            read("Mappings")[5],
            [
                format!("{base}photocatalysis"),
                String::new(),
                String::new(),
                "https://example.org/x".into()
            ]
        );
        assert_eq!(read("Prefixes")[2], ["Prefix", "Namespace"]);
        assert_eq!(read("Collections")[4][0], "Collection IRI*");
        assert_eq!(
            left_out(&glossary, &config),
            [(
                "catalysis".to_owned(),
                "fr".to_owned(),
                "its row, which has no definition"
            )]
        );
    }
}
