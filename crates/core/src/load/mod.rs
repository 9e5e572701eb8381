//! Reading a glossary: a folder of card files, a JSON array file, a JSON Lines file, or stdin.
//!
//! Loading never stops at the first bad card. Every syntax, encoding or content problem
//! becomes a [`Finding`] with its place, and every card that could be decoded is kept with
//! its [`Origin`], so that the checker can point back into the source.
//!
//! Folders are walked recursively in sorted order (byte order of the names), so the result
//! does not depend on the order the file system lists them. JSON Lines files are streamed
//! in batches of lines decoded on every core (`lines`): a million-card file is never held in
//! memory as text.
//!
//! One concern, reading every kind of input into located cards: folders, arrays, JSON Lines
//! and stdin share the same decoding and locating (this file), the lines of JSON Lines their
//! streaming (`lines`), rereading card texts for the report (`texts`).

use std::collections::HashSet;
use std::fs;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use crate::card::Decoded;
use crate::diag::{line_column, Edit, Finding, Origin, Place, Rule, SourceId};
use crate::Card;

mod belongs;
mod lines;
mod problems;
mod texts;

pub use belongs::{is_foreign, settings_folder};
pub use texts::CardTexts;

/// What to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A folder of `*.json` cards, a JSON array file, a JSON Lines file or a single card file.
    Path(PathBuf),
    /// Standard input: a JSON array, JSON Lines, or one card.
    Stdin,
    /// A glossary kept in another shape (Markdown pages, a YAML file, an RDF vocabulary…)
    /// at `root`, read in place into cards by its reader: each card's JSON with the page or
    /// entry it comes from, and what the reader could not read or left out.
    Derived {
        root: PathBuf,
        /// What the source is, for messages (`a folder of Markdown pages`).
        shape: String,
        cards: Vec<DerivedCard>,
        problems: Vec<SourceProblem>,
    },
}

/// A card made from a glossary in another shape, read in place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DerivedCard {
    /// The page or entry it comes from, as the report names it (`glossary/pod.md`,
    /// `terms.yaml#/3`).
    pub name: String,
    /// The card, as JSON.
    pub text: String,
}

/// Something of a glossary in another shape that its reader could not read, or left out
/// on purpose, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceProblem {
    /// The file (a page, the one file of the glossary).
    pub file: String,
    /// 1-based line and column in it, 0 when not known.
    pub line: u32,
    pub column: u32,
    pub message: String,
    /// Left out on purpose (a section or listing page), not a problem of the source: a
    /// warning of rule `left-out`; else an error of rule `source-syntax`.
    pub left_out: bool,
}

impl Input {
    /// `-` means stdin; anything else is a path.
    pub fn parse(arg: &str) -> Self {
        if arg == "-" {
            Input::Stdin
        } else {
            Input::Path(arg.into())
        }
    }

    /// The folder where `glossgraph.toml` is looked for: the folder itself, or a file's parent.
    pub fn config_dir(&self) -> Option<PathBuf> {
        match self {
            Input::Stdin => None,
            Input::Path(p) | Input::Derived { root: p, .. } if p.is_dir() => Some(p.clone()),
            Input::Path(p) | Input::Derived { root: p, .. } => Some(
                p.parent()
                    .filter(|d| !d.as_os_str().is_empty())
                    .map_or_else(|| PathBuf::from("."), Path::to_path_buf),
            ),
        }
    }
}

/// The input could not be read at all: the tool cannot run.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read `{}`", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("cannot read standard input")]
    Stdin(#[source] io::Error),
}

/// One file (or stdin) that cards were read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// As shown to the user (the path as given, joined with names found in folders).
    pub name: String,
    /// `None` for stdin.
    pub path: Option<PathBuf>,
    /// A card file of a folder glossary, whose stem must equal the card's slug.
    pub one_card_file: bool,
    /// Whether the file starts with a byte order mark (offsets count from after it).
    pub bom: bool,
    /// A card made from a page or entry of a glossary in another shape (a Markdown page, a
    /// YAML entry, a concept of an RDF file), read in place: its text is the card's JSON,
    /// held in memory, and places in it are told by JSON pointer, not by line and column
    /// (those of the card's text are not the source's).
    pub derived: bool,
}

/// Every source of a glossary; the texts held in memory (standard input's)
/// are kept to show snippets later.
#[derive(Debug, Clone, Default)]
pub struct Sources {
    list: Vec<Source>,
    memory: std::collections::HashMap<SourceId, String>,
}

impl Sources {
    fn add(&mut self, source: Source) -> SourceId {
        self.list.push(source);
        (self.list.len() - 1) as SourceId
    }

    pub fn get(&self, id: SourceId) -> &Source {
        &self.list[id as usize]
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// How many files the glossary was read from: each source, but the cards made from one
    /// file of another shape (named `file (slug)`) count as that one file.
    pub fn files(&self) -> usize {
        let derived: HashSet<&str> = self
            .list
            .iter()
            .filter(|s| s.derived)
            .map(|s| {
                s.name
                    .strip_suffix(')')
                    .and_then(|n| n.rsplit_once(" (").map(|(file, _)| file))
                    .unwrap_or(&s.name)
            })
            .collect();
        self.list.iter().filter(|s| !s.derived).count() + derived.len()
    }

    /// The text of a source held in memory (standard input), if it is one.
    pub fn memory(&self, id: SourceId) -> Option<&str> {
        self.memory.get(&id).map(String::as_str)
    }

    /// The text of a card, read again from its source (stdin's text is kept). Only cards
    /// with findings are read again, so loading never has to keep positions or texts.
    pub fn card_text(&self, origin: Origin) -> Option<String> {
        let source = self.get(origin.source);
        let start = origin.offset as usize;
        let end = start + origin.len as usize;
        match &source.path {
            None => self
                .memory(origin.source)?
                .get(start..end)
                .map(str::to_owned),
            Some(path) => {
                use std::io::{Seek, SeekFrom};
                let mut file = fs::File::open(path).ok()?;
                file.seek(SeekFrom::Start(origin.offset + 3 * u64::from(source.bom)))
                    .ok()?;
                let mut bytes = vec![0; origin.len as usize];
                file.read_exact(&mut bytes).ok()?;
                String::from_utf8(bytes).ok()
            }
        }
    }

    /// A reader of card texts for many cards in a row: it keeps the last source's file open
    /// behind a large buffer and the last card's text, so that resolving the findings of a
    /// glossary, card by card in the order they lie in their files, opens each file once and
    /// reads it front to back in large reads, into one reused string.
    pub fn card_texts(&self) -> CardTexts<'_> {
        CardTexts::new(self)
    }

    /// Line `number` (1-based) of a source, without its line ending; for showing snippets.
    pub fn line(&self, id: SourceId, number: u32) -> Option<String> {
        let index = (number as usize).checked_sub(1)?;
        let source = self.get(id);
        let line = match &source.path {
            None => self.memory(id)?.lines().nth(index)?.to_owned(),
            Some(path) => {
                let reader = BufReader::new(fs::File::open(path).ok()?);
                let bytes = reader.split(b'\n').nth(index)?.ok()?;
                String::from_utf8_lossy(&bytes).into_owned()
            }
        };
        let line = line.strip_suffix('\r').unwrap_or(&line);
        let line = if number == 1 { strip_bom(line) } else { line };
        Some(line.to_owned())
    }

    /// Calls `f` with each line of a source whose number (1-based) is in `numbers` (sorted,
    /// repeats allowed), as [`Sources::line`] gives it, reading the source once, front to
    /// back: for many lines of one file, where `line` would read it again for each. Lines
    /// that cannot be read are left out.
    pub fn lines(&self, id: SourceId, numbers: &[u32], mut f: impl FnMut(u32, &str)) {
        let mut wanted = numbers.iter().copied().peekable();
        let mut each = |number: u32, bytes: &[u8]| {
            let mut told = false;
            while wanted.next_if(|&n| n == number).is_some() {
                if !told {
                    let text = String::from_utf8_lossy(bytes);
                    let text = text.strip_suffix('\r').unwrap_or(&text);
                    f(number, if number == 1 { strip_bom(text) } else { text });
                    told = true;
                }
            }
            wanted.peek().is_some()
        };
        match &self.get(id).path {
            None => {
                for (i, line) in self.memory(id).unwrap_or("").split('\n').enumerate() {
                    if !each(i as u32 + 1, line.as_bytes()) {
                        break;
                    }
                }
            }
            Some(path) => {
                let Ok(file) = fs::File::open(path) else {
                    return;
                };
                let mut reader = BufReader::with_capacity(1 << 16, file);
                let mut line = Vec::new();
                for number in 1.. {
                    line.clear();
                    match reader.read_until(b'\n', &mut line) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {}
                    }
                    let text = line.strip_suffix(b"\n").unwrap_or(&line);
                    if !each(number, text) {
                        break;
                    }
                }
            }
        }
    }
}

/// A decoded card and where it came from.
#[derive(Debug, Clone)]
pub struct LoadedCard {
    pub card: Card,
    pub origin: Origin,
    /// Whether the card had a string slug; a card without one cannot join the graph.
    pub has_slug: bool,
}

/// The result of loading: the cards, their sources, and the findings made on the way.
#[derive(Debug, Clone, Default)]
pub struct Loaded {
    pub sources: Sources,
    pub cards: Vec<LoadedCard>,
    pub findings: Vec<Finding>,
    /// The slugs read from the text of JSON Lines cards that could not be decoded, where
    /// `"slug": "…"` is still legible: links to them are not the linking card's fault, and
    /// are not reported as dangling (a card file's name stands for its slug already).
    pub unreadable: Vec<String>,
    /// Run on each card as it is decoded (see [`load_with`]).
    on_card: Option<Hook>,
}

/// Work done on every card the moment it is decoded, on the thread that decoded it, before
/// the card is kept: the checker runs its per-card rules here, and may drop what it will not
/// need again, so that a glossary is never held whole when only its outline is wanted.
pub trait OnCard: Send + Sync {
    /// `source` is the card's source; findings go to `findings`.
    fn decoded(&self, card: &mut LoadedCard, source: &Source, findings: &mut Vec<Finding>);
}

#[derive(Clone)]
struct Hook(std::sync::Arc<dyn OnCard>);

impl std::fmt::Debug for Hook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OnCard")
    }
}

/// Reads a glossary.
///
/// # Errors
/// Only when the input itself cannot be read (a missing path, stdin failing). Problems in
/// the content, including unreadable files inside a folder, are findings.
pub fn load(input: &Input) -> Result<Loaded, LoadError> {
    load_into(input, Loaded::default())
}

/// [`load`], calling `on_card` on every card as soon as it is decoded.
///
/// # Errors
/// Those of [`load`].
pub fn load_with(input: &Input, on_card: impl OnCard + 'static) -> Result<Loaded, LoadError> {
    let loaded = Loaded {
        on_card: Some(Hook(std::sync::Arc::new(on_card))),
        ..Loaded::default()
    };
    load_into(input, loaded)
}

fn load_into(input: &Input, mut loaded: Loaded) -> Result<Loaded, LoadError> {
    match input {
        Input::Stdin => {
            let mut bytes = Vec::new();
            io::stdin()
                .lock()
                .read_to_end(&mut bytes)
                .map_err(LoadError::Stdin)?;
            let id = loaded.sources.add(Source {
                name: "<stdin>".into(),
                path: None,
                one_card_file: false,
                bom: false,
                derived: false,
            });
            if let Some(text) = loaded.decode_utf8(id, bytes) {
                loaded.read_collection(id, &text);
                loaded.sources.memory.insert(id, text);
            }
        }
        Input::Derived { cards, .. } => {
            for card in cards {
                let id = loaded.sources.add(Source {
                    name: card.name.clone(),
                    path: None,
                    one_card_file: false,
                    bom: false,
                    derived: true,
                });
                // The text is not kept: a finding on a derived card is told by its page and
                // pointer, with no line of the card's text to show.
                loaded.read_one(id, &card.text, 0);
            }
            for problem in problems_of(input) {
                loaded.source_problem(problem);
            }
        }
        Input::Path(path) => {
            let meta = fs::metadata(path).map_err(|source| LoadError::Io {
                path: path.clone(),
                source,
            })?;
            if meta.is_dir() {
                let mut seen = HashSet::new();
                loaded.walk(path, &mut seen);
            } else {
                loaded.read_file(path, false)?;
            }
        }
    }
    if loaded.cards.is_empty()
        && !loaded
            .findings
            .iter()
            .any(|f| f.severity == crate::diag::Severity::Error)
    {
        let place = match loaded.sources.len() {
            1 => Place::Source {
                source: 0,
                line: 0,
                column: 0,
            },
            _ => Place::Glossary,
        };
        let what = match input {
            Input::Stdin => "standard input".to_owned(),
            Input::Path(p) => format!("`{}`", p.display()),
            Input::Derived {
                root,
                shape,
                problems,
                ..
            } => format!(
                "`{}` ({shape}: {} left out)",
                root.display(),
                match problems.len() {
                    1 => "1 page or entry".to_owned(),
                    n => format!("{n} pages or entries"),
                }
            ),
        };
        loaded.findings.push(Finding::new(
            Rule::NoCards,
            place,
            format!("{what} holds no term card"),
        ));
    }
    Ok(loaded)
}

/// How a file holds its cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// One card (a JSON object).
    Card,
    /// A JSON array of cards.
    Array,
    /// JSON Lines: one card per line.
    Lines,
}

impl Layout {
    /// The layout of `text` read from a file named `name`, the one rule every command reads a
    /// file by (`check`, `fmt`, `check --fix`): JSON Lines by the extension (`.jsonl`,
    /// `.ndjson`); else an array when it starts with `[`; else JSON Lines when it has more
    /// than one line and its first line is a whole JSON value — or, broken, ends like an
    /// object (`{"slug": "a" oops}`) while the whole text is not one card, so that the
    /// lines after it are still read; else one card, however it is spread over lines. A
    /// byte-order mark at the start is not part of the text.
    pub fn of(name: &str, text: &str) -> Self {
        let lower = name.to_ascii_lowercase();
        if lower.ends_with(".jsonl") || lower.ends_with(".ndjson") {
            return Layout::Lines;
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text).trim_start();
        if text.starts_with('[') {
            return Layout::Array;
        }
        let whole = |t: &str| serde_json::from_str::<serde::de::IgnoredAny>(t).is_ok();
        let mut lines = text.lines().filter(|l| !l.trim().is_empty());
        let first = lines.next().unwrap_or("").trim_end();
        if lines.next().is_some() && (whole(first) || (first.ends_with('}') && !whole(text))) {
            Layout::Lines
        } else {
            Layout::Card
        }
    }
}

/// The problems a reader of another shape found in `input`, if it is such a glossary.
fn problems_of(input: &Input) -> &[SourceProblem] {
    match input {
        Input::Derived { problems, .. } => problems,
        _ => &[],
    }
}

/// Reads a glossary held in memory, as if it came from a file called `name`.
/// Used by tests and by library callers that already have the text.
pub fn load_str(name: &str, text: &str) -> Loaded {
    let mut loaded = Loaded::default();
    let id = loaded.sources.add(Source {
        name: name.into(),
        path: None,
        one_card_file: false,
        bom: false,
        derived: false,
    });
    let text = loaded.check_bom(id, text).to_owned();
    loaded.read_collection(id, &text);
    loaded.sources.memory.insert(id, text);
    loaded
}

fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

impl Loaded {
    fn walk(&mut self, dir: &Path, seen: &mut HashSet<PathBuf>) {
        let unreadable = |this: &mut Self, path: &Path, e: io::Error| {
            let id = this.sources.add(Source {
                name: path.display().to_string(),
                path: Some(path.to_owned()),
                // A card's file all the same: the checker knows the term it stands for.
                one_card_file: path.extension().is_some_and(|e| e == "json"),
                bom: false,
                derived: false,
            });
            this.findings.push(Finding::new(
                Rule::Unreadable,
                Place::Source {
                    source: id,
                    line: 0,
                    column: 0,
                },
                format!("cannot read: {e}"),
            ));
        };
        match fs::canonicalize(dir) {
            Ok(real) => {
                if !seen.insert(real.clone()) {
                    let id = self.sources.add(Source {
                        name: dir.display().to_string(),
                        path: Some(dir.to_owned()),
                        one_card_file: false,
                        bom: false,
                        derived: false,
                    });
                    self.findings.push(Finding::new(
                        Rule::SymlinkLoop,
                        Place::Source {
                            source: id,
                            line: 0,
                            column: 0,
                        },
                        format!("`{}` was already read; skipped", real.display()),
                    ));
                    return;
                }
            }
            Err(e) => return unreadable(self, dir, e),
        }
        let entries = match fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(e) => return unreadable(self, dir, e),
        };
        let mut names: Vec<PathBuf> = Vec::new();
        for entry in entries {
            match entry {
                Ok(entry) => names.push(entry.path()),
                Err(e) => return unreadable(self, dir, e),
            }
        }
        // Real entries before symbolic links: a link to a folder that is also here is then the
        // one skipped, and the cards are named by their real path.
        names.sort_by_cached_key(|p| (p.is_symlink(), p.clone()));
        for path in names {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            if name.as_deref().is_none_or(|n| n.starts_with('.')) {
                continue;
            }
            // `metadata` follows symbolic links: a link to a folder is walked (loops are caught
            // above), a dangling link is reported as unreadable.
            match fs::metadata(&path) {
                Err(e) => unreadable(self, &path, e),
                Ok(meta) if meta.is_dir() => self.walk(&path, seen),
                Ok(_) if path.extension().is_some_and(|e| e == "json") => {
                    if let Err(LoadError::Io { path, source }) = self.read_file(&path, true) {
                        unreadable(self, &path, source);
                    }
                }
                Ok(_) => {}
            }
        }
    }

    fn read_file(&mut self, path: &Path, one_card_file: bool) -> Result<(), LoadError> {
        let io_error = |source| LoadError::Io {
            path: path.to_owned(),
            source,
        };
        let jsonl = path
            .extension()
            .is_some_and(|e| e == "jsonl" || e == "ndjson");
        let source = Source {
            name: path.display().to_string(),
            path: Some(path.to_owned()),
            one_card_file,
            bom: false,
            derived: false,
        };
        if jsonl {
            let file = fs::File::open(path).map_err(io_error)?;
            let id = self.sources.add(source);
            return self
                .stream_lines(id, BufReader::with_capacity(1 << 16, file))
                .map_err(io_error);
        }
        let bytes = fs::read(path).map_err(io_error)?;
        let id = self.sources.add(source);
        let Some(text) = self.decode_utf8(id, bytes) else {
            return Ok(());
        };
        if one_card_file {
            self.read_one(id, &text, 0);
        } else {
            self.read_collection(id, &text);
        }
        Ok(())
    }

    fn decode_utf8(&mut self, id: SourceId, bytes: Vec<u8>) -> Option<String> {
        match String::from_utf8(bytes) {
            Ok(mut text) => {
                if self.check_bom(id, &text).len() != text.len() {
                    text.drain(..3);
                }
                Some(text)
            }
            Err(e) => {
                let valid = e.utf8_error().valid_up_to();
                let bytes = e.as_bytes();
                let (line, column) = line_column(&String::from_utf8_lossy(&bytes[..valid]), valid);
                self.findings.push(Finding::new(
                    Rule::Encoding,
                    Place::Source {
                        source: id,
                        line,
                        column,
                    },
                    format!(
                        "invalid UTF-8: byte 0x{:02X} at offset {valid}",
                        bytes[valid]
                    ),
                ));
                None
            }
        }
    }

    fn check_bom<'t>(&mut self, id: SourceId, text: &'t str) -> &'t str {
        let stripped = strip_bom(text);
        if stripped.len() != text.len() {
            self.sources.list[id as usize].bom = true;
            let file = Origin {
                source: id,
                line: 1,
                column: 1,
                offset: 0,
                len: 0,
            };
            self.findings.push(
                Finding::new(
                    Rule::ByteOrderMark,
                    Place::Source {
                        source: id,
                        line: 1,
                        column: 1,
                    },
                    "the file starts with a UTF-8 byte order mark (U+FEFF); it is ignored",
                )
                .with_hint("JSON texts have none (RFC 8259): remove it")
                .with_fix(file, Edit::DropByteOrderMark, true),
            );
        }
        stripped
    }

    /// A JSON array of cards, JSON Lines, or a single card, as [`Layout::of`] tells them apart.
    fn read_collection(&mut self, id: SourceId, text: &str) {
        if text.trim_start().is_empty() {
            return self.empty(id);
        }
        match Layout::of(&self.sources.get(id).name, text) {
            Layout::Array => self.read_array(id, text),
            Layout::Lines => self.read_lines(id, text),
            Layout::Card => self.read_one(id, text, 0),
        }
    }

    /// A problem of a page or entry of a glossary in another shape, as a finding on its file.
    fn source_problem(&mut self, problem: &SourceProblem) {
        let id = self.sources.add(Source {
            name: problem.file.clone(),
            path: None,
            one_card_file: false,
            bom: false,
            derived: true,
        });
        let rule = if problem.left_out {
            Rule::LeftOut
        } else {
            Rule::SourceSyntax
        };
        self.findings.push(Finding::new(
            rule,
            Place::Source {
                source: id,
                line: problem.line,
                column: problem.column,
            },
            problem.message.clone(),
        ));
    }

    fn empty(&mut self, id: SourceId) {
        self.findings.push(Finding::new(
            Rule::EmptyFile,
            Place::Source {
                source: id,
                line: 1,
                column: 1,
            },
            "the file is empty: expected a term card (a JSON object)",
        ));
    }

    /// A card that could not be decoded: its syntax error, and its slug if the text still
    /// shows one.
    fn broken_card(&mut self, id: SourceId, text: &str, base_line: u32, error: &serde_json::Error) {
        self.syntax(id, text, base_line, error);
        if let Some(slug) = legible_slug(text) {
            if let Some(f) = self.findings.pop() {
                self.findings.push(f.with_hint(format!(
                    "its slug reads `{slug}`: links to `{slug}` are not reported as dangling \
                     while this card cannot be read"
                )));
            }
            self.unreadable.push(slug);
        }
    }

    fn syntax(&mut self, id: SourceId, text: &str, base_line: u32, error: &serde_json::Error) {
        // serde_json counts columns in bytes; convert to characters on that line.
        let line_text = text
            .lines()
            .nth(error.line().saturating_sub(1))
            .unwrap_or("");
        let byte_col = error.column().saturating_sub(1).min(line_text.len());
        let column = line_text
            .get(..byte_col)
            .map_or(byte_col, |s| s.chars().count())
            + 1;
        let message = error.to_string();
        let message = match message.rfind(" at line ") {
            Some(i) => message[..i].to_owned(),
            None => message,
        };
        self.findings.push(Finding::new(
            Rule::JsonSyntax,
            Place::Source {
                source: id,
                line: base_line + error.line() as u32 - 1,
                column: column as u32,
            },
            message,
        ));
    }

    fn read_one(&mut self, id: SourceId, text: &str, offset: usize) {
        if text.trim().is_empty() {
            return self.empty(id);
        }
        match Decoded::from_json(text) {
            Ok(decoded) => self.keep(id, (1, 1, offset, text.len()), decoded),
            // A card file's name already stands for its slug (see the checker's unjoined
            // slugs): no hint needed.
            Err(e) => self.syntax(id, text, 1, &e),
        }
    }

    fn read_array(&mut self, id: SourceId, text: &str) {
        let items: Vec<&serde_json::value::RawValue> = match serde_json::from_str(text) {
            Ok(items) => items,
            Err(e) => return self.syntax(id, text, 1, &e),
        };
        // Lines are counted incrementally: items come in text order.
        let (mut line, mut counted) = (1u32, 0usize);
        for item in items {
            let json = item.get();
            let offset = json.as_ptr() as usize - text.as_ptr() as usize;
            line += text.as_bytes()[counted..offset]
                .iter()
                .filter(|&&b| b == b'\n')
                .count() as u32;
            counted = offset;
            let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
            let column = text[line_start..offset].chars().count() as u32 + 1;
            match Decoded::from_json(json) {
                Ok(decoded) => self.keep(id, (line, column, offset, json.len()), decoded),
                // RawValue has checked the syntax already; keep the error all the same.
                Err(e) => self.syntax(id, json, line, &e),
            }
        }
    }

    /// Keeps a decoded card found at (line, column, byte offset, byte length) of source `id`.
    fn keep(
        &mut self,
        id: SourceId,
        (line, column, offset, len): (u32, u32, usize, usize),
        decoded: Decoded,
    ) {
        let origin = Origin {
            source: id,
            line,
            column,
            offset: offset as u64,
            len: len as u32,
        };
        let from = self.findings.len();
        problems::findings(decoded.problems, origin, &mut self.findings);
        if self.sources.get(id).derived {
            // The keys of a page's front matter that are no card field are the source's own,
            // kept on the card as they are: nothing to warn its authors about on every run.
            let mut i = from;
            while i < self.findings.len() {
                if self.findings[i].rule == Rule::UnknownField {
                    self.findings.remove(i);
                } else {
                    i += 1;
                }
            }
        }
        let mut card = LoadedCard {
            card: decoded.card,
            origin,
            has_slug: decoded.has_slug,
        };
        if let Some(Hook(on_card)) = &self.on_card {
            on_card.decoded(&mut card, self.sources.get(id), &mut self.findings);
        }
        self.cards.push(card);
    }
}

/// The slug a broken card's text still shows: the first `"slug"` key followed by `:` and a
/// string that is a valid slug. `None` when there is none, or more than one card's worth.
fn legible_slug(text: &str) -> Option<String> {
    let at = text.find("\"slug\"")?;
    let rest = text[at + 6..].trim_start().strip_prefix(':')?.trim_start();
    let value = rest.strip_prefix('"')?;
    let slug = &value[..value.find('"')?];
    crate::card::rules::is_slug(slug).then(|| slug.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_rule_tells_a_files_layout_for_every_command() {
        let lines = "{\"slug\":\"a\"}\n{\"slug\":\"b\"}\n";
        // A `.json` file holding JSON Lines was loaded as lines by `check` but taken as one
        // card by `fmt` and `check --fix` (issue 47): both now read it by this rule.
        assert_eq!(Layout::of("cards.json", lines), Layout::Lines);
        assert_eq!(Layout::of("cards.jsonl", "{\"slug\":\"a\"}"), Layout::Lines);
        assert_eq!(Layout::of("a.json", "{\"slug\":\"a\"}\n"), Layout::Card);
        assert_eq!(
            Layout::of("a.json", "{\n  \"slug\": \"a\"\n}\n"),
            Layout::Card
        );
        assert_eq!(Layout::of("-", " [{}]"), Layout::Array);
        assert_eq!(Layout::of("x", "{\"slug\": \"a\" oops}\n{}"), Layout::Lines);
        assert_eq!(
            crate::fmt::format(lines, Layout::of("cards.json", lines)).unwrap(),
            lines
        );
    }

    fn rules(loaded: &Loaded) -> Vec<&'static str> {
        loaded.findings.iter().map(|f| f.rule.id()).collect()
    }

    #[test]
    fn json_lines_array_and_single_card_are_told_apart() {
        let card = |s: &str| format!(r#"{{"slug":"{s}","term":"{s}","definition":"d"}}"#);
        let lines = format!("{}\n{}\n", card("a"), card("b"));
        assert_eq!(load_str("x", &lines).cards.len(), 2);
        let array = format!("[\n{},\n{}\n]", card("a"), card("b"));
        let loaded = load_str("x", &array);
        assert_eq!(loaded.cards.len(), 2);
        assert_eq!(
            loaded.cards[1].origin.offset,
            array.rfind('{').unwrap() as u64
        );
        let pretty = "{\n  \"slug\": \"a\",\n  \"term\": \"A\",\n  \"definition\": \"d\"\n}\n";
        assert_eq!(load_str("x", pretty).cards.len(), 1);
    }

    #[test]
    fn a_bad_first_line_still_reads_as_json_lines_without_the_file_name_saying_so() {
        let text = "{\"slug\":\"a\",\"term\":\"A\",\"definition\":\"d\" oops}\r\n{\"slug\":\"b\",\"term\":\"B\",\"definition\":\"d\"}\n";
        let loaded = load_str("<stdin>", text);
        assert_eq!(loaded.cards.len(), 1);
        assert_eq!(loaded.cards[0].card.slug(), "b");
        assert_eq!(rules(&loaded), ["json-syntax"]);
        let broken_card = "{\"slug\": \"a\",\n  \"term\": }\n";
        let loaded = load_str("<stdin>", broken_card);
        assert_eq!(rules(&loaded), ["json-syntax"]);
        assert!(matches!(
            loaded.findings[0].place,
            Place::Source { line: 2, .. }
        ));
        // A first line that ends like an object in a card that goes on is still one card.
        let card = "{\"slug\": \"a\", \"term\": \"A\", \"definition\": \"d\", \"citations\": [{\"id\": \"c\"}\n]}\n";
        let loaded = load_str("<stdin>", card);
        assert_eq!(loaded.cards.len(), 1, "{:?}", loaded.findings);
    }

    #[test]
    fn a_bad_line_does_not_stop_the_others() {
        let text = "{\"slug\":\"a\",\"term\":\"A\",\"definition\":\"d\"}\n{\"slug\": }\n{\"slug\":\"c\",\"term\":\"C\",\"definition\":\"d\"}\n";
        let loaded = load_str("x.jsonl", text);
        assert_eq!(loaded.cards.len(), 2);
        assert_eq!(rules(&loaded), ["json-syntax"]);
        assert_eq!(
            loaded.findings[0].place,
            Place::Source {
                source: 0,
                line: 2,
                column: 10
            }
        );
    }

    #[test]
    fn byte_order_mark_is_stripped_with_a_warning() {
        let loaded = load_str(
            "x",
            "\u{feff}{\"slug\":\"a\",\"term\":\"A\",\"definition\":\"d\"}",
        );
        assert_eq!(loaded.cards.len(), 1);
        assert_eq!(rules(&loaded), ["byte-order-mark"]);
    }
}
