//! Where every command's glossary comes from: INPUT, the flags that override its
//! `glossgraph.toml` (`--base`, `--language`, `--title`, `--config`) and `--strict`. One
//! definition, flattened into each command's arguments, so that the same flag means the same
//! thing everywhere.

use std::path::PathBuf;

use clap::Args;

use glossgraph::config::Settings;

/// The INPUT of every command when none is given.
pub const DEFAULT_INPUT: &str = "data";

/// `--title` and `--config`, the same for every command that reads a glossary's settings.
#[derive(Debug, Clone, Default, Args)]
pub struct TitleConfigArgs {
    /// Title of the glossary (overrides glossgraph.toml).
    #[arg(long)]
    pub title: Option<String>,

    /// Read settings from this file instead of INPUT's glossgraph.toml.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// Where the glossary comes from and how it is configured; shared by every command.
#[derive(Debug, Clone, Args)]
pub struct GlossaryArgs {
    /// A folder of *.json cards, one card's file, a JSON array file, a JSON Lines file
    /// (.jsonl, .ndjson), - for stdin, or a glossary read in place: a folder of Markdown
    /// pages (in one language or several), a YAML or TOML file of entries (.yaml, .yml,
    /// .toml), a Markdown file of terms (.md), a Sphinx glossary (.rst), a TBX term base (.tbx), an RDF file (.ttl, .nt, .rdf, .jsonld, .trig, .nq) [default: data]
    #[arg(value_name = "INPUT")]
    pub input: Option<String>,

    /// Treat unknown fields in cards as errors, not warnings.
    #[arg(long)]
    pub strict: bool,

    /// Base IRI of the glossary (overrides glossgraph.toml); must end in / or #.
    #[arg(long, value_name = "IRI")]
    pub base: Option<String>,

    /// Language tag of labels and texts (overrides glossgraph.toml).
    #[arg(long, value_name = "TAG")]
    pub language: Option<String>,

    #[command(flatten)]
    pub title_config: TitleConfigArgs,
}

impl GlossaryArgs {
    /// The glossary to read: INPUT, or `data` when it is not given.
    pub fn input(&self) -> &str {
        self.input.as_deref().unwrap_or(DEFAULT_INPUT)
    }

    /// The settings given as flags.
    pub fn settings(&self) -> Settings {
        Settings {
            base: self.base.clone(),
            language: self.language.clone(),
            title: self.title_config.title.clone(),
            ..Settings::default()
        }
    }
}
