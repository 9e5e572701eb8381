//! Every IRI and prefix glossgraph writes or reads, in one documented place.
//!
//! Two kinds live here. The standard vocabularies (RDF, RDFS, OWL, XSD, SKOS, DCMI terms,
//! schema.org) are fixed: they are `const` [`NamedNodeRef`]s in one module per vocabulary,
//! and [`PREFIXES`] names their namespaces. Everything that belongs to a glossary — its
//! concept scheme, its terms, its named graphs and the `gx:` vocabulary that describes the
//! fields SKOS has no property for — hangs off the configured base IRI, so it is built at
//! run time by [`Iris::new`]. No other module spells an IRI out.
//!
//! The shapes, for a base `B` ending in `/` (the usual case):
//!
//! | what | IRI |
//! |---|---|
//! | the concept scheme | `B` |
//! | a term | `B term/{slug}` |
//! | its citations, provenance statements, cited note paragraphs | `B term/{slug}#cite-{id}`, `#provenance-{n}`, `#note-{n}` |
//! | a status (a `gx:LifecycleStatus`, not a SKOS concept) | `B status/{value}` |
//! | a card's named graph | `B graph/{slug}` |
//! | the named graph of the scheme, statuses and vocabulary | `B graph/_scheme` |
//! | the `gx:` namespace and its ontology | `B ns#`, `B ns` |
//!
//! A base ending in `#` already has a fragment, and an IRI holds at most one `#`, so there
//! the parts of a term use `/` (`B term/{slug}/cite-{id}`) and the `gx:` namespace is `B ns/`.
//! `_scheme` cannot be a slug (slugs are `[a-z0-9-]`), so that graph never collides with a
//! card's. Slugs, citation ids and status values are percent-encoded in IRIs (a no-op for
//! valid slugs), so an odd value can never produce an invalid IRI.
//!
//! The glossary has one `skos:ConceptScheme`, labelled (`skos:prefLabel`, `rdfs:label`) as
//! SKOS tools expect. The statuses are not a second scheme: a file with two leaves tools
//! such as Skosify and Skosmos to guess which one is the glossary (Skosify warns and picks
//! one), and SKOS has no way to mark a scheme as secondary. They are values of the class
//! `gx:LifecycleStatus` instead, a closed list that the `gx:` vocabulary defines, each still
//! with its `skos:prefLabel` and `skos:definition`.

use oxigraph::model::{NamedNode, NamedNodeRef};

use crate::card::Card;
use crate::config::Config;

/// `rdf:` — the RDF vocabulary.
pub mod rdf {
    use super::NamedNodeRef;
    /// Namespace of `rdf:`.
    pub const NS: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
    pub const TYPE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/1999/02/22-rdf-syntax-ns#type");
    /// The class of properties (used to describe the `gx:` vocabulary).
    pub const PROPERTY: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/1999/02/22-rdf-syntax-ns#Property");
    /// The text of a cited note paragraph.
    pub const VALUE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/1999/02/22-rdf-syntax-ns#value");
    /// The datatype of a JSON literal (RDF 1.2, JSON-LD 1.1): an unknown card field's value.
    pub const JSON: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/1999/02/22-rdf-syntax-ns#JSON");
    /// The first member of an RDF list (an ordered collection's `skos:memberList`).
    pub const FIRST: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/1999/02/22-rdf-syntax-ns#first");
    /// The rest of an RDF list.
    pub const REST: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/1999/02/22-rdf-syntax-ns#rest");
    /// The empty RDF list.
    pub const NIL: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/1999/02/22-rdf-syntax-ns#nil");
    /// The datatype of language-tagged strings.
    pub const LANG_STRING: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/1999/02/22-rdf-syntax-ns#langString");
}

/// `rdfs:` — RDF Schema.
pub mod rdfs {
    use super::NamedNodeRef;
    /// Namespace of `rdfs:`.
    pub const NS: &str = "http://www.w3.org/2000/01/rdf-schema#";
    pub const CLASS: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2000/01/rdf-schema#Class");
    pub const DATATYPE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2000/01/rdf-schema#Datatype");
    pub const LABEL: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2000/01/rdf-schema#label");
    pub const COMMENT: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2000/01/rdf-schema#comment");
    pub const SUB_CLASS_OF: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2000/01/rdf-schema#subClassOf");
    pub const SUB_PROPERTY_OF: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2000/01/rdf-schema#subPropertyOf");
    pub const DOMAIN: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2000/01/rdf-schema#domain");
    pub const RANGE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2000/01/rdf-schema#range");
    pub const IS_DEFINED_BY: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2000/01/rdf-schema#isDefinedBy");
}

/// `owl:` — the Web Ontology Language.
pub mod owl {
    use super::NamedNodeRef;
    /// Namespace of `owl:`.
    pub const NS: &str = "http://www.w3.org/2002/07/owl#";
    pub const ONTOLOGY: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2002/07/owl#Ontology");
    /// `true` on superseded, deprecated and obsolete terms.
    pub const DEPRECATED: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2002/07/owl#deprecated");
    /// A vocabulary's version, as its scheme may state it.
    pub const VERSION_INFO: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2002/07/owl#versionInfo");
}

/// `xsd:` — XML Schema datatypes.
pub mod xsd {
    use super::NamedNodeRef;
    /// Namespace of `xsd:`.
    pub const NS: &str = "http://www.w3.org/2001/XMLSchema#";
    pub const STRING: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2001/XMLSchema#string");
    pub const BOOLEAN: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2001/XMLSchema#boolean");
    /// A date known to the day (`YYYY-MM-DD`).
    pub const DATE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2001/XMLSchema#date");
    /// A date and time (`2024-03-05T10:00:00Z`), as vocabularies date their concepts.
    pub const DATE_TIME: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2001/XMLSchema#dateTime");
    /// A date known to the month (`YYYY-MM`).
    pub const G_YEAR_MONTH: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2001/XMLSchema#gYearMonth");
    /// A date known to the year (`YYYY`).
    pub const G_YEAR: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2001/XMLSchema#gYear");
    /// A citation URL that is not a valid IRI (only in exports of unchecked glossaries).
    pub const ANY_URI: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2001/XMLSchema#anyURI");
}

/// `skos:` — the Simple Knowledge Organization System.
pub mod skos {
    use super::NamedNodeRef;
    /// Namespace of `skos:`.
    pub const NS: &str = "http://www.w3.org/2004/02/skos/core#";
    pub const CONCEPT: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#Concept");
    pub const CONCEPT_SCHEME: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#ConceptScheme");
    /// A group of concepts (kept in `[resources]`, each with a page of the site).
    pub const COLLECTION: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#Collection");
    /// A group of concepts in an order (`skos:memberList`).
    pub const ORDERED_COLLECTION: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#OrderedCollection");
    /// A member of a collection: a concept or a collection.
    pub const MEMBER: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#member");
    /// The members of an ordered collection, as an RDF list.
    pub const MEMBER_LIST: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#memberList");
    pub const IN_SCHEME: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#inScheme");
    pub const TOP_CONCEPT_OF: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#topConceptOf");
    pub const NOTATION: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#notation");
    pub const PREF_LABEL: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#prefLabel");
    pub const ALT_LABEL: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#altLabel");
    pub const HIDDEN_LABEL: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#hiddenLabel");
    pub const DEFINITION: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#definition");
    pub const SCOPE_NOTE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#scopeNote");
    pub const NOTE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#note");
    pub const RELATED: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#related");
    pub const BROADER: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#broader");
    pub const NARROWER: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#narrower");
    pub const HAS_TOP_CONCEPT: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#hasTopConcept");
    pub const EXAMPLE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#example");
    pub const HISTORY_NOTE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#historyNote");
    pub const EDITORIAL_NOTE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#editorialNote");
    pub const CHANGE_NOTE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#changeNote");
    pub const EXACT_MATCH: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#exactMatch");
    pub const CLOSE_MATCH: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#closeMatch");
    pub const BROAD_MATCH: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#broadMatch");
    pub const NARROW_MATCH: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#narrowMatch");
    pub const RELATED_MATCH: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#relatedMatch");
    pub const BROADER_TRANSITIVE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#broaderTransitive");
    pub const NARROWER_TRANSITIVE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#narrowerTransitive");
    pub const SEMANTIC_RELATION: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#semanticRelation");
    pub const MAPPING_RELATION: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2004/02/skos/core#mappingRelation");

    /// The property of a note kind of a card's `notes` ([`crate::card::skos::NOTE_KINDS`]).
    pub fn note_property(kind: &str) -> Option<NamedNodeRef<'static>> {
        Some(match kind {
            "changeNote" => CHANGE_NOTE,
            "definition" => DEFINITION,
            "editorialNote" => EDITORIAL_NOTE,
            "example" => EXAMPLE,
            "historyNote" => HISTORY_NOTE,
            "note" => NOTE,
            "scopeNote" => SCOPE_NOTE,
            _ => return None,
        })
    }

    /// The property of a mapping kind of a card's `mappings`
    /// ([`crate::card::skos::MAPPING_KINDS`]).
    pub fn mapping_property(kind: &str) -> Option<NamedNodeRef<'static>> {
        Some(match kind {
            "broadMatch" => BROAD_MATCH,
            "closeMatch" => CLOSE_MATCH,
            "exactMatch" => EXACT_MATCH,
            "narrowMatch" => NARROW_MATCH,
            "relatedMatch" => RELATED_MATCH,
            _ => return None,
        })
    }
}

/// `skosxl:` — SKOS eXtension for Labels: labels as resources, read as plain labels.
pub mod skosxl {
    use super::NamedNodeRef;
    /// Namespace of `skosxl:`.
    pub const NS: &str = "http://www.w3.org/2008/05/skos-xl#";
    pub const PREF_LABEL: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2008/05/skos-xl#prefLabel");
    pub const ALT_LABEL: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2008/05/skos-xl#altLabel");
    pub const HIDDEN_LABEL: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2008/05/skos-xl#hiddenLabel");
    pub const LITERAL_FORM: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2008/05/skos-xl#literalForm");
    pub const LABEL: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/2008/05/skos-xl#Label");
}

/// `dcterms:` — DCMI Metadata Terms.
pub mod dcterms {
    use super::NamedNodeRef;
    /// Namespace of `dcterms:`.
    pub const NS: &str = "http://purl.org/dc/terms/";
    pub const TITLE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/title");
    pub const DESCRIPTION: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/description");
    pub const CREATOR: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/creator");
    pub const PUBLISHER: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/publisher");
    pub const LICENSE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/license");
    pub const RIGHTS: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/rights");
    pub const CREATED: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/created");
    pub const ISSUED: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/issued");
    pub const LANGUAGE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/language");
    pub const CONTRIBUTOR: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/contributor");
    pub const SOURCE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/source");
    pub const MODIFIED: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/modified");
    pub const DATE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/date");
    pub const REPLACES: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/replaces");
    pub const IS_REPLACED_BY: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/isReplacedBy");
    pub const REFERENCES: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/references");
    pub const IDENTIFIER: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/identifier");
    pub const PROVENANCE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/provenance");
    pub const BIBLIOGRAPHIC_RESOURCE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/BibliographicResource");
    pub const PROVENANCE_STATEMENT: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/terms/ProvenanceStatement");
}

/// Namespaces that only the JSON-LD contexts of Skosmos's REST API name (`serve`'s
/// `/rest/v1/`): its clients read these keys, so they are kept as Skosmos writes them.
pub mod skosmos {
    /// Skosmos's own terms (`onki:results`, `onki:hasVocabulary`).
    pub const ONKI: &str = "http://schema.onki.fi/onki#";
    /// ISO 25964's SKOS extension.
    pub const ISOTHES: &str = "http://purl.org/iso25964/skos-thes#";
    /// VoID, for the statistics.
    pub const VOID: &str = "http://rdfs.org/ns/void#";
    /// VoID's extension, for the label statistics by language.
    pub const VOID_EXT: &str = "http://ldf.fi/void-ext#";
}

/// `schema:` — schema.org (only `schema:url`, the address of a cited source).
pub mod schema {
    use super::NamedNodeRef;
    /// Namespace of `schema:`.
    pub const NS: &str = "https://schema.org/";
    pub const URL: NamedNodeRef<'static> = NamedNodeRef::new_unchecked("https://schema.org/url");
}

/// Prefix name of the glossary's own vocabulary; its namespace is [`Iris::gx_namespace`].
pub const GX: &str = "gx";

/// The standard prefixes, by name. Writers declare the ones an export uses, plus [`GX`].
pub const PREFIXES: [(&str, &str); 7] = [
    ("rdf", rdf::NS),
    ("rdfs", rdfs::NS),
    ("owl", owl::NS),
    ("xsd", xsd::NS),
    ("skos", skos::NS),
    ("dcterms", dcterms::NS),
    ("schema", schema::NS),
];

/// `iso-thes:` — the ISO 25964 extension of SKOS, for thesauri's concept groups.
pub mod isothes {
    use super::NamedNodeRef;
    /// Namespace of `iso-thes:`.
    pub const NS: &str = "http://purl.org/iso25964/skos-thes#";
    /// A group of concepts of a thesaurus (UNESCO's micro-thesauri and domains).
    pub const CONCEPT_GROUP: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/iso25964/skos-thes#ConceptGroup");
    /// An array of sibling concepts.
    pub const THESAURUS_ARRAY: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/iso25964/skos-thes#ThesaurusArray");
    /// The group a group is part of.
    pub const SUPER_GROUP: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/iso25964/skos-thes#superGroup");
    /// A group that is part of this one.
    pub const SUB_GROUP: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/iso25964/skos-thes#subGroup");
}

/// `dc:` — the Dublin Core elements 1.1, which older vocabularies describe themselves with.
pub mod dc {
    /// Namespace of `dc:`.
    pub const NS: &str = "http://purl.org/dc/elements/1.1/";
    use super::NamedNodeRef;
    /// A title, as vocabularies older than DCMI terms give it.
    pub const TITLE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://purl.org/dc/elements/1.1/title");
}

/// `foaf:` — Friend of a Friend, for the people and pictures vocabularies name.
pub mod foaf {
    /// Namespace of `foaf:`.
    pub const NS: &str = "http://xmlns.com/foaf/0.1/";
}

/// The prefixes of the names people read and write rather than the exports: the
/// properties of `[metadata]` in `glossgraph.toml` and their datatypes, and the predicates
/// `import`'s report counts. The standard ones, and those vocabularies commonly describe
/// themselves with.
pub const NAME_PREFIXES: [(&str, &str); 11] = [
    PREFIXES[0],
    PREFIXES[1],
    PREFIXES[2],
    PREFIXES[3],
    PREFIXES[4],
    PREFIXES[5],
    PREFIXES[6],
    ("skosxl", skosxl::NS),
    ("dc", dc::NS),
    ("foaf", foaf::NS),
    ("iso-thes", isothes::NS),
];

/// `iri` as a prefixed name of [`NAME_PREFIXES`] (`dcterms:title`), when it is in one of
/// their namespaces and its local name has no `/` or `#`.
pub fn compact(iri: &str) -> Option<String> {
    NAME_PREFIXES.iter().find_map(|(prefix, ns)| {
        let local = iri.strip_prefix(ns)?;
        (!local.is_empty() && !local.contains(['/', '#'])).then(|| format!("{prefix}:{local}"))
    })
}

/// The IRI of `name`: a prefixed name of [`NAME_PREFIXES`] expanded, anything else as it is
/// (a full IRI).
pub fn expand(name: &str) -> std::borrow::Cow<'_, str> {
    let expanded = name.split_once(':').and_then(|(prefix, local)| {
        let (_, ns) = NAME_PREFIXES.iter().find(|(p, _)| *p == prefix)?;
        Some(format!("{ns}{local}"))
    });
    expanded.map_or(std::borrow::Cow::Borrowed(name), std::borrow::Cow::Owned)
}

/// Language tag of the texts glossgraph itself writes (vocabulary labels, status definitions).
pub const TOOL_LANGUAGE: &str = "en";

/// Local name of the concept scheme's named graph, under `{base}graph/`.
pub const SCHEME_GRAPH: &str = "_scheme";

/// Local name of the named graph where `push --incremental` records what it pushed, under
/// `{base}graph/`: one triple `<graph> gx:pushedSha256 "hex"` per pushed graph. Not part of
/// the export (no exporter writes it), and out of reach of any card (a slug cannot start
/// with `_`).
pub const PUSH_GRAPH: &str = "_push";

/// Local name, in the `gx:` namespace, of the property that gives a pushed graph's content
/// hash in [`PUSH_GRAPH`]: the SHA-256 of its triples as N-Triples lines in the export's
/// order. Bookkeeping of `push`, not a property of the vocabulary the export describes.
pub const PUSHED_SHA256: &str = "pushedSha256";

/// What kind of thing a `gx:` term is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GxKind {
    Class,
    Datatype,
    Property,
}

/// One term of the `gx:` vocabulary, as the export describes it.
#[derive(Debug, Clone, Copy)]
pub struct GxTerm {
    /// Local name in the `gx:` namespace.
    pub name: &'static str,
    pub kind: GxKind,
    /// `rdfs:label`.
    pub label: &'static str,
    /// `rdfs:comment`.
    pub comment: &'static str,
    /// `rdfs:subPropertyOf`, for properties that refine a standard one.
    pub sub_property_of: Option<NamedNodeRef<'static>>,
}

/// The `gx:` vocabulary, in the order it is written.
pub const GX_TERMS: [GxTerm; 12] = [
    GxTerm {
        name: "Slug",
        kind: GxKind::Datatype,
        label: "slug",
        comment: "The identity of a glossary term: lowercase ASCII words joined by hyphens, \
                  as in the term's IRI and card file name. The datatype of its skos:notation.",
        sub_property_of: None,
    },
    GxTerm {
        name: "NoteParagraph",
        kind: GxKind::Class,
        label: "note paragraph",
        comment: "A paragraph of a term's scope note that cites sources with [id] markers; \
                  dcterms:references names the citations it rests on.",
        sub_property_of: None,
    },
    GxTerm {
        name: "LifecycleStatus",
        kind: GxKind::Class,
        label: "lifecycle status",
        comment: "A status a term's subject can have in the field, one of the glossary's \
                  configured statuses. A value of the glossary's vocabulary, not a concept of \
                  its concept scheme.",
        sub_property_of: None,
    },
    GxTerm {
        name: "advantage",
        kind: GxKind::Property,
        label: "advantage",
        comment: "A short statement of what the term's subject is good at.",
        sub_property_of: Some(skos::NOTE),
    },
    GxTerm {
        name: "limitation",
        kind: GxKind::Property,
        label: "limitation",
        comment: "A short statement of what the term's subject cannot do or does badly.",
        sub_property_of: Some(skos::NOTE),
    },
    GxTerm {
        name: "status",
        kind: GxKind::Property,
        label: "status",
        comment: "The lifecycle status of the term's subject in the field; a \
                  gx:LifecycleStatus.",
        sub_property_of: None,
    },
    GxTerm {
        name: "firstSeen",
        kind: GxKind::Property,
        label: "first seen",
        comment: "When the term's subject was first seen in the field; an xsd:date, \
                  xsd:gYearMonth or xsd:gYear, as precisely as it is known.",
        sub_property_of: Some(dcterms::DATE),
    },
    GxTerm {
        name: "lastSeen",
        kind: GxKind::Property,
        label: "last seen",
        comment: "When the term's subject was last seen in the field; an xsd:date, \
                  xsd:gYearMonth or xsd:gYear, as precisely as it is known.",
        sub_property_of: Some(dcterms::DATE),
    },
    GxTerm {
        name: "accessed",
        kind: GxKind::Property,
        label: "accessed",
        comment: "When a cited source was consulted.",
        sub_property_of: Some(dcterms::DATE),
    },
    GxTerm {
        name: "paragraphOf",
        kind: GxKind::Property,
        label: "paragraph of",
        comment: "The term whose scope note contains this paragraph.",
        sub_property_of: None,
    },
    GxTerm {
        name: "unlistedRelated",
        kind: GxKind::Property,
        label: "related, not listed",
        comment: "A term this one is skos:related to only because the other term's card \
                  lists it: this term's card does not list it back (a one-way link). The \
                  skos:related triple is written both ways all the same; this marks the \
                  direction the cards did not state, so that the cards can be read back.",
        sub_property_of: None,
    },
    GxTerm {
        name: "linksTo",
        kind: GxKind::Property,
        label: "links to",
        comment: "A term that this term's definition or scope note links to inside its text \
                  (a term link). One-way: the text of one term names the other, which need \
                  not name it back. Derived from the text, which keeps the link as written.",
        sub_property_of: None,
    },
];

/// Definitions of the statuses every glossary may use (see `config::KNOWN_STATUSES`).
pub const STATUS_DEFINITIONS: [(&str, &str); 5] = [
    (
        "shipping",
        "Available in products and deployed in the field.",
    ),
    (
        "emerging",
        "Specified or demonstrated, with early implementations; not yet widely deployed.",
    ),
    ("draft", "Under specification; details may still change."),
    (
        "deprecated",
        "Still found in the field but no longer recommended for new work.",
    ),
    ("obsolete", "No longer used or supported."),
];

/// Definition of a status a glossary configures beyond the known ones.
pub const CONFIGURED_STATUS_DEFINITION: &str = "A status allowed by this glossary's configuration.";

/// Label and comment of the `gx:` ontology.
pub const ONTOLOGY_LABEL: &str = "glossgraph vocabulary";
pub const ONTOLOGY_COMMENT: &str = "Properties, classes and datatypes that glossgraph uses for \
    the fields of a term card that SKOS and DCMI terms have no property for.";

/// The IRIs of one glossary, built from its base IRI.
///
/// Methods named `push_*` append an IRI to a caller's buffer, so that writers can reuse one
/// allocation; the others return owned nodes.
#[derive(Debug, Clone)]
pub struct Iris {
    base: String,
    /// `#` when the base ends in `/`, `/` when it already has a fragment.
    part: char,
    gx_namespace: String,
    ontology: NamedNode,
    scheme_graph: NamedNode,
    gx: Vec<NamedNode>,
}

/// The `gx:` terms as nodes; see [`GX_TERMS`] for what each means.
#[derive(Debug, Clone, Copy)]
pub struct Gx<'a> {
    pub slug: NamedNodeRef<'a>,
    pub note_paragraph: NamedNodeRef<'a>,
    pub lifecycle_status: NamedNodeRef<'a>,
    pub advantage: NamedNodeRef<'a>,
    pub limitation: NamedNodeRef<'a>,
    pub status: NamedNodeRef<'a>,
    pub first_seen: NamedNodeRef<'a>,
    pub last_seen: NamedNodeRef<'a>,
    pub accessed: NamedNodeRef<'a>,
    pub paragraph_of: NamedNodeRef<'a>,
    pub unlisted_related: NamedNodeRef<'a>,
    pub links_to: NamedNodeRef<'a>,
}

/// Which part of a term a sub-resource IRI names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part<'a> {
    /// `#cite-{id}`: a citation.
    Citation(&'a str),
    /// `#provenance-{n}`: the n-th (1-based) provenance statement.
    Provenance(usize),
    /// `#note-{n}`: the n-th (1-based) paragraph of the note.
    Paragraph(usize),
}

/// Appends the IRI of the term `slug` under `base` (`{base}term/{slug}`): the one place a
/// concept IRI is spelled, for the RDF export and for the links of the DOT topic map alike.
pub fn push_term_iri(out: &mut String, base: &str, slug: &str) {
    out.push_str(base);
    out.push_str("term/");
    push_encoded(out, slug);
}

/// Appends the IRI of the concept of `card`: its own `iri`, else `{namespace}{slug}` when
/// the glossary's concepts share a namespace, else `{base}term/{slug}`. The site puts the
/// term's page where this IRI is.
pub fn push_concept_iri(out: &mut String, card: &Card, config: &Config) {
    match (&card.skos().iri, &config.namespace) {
        (Some(iri), _) => out.push_str(iri),
        (None, Some(namespace)) => {
            out.push_str(namespace);
            out.push_str(card.slug());
        }
        (None, None) => push_term_iri(out, &config.base, card.slug()),
    }
}

impl Iris {
    /// The IRIs under `base`, which [`crate::config`] has checked to be an absolute IRI
    /// ending in `/` or `#`.
    pub fn new(base: &str) -> Self {
        let fragment = base.ends_with('#');
        let part = if fragment { '/' } else { '#' };
        let gx_namespace = format!("{base}ns{}", if fragment { '/' } else { '#' });
        let gx = GX_TERMS
            .iter()
            .map(|t| NamedNode::new_unchecked(format!("{gx_namespace}{}", t.name)))
            .collect();
        Self {
            base: base.to_owned(),
            part,
            ontology: NamedNode::new_unchecked(format!("{base}ns")),
            scheme_graph: NamedNode::new_unchecked(format!("{base}graph/{SCHEME_GRAPH}")),
            gx_namespace,
            gx,
        }
    }

    /// The base IRI, which is also the IRI of the concept scheme.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// The concept scheme of the glossary: the base IRI itself.
    pub fn scheme(&self) -> NamedNodeRef<'_> {
        NamedNodeRef::new_unchecked(&self.base)
    }

    /// The graph where `push --incremental` keeps its hashes ([`PUSH_GRAPH`]).
    pub fn pushed_graph(&self) -> NamedNode {
        NamedNode::new_unchecked(format!("{}graph/{PUSH_GRAPH}", self.base))
    }

    /// The property of a pushed graph's hash ([`PUSHED_SHA256`]).
    pub fn pushed_sha256(&self) -> NamedNode {
        NamedNode::new_unchecked(format!("{}{PUSHED_SHA256}", self.gx_namespace))
    }

    /// The namespace of the `gx:` vocabulary.
    pub fn gx_namespace(&self) -> &str {
        &self.gx_namespace
    }

    /// `gx:extra`, the property of a card field glossgraph does not know: one
    /// `rdf:JSON` literal per field, `{"name": value}`. Not declared in the vocabulary
    /// (that would change every glossary's export); `import` reads it back.
    pub fn gx_extra(&self) -> NamedNode {
        NamedNode::new_unchecked(format!("{}extra", self.gx_namespace))
    }

    /// The `gx:` ontology (the namespace without its last character).
    pub fn ontology(&self) -> NamedNodeRef<'_> {
        self.ontology.as_ref()
    }

    /// The `gx:` terms.
    pub fn gx(&self) -> Gx<'_> {
        let t = |i: usize| self.gx[i].as_ref();
        Gx {
            slug: t(0),
            note_paragraph: t(1),
            lifecycle_status: t(2),
            advantage: t(3),
            limitation: t(4),
            status: t(5),
            first_seen: t(6),
            last_seen: t(7),
            accessed: t(8),
            paragraph_of: t(9),
            unlisted_related: t(10),
            links_to: t(11),
        }
    }

    /// The `gx:` terms with their descriptions, in [`GX_TERMS`] order.
    pub fn gx_terms(&self) -> impl Iterator<Item = (NamedNodeRef<'_>, &'static GxTerm)> {
        self.gx.iter().map(NamedNode::as_ref).zip(GX_TERMS.iter())
    }

    /// The named graph of the concept scheme, the statuses and the `gx:` vocabulary.
    pub fn scheme_graph(&self) -> NamedNodeRef<'_> {
        self.scheme_graph.as_ref()
    }

    /// Appends the IRI of the term `slug`.
    pub fn push_term(&self, out: &mut String, slug: &str) {
        push_term_iri(out, &self.base, slug);
    }

    /// The IRI of the term `slug`.
    pub fn term(&self, slug: &str) -> NamedNode {
        let mut out = String::with_capacity(self.base.len() + 5 + slug.len());
        self.push_term(&mut out, slug);
        NamedNode::new_unchecked(out)
    }

    /// Appends the IRI of a part of the term `slug`.
    pub fn push_part(&self, out: &mut String, slug: &str, part: Part<'_>) {
        use std::fmt::Write as _;
        self.push_term(out, slug);
        out.push(self.part);
        match part {
            Part::Citation(id) => {
                out.push_str("cite-");
                push_encoded(out, id);
            }
            Part::Provenance(n) => {
                let _ = write!(out, "provenance-{n}");
            }
            Part::Paragraph(n) => {
                let _ = write!(out, "note-{n}");
            }
        }
    }

    /// Appends the IRI of the named graph of the card `slug`.
    pub fn push_graph(&self, out: &mut String, slug: &str) {
        out.push_str(&self.base);
        out.push_str("graph/");
        push_encoded(out, slug);
    }

    /// Appends the IRI of the status `value`.
    pub fn push_status(&self, out: &mut String, value: &str) {
        out.push_str(&self.base);
        out.push_str("status/");
        push_encoded(out, value);
    }

    /// The slug of a term IRI, if `iri` is one (and not one of its parts).
    pub fn term_slug(&self, iri: &str) -> Option<String> {
        let rest = iri.strip_prefix(&self.base)?.strip_prefix("term/")?;
        if rest.contains(self.part) {
            return None;
        }
        decode(rest)
    }

    /// The term and the part a sub-resource IRI names, if `iri` is one.
    pub fn part_of(&self, iri: &str) -> Option<(String, PartOwned)> {
        let rest = iri.strip_prefix(&self.base)?.strip_prefix("term/")?;
        let (slug, part) = rest.split_once(self.part)?;
        let slug = decode(slug)?;
        let number = |s: &str| -> Option<usize> {
            let n: usize = s.parse().ok()?;
            (n > 0 && !s.starts_with('0')).then_some(n)
        };
        let part = if let Some(id) = part.strip_prefix("cite-") {
            PartOwned::Citation(decode(id)?)
        } else if let Some(n) = part.strip_prefix("provenance-") {
            PartOwned::Provenance(number(n)?)
        } else if let Some(n) = part.strip_prefix("note-") {
            PartOwned::Paragraph(number(n)?)
        } else {
            return None;
        };
        Some((slug, part))
    }

    /// The value of a status IRI, if `iri` is one.
    pub fn status_value(&self, iri: &str) -> Option<String> {
        decode(iri.strip_prefix(&self.base)?.strip_prefix("status/")?)
    }

    /// Whether `iri` is the `gx:` ontology or one of its terms.
    pub fn is_vocabulary(&self, iri: &str) -> bool {
        iri == self.ontology.as_str() || iri.starts_with(&self.gx_namespace)
    }
}

/// [`Part`] with an owned citation id, as read back from an IRI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PartOwned {
    Citation(String),
    Provenance(usize),
    Paragraph(usize),
}

/// Appends `value` to an IRI: ASCII letters, digits and `-._~` as they are, every other byte
/// of its UTF-8 as `%XX`. Injective, and the identity on valid slugs.
fn push_encoded(out: &mut String, value: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let keep = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~');
    // The common case, a valid slug or id, is copied in one go.
    if value.bytes().all(keep) {
        out.push_str(value);
        return;
    }
    for &b in value.as_bytes() {
        if keep(b) {
            out.push(b as char);
        } else {
            out.push('%');
            out.push(HEX[usize::from(b >> 4)] as char);
            out.push(HEX[usize::from(b & 15)] as char);
        }
    }
}

/// The inverse of [`push_encoded`]; `None` for text it cannot have produced.
fn decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            let byte = u8::from_str_radix(hex, 16).ok()?;
            if hex.bytes().any(|h| h.is_ascii_lowercase()) {
                return None;
            }
            out.push(byte);
            i += 3;
        } else if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b);
            i += 1;
        } else {
            return None;
        }
    }
    String::from_utf8(out).ok()
}

/// The prefixes a SPARQL query over the glossary may use without declaring them: the
/// standard ones of [`PREFIXES`], `gx:`, and `term:` and `status:` for the glossary's terms
/// and statuses. Sorted by name.
pub fn query_prefixes(iris: &Iris) -> Vec<(&'static str, String)> {
    let mut prefixes: Vec<(&'static str, String)> = PREFIXES
        .iter()
        .map(|(name, ns)| (*name, (*ns).to_owned()))
        .collect();
    prefixes.push((GX, iris.gx_namespace().to_owned()));
    let mut term = String::new();
    iris.push_term(&mut term, "");
    prefixes.push(("term", term));
    let mut status = String::new();
    iris.push_status(&mut status, "");
    prefixes.push(("status", status));
    prefixes.sort();
    prefixes
}

/// `sd:` — SPARQL 1.1 Service Description, with `void:triples`: what `glossgraph serve`
/// says about its endpoint.
pub mod sd {
    use super::NamedNodeRef;
    /// Namespace of `sd:`.
    pub const NS: &str = "http://www.w3.org/ns/sparql-service-description#";
    pub const SERVICE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/ns/sparql-service-description#Service");
    pub const ENDPOINT: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/ns/sparql-service-description#endpoint");
    pub const SUPPORTED_LANGUAGE: NamedNodeRef<'static> = NamedNodeRef::new_unchecked(
        "http://www.w3.org/ns/sparql-service-description#supportedLanguage",
    );
    pub const SPARQL11_QUERY: NamedNodeRef<'static> = NamedNodeRef::new_unchecked(
        "http://www.w3.org/ns/sparql-service-description#SPARQL11Query",
    );
    pub const FEATURE: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/ns/sparql-service-description#feature");
    /// The default graph is the union of the named graphs.
    pub const UNION_DEFAULT_GRAPH: NamedNodeRef<'static> = NamedNodeRef::new_unchecked(
        "http://www.w3.org/ns/sparql-service-description#UnionDefaultGraph",
    );
    pub const DEFAULT_DATASET: NamedNodeRef<'static> = NamedNodeRef::new_unchecked(
        "http://www.w3.org/ns/sparql-service-description#defaultDataset",
    );
    pub const DATASET: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/ns/sparql-service-description#Dataset");
    pub const DEFAULT_GRAPH: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/ns/sparql-service-description#defaultGraph");
    pub const GRAPH: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/ns/sparql-service-description#Graph");
    pub const RESULT_FORMAT: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://www.w3.org/ns/sparql-service-description#resultFormat");
    /// `void:triples`: the number of triples in a graph.
    pub const VOID_TRIPLES: NamedNodeRef<'static> =
        NamedNodeRef::new_unchecked("http://rdfs.org/ns/void#triples");
}

#[cfg(test)]
mod tests;
