//! `import`: RDF that follows glossgraph's mapping, read back into term cards.
//!
//! The reverse of [`crate::rdf::write`]. A file in any of the six formats is parsed whole
//! (an import is not a streaming job: triples about one term may come in any order in RDF
//! written by other tools) into `triples`, each string held once and the triples grouped
//! by subject, and each subject is read as what its IRI says it is: the concept scheme, a
//! status, a `gx:` term, a term, or a part of a term (citation, provenance statement, note
//! paragraph). The base IRI and the language are taken from the file itself: the base is the
//! one `skos:ConceptScheme` whose IRI ends in `/` or `#`, the language that of its
//! `dcterms:title`. Any other file is read as a SKOS [`vocabulary`], whose cards are made
//! one at a time as they are written ([`Prepared`]).
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

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use oxigraph::io::{RdfFormat, RdfParser};
use oxigraph::model::TermRef;

mod concept;
mod entities;
mod fields;
mod out;
mod triples;
pub mod vocabulary;

use concept::ConceptReader;
use fields::Fields;
pub use out::{
    cards_only, new_or_empty, ready, settings_beside, settings_kept, settings_toml, stage, write,
    write_folder, KeptSettings, Output, Staged, BATCH, FLUSHERS,
};
use triples::{Graphs, Subject, Triples};
use vocabulary::{Repaired, Warning};

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
    /// changed to fit (for glossgraph's own exports, only IRIs repaired or left out).
    pub report: vocabulary::Report,
    /// Whether the file was read as a SKOS vocabulary (not as glossgraph's own export): its
    /// export reads back with `import --vocabulary`.
    pub vocabulary: bool,
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
    #[error("`{}` is not an empty folder; cards are only written into a new or empty one, or with --force over a folder of cards", .0.display())]
    NotEmpty(PathBuf),
    /// A file where the folder of cards would go.
    #[error("`{}` is a file, not a folder: cards are written into a new or empty folder, or into one file named *.jsonl, *.ndjson or *.json", .0.display())]
    NotAFolder(PathBuf),
    /// A folder `--force` would replace that holds more than cards and their settings: the
    /// file named is not one `import` writes, and is not removed for it.
    #[error("`{}` holds `{}`, which is not a card nor its settings: `--force` replaces a folder of cards only; give another --out", .0.display(), .1.display())]
    NotCards(PathBuf, PathBuf),
    /// A folder `--force` would replace that is the working folder or holds it.
    #[error("`{}` is the working folder or holds it; give an --out below it", .0.display())]
    HoldsWorkingFolder(PathBuf),
    /// A file the cards' file or its settings would replace: they replace one only when told
    /// to (`--force`).
    #[error("`{}` exists already; give another --out, or --force to replace it", .0.display())]
    Exists(PathBuf),
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
    prepare_file(path, format, options).map(Prepared::into_imported)
}

/// [`read_file_with`], the cards of a SKOS vocabulary left to be made as they are written
/// ([`Prepared::stage`]): a vocabulary's cards are not all held at once. Turtle,
/// TriG, N-Triples and N-Quads are parsed as they are read from the file; a file that does
/// not parse is read again whole, and its error (or the IRIs repaired) is the one
/// [`read_with`] gives.
///
/// # Errors
/// See [`read_file`].
pub fn prepare_file(
    path: &Path,
    format: RdfFormat,
    options: &ReadOptions,
) -> Result<Prepared, ImportError> {
    let mut options = options.clone();
    if options.base.is_none() {
        options.base = file_url(path);
    }
    let file = path.display().to_string();
    if !matches!(format, RdfFormat::RdfXml | RdfFormat::JsonLd { .. }) {
        if let Ok(reader) = fs::File::open(path) {
            let reader = io::BufReader::with_capacity(1 << 16, reader);
            if let Some(triples) = parse_reader(reader, format, options.base.as_deref()) {
                return from_triples(triples, Repaired::default(), &file, &options);
            }
        }
    }
    let bytes = fs::read(path).map_err(|source| ImportError::Io {
        action: "read",
        path: path.to_owned(),
        source,
    })?;
    prepare(&bytes, format, &file, &options)
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
    prepare(bytes, format, file, options).map(Prepared::into_imported)
}

/// [`read_with`], the cards of a SKOS vocabulary left to be made as they are written.
///
/// # Errors
/// See [`read_file`].
pub fn prepare(
    bytes: &[u8],
    format: RdfFormat,
    file: &str,
    options: &ReadOptions,
) -> Result<Prepared, ImportError> {
    let (triples, repaired) = match parse(bytes, format, file, options.base.as_deref(), false) {
        Ok(triples) => (triples, Repaired::default()),
        Err(strict) => match parse(bytes, format, file, options.base.as_deref(), true) {
            // Only an IRI the strict parser refused (spaces in it) is let through, repaired.
            Ok(triples) => {
                repair_iris(&triples, options.base.as_deref()).map_err(|e| too_large(file, e))?
            }
            Err(_) => return Err(strict),
        },
    };
    from_triples(triples, repaired, file, options)
}

/// The cards of the document `triples`; `repaired` says which IRIs were repaired or left out.
fn from_triples(
    triples: Triples,
    mut repaired: Repaired,
    file: &str,
    options: &ReadOptions,
) -> Result<Prepared, ImportError> {
    let mut reading = Reading::default();
    let own = !options.vocabulary && is_glossgraph_export(&triples);
    let imported = if own {
        reading.glossary(&triples)
    } else {
        None
    };
    if reading.problems.is_empty() {
        if let Some(imported) = imported {
            return Ok(Prepared {
                config: imported.config,
                cards: Cards::Made(imported.cards, imported.report.with(repaired)),
            });
        }
    }
    if !own {
        let skos_options = vocabulary::Options {
            language: options.language.clone(),
        };
        let mut graphs = triples.graphs.clone();
        if let Some((cards, config, warnings)) = vocabulary::read(triples, &skos_options) {
            repaired.warnings.extend(warnings);
            // glossgraph's TriG export puts each card in a graph of its own, which the
            // export of these cards names again.
            let ours = format!("<{}graph/", config.base);
            graphs.names.retain(|name, _| !name.starts_with(&ours));
            repaired.graphs = graphs;
            return Ok(Prepared {
                config,
                cards: Cards::Vocabulary(Box::new(cards), repaired),
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

/// What a file holds, read and checked: the settings, and the cards, made now (glossgraph's
/// own exports, with their report) or as they are written (a SKOS vocabulary's, from its
/// triples, the report counted as they are made).
pub struct Prepared {
    /// Base IRI, language and title; the statuses (see [`Imported::config`]).
    pub config: Config,
    cards: Cards,
}

enum Cards {
    Made(Vec<Draft>, vocabulary::Report),
    /// The cards to make, and what comes first in their report (IRIs repaired or left
    /// out, the base moved).
    Vocabulary(Box<vocabulary::Cards>, Repaired),
}

impl Prepared {
    /// How many cards there are.
    pub fn len(&self) -> usize {
        match &self.cards {
            Cards::Made(cards, _) => cards.len(),
            Cards::Vocabulary(cards, _) => cards.len(),
        }
    }

    /// Whether there is no card.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every card, sorted by slug, and the report.
    pub fn into_imported(self) -> Imported {
        let (cards, report, vocabulary) = match self.cards {
            Cards::Made(cards, report) => (cards, report, false),
            Cards::Vocabulary(cards, repaired) => {
                let mut pass = cards.pass(&repaired);
                let made = (0..cards.len()).map(|n| pass.card(n).to_draft()).collect();
                (made, pass.report(), true)
            }
        };
        Imported {
            cards,
            config: self.config,
            report,
            vocabulary,
        }
    }

    /// What was not kept and what was changed, before anything is written: each card of a
    /// vocabulary is made to count it, and made again by [`Prepared::stage`]. For an output
    /// that cannot be taken back (standard output) under `--strict`.
    pub fn report(&self) -> vocabulary::Report {
        match &self.cards {
            Cards::Made(_, report) => report.clone(),
            Cards::Vocabulary(cards, repaired) => {
                let mut pass = cards.pass(repaired);
                for n in 0..cards.len() {
                    pass.card(n);
                }
                pass.report()
            }
        }
    }

    /// [`stage`]s the cards at `output` (a vocabulary's made one by one as they are
    /// written), with the report of what was kept, whole now: [`Staged::commit`] puts them
    /// in place, or dropping it leaves nothing.
    ///
    /// # Errors
    /// See [`stage`].
    pub fn stage(
        &self,
        output: &Output,
        stdout: &mut dyn io::Write,
    ) -> Result<(Staged, vocabulary::Report), ImportError> {
        match &self.cards {
            Cards::Made(cards, report) => {
                let staged = stage(
                    output,
                    &self.config,
                    cards.iter().map(Cow::Borrowed),
                    stdout,
                    drop,
                )?;
                Ok((staged, report.clone()))
            }
            Cards::Vocabulary(cards, repaired) => {
                let mut pass = cards.pass(repaired);
                let made = (0..cards.len()).map(|n| pass.card(n));
                let staged = stage(output, &self.config, made, stdout, drop)?;
                Ok((staged, pass.report()))
            }
        }
    }

    /// [`write_folder`] of the cards: a vocabulary's are made one by one as they are written.
    /// Returns how many files were written (the cards and the settings).
    ///
    /// # Errors
    /// See [`write_folder`].
    pub fn write_folder(&self, dir: &Path) -> Result<usize, ImportError> {
        let (staged, _) = self.stage(&Output::Folder(dir.to_owned()), &mut io::sink())?;
        staged.commit()
    }
}

/// The error of a document too large for the import's tables.
fn too_large(file: &str, _: triples::TooLarge) -> ImportError {
    ImportError::Syntax {
        file: file.to_owned(),
        position: None,
        message: "too large to import: more than four billion triples or terms, 4 GiB of \
                  IRIs, or one literal of 4 GiB"
            .to_owned(),
    }
}

/// Whether `triples` are one of glossgraph's exports: a concept scheme named by a base IRI
/// with the `gx:` ontology (`{base}ns`) beside it.
fn is_glossgraph_export(triples: &Triples) -> bool {
    let typed = |iri: &str, class: oxigraph::model::NamedNodeRef<'_>| {
        triples.subject_iri(iri).is_some_and(|subject| {
            subject.values().any(|(p, o)| {
                p == rdf::TYPE.as_str() && matches!(o, TermRef::NamedNode(n) if n == class)
            })
        })
    };
    triples.subjects().any(|subject| match subject.iri() {
        Some(iri) if iri.ends_with('/') || iri.ends_with('#') => {
            typed(iri, skos::CONCEPT_SCHEME) && typed(&format!("{iri}ns"), owl::ONTOLOGY)
        }
        _ => false,
    })
}

/// `triples` with every IRI that is not valid (spaces, other characters IRIs do not allow,
/// a `%` that starts no escape) percent-encoded, and a relative one that a syntax without
/// base IRIs (N-Triples, N-Quads) let through resolved against `base`, with a warning naming
/// each. One that is still no absolute IRI (a relative reference with no base, a scheme of
/// characters no scheme has) is left out with every triple that holds it, counted as not
/// kept: no card or setting may carry an IRI the export would have to write.
fn repair_iris(
    triples: &Triples,
    base: Option<&str>,
) -> Result<(Triples, Repaired), triples::TooLarge> {
    let base = base.and_then(|b| oxiri::Iri::parse(b.to_owned()).ok());
    let mut warnings = BTreeSet::new();
    let mut left_out: BTreeMap<String, (usize, BTreeSet<String>)> = BTreeMap::new();
    let fix = |iri: &str| -> triples::Repair {
        if oxigraph::model::NamedNode::new(iri).is_ok() {
            return triples::Repair::Keep;
        }
        let mut out = String::with_capacity(iri.len());
        let escape = |c: char, out: &mut String| {
            let mut buf = [0; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        };
        for (at, c) in iri.char_indices() {
            let escapes = || {
                let hex = iri.as_bytes().get(at + 1..at + 3);
                hex.is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit))
            };
            if c.is_whitespace()
                || c.is_control()
                || matches!(c, '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '`')
                || (c == '%' && !escapes())
            {
                escape(c, &mut out);
            } else {
                out.push(c);
            }
        }
        if oxigraph::model::NamedNode::new(out.as_str()).is_err() {
            if let Some(resolved) = base.as_ref().and_then(|b| b.resolve(&out).ok()) {
                out = resolved.into_inner();
            }
        }
        if oxigraph::model::NamedNode::new(out.as_str()).is_ok() {
            warnings.insert(Warning::new(
                "invalid-iri",
                format!("the IRI <{iri}> is not valid: read as <{out}>"),
            ));
            triples::Repair::As(out)
        } else {
            warnings.insert(Warning::new(
                "invalid-iri",
                format!(
                    "the IRI <{iri}> is not valid, nor made valid by percent-encoding: the \
                     triples that hold it are not kept"
                ),
            ));
            triples::Repair::Drop
        }
    };
    let repaired = triples
        .rebuild(fix, |p, s| {
            let entry = left_out.entry(p.to_owned()).or_default();
            entry.0 += 1;
            entry.1.insert(s.to_owned());
        })?
        .finish();
    let left_out = left_out
        .into_iter()
        .map(|(p, (n, subjects))| (p, (n, subjects.len())))
        .collect();
    Ok((
        repaired,
        Repaired {
            warnings: warnings.into_iter().collect(),
            left_out,
            graphs: Graphs::default(),
        },
    ))
}

/// The parser of `format` with the base IRI and leniency asked for, on either parser:
/// RDF/XML's own and the others' share these methods but no trait.
macro_rules! with_options {
    ($parser:expr, $base:expr, $lenient:expr, $syntax:expr) => {{
        let mut parser = $parser;
        if let Some(base) = $base {
            parser = parser
                .with_base_iri(base)
                .map_err(|e| $syntax(None, format!("the base IRI <{base}>: {e}")))?;
        }
        if $lenient {
            parser = parser.lenient();
        }
        parser
    }};
}

/// The triples of `reader`, strictly parsed; `None` at the first error of any kind (the
/// caller reads the file again whole, for the error [`parse`] gives).
fn parse_reader(reader: impl io::Read, format: RdfFormat, base: Option<&str>) -> Option<Triples> {
    let refuse = |_: Option<(u64, u64)>, _: String| ();
    let parser = (|| -> Result<RdfParser, ()> {
        Ok(with_options!(
            RdfParser::from_format(format),
            base,
            false,
            refuse
        ))
    })()
    .ok()?;
    let mut triples = triples::Builder::default();
    for quad in parser.for_reader(reader) {
        triples.add(&quad.ok()?).ok()?;
    }
    Some(triples.finish())
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
    let mut triples = triples::Builder::default();
    let mut add = |quad: oxigraph::model::Quad| triples.add(&quad).map_err(|e| too_large(file, e));
    if format == RdfFormat::RdfXml {
        entities::check(bytes)
            .map_err(|r| syntax(Some(line_column(bytes, r.offset)), r.message))?;
        // Oxigraph's format-independent parser loses the position of RDF/XML errors; the
        // RDF/XML parser itself knows the byte it stopped at.
        let mut parser =
            with_options!(oxrdfxml::RdfXmlParser::new(), base, lenient, syntax).for_slice(bytes);
        while let Some(triple) = parser.next() {
            match triple {
                Ok(t) => add(t.in_graph(oxigraph::model::GraphName::DefaultGraph))?,
                Err(e) => {
                    let offset = usize::try_from(parser.buffer_position()).unwrap_or(usize::MAX);
                    return Err(syntax(Some(line_column(bytes, offset)), e.to_string()));
                }
            }
        }
        entities::complete(bytes)
            .map_err(|r| syntax(Some(line_column(bytes, r.offset)), r.message))?;
        return Ok(triples.finish());
    }
    let parser = with_options!(RdfParser::from_format(format), base, lenient, syntax);
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
                    add(q)?;
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
        return Ok(triples.finish());
    }
    for quad in parser.for_slice(bytes) {
        match quad {
            Ok(q) => add(q)?,
            Err(e) => return Err(located(&e)),
        }
    }
    Ok(triples.finish())
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
        let mut concepts: BTreeMap<String, Subject<'_>> = BTreeMap::new();
        let mut parts: BTreeMap<String, Vec<(PartOwned, Subject<'_>)>> = BTreeMap::new();
        for key in triples.subjects() {
            let Some(iri) = key.iri() else {
                self.problem(
                    &key.shown(),
                    "a blank node: the mapping names every resource with an IRI",
                );
                continue;
            };
            for (p, o) in key.values() {
                if let TermRef::BlankNode(b) = o {
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
                let mut f = Fields::new(key);
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
            if let Some(card) = reader.card(self, slug, *key, card_parts) {
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
            vocabulary: false,
        })
    }

    /// Finds the concept scheme; reads its title and language.
    fn scheme(&mut self, triples: &Triples) -> Option<(Iris, String, String)> {
        let is_scheme = |subject: &Subject<'_>| {
            subject.values().any(|(p, o)| {
                p == rdf::TYPE.as_str()
                    && matches!(o, TermRef::NamedNode(n) if n == skos::CONCEPT_SCHEME)
            })
        };
        let candidates: Vec<Subject<'_>> = triples
            .subjects()
            .filter(|subject| {
                subject
                    .iri()
                    .is_some_and(|iri| iri.ends_with('/') || iri.ends_with('#'))
                    && is_scheme(subject)
            })
            .collect();
        let (base, subject) = match candidates.as_slice() {
            [one] => (one.iri()?, *one),
            [] => {
                self.problem(
                    "",
                    "no skos:ConceptScheme whose IRI ends in `/` or `#`: the glossary's scheme, \
                     named by its base IRI, is missing",
                );
                return None;
            }
            several => {
                let names: Vec<String> = several.iter().map(Subject::shown).collect();
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
        let mut f = Fields::new(subject);
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
            Some(TermRef::Literal(l)) if l.language().is_some() => {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parser_preamble_is_dropped() {
        assert_eq!(
            parser_message("Parser error at line 3 column 5: unexpected end"),
            "unexpected end"
        );
        assert_eq!(parser_message("odd: message"), "odd: message");
    }

    /// Without a base (a file read from memory), an IRI the lenient parser passed on may
    /// stay no absolute IRI even percent-encoded: it is left out with its triples, never
    /// made a card's or a setting's (an export would have to write it).
    #[test]
    fn an_iri_percent_encoding_cannot_make_valid_is_left_out() {
        let rdf = r#"<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
         xmlns:skos="http://www.w3.org/2004/02/skos/core#">
  <skos:Concept rdf:about="http://v.example/c/1%zz">
    <skos:prefLabel xml:lang="en">One</skos:prefLabel>
    <skos:related rdf:resource="h%ttps://v.example/c/2"/>
  </skos:Concept>
  <skos:Concept rdf:about="h%ttps://v.example/c/2">
    <skos:prefLabel xml:lang="en">Two</skos:prefLabel>
  </skos:Concept>
</rdf:RDF>"#;
        let imported = read(rdf.as_bytes(), RdfFormat::RdfXml, "v.rdf").unwrap();
        let iris: Vec<_> = imported
            .cards
            .iter()
            .map(|c| (c.term.as_str(), c.skos.iri.as_deref(), c.related.len()))
            .collect();
        assert_eq!(iris, [("One", Some("http://v.example/c/1%25zz"), 0)]);
        let warnings = &imported.report.warnings;
        assert!(
            warnings.iter().any(|w| w.text.contains(
                "<h%ttps://v.example/c/2> is not valid, nor made valid by percent-encoding"
            )),
            "{warnings:?}"
        );
        assert!(
            warnings
                .iter()
                .any(|w| w.text.contains("read as <http://v.example/c/1%25zz>")),
            "{warnings:?}"
        );
        // Counted as not kept (so `--strict` refuses): the link to it, its type and label.
        let left_out = |p: &str| imported.report.not_kept.get(p).copied();
        assert_eq!(left_out("skos:related"), Some((1, 1)));
        assert_eq!(left_out("skos:prefLabel"), Some((1, 1)));
        assert_eq!(left_out("rdf:type"), Some((1, 1)));
    }

    #[test]
    fn formats_from_extensions() {
        assert_eq!(format_of(Path::new("a/g.TTL")), Some(RdfFormat::Turtle));
        assert_eq!(format_of(Path::new("g.nq")), Some(RdfFormat::NQuads));
        assert_eq!(format_of(Path::new("g.n3")), None);
        assert_eq!(format_of(Path::new("g")), None);
    }
}
