//! Writing a query's answer: a table for people, the four SPARQL results formats for
//! programs, any RDF format of the export for graphs.
//!
//! One enum, [`ResultsFormat`], names every way an answer can be written, on the command line
//! (`--results`) and over HTTP (media types, for content negotiation); [`write`] checks that
//! the format fits the answer (a CSV of a graph makes no sense) and writes it. The SPARQL
//! formats come from Oxigraph's own serializers (`sparesults`), the RDF formats from
//! `oxrdfio`, so what glossgraph writes is what every SPARQL client already parses.

use std::io::{self, Write};

use oxigraph::io::{RdfFormat, RdfSerializer};
use oxigraph::sparql::results::{QueryResultsFormat, QueryResultsSerializer};

use std::collections::{BTreeMap, BTreeSet};

use oxigraph::model::{NamedOrBlankNode, Term};

use super::{table, Answer, QueryForm};
use crate::config::Config;
use crate::export::{dot, drawing, graphml, ExportError, Format};
use crate::rdf::vocab::{dcterms, skos, Iris};
use crate::{Card, Glossary};

/// A way to write an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultsFormat {
    /// Aligned columns for a terminal; IRIs shortened with the glossary's prefixes.
    Table,
    /// SPARQL 1.1 Query Results CSV (values only: no types or language tags).
    Csv,
    /// SPARQL 1.1 Query Results TSV (terms in Turtle syntax).
    Tsv,
    /// SPARQL 1.1 Query Results JSON.
    Json,
    /// SPARQL Query Results XML.
    Xml,
    /// A graph answer in an RDF syntax.
    Rdf(RdfFormat),
    /// A graph answer drawn: the terms it mentions and their links, as GraphML.
    GraphMl,
    /// A graph answer drawn: the terms it mentions and their links, as a DOT topic map.
    Dot,
}

/// An answer that could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ResultsError {
    #[error("--results {format} cannot write {what}; use {fits}")]
    Unfit {
        format: &'static str,
        what: &'static str,
        fits: String,
    },
    /// A graph answer that cannot be drawn.
    #[error("{0}")]
    Picture(String),
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Draws a graph answer as GraphML or a DOT topic map: the terms of `glossary` that its
/// triples mention (as subject or object), labelled from their cards, and as links exactly
/// the triples that join two terms with `skos:related` (an association) or
/// `dcterms:replaces` / `dcterms:isReplacedBy` (a supersession, drawn old → new). The
/// glossary's own links between the terms are not drawn, and triples of other predicates
/// pick their terms but draw no link: the picture is the answer.
///
/// # Errors
/// An answer that is not a graph or mentions no term; those of `w`.
pub fn draw(
    answer: &Answer,
    format: ResultsFormat,
    glossary: &Glossary,
    config: &Config,
    w: impl Write + Send,
) -> Result<(), ResultsError> {
    check_fits(format, QueryForm::Graph)?;
    let Answer::Graph(triples) = answer else {
        return Err(ResultsError::Picture(
            "only CONSTRUCT and DESCRIBE answers can be drawn".into(),
        ));
    };
    let iris = Iris::new(&config.base);
    let mut slugs = BTreeSet::new();
    // The links, as the card of the subject (of the old term) lists them: slug -> targets.
    let mut related: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut replaced_by: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for t in triples {
        let subject = match &t.subject {
            NamedOrBlankNode::NamedNode(n) => iris.term_slug(n.as_str()),
            NamedOrBlankNode::BlankNode(_) => None,
        };
        let object = match &t.object {
            Term::NamedNode(n) => iris.term_slug(n.as_str()),
            _ => None,
        };
        slugs.extend(subject.clone());
        slugs.extend(object.clone());
        let (Some(subject), Some(object)) = (subject, object) else {
            continue;
        };
        let predicate = t.predicate.as_ref();
        if predicate == skos::RELATED {
            related.entry(subject).or_default().insert(object);
        } else if predicate == dcterms::IS_REPLACED_BY {
            replaced_by.entry(subject).or_default().insert(object);
        } else if predicate == dcterms::REPLACES {
            replaced_by.entry(object).or_default().insert(subject);
        }
    }
    let targets = |links: &mut BTreeMap<String, BTreeSet<String>>, slug: &str| -> Vec<String> {
        links
            .remove(slug)
            .map(|to| to.into_iter().collect())
            .unwrap_or_default()
    };
    let cards: Vec<Card> = glossary
        .cards()
        .iter()
        .filter(|c| slugs.contains(c.slug()))
        .map(|c| {
            let mut draft = c.draft();
            draft.related = targets(&mut related, c.slug());
            draft.supersedes = Vec::new();
            draft.superseded_by = targets(&mut replaced_by, c.slug());
            Card::from(draft)
        })
        .collect();
    if cards.is_empty() {
        return Err(ResultsError::Picture(
            "the answer mentions no term of the glossary, so there is nothing to draw".into(),
        ));
    }
    let picked = Glossary::new(cards);
    let drawn = match format {
        ResultsFormat::GraphMl => graphml::write(&picked, config, graphml::Profile::Default, w),
        _ => drawing::Drawing::select(&picked, config, &drawing::View::default())
            .map_err(ExportError::from)
            .and_then(|drawing| dot::write(&drawing, w)),
    };
    drawn.map_err(|e| match e {
        ExportError::Io(e) => ResultsError::Io(e),
        other => ResultsError::Picture(other.to_string()),
    })
}

const SOLUTION_FORMATS: [ResultsFormat; 5] = [
    ResultsFormat::Table,
    ResultsFormat::Csv,
    ResultsFormat::Tsv,
    ResultsFormat::Json,
    ResultsFormat::Xml,
];

impl ResultsFormat {
    /// Every format, solution formats first.
    pub fn all() -> Vec<ResultsFormat> {
        let mut all = SOLUTION_FORMATS.to_vec();
        all.extend(
            Format::ALL
                .iter()
                .filter_map(|f| f.rdf())
                .map(ResultsFormat::Rdf),
        );
        all.extend([ResultsFormat::GraphMl, ResultsFormat::Dot]);
        all
    }

    /// The name used by `--results`: `table`, `csv`, `tsv`, `json`, `xml`, or the name of an
    /// RDF export format (`turtle`, `ntriples`, …).
    pub fn name(self) -> &'static str {
        match self {
            ResultsFormat::Table => "table",
            ResultsFormat::Csv => "csv",
            ResultsFormat::Tsv => "tsv",
            ResultsFormat::Json => "json",
            ResultsFormat::Xml => "xml",
            ResultsFormat::GraphMl => "graphml",
            ResultsFormat::Dot => "dot",
            ResultsFormat::Rdf(rdf) => Format::ALL
                .iter()
                .find(|f| f.rdf() == Some(rdf))
                .map_or("rdf", |f| f.name()),
        }
    }

    /// The format called `name` (see [`ResultsFormat::name`]).
    pub fn from_name(name: &str) -> Option<Self> {
        Self::all().into_iter().find(|f| f.name() == name)
    }

    /// The media type written in `Content-Type`.
    pub fn media_type(self) -> &'static str {
        match self {
            ResultsFormat::Table => "text/plain; charset=utf-8",
            ResultsFormat::Rdf(rdf) => rdf.media_type(),
            ResultsFormat::GraphMl => "application/graphml+xml",
            ResultsFormat::Dot => "text/vnd.graphviz",
            other => other.sparql().map_or("", QueryResultsFormat::media_type),
        }
    }

    /// The format a media type (without parameters) asks for, for answers of `form`.
    pub fn from_media_type(media_type: &str, form: QueryForm) -> Option<Self> {
        let media_type = media_type.trim().to_ascii_lowercase();
        let found = match media_type.as_str() {
            "application/sparql-results+json" | "application/json" => ResultsFormat::Json,
            "application/sparql-results+xml" | "application/xml" | "text/xml" => ResultsFormat::Xml,
            "text/csv" => ResultsFormat::Csv,
            "text/tab-separated-values" => ResultsFormat::Tsv,
            "text/plain" if form != QueryForm::Graph => ResultsFormat::Table,
            "text/plain" => ResultsFormat::Rdf(RdfFormat::NTriples),
            "application/graphml+xml" => ResultsFormat::GraphMl,
            "text/vnd.graphviz" => ResultsFormat::Dot,
            other => ResultsFormat::Rdf(RdfFormat::from_media_type(other)?),
        };
        found.fits(form).then_some(found)
    }

    /// Whether this format can write the answer of a query of `form`.
    pub fn fits(self, form: QueryForm) -> bool {
        match self {
            ResultsFormat::Table => true,
            ResultsFormat::Rdf(_) | ResultsFormat::GraphMl | ResultsFormat::Dot => {
                form == QueryForm::Graph
            }
            _ => form != QueryForm::Graph,
        }
    }

    /// The format used when none is asked for: a table on a terminal; otherwise CSV for
    /// solutions and booleans, Turtle for graphs.
    pub fn default_for(form: QueryForm, terminal: bool) -> Self {
        match (form, terminal) {
            (QueryForm::Graph, _) => ResultsFormat::Rdf(RdfFormat::Turtle),
            (_, true) => ResultsFormat::Table,
            (_, false) => ResultsFormat::Csv,
        }
    }

    /// Whether the format draws the answer ([`draw`]) rather than serializing it ([`write`]).
    pub fn is_picture(self) -> bool {
        matches!(self, ResultsFormat::GraphMl | ResultsFormat::Dot)
    }

    fn sparql(self) -> Option<QueryResultsFormat> {
        Some(match self {
            ResultsFormat::Csv => QueryResultsFormat::Csv,
            ResultsFormat::Tsv => QueryResultsFormat::Tsv,
            ResultsFormat::Json => QueryResultsFormat::Json,
            ResultsFormat::Xml => QueryResultsFormat::Xml,
            _ => return None,
        })
    }
}

/// Writes `answer` in `format`. `prefixes` shorten IRIs in tables and Turtle-like syntaxes.
///
/// # Errors
/// A format that does not fit the answer; those of `w`.
pub fn write(
    answer: &Answer,
    format: ResultsFormat,
    prefixes: &[(&str, String)],
    w: impl Write,
) -> Result<(), ResultsError> {
    let form = match answer {
        Answer::Boolean(_) => QueryForm::Ask,
        Answer::Solutions(_) => QueryForm::Select,
        Answer::Graph(_) => QueryForm::Graph,
    };
    check_fits(format, form)?;
    let mut w = io::BufWriter::new(w);
    match (answer, format) {
        (_, ResultsFormat::Table) => table::write(answer, prefixes, &mut w)?,
        (Answer::Boolean(b), f) => {
            if let Some(f) = f.sparql() {
                QueryResultsSerializer::from_format(f).serialize_boolean_to_writer(&mut w, *b)?;
                // SPARQL defines no CSV or TSV boolean; the serializer writes a bare word.
                if matches!(f, QueryResultsFormat::Csv | QueryResultsFormat::Tsv) {
                    w.write_all(b"\n")?;
                }
            }
        }
        (Answer::Solutions(s), f) => {
            if let Some(f) = f.sparql() {
                let mut out = QueryResultsSerializer::from_format(f)
                    .serialize_solutions_to_writer(&mut w, s.variables.clone())?;
                for row in &s.rows {
                    out.serialize(
                        s.variables
                            .iter()
                            .zip(row)
                            .filter_map(|(v, t)| Some((v, t.as_ref()?))),
                    )?;
                }
                out.finish()?;
            }
        }
        (Answer::Graph(triples), ResultsFormat::Rdf(rdf)) => {
            let mut serializer = RdfSerializer::from_format(rdf);
            for (name, iri) in turtle_prefixes(triples, prefixes) {
                serializer = serializer
                    .with_prefix(name, iri)
                    .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
            }
            let mut out = serializer.for_writer(&mut w);
            for t in triples {
                out.serialize_triple(t)?;
            }
            out.finish()?;
        }
        (Answer::Graph(_), _) => {
            return Err(ResultsError::Picture(
                "GraphML and DOT need the glossary: call results::draw".into(),
            ))
        }
    }
    w.flush()?;
    Ok(())
}

/// Whether `format` can write the answer of a query of `form`, as an error that names
/// the formats that can.
///
/// # Errors
/// [`ResultsError::Unfit`].
pub fn check_fits(format: ResultsFormat, form: QueryForm) -> Result<(), ResultsError> {
    if format.fits(form) {
        return Ok(());
    }
    let fits: Vec<&str> = ResultsFormat::all()
        .into_iter()
        .filter(|f| f.fits(form))
        .map(ResultsFormat::name)
        .collect();
    Err(ResultsError::Unfit {
        format: format.name(),
        what: match form {
            QueryForm::Graph => "the graph of a CONSTRUCT or DESCRIBE query",
            QueryForm::Ask => "the answer of an ASK query",
            QueryForm::Select => "the solutions of a SELECT query",
        },
        fits: fits.join(", "),
    })
}

/// The prefixes worth declaring for `triples` in Turtle: those whose namespace starts some
/// IRI of the triples, and only if every such IRI's rest is a plain local name.
///
/// An IRI like `term/roce-v2#cite-x` under `term:` would need an escaped local name
/// (`term:roce-v2\#cite-x`): valid Turtle, but some parsers (Virtuoso 7.2's among them) keep
/// the backslash and store a different IRI. So such a prefix is left out and those IRIs are
/// written in full, as the RDF export does.
pub fn turtle_prefixes<'a>(
    triples: &[oxigraph::model::Triple],
    prefixes: &'a [(&'a str, String)],
) -> Vec<(&'a str, &'a str)> {
    // 0: unused, 1: used, 2: needs an escape somewhere.
    let mut state = vec![0u8; prefixes.len()];
    let mut mark = |iri: &str| {
        for (i, (_, ns)) in prefixes.iter().enumerate() {
            if let Some(local) = iri.strip_prefix(ns.as_str()) {
                let plain = local
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
                    && !local.starts_with('-');
                state[i] = state[i].max(if plain { 1 } else { 2 });
            }
        }
    };
    for t in triples {
        if let NamedOrBlankNode::NamedNode(n) = &t.subject {
            mark(n.as_str());
        }
        mark(t.predicate.as_str());
        match &t.object {
            Term::NamedNode(n) => mark(n.as_str()),
            Term::Literal(l) if l.language().is_none() => mark(l.datatype().as_str()),
            _ => {}
        }
    }
    prefixes
        .iter()
        .zip(state)
        .filter(|(_, s)| *s == 1)
        .map(|((name, ns), _)| (*name, ns.as_str()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solutions;
    use oxigraph::model::{Literal, NamedNode, Triple, Variable};

    fn render(answer: &Answer, format: ResultsFormat) -> String {
        let mut out = Vec::new();
        write(
            answer,
            format,
            &[("ex", "http://example.com/".into())],
            &mut out,
        )
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_name_round_trips() {
        for f in ResultsFormat::all() {
            assert_eq!(ResultsFormat::from_name(f.name()), Some(f), "{}", f.name());
        }
        assert_eq!(
            ResultsFormat::all()
                .iter()
                .map(|f| f.name())
                .collect::<Vec<_>>(),
            [
                "table", "csv", "tsv", "json", "xml", "turtle", "ntriples", "rdfxml", "jsonld",
                "trig", "nquads", "graphml", "dot"
            ]
        );
    }

    #[test]
    fn solutions_in_the_sparql_formats() {
        let answer = Answer::Solutions(Solutions {
            variables: vec![Variable::new_unchecked("s"), Variable::new_unchecked("l")],
            rows: vec![
                vec![
                    Some(NamedNode::new_unchecked("http://example.com/a").into()),
                    Some(Literal::new_language_tagged_literal_unchecked("A \"x\"", "en").into()),
                ],
                vec![None, Some(Literal::from(2).into())],
            ],
        });
        assert_eq!(
            render(&answer, ResultsFormat::Csv),
            "s,l\r\nhttp://example.com/a,\"A \"\"x\"\"\"\r\n,2\r\n"
        );
        assert_eq!(
            render(&answer, ResultsFormat::Tsv),
            "?s\t?l\n<http://example.com/a>\t\"A \\\"x\\\"\"@en\n\t2\n"
        );
        assert!(render(&answer, ResultsFormat::Json).starts_with(r#"{"head":{"vars":["s","l"]}"#));
        let xml = render(&answer, ResultsFormat::Xml);
        assert!(
            xml.contains(r#"<binding name="l"><literal xml:lang="en">A &quot;x&quot;</literal>"#),
            "{xml}"
        );
    }

    #[test]
    fn a_format_that_does_not_fit_names_those_that_do() {
        let graph = Answer::Graph(vec![]);
        let mut out = Vec::new();
        let e = write(&graph, ResultsFormat::Csv, &[], &mut out).unwrap_err();
        assert_eq!(
            e.to_string(),
            "--results csv cannot write the graph of a CONSTRUCT or DESCRIBE query; use table, turtle, ntriples, rdfxml, jsonld, trig, nquads, graphml, dot"
        );
        let e = write(
            &Answer::Boolean(true),
            ResultsFormat::Rdf(RdfFormat::Turtle),
            &[],
            &mut out,
        )
        .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("--results turtle cannot write the answer of an ASK query"),
            "{e}"
        );
    }

    #[test]
    fn graphs_in_turtle_declare_only_used_prefixes() {
        let ex = |s: &str| NamedNode::new_unchecked(format!("http://example.com/{s}"));
        let graph = Answer::Graph(vec![Triple::new(ex("a"), ex("p"), Literal::from("v"))]);
        let mut out = Vec::new();
        write(
            &graph,
            ResultsFormat::Rdf(RdfFormat::Turtle),
            &[
                ("ex", "http://example.com/".into()),
                ("no", "http://no.example/".into()),
            ],
            &mut out,
        )
        .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "@prefix ex: <http://example.com/> .\nex:a ex:p \"v\" .\n"
        );
    }

    #[test]
    fn iris_that_would_need_escapes_are_written_in_full() {
        let term = |s: &str| NamedNode::new_unchecked(format!("https://g.example/term/{s}"));
        let p = NamedNode::new_unchecked("http://example.com/p");
        let prefixes = [
            ("ex", "http://example.com/".to_owned()),
            ("term", "https://g.example/term/".to_owned()),
        ];
        let plain = [Triple::new(term("a"), p.clone(), term("b-2"))];
        assert_eq!(
            turtle_prefixes(&plain, &prefixes),
            [
                ("ex", "http://example.com/"),
                ("term", "https://g.example/term/")
            ]
        );
        let hashed = [Triple::new(term("a"), p, term("a#cite-x"))];
        assert_eq!(
            turtle_prefixes(&hashed, &prefixes),
            [("ex", "http://example.com/")]
        );
    }

    #[test]
    fn content_negotiation_respects_the_query_form() {
        use QueryForm::*;
        assert_eq!(
            ResultsFormat::from_media_type("text/csv", Select),
            Some(ResultsFormat::Csv)
        );
        assert_eq!(ResultsFormat::from_media_type("text/csv", Graph), None);
        assert_eq!(
            ResultsFormat::from_media_type("text/turtle", Graph),
            Some(ResultsFormat::Rdf(RdfFormat::Turtle))
        );
        assert_eq!(ResultsFormat::from_media_type("text/turtle", Ask), None);
    }
}
