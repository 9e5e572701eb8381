//! The arguments of the commands about the cards themselves rather than an output: `check`
//! (with its report formats), `fmt`, `schema`, `diff`, `import` (RDF or pages into cards)
//! and `generate` (synthetic cards).

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use glossgraph::generate::Params;

use super::glossary::{GlossaryArgs, TitleConfigArgs};

/// A count given on the command line: a whole number, 0 or more. (A negative one is read as
/// a value, not as a flag, so that it gets this message rather than clap's advice to write
/// `-- -1`, which would make it the INPUT.)
fn count(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| format!("`{text}` is not a count: give a whole number, 0 or more"))
}

#[derive(Debug, Clone, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub glossary: GlossaryArgs,

    /// More card files. Card files given as INPUT are checked in their glossary's context:
    /// the whole glossary of the nearest folder holding glossgraph.toml (or of the files'
    /// own folder) is checked, and the findings of those files are reported. A file of no
    /// glossary (no glossgraph.toml above it, no card in it) is left alone, with a note.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,

    /// Output format of the report.
    #[arg(long, value_enum, default_value_t = ReportFormat::Human)]
    pub format: ReportFormat,

    /// Exit with 1 when there are warnings, not only errors.
    #[arg(long)]
    pub deny_warnings: bool,

    /// Apply the safe fixes (a one-way link's missing mirror is added, a byte-order mark
    /// removed), say what changed card by card (at most --max-per-rule lines, the rest
    /// counted), then report what is left (with --format json, `fixes` first). Changed files
    /// are written whole, in the canonical form of `glossgraph fmt`. Standard input (-) is
    /// refused (exit 2): it has no file to write to.
    #[arg(long)]
    pub fix: bool,

    /// With --fix, apply the fixes that guess what was meant too: a dangling link replaced by
    /// the one slug close to it, a misspelled key renamed to the one field close to it (a
    /// misspelled list merged into the list it meant, when the card has both). A card with a
    /// misspelled list gets no safe fix to that list: it is renamed first.
    #[arg(long, requires = "fix")]
    pub unsafe_fixes: bool,

    /// With --fix, write nothing: print the changes as a unified diff on stdout and the
    /// findings no fix removes on stderr (with --format json, one JSON document of both on
    /// stdout; sarif and github are refused), and exit 1 when a file would change or the
    /// findings fail the check.
    #[arg(long, requires = "fix")]
    pub dry_run: bool,

    /// Show at most N findings of each rule, then count the others in one line (0: show
    /// every finding); with --fix, at most N of the changes made. The summary counts the
    /// findings of every rule; --format json always lists every finding.
    #[arg(long, value_name = "N", default_value_t = MAX_PER_RULE, allow_negative_numbers = true, value_parser = count)]
    pub max_per_rule: usize,
}

/// How many findings of one rule a report shows by default (`check --max-per-rule`, and the
/// report of an invalid glossary that other commands print).
pub const MAX_PER_RULE: usize = 10;

/// The settings the schema is made of. Not [`GlossaryArgs`]: the schema has one form, the
/// strict one (no `--strict`), and no text to tag with a language (no `--language`).
#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// The glossary whose settings (its glossgraph.toml: statuses, base IRI, title) the
    /// schema takes: a folder of cards or a card, array or JSON Lines file [default: data]
    #[arg(value_name = "INPUT")]
    pub input: Option<String>,

    /// Base IRI of the glossary (overrides glossgraph.toml), under which the schema's $id
    /// is; must end in / or #.
    #[arg(long, value_name = "IRI")]
    pub base: Option<String>,

    #[command(flatten)]
    pub title_config: TitleConfigArgs,
}

impl SchemaArgs {
    /// The glossary arguments these settings stand for.
    pub fn glossary(&self) -> GlossaryArgs {
        GlossaryArgs {
            input: self.input.clone(),
            strict: true,
            base: self.base.clone(),
            language: None,
            title_config: self.title_config.clone(),
        }
    }
}

#[derive(Debug, Args)]
pub struct FmtArgs {
    /// Folders of cards, card files, JSON array or JSON Lines files, or - for standard input
    /// (written to standard output); a file of no glossary (no glossgraph.toml above it, no
    /// card in it) is left alone, with a note [default: data]
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<String>,

    /// Change nothing: name each file that would change, and exit 1 if any would.
    #[arg(long)]
    pub check: bool,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The RDF file (Turtle, N-Triples, RDF/XML, JSON-LD, TriG or N-Quads), a TBX term base
    /// (v3 or v2), or a folder of Markdown pages.
    #[arg(value_name = "FILE|DIR")]
    pub file: PathBuf,

    /// Where to write the cards (also --output, -o), as `generate` does: a path ending in
    /// .jsonl or .ndjson (JSON Lines, one card per line), .json (one JSON array), - for JSON
    /// Lines on standard output, or else a folder (new or empty; created if missing) that gets
    /// one <slug>.json per card. The settings found (base, language, title, scheme) go into
    /// glossgraph.toml: in the folder, or beside the file, where every command reading the file
    /// looks for them; with -, nowhere (they are printed on stderr). A file or glossgraph.toml
    /// that exists, or a folder that is not empty, is refused without --force. A
    /// glossgraph.toml already there is kept as it is, the keys where the input's settings
    /// differ named. Nothing is put in place until every card is written.
    #[arg(long, short = 'o', visible_alias = "output", value_name = "PATH")]
    pub out: String,

    /// Replace the --out file if it exists, or a folder that holds only cards (*.json) and
    /// glossgraph.toml, whole (never the working folder): importing again after a change
    /// upstream. The glossgraph.toml there is kept.
    #[arg(long)]
    pub force: bool,

    /// The format of FILE [default: guessed from its extension: .ttl .nt .rdf/.xml
    /// .jsonld/.json .trig .nq, .tbx]; tbx reads TBX v3 and v2 alike.
    #[arg(long, value_name = "NAME", value_parser = ["turtle", "ntriples", "rdfxml", "jsonld", "trig", "nquads", "tbx"])]
    pub format: Option<String>,

    /// The IRI relative IRIs of FILE resolve against [default: the file's own file: URL].
    #[arg(long, value_name = "IRI")]
    pub base: Option<String>,

    /// The glossary's main language, for a vocabulary not written by glossgraph [default:
    /// the scheme's dcterms:language (an ISO 639 code or its IRI read as the labels' tag; of
    /// several, the one most labels have), else the language of its title, else the language
    /// most labels have].
    #[arg(long, value_name = "TAG")]
    pub language: Option<String>,

    /// Refuse (exit 1, nothing written) when anything of FILE cannot be kept in the cards.
    #[arg(long)]
    pub strict: bool,

    /// Read FILE as a SKOS vocabulary even when it is a glossgraph export: for the export
    /// of an imported vocabulary, whose concepts keep their published IRIs.
    #[arg(long)]
    pub vocabulary: bool,

    /// Show at most N warnings of each kind (a label the card cannot hold, an IRI
    /// repaired…), the others counted in one line per kind; 0 shows them all.
    #[arg(long, value_name = "N", default_value_t = MAX_PER_RULE, allow_negative_numbers = true, value_parser = count)]
    pub max_per_rule: usize,
    /// Settings for a folder of pages (`base`, `title`, `language`, `[import]`) [default:
    /// DIR/glossgraph.toml, if there is one].
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Number of term cards (1 to 60466176).
    #[arg(long, value_name = "N")]
    pub terms: u32,

    /// Seed of the pseudo-random numbers; another seed gives another glossary.
    #[arg(long, value_name = "S", default_value_t = Params::DEFAULT_SEED)]
    pub seed: u64,

    /// Where to write: a path ending in .jsonl or .ndjson (JSON Lines, one card per line),
    /// .json (one JSON array), - for JSON Lines on standard output, or else a folder (new or
    /// empty) that gets one pretty-printed <slug>.json per card (also --output, -o). A file
    /// that exists is refused without --force, as a folder that is not empty always is.
    #[arg(long, short = 'o', visible_alias = "output", value_name = "PATH")]
    pub out: String,

    /// Replace the --out file if it exists.
    #[arg(long)]
    pub force: bool,

    /// Mean number of terms each term is related to (2 to 64).
    #[arg(long, value_name = "D", default_value_t = Params::DEFAULT_DEGREE)]
    pub degree: f64,

    /// Share of related pairs that only one of the two cards lists (0 to 1); each is a
    /// one-way-related warning.
    #[arg(long, value_name = "P", default_value_t = Params::DEFAULT_ONE_WAY)]
    pub one_way: f64,

    /// Share of terms in supersedes chains of 2 to 4 terms (0 to 1).
    #[arg(long, value_name = "P", default_value_t = Params::DEFAULT_SUPERSEDE)]
    pub supersede: f64,

    /// Probability that a text carries characters that need escaping or are not ASCII
    /// (quotes, < > &, backslashes, ]]>, -->, accents, CJK, emoji, U+200F, tabs and newlines
    /// in notes) (0 to 1); 0 writes plain ASCII.
    #[arg(long, value_name = "P", default_value_t = Params::DEFAULT_AWKWARD)]
    pub awkward: f64,

    /// Share of a term's related links that stay inside its planted topic (0 to 1); 0, the
    /// default, plants no topics. Real glossaries have subject areas: 0.8 gives a map with
    /// visible groups.
    #[arg(long, value_name = "P", default_value_t = Params::DEFAULT_TOPIC_STRENGTH)]
    pub topic_strength: f64,

    /// Mean number of terms of a planted topic (2 to 100000).
    #[arg(long, value_name = "N", default_value_t = Params::DEFAULT_TOPIC_SIZE)]
    pub topic_size: u32,

    /// Probability (0 to 1) of each of three untidy habits on a card, drawn apart: an alias
    /// that is another term's label (overlapping-labels), a citation nothing cites
    /// (unused-citation), a deprecated status without replacement (no-replacement). Warnings
    /// only: with --one-way, the shape of a glossary written by many hands.
    #[arg(long, value_name = "P", default_value_t = Params::DEFAULT_UNTIDY)]
    pub untidy: f64,

    /// Also write each card's planted topic as `slug<TAB>topic` lines to FILE (to score a
    /// topic detection against).
    #[arg(long, value_name = "FILE", requires = "topic_strength")]
    pub topics_out: Option<PathBuf>,
}

impl GenerateArgs {
    pub fn params(&self) -> Params {
        Params {
            terms: self.terms,
            seed: self.seed,
            degree: self.degree,
            one_way: self.one_way,
            supersede: self.supersede,
            awkward: self.awkward,
            topic_strength: self.topic_strength,
            topic_size: self.topic_size,
            untidy: self.untidy,
        }
    }
}

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// OLD and NEW: each a folder of cards, a card file, a JSON array or JSON Lines file, or -
    /// for stdin. With --git, one INPUT [default: data], compared as it was at REV with as it
    /// is now.
    #[arg(value_name = "INPUT", num_args = 0..=2)]
    pub inputs: Vec<String>,

    /// Read the old version from this git revision (a commit, tag, branch, HEAD~1…), through
    /// the `git` program.
    #[arg(long, value_name = "REV")]
    pub git: Option<String>,

    /// How to write the differences.
    #[arg(long, value_enum, default_value_t = DiffFormat::Text)]
    pub format: DiffFormat,

    /// Only the summary: how many times each field changed, and the counts (text format).
    #[arg(long)]
    pub stat: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DiffFormat {
    /// For people: one line per added, removed or renamed term, the changed fields indented
    /// below each changed one (coloured on a terminal).
    Text,
    /// One JSON document, schema glossgraph-diff/1 (docs/diff.md).
    Json,
    /// SPARQL 1.1 Update (DELETE DATA / INSERT DATA per card graph) that turns a store holding
    /// OLD's quads into one holding NEW's.
    SparqlUpdate,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// Like a compiler: the line, the problem underlined, a hint.
    Human,
    /// One JSON document with every finding and a summary.
    Json,
    /// SARIF 2.1.0, as GitHub code scanning reads it.
    Sarif,
    /// GitHub Actions workflow commands: an annotation per finding, then the summary.
    Github,
}
