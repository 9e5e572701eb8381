//! Glossaries kept in their own shape, read in place by every command: a folder of Markdown
//! pages with front matter (Hugo, Jekyll, MkDocs, Docusaurus), an RDF vocabulary, and the
//! other shapes below. Each run reads the source as it is now into cards, held in memory
//! ([`Input::Derived`]), which the checker then reads as it reads card files: nothing is
//! converted on disk, nothing falls out of step with the source.
//!
//! [`shape_of`] tells a source's shape from its path, without settings when the path is
//! unambiguous: a folder holding `*.json` cards, a JSON, JSON Lines or card file, and standard
//! input are cards (read by [`crate::load`] itself); a folder of Markdown pages and no card is
//! pages; a file with an RDF extension is RDF. `[source]` in `glossgraph.toml` (or `[import]`,
//! its older name) tells the pages' reader which keys hold what.
//!
//! Every page or entry a reader cannot read is a located `source-syntax` error and every one
//! it leaves out (a section page) a `left-out` warning, each on its own file; a source with
//! no term at all is the `no-cards` error, naming what was looked for.

mod data;
mod markdown;
pub mod pages;
mod rst;
mod sheet;

use std::path::Path;

use oxigraph::io::RdfFormat;

use crate::card::Draft;
use crate::config::Config;
use crate::docsite;
use crate::rdf::read::{self as rdf_read, ImportError, ReadOptions};
use crate::sheet::{self as table, Kind};
use glossgraph_core::load::{DerivedCard, Input, SourceProblem};

/// The shape of a glossary's source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Term cards: a folder of `*.json`, an array or JSON Lines file, one card, stdin.
    Cards,
    /// A folder of Markdown pages, one per term, with front matter.
    Pages,
    /// An RDF file: a SKOS vocabulary, or glossgraph's own RDF export.
    Rdf(RdfFormat),
    /// One YAML or TOML file of entries.
    Data,
    /// One Markdown file: a heading, a definition list item, a table row per term.
    MarkdownFile,
    /// One reStructuredText file with Sphinx glossaries.
    Rst,
    /// A TBX term base (v3 or v2).
    Tbx,
    /// A spreadsheet: a row per term (CSV, TSV, XLSX, ODS).
    Sheet(Kind),
}

impl Shape {
    /// What the shape is, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Cards => "term cards",
            Shape::Pages => "a folder of Markdown pages",
            Shape::Rdf(_) => "an RDF vocabulary",
            Shape::Data => "a YAML or TOML file of entries",
            Shape::MarkdownFile => "a Markdown file of terms",
            Shape::Rst => "a reStructuredText file of Sphinx glossaries",
            Shape::Tbx => "a TBX term base",
            Shape::Sheet(_) => "a spreadsheet of terms",
        }
    }
}

/// The shape of the glossary at `input` (`-` is standard input: cards).
pub fn shape_of(input: &str) -> Shape {
    if input == "-" {
        return Shape::Cards;
    }
    let path = Path::new(input);
    if path.is_dir() {
        let pages = pages::holds_pages(path) || !pages::language_folders(path).is_empty();
        return if holds_cards(path) || !pages {
            Shape::Cards
        } else {
            Shape::Pages
        };
    }
    if !path.is_file() {
        return Shape::Cards;
    }
    let data = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| ["yaml", "yml", "toml"].contains(&e.to_ascii_lowercase().as_str()));
    if data {
        return Shape::Data;
    }
    let markdown = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("md") || e.eq_ignore_ascii_case("markdown"));
    if markdown {
        return Shape::MarkdownFile;
    }
    let rst = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("rst") || e.eq_ignore_ascii_case("rest"));
    if rst {
        return Shape::Rst;
    }
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("tbx"))
    {
        return Shape::Tbx;
    }
    if let Some(kind) = Kind::of(path) {
        return Shape::Sheet(kind);
    }
    rdf_format(path).map_or(Shape::Cards, Shape::Rdf)
}

/// The RDF format of the file at `path` by its extension; never for `.json` (cards, though
/// JSON-LD may be named so: a JSON-LD file read in place is named `.jsonld`).
fn rdf_format(path: &Path) -> Option<RdfFormat> {
    let json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    rdf_read::format_of(path).filter(|_| !json)
}

/// Whether the folder `dir`, or a folder below it (not hidden), holds a `*.json` file: a
/// folder of cards, which the loader reads and reports on as it always has.
fn holds_cards(dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        // Unreadable: the loader says so.
        return true;
    };
    entries.filter_map(Result::ok).any(|entry| {
        let path = entry.path();
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        !hidden
            && if path.is_dir() {
                holds_cards(&path)
            } else {
                path.extension().is_some_and(|e| e == "json")
            }
    })
}

/// A source read: the cards as the checker's input, and the settings the source carries
/// itself (an RDF vocabulary's base, language, title, metadata), which `glossgraph.toml` and
/// the flags override; `None` when it carries none.
#[derive(Debug)]
pub struct Read {
    pub input: Input,
    pub config: Option<Config>,
}

/// Why a source cannot be read at all (its settings are wrong, or the file cannot be
/// opened): the tool cannot run. Problems of single pages or entries are findings instead.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    #[error(transparent)]
    Pattern(#[from] docsite::PatternError),
    #[error(transparent)]
    Import(#[from] ImportError),
}

/// Reads the glossary at `path`, of shape `shape` (not [`Shape::Cards`]), with `config` (its
/// `[source]` settings) and `options` (`--base`, `--language` for a vocabulary).
///
/// # Errors
/// See [`SourceError`].
pub fn read(
    path: &Path,
    shape: Shape,
    config: &Config,
    options: &ReadOptions,
) -> Result<Read, SourceError> {
    match shape {
        Shape::Cards => Ok(Read {
            input: Input::Path(path.to_owned()),
            config: None,
        }),
        Shape::Pages => pages(path, config),
        Shape::Rdf(format) => rdf(path, format, options),
        Shape::Data | Shape::MarkdownFile | Shape::Rst | Shape::Sheet(_) => {
            one_file(path, shape, config)
        }
        Shape::Tbx => tbx(path),
    }
}

/// A TBX term base, read as `import` reads it: a file that is no TBX glossgraph reads is one
/// located error; what was read otherwise than written (a stranger's data category, a
/// language code mapped) is a `left-out` warning at its line.
fn tbx(path: &Path) -> Result<Read, SourceError> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| ImportError::Io {
        action: "read",
        path: path.to_owned(),
        source,
    })?;
    let problem = |line: u64, column: u64, message: String, left_out: bool| SourceProblem {
        file: file.clone(),
        line: line as u32,
        column: column as u32,
        message,
        left_out,
    };
    let (cards, problems, config) = match crate::tbx::read::read(&bytes, &file) {
        Ok(imported) => {
            let cards = imported
                .cards
                .iter()
                .map(|card| derived(format!("{file} ({})", card.slug), card))
                .collect();
            let problems = imported
                .warnings
                .iter()
                .map(|w| problem(w.line, w.column, format!("{} [{}]", w.text, w.kind), true))
                .collect();
            (cards, problems, Some(imported.config))
        }
        Err(e) => (
            Vec::new(),
            vec![problem(e.line, e.column, e.message, false)],
            None,
        ),
    };
    Ok(Read {
        input: Input::Derived {
            root: path.to_owned(),
            shape: Shape::Tbx.name().to_owned(),
            cards,
            problems,
        },
        config,
    })
}

/// A folder of Markdown pages, in one language or several ([`pages`]).
fn pages(dir: &Path, config: &Config) -> Result<Read, SourceError> {
    let mapping = docsite::Mapping::new(config.source.as_ref(), "[source] of glossgraph.toml")?;
    let pages::Read {
        mut imported,
        language,
        mut problems,
    } = pages::read(dir, &mapping, config);
    problems.extend(imported.skipped.iter().map(|file| pages::left_out(file)));
    let cards = imported
        .take_drafts()
        .map(|card| {
            let name = imported
                .pages
                .get(&card.slug)
                .map_or_else(|| dir.display().to_string(), |p| p.display().to_string());
            derived(name, &card)
        })
        .collect();
    let statuses = docsite::config_for(Config::default(), &imported.statuses).statuses;
    let own = (statuses != Config::default().statuses || language.is_some()).then(|| Config {
        statuses,
        language: language.unwrap_or_else(|| Config::default().language),
        ..Config::default()
    });
    Ok(Read {
        input: Input::Derived {
            root: dir.to_owned(),
            shape: Shape::Pages.name().to_owned(),
            cards,
            problems,
        },
        config: own,
    })
}

/// A glossary in one file read (a YAML or TOML file of entries, [`data`]; a Markdown file,
/// [`markdown`]; a reStructuredText file, [`rst`]): each card with the entry it comes from,
/// what was left out or could not be read, and the settings the file carries (the statuses
/// its entries use, its main language).
#[derive(Debug)]
pub struct DataRead {
    pub cards: Vec<(String, Draft)>,
    pub problems: Vec<SourceProblem>,
    pub config: Config,
}

/// Reads the glossary in the file at `path`, of shape `shape` ([`Shape::Data`],
/// [`Shape::MarkdownFile`]), with `config`: what `import` writes, and what every command
/// reads in place.
///
/// # Errors
/// The file cannot be read.
pub fn read_file(path: &Path, shape: Shape, config: &Config) -> Result<DataRead, SourceError> {
    let io = |source| ImportError::Io {
        action: "read",
        path: path.to_owned(),
        source,
    };
    if let Shape::Sheet(_) = shape {
        // Bounded before it is read: a sheet comes from anywhere.
        let size = std::fs::metadata(path).map_err(io)?.len();
        if size > table::MAX_FILE {
            let problem = SourceProblem {
                file: path.display().to_string(),
                line: 0,
                column: 0,
                message: format!(
                    "a sheet of {size} bytes: refused (at most {} MiB)",
                    table::MAX_FILE >> 20
                ),
                left_out: false,
            };
            let read = data::Read {
                cards: Vec::new(),
                problems: vec![problem],
                language: None,
            };
            return Ok(own_config(read, config));
        }
        let bytes = std::fs::read(path).map_err(io)?;
        return Ok(read_bytes(path, shape, &bytes, config));
    }
    let bytes = std::fs::read(path).map_err(io)?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok(read_text(path, shape, &text, config)),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            Ok(DataRead {
                cards: Vec::new(),
                problems: vec![SourceProblem {
                    file: path.display().to_string(),
                    line: line as u32,
                    column: 1,
                    message: format!("is not UTF-8 (byte {at} of the file); save it as UTF-8"),
                    left_out: false,
                }],
                config: config.clone(),
            })
        }
    }
}

/// [`read_file`] on the `bytes` of a spreadsheet at `path` (of [`Shape::Sheet`]; not read:
/// named in messages); another shape's bytes are read as text, [`read_text`], a byte that is
/// not UTF-8 replaced.
pub fn read_bytes(path: &Path, shape: Shape, bytes: &[u8], config: &Config) -> DataRead {
    match shape {
        Shape::Sheet(kind) => own_config(
            sheet::read(&path.display().to_string(), kind, bytes, config),
            config,
        ),
        _ => read_text(path, shape, &String::from_utf8_lossy(bytes), config),
    }
}

/// [`read_file`] on the `text` of the file at `path` (not read: named in messages, and
/// telling YAML from TOML by its extension).
pub fn read_text(path: &Path, shape: Shape, text: &str, config: &Config) -> DataRead {
    let file = path.display().to_string();
    let read = match shape {
        Shape::Rst => one_of(rst::read(&file, text)),
        Shape::MarkdownFile => one_of(markdown::read(&file, text)),
        _ => data::read(path, text, config),
    };
    own_config(read, config)
}

/// The cards and problems of `read`, with the settings they carry: the statuses the cards
/// use, the main language.
fn own_config(read: data::Read, config: &Config) -> DataRead {
    let used = read
        .cards
        .iter()
        .filter_map(|(_, c)| c.status.clone())
        .collect();
    let own = Config {
        statuses: docsite::config_for(Config::default(), &used).statuses,
        language: read.language.unwrap_or_else(|| config.language.clone()),
        ..Config::default()
    };
    DataRead {
        cards: read.cards,
        problems: read.problems,
        config: own,
    }
}

/// The cards and problems of a reader of one shape, as [`data::Read`] holds them.
fn one_of((cards, problems): (Vec<(String, Draft)>, Vec<SourceProblem>)) -> data::Read {
    data::Read {
        cards,
        problems,
        language: None,
    }
}

/// A glossary in one file, as the checker's input.
fn one_file(path: &Path, shape: Shape, config: &Config) -> Result<Read, SourceError> {
    let read = read_file(path, shape, config)?;
    Ok(Read {
        input: Input::Derived {
            root: path.to_owned(),
            shape: shape.name().to_owned(),
            cards: read
                .cards
                .iter()
                .map(|(name, card)| derived(name.clone(), card))
                .collect(),
            problems: read.problems,
        },
        config: Some(read.config),
    })
}

/// An RDF file: a vocabulary read as `import` reads it. A file that does not parse, or does
/// not follow glossgraph's mapping, is one located error: nothing of it is kept.
fn rdf(path: &Path, format: RdfFormat, options: &ReadOptions) -> Result<Read, SourceError> {
    let file = path.display().to_string();
    let problem = |line: u64, column: u64, message: String| SourceProblem {
        file: file.clone(),
        line: line as u32,
        column: column as u32,
        message,
        left_out: false,
    };
    let (cards, problems, config) = match rdf_read::prepare_file(path, format, options) {
        Ok(prepared) => {
            let imported = prepared.into_imported();
            let cards = imported
                .cards
                .iter()
                .map(|card| derived(format!("{file} ({})", card.slug), card))
                .collect();
            (cards, Vec::new(), Some(imported.config))
        }
        Err(e @ ImportError::Io { .. }) => return Err(e.into()),
        Err(ImportError::Syntax {
            position, message, ..
        }) => {
            let (line, column) = position.unwrap_or((0, 0));
            (Vec::new(), vec![problem(line, column, message)], None)
        }
        Err(ImportError::Mapping { problems, .. }) => {
            let problems = problems
                .iter()
                .map(|p| problem(0, 0, p.to_string()))
                .collect();
            (Vec::new(), problems, None)
        }
        Err(e) => return Err(e.into()),
    };
    Ok(Read {
        input: Input::Derived {
            root: path.to_owned(),
            shape: Shape::Rdf(format).name().to_owned(),
            cards,
            problems,
        },
        config,
    })
}

/// The slugs of a glossary in one file, each made unique in the order the terms come: the
/// slug asked for (`term` for an empty one), else with `-2`, `-3`, … after it.
#[derive(Default)]
struct Slugs(std::collections::HashSet<String>);

impl Slugs {
    fn unique(&mut self, wanted: String) -> String {
        let base = if wanted.is_empty() {
            "term".to_owned()
        } else {
            wanted
        };
        let mut slug = base.clone();
        let mut n = 2;
        while !self.0.insert(slug.clone()) {
            slug = format!("{base}-{n}");
            n += 1;
        }
        slug
    }
}

/// The card `card` made from the page or entry `name`.
fn derived(name: String, card: &Draft) -> DerivedCard {
    let mut text = card.to_json(false);
    // Held until the glossary is checked: without the slack of a growing buffer (up to
    // half of it), which made the cards of 10,000 pages take 1.6x the memory of their files.
    text.shrink_to_fit();
    DerivedCard { name, text }
}

/// Whether a change of the file at `path` may change a glossary read from its folder: a
/// card or card file, the settings, a page or file of a shape read in place.
pub fn may_hold_glossary(path: &Path) -> bool {
    let Some(extension) = path.extension().and_then(|e| e.to_str()) else {
        return false;
    };
    let extension = extension.to_ascii_lowercase();
    [
        "json", "jsonl", "ndjson", "toml", "md", "markdown", "yaml", "yml", "csv", "tsv", "xlsx",
        "ods",
    ]
    .contains(&extension.as_str())
        || rdf_format(path).is_some()
}
