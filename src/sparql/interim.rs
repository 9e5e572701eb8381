//! INTERIM — stands in for `export::rdf::quads` and `vocab` until the RDF branch lands;
//! deleted by the merge. A subset of the mapping, enough to exercise the queries.

use oxigraph::model::{GraphName, Literal, NamedNode, Quad, Term};

use crate::config::Config;
use crate::Glossary;

pub const SKOS: &str = "http://www.w3.org/2004/02/skos/core#";
pub const DCTERMS: &str = "http://purl.org/dc/terms/";
pub const RDF: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
pub const RDFS: &str = "http://www.w3.org/2000/01/rdf-schema#";
pub const OWL: &str = "http://www.w3.org/2002/07/owl#";
pub const XSD: &str = "http://www.w3.org/2001/XMLSchema#";
pub const SCHEMA: &str = "https://schema.org/";

pub fn query_prefixes(config: &Config) -> Vec<(&'static str, String)> {
    vec![
        ("dcterms", DCTERMS.into()),
        ("gx", format!("{}ns#", config.base)),
        ("owl", OWL.into()),
        ("rdf", RDF.into()),
        ("rdfs", RDFS.into()),
        ("schema", SCHEMA.into()),
        ("skos", SKOS.into()),
        ("status", format!("{}status/", config.base)),
        ("term", format!("{}term/", config.base)),
        ("xsd", XSD.into()),
    ]
}

pub fn slug_literal(config: &Config, slug: &str) -> Literal {
    Literal::new_typed_literal(
        slug,
        NamedNode::new_unchecked(format!("{}ns#Slug", config.base)),
    )
}

pub fn term_iri(config: &Config, slug: &str) -> NamedNode {
    NamedNode::new_unchecked(format!("{}term/{slug}", config.base))
}

pub fn status_iri(config: &Config, status: &str) -> NamedNode {
    NamedNode::new_unchecked(format!("{}status/{status}", config.base))
}

pub fn quads<'a>(glossary: &'a Glossary, config: &'a Config) -> impl Iterator<Item = Quad> + 'a {
    let base = config.base.clone();
    let lang = config.language.clone();
    let n = |s: String| NamedNode::new_unchecked(s);
    let scheme_graph = GraphName::from(n(format!("{base}graph/_scheme")));
    let mut scheme = vec![Quad::new(
        n(base.clone()),
        n(format!("{RDF}type")),
        n(format!("{SKOS}ConceptScheme")),
        scheme_graph.clone(),
    )];
    for s in &config.statuses {
        let me = n(format!("{base}status/{s}"));
        scheme.push(Quad::new(
            me.clone(),
            n(format!("{RDF}type")),
            n(format!("{SKOS}Concept")),
            scheme_graph.clone(),
        ));
        scheme.push(Quad::new(
            me,
            n(format!("{SKOS}prefLabel")),
            Literal::new_language_tagged_literal_unchecked(s, "en"),
            scheme_graph.clone(),
        ));
    }
    let cards = glossary.cards().iter().flat_map(move |card| {
        let me = n(format!("{base}term/{}", card.slug));
        let g = GraphName::from(n(format!("{base}graph/{}", card.slug)));
        let text = |s: &str| Term::from(Literal::new_language_tagged_literal_unchecked(s, &lang));
        let mut out: Vec<(NamedNode, NamedNode, Term)> = Vec::new();
        let mut put = |s: &NamedNode, p: String, o: Term| out.push((s.clone(), n(p), o));
        put(
            &me,
            format!("{RDF}type"),
            n(format!("{SKOS}Concept")).into(),
        );
        put(&me, format!("{SKOS}inScheme"), n(base.clone()).into());
        put(&me, format!("{SKOS}prefLabel"), text(&card.term));
        put(
            &me,
            format!("{SKOS}notation"),
            Literal::new_typed_literal(&card.slug, n(format!("{base}ns#Slug"))).into(),
        );
        put(&me, format!("{SKOS}definition"), text(&card.definition));
        for a in &card.aliases {
            put(&me, format!("{SKOS}altLabel"), text(a));
        }
        for r in &card.related {
            put(
                &me,
                format!("{SKOS}related"),
                n(format!("{base}term/{r}")).into(),
            );
        }
        for r in &card.supersedes {
            put(
                &me,
                format!("{DCTERMS}replaces"),
                n(format!("{base}term/{r}")).into(),
            );
        }
        for r in &card.superseded_by {
            put(
                &me,
                format!("{DCTERMS}isReplacedBy"),
                n(format!("{base}term/{r}")).into(),
            );
        }
        let deprecated = !card.superseded_by.is_empty()
            || matches!(card.status.as_deref(), Some("deprecated" | "obsolete"));
        if deprecated {
            put(&me, format!("{OWL}deprecated"), Literal::from(true).into());
        }
        if let Some(s) = &card.status {
            put(
                &me,
                format!("{base}ns#status"),
                n(format!("{base}status/{s}")).into(),
            );
        }
        for c in &card.citations {
            let cite = n(format!("{base}term/{}#cite-{}", card.slug, c.id));
            put(&me, format!("{DCTERMS}references"), cite.clone().into());
            put(
                &cite,
                format!("{RDF}type"),
                n(format!("{DCTERMS}BibliographicResource")).into(),
            );
            put(
                &cite,
                format!("{DCTERMS}identifier"),
                Literal::from(c.id.as_str()).into(),
            );
            put(
                &cite,
                format!("{DCTERMS}title"),
                Literal::from(c.title.as_str()).into(),
            );
            if let Ok(url) = NamedNode::new(c.url.as_str()) {
                put(&cite, format!("{SCHEMA}url"), url.into());
            }
            if let Some(d) = c.accessed {
                put(
                    &cite,
                    format!("{base}ns#accessed"),
                    Literal::new_typed_literal(d.to_string(), n(format!("{XSD}date"))).into(),
                );
            }
        }
        for (i, p) in card.note.split("\n\n").enumerate() {
            let cited: Vec<&str> = card
                .citations
                .iter()
                .filter(|c| p.contains(&format!("[{}]", c.id)))
                .map(|c| c.id.as_str())
                .collect();
            if cited.is_empty() {
                continue;
            }
            let para = n(format!("{base}term/{}#note-{}", card.slug, i + 1));
            put(
                &para,
                format!("{RDF}type"),
                n(format!("{base}ns#NoteParagraph")).into(),
            );
            put(&para, format!("{base}ns#paragraphOf"), me.clone().into());
            put(&para, format!("{RDF}value"), text(p));
            for id in cited {
                put(
                    &para,
                    format!("{DCTERMS}references"),
                    n(format!("{base}term/{}#cite-{id}", card.slug)).into(),
                );
            }
        }
        out.into_iter()
            .map(move |(s, p, o)| Quad::new(s, p, o, g.clone()))
            .collect::<Vec<_>>()
    });
    scheme.into_iter().chain(cards)
}

/// SPARQL 1.1 Service Description (and `void:triples`).
pub mod sd {
    pub const NS: &str = "http://www.w3.org/ns/sparql-service-description#";
    pub const RDF_TYPE: &str = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
    pub const SERVICE: &str = "http://www.w3.org/ns/sparql-service-description#Service";
    pub const ENDPOINT: &str = "http://www.w3.org/ns/sparql-service-description#endpoint";
    pub const SUPPORTED_LANGUAGE: &str =
        "http://www.w3.org/ns/sparql-service-description#supportedLanguage";
    pub const SPARQL11_QUERY: &str =
        "http://www.w3.org/ns/sparql-service-description#SPARQL11Query";
    pub const FEATURE: &str = "http://www.w3.org/ns/sparql-service-description#feature";
    pub const UNION_DEFAULT_GRAPH: &str =
        "http://www.w3.org/ns/sparql-service-description#UnionDefaultGraph";
    pub const DEFAULT_DATASET: &str =
        "http://www.w3.org/ns/sparql-service-description#defaultDataset";
    pub const DATASET: &str = "http://www.w3.org/ns/sparql-service-description#Dataset";
    pub const DEFAULT_GRAPH: &str = "http://www.w3.org/ns/sparql-service-description#defaultGraph";
    pub const GRAPH: &str = "http://www.w3.org/ns/sparql-service-description#Graph";
    pub const RESULT_FORMAT: &str = "http://www.w3.org/ns/sparql-service-description#resultFormat";
    pub const VOID_TRIPLES: &str = "http://rdfs.org/ns/void#triples";
}
