//! Findings and places: what the loader and the checker say about a glossary, and where —
//! a card's [`Origin`] in its source, a [`Place`] inside it, and [`line_column`] to name it.
//!
//! Every finding has a [`Rule`] (a stable id, a fixed severity, the qSKOS code where one
//! exists), a message, an optional hint, and a [`Place`]. The loader and the rules record
//! places cheaply (a card's byte offset plus a JSON pointer); [`crate::check`] resolves them to
//! line and column once, at the end, re-reading only the sources that have findings.

use std::fmt;

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

macro_rules! rules {
    ($( $variant:ident = $id:literal, $severity:ident, $qskos:expr, $doc:literal; )*) => {
        /// Every check glossgraph runs. The ids are stable: scripts may match on them.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Rule {
            $( #[doc = $doc] $variant, )*
        }

        impl Rule {
            /// Every rule, in catalogue order.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant),*];

            /// The stable id, e.g. `dangling-link`.
            pub fn id(self) -> &'static str {
                match self { $(Rule::$variant => $id,)* }
            }

            /// The severity the rule reports with (before `--strict` / `--deny-warnings`).
            pub fn severity(self) -> Severity {
                match self { $(Rule::$variant => Severity::$severity,)* }
            }

            /// The qSKOS quality-issue code this rule implements, if any.
            pub fn qskos(self) -> Option<&'static str> {
                match self { $(Rule::$variant => $qskos,)* }
            }

            /// One line saying what the rule checks.
            pub fn summary(self) -> &'static str {
                match self { $(Rule::$variant => $doc,)* }
            }
        }
    };
}

rules! {
    Unreadable = "unreadable", Error, None, "A file or folder of the input cannot be read.";
    BadConfig = "bad-config", Error, None, "glossgraph.toml, --config or a setting given as a flag cannot be read or holds a bad value.";
    JsonSyntax = "json-syntax", Error, None, "The file is not well-formed JSON.";
    Encoding = "encoding", Error, None, "The file is not valid UTF-8.";
    SourceSyntax = "source-syntax", Error, None, "A page or entry of a glossary read in place (Markdown, YAML, reStructuredText, RDF) cannot be read: it is left out.";
    LeftOut = "left-out", Warning, None, "A page or entry of a glossary read in place is not a term (a section or listing page, an entry with no term): it is left out.";
    EmptyFile = "empty-file", Error, None, "The file holds no JSON value.";
    NoCards = "no-cards", Error, None, "The input holds no term card at all.";
    WrongType = "wrong-type", Error, None, "A field holds a value of the wrong JSON type.";
    MissingField = "missing-field", Error, None, "A required field (slug, term; citation id, title, url) is absent.";
    DuplicateKey = "duplicate-key", Error, None, "The same key appears twice in one JSON object.";
    BadSlug = "bad-slug", Error, None, "A slug does not match ^[a-z0-9]+(-[a-z0-9]+)*$.";
    SlugMismatch = "slug-mismatch", Error, None, "A card's slug differs from its file name.";
    DuplicateSlug = "duplicate-slug", Error, Some("anr"), "Two cards share one slug.";
    DanglingLink = "dangling-link", Error, None, "related, supersedes or supersededBy names a term that does not exist.";
    SupersedesCycle = "supersedes-cycle", Error, Some("chr"), "Terms replace each other in a cycle.";
    BroaderCycle = "broader-cycle", Error, Some("chr"), "Concepts are broader than each other in a cycle, or one is broader than itself.";
    AliasEqualsTerm = "alias-equals-term", Error, Some("dlv"), "An alias repeats the term or another alias (SKOS S13).";
    EmptyText = "empty-label", Error, Some("el"), "A term, alias or definition is empty or only whitespace.";
    InvalidChar = "invalid-char", Error, Some("ucil"), "Text holds a character XML 1.0 forbids or that cannot be printed.";
    InvalidIri = "invalid-iri", Error, None, "An IRI of a card (iri, inScheme, topConceptOf, a mapping, a link to a concept outside the glossary) is not an absolute IRI.";
    CitationUrl = "citation-url", Error, Some("husv"), "A citation URL is not an absolute http(s) URL.";
    UnknownCitation = "unknown-citation", Error, None, "A [id] marker in the note names no citation of the card.";
    DuplicateCitation = "duplicate-citation", Error, None, "Two citations of one card share an id.";
    BadCitationId = "bad-citation-id", Error, None, "A citation id is not letters, digits and -_.:, so no [id] marker can name it.";
    BadDate = "bad-date", Error, None, "A date is not YYYY, YYYY-MM or YYYY-MM-DD, or does not exist.";
    UnknownStatus = "unknown-status", Error, None, "The status is not one of the allowed statuses.";
    DuplicateEntry = "duplicate-entry", Warning, None, "A list (related, supersedes, advantages, provenance, …) repeats an entry.";
    UnknownField = "unknown-field", Warning, None, "A key the card format does not know (an error under --strict); it is kept as it is.";
    MissingDefinition = "missing-definition", Warning, None, "A term has no definition, or an empty one.";
    ByteOrderMark = "byte-order-mark", Warning, None, "The file starts with a UTF-8 byte order mark; it is ignored.";
    SymlinkLoop = "symlink-loop", Warning, None, "A folder was reached a second time through a symbolic link and skipped.";
    OneWayRelated = "one-way-related", Warning, Some("urc"), "A lists B as related but B does not list A.";
    OneWaySupersedes = "one-way-supersedes", Warning, Some("urc"), "supersedes is not mirrored by supersededBy, or the reverse.";
    SelfLink = "self-link", Warning, Some("rrc"), "A card links to itself.";
    Orphan = "orphan", Warning, Some("oc"), "A term has no link to or from any other term.";
    Disconnected = "disconnected", Warning, Some("dcc"), "The glossary falls apart into separate clusters.";
    OverlappingLabels = "overlapping-labels", Warning, Some("ol"), "Two terms share a label (after NFC and case folding).";
    UnusedCitation = "unused-citation", Warning, None, "A citation no [id] marker refers to.";
    DateOrder = "date-order", Warning, None, "firstSeen is after lastSeen.";
    ShippingSuperseded = "shipping-superseded", Warning, None, "A term marked shipping is superseded.";
    NoReplacement = "no-replacement", Warning, None, "A deprecated or obsolete term names no replacement.";
    OneWayBroader = "one-way-broader", Warning, None, "broader is not mirrored by narrower, or the reverse.";
    RelatedBroader = "related-broader", Warning, None, "A term is related to one of its broader terms (SKOS S27).";
    LanguageAliasEqualsTerm = "language-alias-equals-term", Warning, None, "In a language other than the main one, an alias repeats the term (SKOS S13).";
}

impl Rule {
    /// Why `[rules]` cannot turn this rule off, when it cannot: its finding is all that says
    /// some of the input was left out of the glossary (a file or a card not read, a card
    /// dropped) or that the check could not be made, and a check that hid it would pass on a
    /// glossary it never saw whole. Every other rule can be off.
    pub fn always_reported(self) -> Option<&'static str> {
        match self {
            Rule::Unreadable => Some("a file that cannot be read is left out of the glossary"),
            Rule::BadConfig => Some("settings that cannot be read cannot turn anything off"),
            Rule::JsonSyntax => Some("the cards the syntax error cuts off are left out"),
            Rule::Encoding => Some("a file that is not UTF-8 is left out of the glossary"),
            Rule::SourceSyntax => Some("a page that cannot be read is left out of the glossary"),
            Rule::WrongType => Some("a card whose slug is no string is left out"),
            Rule::MissingField => Some("a card without a slug is left out"),
            Rule::DuplicateSlug => Some("the second card of a slug is left out"),
            _ => None,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Where a card came from: enough to read its text again and to number its lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Origin {
    pub source: SourceId,
    /// 1-based line and column (in characters) of the card's first character.
    pub line: u32,
    pub column: u32,
    /// Byte offset of the card's first byte in the source's text (after any BOM).
    pub offset: u64,
    /// Length in bytes of the card's text.
    pub len: u32,
}

impl Origin {
    /// A place inside this card.
    pub fn at(self, pointer: impl Into<String>) -> Place {
        Place::Card {
            origin: self,
            pointer: pointer.into(),
        }
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (u32, u32) {
    let offset = offset.min(text.len());
    let before = &text.as_bytes()[..offset];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    line_column_after(before, line_start)
}

/// [`line_column`] of the end of `before`, whose last line starts at byte `line_start`
/// (found by the caller, who often needs it too). Counts bytes rather than decoding: lines
/// are the line feeds before `line_start`, the column the bytes that start a character after
/// it (a character cut at the end of `before` counts as one, as a lossy decoding would).
pub fn line_column_after(before: &[u8], line_start: usize) -> (u32, u32) {
    let line = memchr::memchr_iter(b'\n', &before[..line_start]).count() + 1;
    let column = char_starts(&before[line_start..]) + 1;
    (line as u32, column as u32)
}

/// How many bytes of `bytes` start a character: all but the UTF-8 continuation bytes
/// (0b10xx_xxxx, below -0x40 as a signed byte). Counted in blocks of 128 into a byte, which
/// the compiler sums many bytes at a time; a count into a `usize` per byte is several times
/// slower, and this runs over the text before every finding's place.
fn char_starts(bytes: &[u8]) -> usize {
    let starts = |block: &[u8]| {
        block
            .iter()
            .fold(0u8, |n, &b| n.wrapping_add(u8::from((b as i8) >= -0x40)))
    };
    let mut blocks = bytes.chunks_exact(128);
    let whole: usize = blocks
        .by_ref()
        .map(|block| usize::from(starts(block)))
        .sum();
    whole + usize::from(starts(blocks.remainder()))
}

/// Index of a source (file or stdin) in [`crate::load::Sources`].
pub type SourceId = u32;

/// Where a finding points, as recorded by the loader and the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// The glossary as a whole (disconnected clusters, no cards).
    Glossary,
    /// A whole source file, or a position in it (1-based line and column in characters).
    Source {
        source: SourceId,
        line: u32,
        column: u32,
    },
    /// A place inside a card, by JSON pointer; resolved to line:column later.
    Card { origin: Origin, pointer: String },
}

/// One thing the checker found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub rule: Rule,
    pub severity: Severity,
    pub place: Place,
    pub message: String,
    /// A suggestion, e.g. "did you mean `nvme-rdma`?".
    pub hint: Option<String>,
    /// The change that removes the finding, when one is known (`check --fix`).
    pub fix: Option<Box<Fix>>,
    /// Where in the text the pointer names the finding is (a byte range of the string as
    /// decoded, as a citation marker in a note): the report then points at it, not at the
    /// text's start.
    pub within: Option<(u32, u32)>,
}

/// A change to one card that removes a finding, as `check --fix` applies it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// The card to change (not always the card of the finding: a missing mirror is added to
    /// the card that lacks it); for an edit of the file ([`Edit::is_of_file`]), the start of
    /// the file (an origin of no length).
    pub card: Origin,
    /// The card's file, filled in when the finding is located; `None` for standard input.
    pub path: Option<std::path::PathBuf>,
    pub edit: Edit,
    /// Safe fixes are applied by `--fix`; the others, which guess what was meant, only with
    /// `--unsafe-fixes` too.
    pub safe: bool,
}

/// What a [`Fix`] does to its card.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Edit {
    /// Add `value` at the end of the list `key` (made when absent), unless it is there.
    Append { key: &'static str, value: String },
    /// Replace entry `index` of the list `key`, which reads `from`, by `to`.
    Replace {
        key: &'static str,
        index: usize,
        from: String,
        to: String,
    },
    /// Rename the key at `pointer` (a card's field, or a citation's) to `to`, unless its
    /// object has `to` already.
    Rename { pointer: String, to: String },
    /// Replace the text `from`, found at byte `at` of the text field `key`, by `to`.
    ReplaceText {
        key: &'static str,
        at: usize,
        from: String,
        to: String,
    },
    /// Remove the byte-order mark that starts the card's file.
    DropByteOrderMark,
}

impl Edit {
    /// Whether the edit is of the card's file rather than of a card.
    pub fn is_of_file(&self) -> bool {
        matches!(self, Edit::DropByteOrderMark)
    }
}

impl fmt::Display for Edit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Edit::Append { key, value } => write!(f, "added `{value}` to `{key}`"),
            Edit::Replace { key, from, to, .. } => {
                write!(f, "replaced `{from}` by `{to}` in `{key}`")
            }
            Edit::Rename { pointer, to } => {
                let from = pointer.rsplit('/').next().unwrap_or_default();
                write!(f, "renamed `{from}` to `{to}`")
            }
            Edit::DropByteOrderMark => f.write_str("removed the byte-order mark"),
            Edit::ReplaceText { key, from, to, .. } => {
                write!(f, "replaced `{from}` by `{to}` in `{key}`")
            }
        }
    }
}

impl Finding {
    pub fn new(rule: Rule, place: Place, message: impl Into<String>) -> Self {
        Self {
            rule,
            severity: rule.severity(),
            place,
            message: message.into(),
            hint: None,
            fix: None,
            within: None,
        }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// The finding with `edit` to `card` as its fix.
    /// The finding at bytes `range` of the text its pointer names.
    pub fn within(mut self, range: std::ops::Range<usize>) -> Self {
        let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        self.within = Some((clamp(range.start), clamp(range.end)));
        self
    }

    pub fn with_fix(mut self, card: Origin, edit: Edit, safe: bool) -> Self {
        self.fix = Some(Box::new(Fix {
            card,
            path: None,
            edit,
            safe,
        }));
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_column_counts_characters() {
        assert_eq!(line_column("ab\ncé d", 7), (2, 4));
        assert_eq!(line_column("", 0), (1, 1));
    }

    /// The first version of [`line_column`], which decoded the line: the reference.
    fn line_column_decoding(text: &str, offset: usize) -> (u32, u32) {
        let offset = offset.min(text.len());
        let before = &text.as_bytes()[..offset];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count()
            + 1;
        (line as u32, column as u32)
    }

    #[test]
    fn line_column_counts_as_decoding_does_at_every_offset() {
        let pieces = ["a", "é", "日本", "\n", "\r\n", "\u{1F600}", "\t", " "];
        // Without line breaks, for lines long enough to span several of the blocks of 128
        // bytes that characters are counted in.
        let one_line = ["a", "é", "日本", "\u{1F600}", "\t", " "];
        let mut rng = crate::rng::Rng(5);
        for run in 0..560 {
            let (len, pieces) = match run {
                0..500 => (rng.below_usize(30), &pieces[..]),
                500..530 => (rng.below_usize(400), &pieces[..]),
                _ => (rng.below_usize(400), &one_line[..]),
            };
            let text: String = (0..len).map(|_| rng.pick(pieces)).collect();
            // Every byte offset, those inside a character and past the end included.
            for offset in 0..=text.len() + 1 {
                assert_eq!(
                    line_column(&text, offset),
                    line_column_decoding(&text, offset),
                    "{text:?} at {offset}"
                );
            }
        }
    }
}
