//! `import`: RDF that follows glossgraph's mapping, read back into term cards.
//!
//! The reverse of [`crate::rdf::write`]. A file in any of the six formats is parsed whole
//! (an import is not a streaming job: triples about one term may come in any order in RDF
//! written by other tools), its triples are grouped by subject, and each subject is read as
//! what its IRI says it is: the concept scheme, a status, a `gx:` term, a term, or a part of
//! a term (citation, provenance statement, note paragraph). The base IRI and the language are
//! taken from the file itself: the base is the one `skos:ConceptScheme` whose IRI ends in `/`
//! or `#`, the language that of its `dcterms:title`.
//!
//! Nothing is ignored silently. A triple the mapping does not produce — an unknown predicate,
//! a literal where an IRI belongs, a label in another language, a blank node, a second
//! `skos:prefLabel` — is a [`Problem`] of its subject, and every problem is reported, sorted,
//! before anything is written. Derived triples (`owl:deprecated`, the scheme membership and labels, the
//! cited note paragraphs, the vocabulary) are accepted and not turned into card fields: the
//! cards hold them already.
//!
//! Lists come back sorted, as [`crate::rdf::write::normalize`] states: importing an export
//! gives `normalize` of the exported cards.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use oxigraph::io::{RdfFormat, RdfParser};
use oxigraph::model::{NamedOrBlankNode, Term, TermRef};

mod concept;
mod entities;
mod fields;
pub mod vocabulary;

use concept::ConceptReader;
use fields::Fields;

use crate::card::Draft;
use crate::config::{self, Config};
use crate::rdf::vocab::{dcterms, owl, rdf, rdfs, skos, Iris, PartOwned};

/// What an RDF file held: the cards, sorted by slug, and the settings they were written with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub cards: Vec<Draft>,
    /// Base IRI, language and title from the concept scheme; the statuses the file defines.
    pub config: Config,
    /// What a vocabulary not written by glossgraph held that the cards do not, and what was
    /// changed to fit; empty for glossgraph's own exports, which come back whole.
    pub report: vocabulary::Report,
}

/// How to read a file: where relative IRIs resolve, the main language of a vocabulary.
#[derive(Debug, Clone, Default)]
pub struct ReadOptions {
    /// The base IRI of relative IRIs (`--base`); the file's own URL when `None`.
    pub base: Option<String>,
    /// The glossary's main language (`--language`) for a vocabulary not written by
    /// glossgraph.
    pub language: Option<String>,
    /// Read the file as a SKOS vocabulary even when it is one of glossgraph's exports
    /// (`--vocabulary`): for the export of an imported vocabulary, whose concepts keep
    /// their published IRIs.
    pub vocabulary: bool,
}

/// A subject whose triples do not follow the mapping, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The subject's IRI in angle brackets (or `_:id` for a blank node); empty for the file.
    pub subject: String,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.subject.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.subject, self.message)
        }
    }
}

/// Why an import failed.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file could not be read, or the cards could not be written: the tool cannot run.
    #[error("cannot {action} `{}`", path.display())]
    Io {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    /// The file is not well-formed in its format. `position` is the 1-based line and column
    /// where the parser stopped, when it gives one (JSON-LD errors that are not JSON syntax
    /// errors have none).
    #[error("{}: {message}", located(.file, *.position))]
    Syntax {
        file: String,
        position: Option<(u64, u64)>,
        message: String,
    },
    /// The folder to write into already holds files: cards are written into a new or empty
    /// folder only, so that none is overwritten and no stale card is left beside them.
    #[error("`{}` is not an empty folder; cards are only written into a new or empty one", .0.display())]
    NotEmpty(PathBuf),
    /// The RDF is well-formed but does not follow the mapping.
    #[error("{file}: the RDF does not follow the glossgraph mapping ({})", count(.problems.len(), "problem"))]
    Mapping {
        file: String,
        /// Every problem, sorted by subject.
        problems: Vec<Problem>,
    },
}

fn located(file: &str, position: Option<(u64, u64)>) -> String {
    match position {
        Some((line, column)) => format!("{file}:{line}:{column}"),
        None => file.to_owned(),
    }
}

fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// The RDF format of a file name's extension (`.ttl`, `.nt`, `.rdf`/`.xml`, `.jsonld`/`.json`,
/// `.trig`, `.nq`).
pub fn format_of(path: &Path) -> Option<RdfFormat> {
    let extension = path.extension()?.to_str()?.to_ascii_lowercase();
    RdfFormat::from_extension(&extension).filter(|f| *f != RdfFormat::N3)
}

/// Reads the RDF file at `path`.
///
/// # Errors
/// [`ImportError::Io`] if it cannot be read; [`ImportError::Syntax`] if it does not parse;
/// [`ImportError::Mapping`] with every problem if it does not follow the mapping.
pub fn read_file(path: &Path, format: RdfFormat) -> Result<Imported, ImportError> {
    read_file_with(path, format, &ReadOptions::default())
}

/// [`read_file`] with `options`; relative IRIs resolve against the file's own `file:` URL
/// unless `options` names a base.
///
/// # Errors
/// See [`read_file`].
pub fn read_file_with(
    path: &Path,
    format: RdfFormat,
    options: &ReadOptions,
) -> Result<Imported, ImportError> {
    let bytes = fs::read(path).map_err(|source| ImportError::Io {
        action: "read",
        path: path.to_owned(),
        source,
    })?;
    let mut options = options.clone();
    if options.base.is_none() {
        options.base = file_url(path);
    }
    read_with(&bytes, format, &path.display().to_string(), &options)
}

/// The `file:` URL of `path`, for the base of its relative IRIs.
fn file_url(path: &Path) -> Option<String> {
    let absolute = fs::canonicalize(path).ok()?;
    let mut url = String::from("file://");
    for c in absolute.to_str()?.chars() {
        match c {
            'A'..='Z' | 'a'..='z' | '0'..='9' | '/' | '-' | '.' | '_' | '~' => url.push(c),
            c => {
                let mut buf = [0; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    url.push_str(&format!("%{b:02X}"));
                }
            }
        }
    }
    Some(url)
}

/// Reads RDF from `bytes`; `file` names it in errors.
///
/// # Errors
/// See [`read_file`].
pub fn read(bytes: &[u8], format: RdfFormat, file: &str) -> Result<Imported, ImportError> {
    read_with(bytes, format, file, &ReadOptions::default())
}

/// [`read`] with `options`.
///
/// glossgraph's own exports (a scheme with the `gx:` vocabulary beside it) are read against
/// the mapping, strictly, as before; any other file is read as a SKOS vocabulary
/// ([`vocabulary`]), keeping what the cards can hold and reporting the rest.
///
/// # Errors
/// See [`read_file`].
pub fn read_with(
    bytes: &[u8],
    format: RdfFormat,
    file: &str,
    options: &ReadOptions,
) -> Result<Imported, ImportError> {
    let (triples, repaired) = match parse(bytes, format, file, options.base.as_deref(), false) {
        Ok(triples) => (triples, Vec::new()),
        Err(strict) => match parse(bytes, format, file, options.base.as_deref(), true) {
            // Only an IRI the strict parser refused (spaces in it) is let through, repaired.
            Ok(triples) => repair_iris(triples),
            Err(_) => return Err(strict),
        },
    };
    let mut reading = Reading::default();
    let own = !options.vocabulary && is_glossgraph_export(&triples);
    let imported = if own {
        reading.glossary(&triples)
    } else {
        None
    };
    if reading.problems.is_empty() {
        if let Some(imported) = imported {
            return Ok(imported);
        }
    }
    if !own {
        let skos_options = vocabulary::Options {
            language: options.language.clone(),
        };
        if let Some((cards, config, mut report)) = vocabulary::read(&triples, &skos_options) {
            report.warnings.splice(0..0, repaired);
            return Ok(Imported {
                cards,
                config,
                report,
            });
        }
        reading.problem(
            "",
            "no resource is typed skos:Concept (or a subclass of it): there is nothing to make \
             cards of",
        );
    }
    let mut problems = reading.problems;
    // By IRI (a term before its parts `…#cite-x`), then message.
    problems.sort_by(|a, b| {
        let iri = |p: &Problem| p.subject.trim_matches(['<', '>']).to_owned();
        (iri(a), &a.message).cmp(&(iri(b), &b.message))
    });
    problems.dedup();
    Err(ImportError::Mapping {
        file: file.to_owned(),
        problems,
    })
}

/// The triples of a document by subject (graph names dropped), each subject's in file order.
type Triples = BTreeMap<SubjectKey, Vec<(String, Term)>>;

/// A subject: an IRI, or a blank node (which the mapping never produces).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum SubjectKey {
    Iri(String),
    Blank(String),
}

impl SubjectKey {
    fn shown(&self) -> String {
        match self {
            SubjectKey::Iri(iri) => format!("<{iri}>"),
            SubjectKey::Blank(id) => format!("_:{id}"),
        }
    }
}

/// Whether `triples` are one of glossgraph's exports: a concept scheme named by a base IRI
/// with the `gx:` ontology (`{base}ns`) beside it.
fn is_glossgraph_export(triples: &Triples) -> bool {
    let typed = |iri: &str, class: oxigraph::model::NamedNodeRef<'_>| {
        triples
            .get(&SubjectKey::Iri(iri.to_owned()))
            .is_some_and(|values| {
                values.iter().any(|(p, o)| {
                    p == rdf::TYPE.as_str()
                        && matches!(o, Term::NamedNode(n) if n.as_ref() == class)
                })
            })
    };
    triples.keys().any(|key| match key {
        SubjectKey::Iri(iri) if iri.ends_with('/') || iri.ends_with('#') => {
            typed(iri, skos::CONCEPT_SCHEME) && typed(&format!("{iri}ns"), owl::ONTOLOGY)
        }
        _ => false,
    })
}

/// `triples` with every IRI that is not valid (spaces, other characters IRIs do not allow)
/// percent-encoded, and a warning naming each.
fn repair_iris(triples: Triples) -> (Triples, Vec<String>) {
    let mut warnings = BTreeSet::new();
    let mut fix = |iri: String| -> String {
        if oxigraph::model::NamedNode::new(iri.as_str()).is_ok() {
            return iri;
        }
        let mut out = String::with_capacity(iri.len());
        for c in iri.chars() {
            if c.is_whitespace()
                || c.is_control()
                || matches!(c, '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '`')
            {
                let mut buf = [0; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("%{b:02X}"));
                }
            } else {
                out.push(c);
            }
        }
        warnings.insert(format!("the IRI <{iri}> is not valid: read as <{out}>"));
        out
    };
    let mut out = Triples::new();
    for (key, values) in triples {
        let key = match key {
            SubjectKey::Iri(iri) => SubjectKey::Iri(fix(iri)),
            blank => blank,
        };
        let values = values
            .into_iter()
            .map(|(p, o)| {
                let o = match o {
                    Term::NamedNode(n) => {
                        Term::NamedNode(oxigraph::model::NamedNode::new_unchecked(fix(n.into_string())))
                    }
                    Term::Literal(l) => {
                        let (value, datatype, language) = l.destruct();
                        match (datatype, language) {
                            (Some(dt), None) => Term::Literal(oxigraph::model::Literal::new_typed_literal(
                                value,
                                oxigraph::model::NamedNode::new_unchecked(fix(dt.into_string())),
                            )),
                            (dt, language) => {
                                let l = match language {
                                    Some(tag) => oxigraph::model::Literal::new_language_tagged_literal_unchecked(value, tag),
                                    None => match dt {
                                        Some(dt) => oxigraph::model::Literal::new_typed_literal(value, dt),
                                        None => oxigraph::model::Literal::new_simple_literal(value),
                                    },
                                };
                                Term::Literal(l)
                            }
                        }
                    }
                    other => other,
                };
                (fix(p), o)
            })
            .collect::<Vec<_>>();
        out.entry(key).or_default().extend(values);
    }
    (out, warnings.into_iter().collect())
}

fn parse(
    bytes: &[u8],
    format: RdfFormat,
    file: &str,
    base: Option<&str>,
    lenient: bool,
) -> Result<Triples, ImportError> {
    let syntax = |position: Option<(u64, u64)>, message: String| ImportError::Syntax {
        file: file.to_owned(),
        position,
        message,
    };
    let mut triples = Triples::new();
    let mut add = |quad: oxigraph::model::Quad| {
        let subject = match quad.subject {
            NamedOrBlankNode::NamedNode(n) => SubjectKey::Iri(n.into_string()),
            NamedOrBlankNode::BlankNode(b) => SubjectKey::Blank(b.into_string()),
        };
        triples
            .entry(subject)
            .or_default()
            .push((quad.predicate.into_string(), quad.object));
    };
    // The base IRI and leniency asked for, on either parser: RDF/XML's own and the others'
    // share these methods but no trait.
    macro_rules! with_options {
        ($parser:expr) => {{
            let mut parser = $parser;
            if let Some(base) = base {
                parser = parser
                    .with_base_iri(base)
                    .map_err(|e| syntax(None, format!("the base IRI <{base}>: {e}")))?;
            }
            if lenient {
                parser = parser.lenient();
            }
            parser
        }};
    }
    if format == RdfFormat::RdfXml {
        entities::check(bytes)
            .map_err(|r| syntax(Some(line_column(bytes, r.offset)), r.message))?;
        // Oxigraph's format-independent parser loses the position of RDF/XML errors; the
        // RDF/XML parser itself knows the byte it stopped at.
        let mut parser = with_options!(oxrdfxml::RdfXmlParser::new()).for_slice(bytes);
        while let Some(triple) = parser.next() {
            match triple {
                Ok(t) => add(t.in_graph(oxigraph::model::GraphName::DefaultGraph)),
                Err(e) => {
                    let offset = usize::try_from(parser.buffer_position()).unwrap_or(usize::MAX);
                    return Err(syntax(Some(line_column(bytes, offset)), e.to_string()));
                }
            }
        }
        return Ok(triples);
    }
    let parser = with_options!(RdfParser::from_format(format));
    let located = |e: &oxigraph::io::RdfSyntaxError| {
        let position = e.location().map(|l| (l.start.line + 1, l.start.column + 1));
        syntax(position, parser_message(&e.to_string()))
    };
    if matches!(format, RdfFormat::JsonLd { .. }) {
        // A context named by its URL (`"@context": "file:///…"`, `"@import"`) is never
        // fetched: the loader refuses every one, says why, and keeps the URL to find where
        // the document names it (the parser's error has no position).
        let refused = std::sync::Arc::new(std::sync::Mutex::new(None::<String>));
        let seen = std::sync::Arc::clone(&refused);
        let quads = parser.for_reader(bytes).with_document_loader(move |url| {
            if let Ok(mut seen) = seen.lock() {
                seen.get_or_insert_with(|| url.to_owned());
            }
            Err(NO_REMOTE_CONTEXT.into())
        });
        for quad in quads {
            let e = match quad {
                Ok(q) => {
                    add(q);
                    continue;
                }
                Err(oxigraph::io::RdfParseError::Syntax(e)) => located(&e),
                Err(e) => syntax(None, parser_message(&e.to_string())),
            };
            let url = refused.lock().ok().and_then(|url| url.clone());
            return Err(match (e, url) {
                (
                    ImportError::Syntax {
                        file,
                        position: None,
                        message,
                    },
                    Some(url),
                ) => {
                    // As written: the URL, or a relative reference that resolved to it
                    // (its end after a `/`).
                    let named = std::iter::once(url.as_str())
                        .chain(url.match_indices('/').map(|(at, _)| &url[at + 1..]))
                        .filter(|written| !written.is_empty())
                        .find_map(|written| {
                            memchr::memmem::find(bytes, format!("\"{written}\"").as_bytes())
                        });
                    ImportError::Syntax {
                        file,
                        position: named.map(|at| line_column(bytes, at)),
                        message,
                    }
                }
                (e, _) => e,
            });
        }
        return Ok(triples);
    }
    for quad in parser.for_slice(bytes) {
        match quad {
            Ok(q) => add(q),
            Err(e) => return Err(located(&e)),
        }
    }
    Ok(triples)
}

/// Why a JSON-LD context named by its URL is not read.
const NO_REMOTE_CONTEXT: &str = "glossgraph loads no JSON-LD context from a file or the \
                                 network; write the context into the document";

/// The parser's message without its own "Parser error at line … column …:" preamble, which
/// the error repeats as `file:line:column`.
fn parser_message(message: &str) -> String {
    match message.strip_prefix("Parser error") {
        Some(rest) => rest.split_once(": ").map_or(message, |(_, m)| m).to_owned(),
        None => message.to_owned(),
    }
}

/// 1-based line and column (in characters) of a byte offset.
fn line_column(bytes: &[u8], offset: usize) -> (u64, u64) {
    let text = String::from_utf8_lossy(&bytes[..offset.min(bytes.len())]);
    let (line, column) = crate::diag::line_column(&text, text.len());
    (u64::from(line), u64::from(column))
}

/// The state of reading one document: its IRIs once known, and the problems found.
#[derive(Default)]
struct Reading {
    problems: Vec<Problem>,
    /// The `gx:` namespace, once the base IRI is known.
    gx: String,
}

impl Reading {
    fn glossary(&mut self, triples: &Triples) -> Option<Imported> {
        let (iris, title, language) = self.scheme(triples)?;
        self.gx = iris.gx_namespace().to_owned();
        let mut statuses = BTreeSet::new();
        let mut concepts: BTreeMap<String, &SubjectKey> = BTreeMap::new();
        let mut parts: BTreeMap<String, Vec<(PartOwned, &SubjectKey)>> = BTreeMap::new();
        for (key, values) in triples {
            let iri = match key {
                SubjectKey::Blank(_) => {
                    self.problem(
                        &key.shown(),
                        "a blank node: the mapping names every resource with an IRI",
                    );
                    continue;
                }
                SubjectKey::Iri(iri) => iri.as_str(),
            };
            for (p, o) in values {
                if let Term::BlankNode(b) = o {
                    let p = self.name(p);
                    self.problem(
                        &key.shown(),
                        format!(
                            "{p} {b}: a blank node: the mapping names every resource with an IRI"
                        ),
                    );
                }
            }
            if iri == iris.base() || iris.is_vocabulary(iri) {
                // The scheme was read first; the vocabulary only describes the mapping.
            } else if let Some(status) = iris.status_value(iri) {
                let mut f = Fields::new(key, values);
                self.types(&mut f, iris.gx().lifecycle_status);
                for p in [skos::PREF_LABEL, skos::DEFINITION] {
                    f.take(p);
                }
                self.leftovers(f);
                statuses.insert(status);
            } else if let Some(slug) = iris.term_slug(iri) {
                concepts.insert(slug, key);
            } else if let Some((slug, part)) = iris.part_of(iri) {
                parts.entry(slug).or_default().push((part, key));
            } else {
                self.problem(
                    &key.shown(),
                    format!(
                        "is not part of the mapping: no term, part of a term, status or vocabulary \
                         term of the base <{}> has this IRI",
                        iris.base()
                    ),
                );
            }
        }
        for (slug, subjects) in &parts {
            if !concepts.contains_key(slug) {
                for (_, key) in subjects {
                    self.problem(
                        &key.shown(),
                        format!("is a part of the term `{slug}`, which the file does not describe"),
                    );
                }
            }
        }
        let reader = ConceptReader {
            iris: &iris,
            language: &language,
            triples,
            concepts: &concepts,
        };
        let mut cards = Vec::with_capacity(concepts.len());
        for (slug, key) in &concepts {
            let no_parts = Vec::new();
            let card_parts = parts.get(slug).unwrap_or(&no_parts);
            if let Some(card) = reader.card(self, slug, key, card_parts) {
                cards.push(card);
            }
        }
        let statuses: Vec<String> = statuses.into_iter().collect();
        for card in &cards {
            if let Some(status) = &card.status {
                if !statuses.contains(status) {
                    let mut s = String::new();
                    iris.push_status(&mut s, status);
                    self.problem(
                        &format!("<{}>", iris.term(&card.slug)),
                        format!("gx:status <{s}> is not one of the statuses the file defines"),
                    );
                }
            }
        }
        let config = Config {
            base: iris.base().to_owned(),
            language,
            title,
            statuses: if statuses.is_empty() {
                config::KNOWN_STATUSES
                    .iter()
                    .map(|s| (*s).to_owned())
                    .collect()
            } else {
                statuses
            },
            ..Config::default()
        };
        Some(Imported {
            cards,
            config,
            report: vocabulary::Report::default(),
        })
    }

    /// Finds the concept scheme; reads its title and language.
    fn scheme(&mut self, triples: &Triples) -> Option<(Iris, String, String)> {
        let is_scheme = |values: &Vec<(String, Term)>| {
            values.iter().any(|(p, o)| {
                p == rdf::TYPE.as_str()
                    && matches!(o, Term::NamedNode(n) if n.as_ref() == skos::CONCEPT_SCHEME)
            })
        };
        let candidates: Vec<(&str, &Vec<(String, Term)>)> = triples
            .iter()
            .filter_map(|(key, values)| match key {
                SubjectKey::Iri(iri)
                    if (iri.ends_with('/') || iri.ends_with('#')) && is_scheme(values) =>
                {
                    Some((iri.as_str(), values))
                }
                _ => None,
            })
            .collect();
        let (base, values) = match candidates.as_slice() {
            [one] => *one,
            [] => {
                self.problem(
                    "",
                    "no skos:ConceptScheme whose IRI ends in `/` or `#`: the glossary's scheme, \
                     named by its base IRI, is missing",
                );
                return None;
            }
            several => {
                let names: Vec<String> =
                    several.iter().map(|(iri, _)| format!("<{iri}>")).collect();
                self.problem(
                    "",
                    format!(
                        "several concept schemes could be the glossary's: {}",
                        names.join(", ")
                    ),
                );
                return None;
            }
        };
        let key = SubjectKey::Iri(base.to_owned());
        let mut f = Fields::new(&key, values);
        self.types(&mut f, skos::CONCEPT_SCHEME);
        let title = self.one(&mut f, dcterms::TITLE);
        // The scheme's labels repeat its title for SKOS tools: derived, not read.
        f.take(skos::PREF_LABEL);
        f.take(rdfs::LABEL);
        if let Some(modified) = self.optional(&mut f, dcterms::MODIFIED) {
            self.date(&f.subject.clone(), dcterms::MODIFIED, modified);
        }
        let subject = f.subject.clone();
        self.leftovers(f);
        let (title, language) = match title {
            Some(Term::Literal(l)) if l.language().is_some() => {
                (l.value().to_owned(), l.language()?.to_owned())
            }
            Some(other) => {
                self.problem(
                    &subject,
                    format!(
                        "dcterms:title {other}: expected a language-tagged literal (its tag is the \
                         glossary's language)"
                    ),
                );
                return None;
            }
            None => return None,
        };
        Some((Iris::new(base), title, language))
    }
}

/// What kind of RDF term `t` is, for messages.
fn kind(t: TermRef<'_>) -> &'static str {
    match t {
        TermRef::NamedNode(_) => "an IRI",
        TermRef::BlankNode(_) => "a blank node",
        TermRef::Literal(_) => "a literal",
    }
}

/// Writes the cards into `dir` as `{slug}.json` (seed-shaped, as [`Draft::write_json`] writes
/// them) and the settings as `glossgraph.toml`; returns the files written, in order.
///
/// Each file is written to a temporary file beside it, flushed to the disk and renamed into
/// place, so a failure never leaves half a file. The flushes run on [`FLUSHERS`] threads
/// while the next cards are written: one after the other, a flush of each of 20,000 cards
/// (a vocabulary of that size) waited 63 s on a busy disk; several at once, the disk takes
/// them together. Other files in `dir` are left alone.
///
/// # Errors
/// [`ImportError::Io`] naming the file that could not be written.
pub fn write_folder(imported: &Imported, dir: &Path) -> Result<Vec<PathBuf>, ImportError> {
    let io = |path: &Path| {
        let path = path.to_owned();
        move |source| ImportError::Io {
            action: "write",
            path,
            source,
        }
    };
    new_or_empty(dir)?;
    fs::create_dir_all(dir).map_err(io(dir))?;
    let toml = settings_toml(&imported.config);
    let files = imported
        .cards
        .iter()
        .map(|card| {
            let path = dir.join(format!("{}.json", card.slug));
            let fill: Fill<'_> = Box::new(move |w: &mut dyn Write| {
                card.write_json(&mut *w, true)?;
                w.write_all(b"\n")
            });
            (path, fill)
        })
        .chain(std::iter::once((
            dir.join(config::FILE_NAME),
            Box::new(|w: &mut dyn Write| w.write_all(toml.as_bytes())) as Fill<'_>,
        )));
    write_flushed(files).map_err(|(path, e)| io(&path)(e))
}

/// How many files [`write_folder`] flushes to the disk at once.
pub const FLUSHERS: usize = 8;

/// A file to write: its path and what fills it.
type Fill<'a> = Box<dyn Fn(&mut dyn Write) -> io::Result<()> + 'a>;

/// Writes each file of `files` to a temporary file beside it
/// ([`crate::output::temporary_beside`]), then flushes it to the disk and renames it into
/// place on one of [`FLUSHERS`] threads; the paths in order, or the first failure.
fn write_flushed<'a>(
    files: impl Iterator<Item = (PathBuf, Fill<'a>)>,
) -> Result<Vec<PathBuf>, (PathBuf, io::Error)> {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{mpsc, Mutex, PoisonError};
    use tempfile::NamedTempFile;

    let failed = AtomicBool::new(false);
    let first_error: Mutex<Option<(PathBuf, io::Error)>> = Mutex::new(None);
    let fail = |path: &Path, e: io::Error| {
        failed.store(true, Ordering::Relaxed);
        let mut first = first_error.lock().unwrap_or_else(PoisonError::into_inner);
        first.get_or_insert((path.to_owned(), e));
    };
    // Bounded, so that no more files are open at once than the flushers can take.
    let (send, receive) = mpsc::sync_channel::<(NamedTempFile, PathBuf)>(FLUSHERS * 4);
    let receive = Mutex::new(receive);
    let mut written = Vec::new();
    std::thread::scope(|scope| {
        for _ in 0..FLUSHERS {
            scope.spawn(|| loop {
                let next = receive
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .recv();
                let Ok((file, path)) = next else { return };
                // After a failure the files still come, and are dropped (removed) unrenamed.
                if failed.load(Ordering::Relaxed) {
                    continue;
                }
                let result = file
                    .as_file()
                    .sync_all()
                    .and_then(|()| file.persist(&path).map(drop).map_err(|e| e.error));
                if let Err(e) = result {
                    fail(&path, e);
                }
            });
        }
        for (path, fill) in files {
            if failed.load(Ordering::Relaxed) {
                break;
            }
            let file = (|| {
                let mut file = crate::output::temporary_beside(&path)?;
                let mut w = BufWriter::new(&mut file);
                fill(&mut w)?;
                w.flush()?;
                drop(w);
                Ok(file)
            })();
            match file {
                Ok(file) => {
                    // The flushers stop only once `send` is dropped: the send cannot fail.
                    let _ = send.send((file, path.clone()));
                    written.push(path);
                }
                Err(e) => fail(&path, e),
            }
        }
        drop(send);
    });
    match first_error
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
    {
        Some(failure) => Err(failure),
        None => Ok(written),
    }
}

/// Whether `dir` can take the imported cards: it does not exist yet, or is an empty folder.
///
/// # Errors
/// [`ImportError::NotEmpty`] for a folder that holds anything (or a file in its place).
pub fn new_or_empty(dir: &Path) -> Result<(), ImportError> {
    let empty = match fs::read_dir(dir) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => true,
        Err(_) if dir.exists() && !dir.is_dir() => false,
        Err(source) => {
            return Err(ImportError::Io {
                action: "read",
                path: dir.to_owned(),
                source,
            })
        }
        Ok(mut entries) => entries.next().is_none(),
    };
    if empty {
        Ok(())
    } else {
        Err(ImportError::NotEmpty(dir.to_owned()))
    }
}

/// The configuration as a `glossgraph.toml`. The example base IRI (a folder of pages gives
/// none) is left out, so that `base` is unset, as every command's note then says.
fn settings_toml(config: &Config) -> String {
    let mut table = toml::Table::new();
    if !config.has_example_base() {
        table.insert("base".into(), config.base.clone().into());
    }
    table.insert("language".into(), config.language.clone().into());
    table.insert("title".into(), config.title.clone().into());
    table.insert(
        "statuses".into(),
        toml::Value::Array(config.statuses.iter().cloned().map(Into::into).collect()),
    );
    for (key, value) in [("namespace", &config.namespace), ("scheme", &config.scheme)] {
        if let Some(value) = value {
            table.insert(key.into(), value.clone().into());
        }
    }
    let mut out =
        String::from("# Written by `glossgraph import`: the settings found in the input.\n");
    if config.has_example_base() {
        out.push_str("# No base IRI was found: set `base`, the IRI the terms' IRIs start with.\n");
    }
    out.push_str(&table.to_string());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_base_is_not_written_as_the_glossarys() {
        let toml = settings_toml(&Config::default());
        assert!(!toml.contains("base ="), "{toml}");
        assert!(toml.contains("set `base`"), "{toml}");
        let parsed: toml::Table = toml::from_str(&toml).unwrap();
        assert_eq!(parsed["language"].as_str(), Some("en"));
        let config = Config {
            base: "https://glossary.example/".into(),
            ..Config::default()
        };
        let toml = settings_toml(&config);
        assert!(
            toml.contains("base = \"https://glossary.example/\""),
            "{toml}"
        );
        assert!(!toml.contains("set `base`"), "{toml}");
    }

    #[test]
    fn parser_preamble_is_dropped() {
        assert_eq!(
            parser_message("Parser error at line 3 column 5: unexpected end"),
            "unexpected end"
        );
        assert_eq!(parser_message("odd: message"), "odd: message");
    }

    #[test]
    fn files_are_flushed_side_by_side_and_a_failure_is_named_with_nothing_half_written() {
        let dir = tempfile::tempdir().unwrap();
        let files = |failing: Option<usize>| {
            let dir = dir.path().to_owned();
            (0..200).map(move |i| {
                let fill: Fill<'static> = Box::new(move |w| {
                    if Some(i) == failing {
                        return Err(io::Error::other("disk full"));
                    }
                    write!(w, "file {i}")
                });
                (dir.join(format!("f{i:03}")), fill)
            })
        };
        let (path, e) = write_flushed(files(Some(120))).unwrap_err();
        assert_eq!(
            (path, e.to_string()),
            (dir.path().join("f120"), "disk full".into())
        );
        let names: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
        assert!(!names.contains(&"f120".to_owned()), "{names:?}");
        for name in &names {
            fs::remove_file(dir.path().join(name)).unwrap();
        }
        let written = write_flushed(files(None)).unwrap();
        assert_eq!(written.len(), 200);
        for (i, path) in written.iter().enumerate() {
            assert_eq!(*path, dir.path().join(format!("f{i:03}")));
            assert_eq!(fs::read_to_string(path).unwrap(), format!("file {i}"));
        }
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 200);
    }

    #[test]
    fn formats_from_extensions() {
        assert_eq!(format_of(Path::new("a/g.TTL")), Some(RdfFormat::Turtle));
        assert_eq!(format_of(Path::new("g.nq")), Some(RdfFormat::NQuads));
        assert_eq!(format_of(Path::new("g.n3")), None);
        assert_eq!(format_of(Path::new("g")), None);
    }
}
