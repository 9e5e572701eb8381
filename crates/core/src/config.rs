//! `glossgraph.toml`: the settings that live beside the cards.
//!
//! ```toml
//! base = "https://example.org/glossary/"   # IRIs of terms are {base}term/{slug}
//! language = "en"                           # language tag of labels and texts
//! languages = ["en", "de", "fr"]             # the website's languages, when not all the cards'
//! title = "Storage networking glossary"     # dcterms:title of the concept scheme
//! statuses = ["shipping", "emerging", "draft", "deprecated", "obsolete", "withdrawn"]
//! namespace = "http://astrothesaurus.org/uat/"  # concept IRIs are {namespace}{slug} instead
//! scheme = "http://astrothesaurus.org/uat"      # the concept scheme's IRI, when not {base}
//! imported = true        # a published vocabulary's concepts: RDF states nothing of glossgraph's
//! schemeless = true      # a vocabulary without a concept scheme: RDF states none
//!
//! [rules]                                     # a rule's severity, by its id, or off
//! missing-definition = "error"
//! unknown-field = "off"
//!
//! [metadata]                                  # more statements about the concept scheme
//! "dcterms:description" = { text = "A thesaurus of astronomy.", language = "en" }
//! "dcterms:publisher" = { iri = "http://publisher.example/aas" }
//! "dcterms:created" = { text = "2016-09-06T03:28:18Z", datatype = "xsd:dateTime" }
//! "dcterms:subject" = ["Astronomy", "Astrophysics"]   # plain literals
//!
//! [schemes."http://astrothesaurus.org/uat/galaxies"]  # another concept scheme of the vocabulary
//! "dcterms:title" = { text = "Galaxies", language = "en" }
//!
//! [resources."http://vocab.example/group/7"]  # a group, a class: what else the vocabulary says
//! "rdf:type" = { iri = "skos:OrderedCollection" }
//! "skos:prefLabel" = { text = "Stars", language = "en" }
//! "skos:memberList" = [{ iri = "http://vocab.example/c/2" }, { iri = "http://vocab.example/c/1" }]
//! ```
//!
//! Every key is optional. Command-line flags override the file. A bad file is an error that
//! names the file, the line and the column; an unknown key is an error too, because a typo
//! in a setting would otherwise be silently ignored.

use std::path::{Path, PathBuf};

use oxigraph::model::{Literal, NamedNode};
use serde::Deserialize;

use std::collections::BTreeMap;

use crate::diag::{line_column, Rule, Severity};
pub use crate::statements::{statements_toml, MetaValue, Statements};

/// The name of the configuration file looked for beside the cards.
pub const FILE_NAME: &str = "glossgraph.toml";

/// The statuses every glossary may use without configuring them.
pub const KNOWN_STATUSES: [&str; 5] = ["shipping", "emerging", "draft", "deprecated", "obsolete"];

/// Glossary settings, after defaults and overrides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Absolute IRI ending in `/` or `#`; concept IRIs are `{base}term/{slug}`.
    pub base: String,
    /// BCP 47 language tag of labels, definitions and notes.
    pub language: String,
    /// The languages the website has pages in, besides `language`, in this order; `None` for
    /// every language of the cards' texts.
    pub languages: Option<Vec<String>>,
    /// Title of the concept scheme.
    pub title: String,
    /// Allowed values of `status`.
    pub statuses: Vec<String>,
    /// Where the concepts' IRIs are when they share one namespace that is not `{base}term/`
    /// (a published vocabulary's): a concept's IRI is then `{namespace}{slug}` (a card's own
    /// `iri` still comes first).
    pub namespace: Option<String>,
    /// The concept scheme's IRI when it is not the base IRI (a published vocabulary's).
    pub scheme: Option<String>,
    /// Whether the cards are a published vocabulary's, as `import` read it: its namespace is
    /// the publisher's, so the RDF export states only what the vocabulary does — no
    /// status vocabulary, `gx:` ontology, slug notation or `gx:status` under it, no title
    /// or date of the scheme but the ones `[metadata]` holds.
    pub imported: bool,
    /// Whether the vocabulary has no concept scheme (an imported file that states none): the
    /// RDF export then writes none, puts no concept in one and makes none a top concept.
    pub schemeless: bool,
    /// Severities that differ from a rule's own (`[rules]` in `glossgraph.toml`); `None` for
    /// a rule that is off, whose findings are not reported at all.
    pub severities: BTreeMap<Rule, Option<Severity>>,
    /// Statements about the concept scheme besides its title (`[metadata]`): the values of
    /// each property, by the property as written (a prefixed name such as
    /// `dcterms:description`, which the RDF export expands, or a full IRI).
    pub metadata: Statements,
    /// The vocabulary's other concept schemes (`[schemes."IRI"]`), by IRI, each with its
    /// statements as `metadata` holds the glossary's: the RDF export writes each as a
    /// `skos:ConceptScheme` with them, the cards say which concepts are in it.
    pub schemes: BTreeMap<String, Statements>,
    /// The vocabulary's other resources that are neither concepts nor schemes
    /// (`[resources."IRI"]`): its groups (`skos:Collection`, `skos:OrderedCollection`, ISO
    /// 25964 concept groups) and the classes it declares, by IRI, each with its statements as
    /// `metadata` holds the scheme's. The values of `skos:memberList` are an ordered
    /// collection's members in order (an RDF list in the export); the others are sets.
    pub resources: BTreeMap<String, Statements>,
    /// How a glossary kept in another shape (Markdown pages, a YAML file…) is read in place:
    /// `[source]` (or `[import]`, its older name) in `glossgraph.toml`.
    pub source: Option<ImportSettings>,
}

/// The `[metadata]` and `[schemes."IRI"]` tables of `glossgraph.toml` for `config` (empty
/// when it has none): see [`statements_toml`].
pub fn tables_toml(config: &Config) -> String {
    let mut out = String::new();
    if !config.metadata.is_empty() {
        out.push_str(&statements_toml("metadata", &config.metadata));
    }
    for (iri, statements) in &config.schemes {
        let header = format!("schemes.{}", toml::Value::String(iri.clone()));
        // Written even without statements: the scheme itself is kept.
        out.push_str(&statements_toml(&header, statements));
    }
    for (iri, statements) in &config.resources {
        let header = format!("resources.{}", toml::Value::String(iri.clone()));
        out.push_str(&statements_toml(&header, statements));
    }
    out
}

/// The base IRI used when none is set: an example, which no real glossary should publish.
pub const EXAMPLE_BASE: &str = "https://example.org/glossary/";

impl Config {
    /// Whether the base IRI is the built-in example ([`EXAMPLE_BASE`]): the glossary's IRIs
    /// are then nobody's.
    pub fn has_example_base(&self) -> bool {
        self.base == EXAMPLE_BASE
    }
}

impl Default for Config {
    fn default() -> Self {
        Self {
            base: EXAMPLE_BASE.into(),
            language: "en".into(),
            languages: None,
            title: "Glossary".into(),
            statuses: KNOWN_STATUSES.iter().map(|s| (*s).to_owned()).collect(),
            namespace: None,
            scheme: None,
            imported: false,
            schemeless: false,
            severities: BTreeMap::new(),
            metadata: BTreeMap::new(),
            schemes: BTreeMap::new(),
            resources: BTreeMap::new(),
            source: None,
        }
    }
}

impl Config {
    /// The severity `rule` reports with in this glossary; `None` when it is off.
    pub fn severity(&self, rule: Rule) -> Option<Severity> {
        self.severities
            .get(&rule)
            .copied()
            .unwrap_or_else(|| Some(rule.severity()))
    }
}

/// The settings as written in the file or given as flags; `None` keeps the default.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub base: Option<String>,
    pub language: Option<String>,
    pub languages: Option<Vec<String>>,
    pub title: Option<String>,
    pub statuses: Option<Vec<String>>,
    pub namespace: Option<String>,
    pub scheme: Option<String>,
    pub imported: Option<bool>,
    pub schemeless: Option<bool>,
    /// Severities by rule id: `"error"`, `"warning"` or `"off"`.
    pub rules: Option<BTreeMap<String, String>>,
    /// `[source]` (or `[import]`, its older name): how a glossary kept in another shape is
    /// read, in place or by `glossgraph import`.
    #[serde(alias = "source")]
    pub import: Option<ImportSettings>,
    /// `[metadata]`: more statements about the concept scheme, by property.
    pub metadata: Option<RawStatements>,
    /// `[schemes."IRI"]`: the vocabulary's other concept schemes, by IRI, each with its
    /// statements as `[metadata]`.
    pub schemes: Option<BTreeMap<String, RawStatements>>,
    /// `[resources."IRI"]`: the vocabulary's groups and classes, by IRI, each with its
    /// statements as `[metadata]`.
    pub resources: Option<BTreeMap<String, RawStatements>>,
}

/// Statements as `[metadata]` writes them, by property.
pub type RawStatements = BTreeMap<String, OneOrMany<RawMetaValue>>;

/// One value or several.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum OneOrMany<T> {
    One(T),
    Many(Vec<T>),
}

impl<T> OneOrMany<T> {
    /// The values, in order.
    pub fn into_vec(self) -> Vec<T> {
        match self {
            OneOrMany::One(v) => vec![v],
            OneOrMany::Many(vs) => vs,
        }
    }
}

/// A value of `[metadata]` as written: a plain string, `{ text, language }`,
/// `{ text, datatype }` or `{ iri }`.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum RawMetaValue {
    Plain(String),
    Literal(RawLiteral),
    Iri(RawIri),
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RawLiteral {
    pub text: String,
    pub language: Option<String>,
    pub datatype: Option<String>,
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RawIri {
    pub iri: String,
}

/// How `glossgraph import DIR` reads a documentation site's pages (`[import]` in
/// `glossgraph.toml`). Each field names the front-matter keys that fill a card's field, first
/// found first, compared without regard to case (`-` and `_` alike); unset, the defaults of
/// [`crate::docsite`] apply.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ImportSettings {
    /// Regular expressions for the site's own ways of linking a term (one, or a list), each
    /// with a named group `slug` (the linked page's file name) and optionally `text`; matched
    /// without regard to case. Each match becomes a term link `[text](../slug/)`.
    pub term_link: Option<OneOrMany<String>>,
    /// The address the pages are published at (`https://kubernetes.io/`): a link to a path of
    /// that site which is no term's page (`/docs/concepts/…`) is made absolute against it.
    pub site: Option<String>,
    pub term: Option<Keys>,
    pub aliases: Option<Keys>,
    pub definition: Option<Keys>,
    pub status: Option<Keys>,
    pub updated: Option<Keys>,
    pub draft: Option<Keys>,
    /// The keys of a YAML or TOML file of entries that hold an entry's slug, and its links.
    pub slug: Option<Keys>,
    pub related: Option<Keys>,
    pub separator: Option<String>,
    pub sheet: Option<String>,
}

/// One front-matter key or several.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum Keys {
    One(String),
    Many(Vec<String>),
}

impl Keys {
    /// The keys, in order.
    pub fn list(&self) -> Vec<String> {
        match self {
            Keys::One(key) => vec![key.clone()],
            Keys::Many(keys) => keys.clone(),
        }
    }
}

/// A configuration that cannot be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("{}:{line}:{column}: {message}", path.display())]
    Syntax {
        path: PathBuf,
        line: u32,
        column: u32,
        message: String,
    },
    #[error("cannot read {}: {message}", path.display())]
    Io { path: PathBuf, message: String },
    #[error("{origin}: base IRI `{value}` {why}")]
    Base {
        origin: String,
        value: String,
        why: String,
    },
    #[error("{origin}: `{value}` is not a valid language tag (BCP 47, e.g. `en` or `en-GB`)")]
    Language { origin: String, value: String },
    #[error("{origin}: status `{value}` is not a lowercase word (a-z, 0-9, -)")]
    Status { origin: String, value: String },
    #[error("{origin}: {key} `{value}` is not an absolute IRI")]
    Iri {
        origin: String,
        key: &'static str,
        value: String,
    },
    #[error("{origin}: [{table}] `{key}`: {why}")]
    Metadata {
        origin: String,
        /// `metadata`, or `schemes."IRI"`.
        table: String,
        key: String,
        why: String,
    },
    #[error("{origin}: [rules] `{rule}` = `{value}`: {why}")]
    RuleSeverity {
        origin: String,
        rule: String,
        value: String,
        why: String,
    },
}

impl Settings {
    /// Reads `glossgraph.toml` from `dir`, if there is one.
    ///
    /// # Errors
    /// The file exists but cannot be read or parsed.
    pub fn from_dir(dir: &Path) -> Result<Option<(Self, PathBuf)>, ConfigError> {
        let path = dir.join(FILE_NAME);
        match std::fs::read_to_string(&path) {
            Ok(text) => Ok(Some((Self::parse(&text, &path)?, path))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(ConfigError::Io {
                path,
                message: e.to_string(),
            }),
        }
    }

    /// Parses the text of a configuration file.
    ///
    /// # Errors
    /// TOML syntax, an unknown key or a value of the wrong type, with line and column.
    pub fn parse(text: &str, path: &Path) -> Result<Self, ConfigError> {
        toml::from_str(text).map_err(|e: toml::de::Error| {
            let (line, column) = line_column(text, e.span().map_or(0, |s| s.start));
            ConfigError::Syntax {
                path: path.to_owned(),
                line,
                column,
                message: e.message().trim().to_owned(),
            }
        })
    }

    /// These settings on top of `base`'s, checked. `origin` names where they came from.
    ///
    /// # Errors
    /// A base IRI that is not absolute or does not end in `/` or `#`; an invalid language tag;
    /// a status that is not a lowercase word.
    pub fn apply(self, mut config: Config, origin: &str) -> Result<Config, ConfigError> {
        if let Some(base) = self.base {
            let why = match NamedNode::new(base.as_str()) {
                Err(e) => Some(format!("is not an absolute IRI: {e}")),
                Ok(_) if !(base.ends_with('/') || base.ends_with('#')) => {
                    Some("must end in `/` or `#`".to_owned())
                }
                // The IRIs under it (`{base}ns#status`) may hold only one `#`.
                Ok(_) if base[..base.len() - 1].contains('#') => {
                    Some("holds a `#` before its end: an IRI holds only one".to_owned())
                }
                Ok(_) => None,
            };
            if let Some(why) = why {
                return Err(ConfigError::Base {
                    origin: origin.into(),
                    value: base,
                    why,
                });
            }
            config.base = base;
        }
        if let Some(language) = self.language {
            if Literal::new_language_tagged_literal("", language.as_str()).is_err() {
                return Err(ConfigError::Language {
                    origin: origin.into(),
                    value: language,
                });
            }
            config.language = language;
        }
        if let Some(languages) = self.languages {
            if let Some(bad) = languages
                .iter()
                .find(|l| Literal::new_language_tagged_literal("", l.as_str()).is_err())
            {
                return Err(ConfigError::Language {
                    origin: origin.into(),
                    value: bad.clone(),
                });
            }
            config.languages = Some(languages);
        }
        if let Some(title) = self.title {
            config.title = title;
        }
        if let Some(statuses) = self.statuses {
            if let Some(bad) = statuses.iter().find(|s| !crate::card::rules::is_slug(s)) {
                return Err(ConfigError::Status {
                    origin: origin.into(),
                    value: bad.clone(),
                });
            }
            config.statuses = statuses;
        }
        for (key, value, slot) in [
            ("namespace", self.namespace, &mut config.namespace),
            ("scheme", self.scheme, &mut config.scheme),
        ] {
            if let Some(value) = value {
                if NamedNode::new(value.as_str()).is_err() {
                    return Err(ConfigError::Iri {
                        origin: origin.into(),
                        key,
                        value,
                    });
                }
                *slot = Some(value);
            }
        }
        if let Some(imported) = self.imported {
            config.imported = imported;
        }
        if let Some(schemeless) = self.schemeless {
            config.schemeless = schemeless;
        }
        for (id, value) in self.rules.into_iter().flatten() {
            let refuse = |why: String| ConfigError::RuleSeverity {
                origin: origin.into(),
                rule: id.clone(),
                value: value.clone(),
                why,
            };
            let Some(rule) = Rule::ALL.iter().find(|r| r.id() == id) else {
                let hint = crate::suggest::closest(&id, Rule::ALL.iter().map(|r| r.id()))
                    .map_or(String::new(), |(near, _)| {
                        format!(" (did you mean `{near}`?)")
                    });
                return Err(refuse(format!("no rule has this id{hint}")));
            };
            let severity = match value.as_str() {
                "error" => Some(Severity::Error),
                "warning" => Some(Severity::Warning),
                "off" => match rule.always_reported() {
                    Some(why) => {
                        return Err(refuse(format!("this rule cannot be off: {why}")));
                    }
                    None => None,
                },
                _ => return Err(refuse("a severity is `error`, `warning` or `off`".into())),
            };
            config.severities.insert(*rule, severity);
        }
        if let Some(source) = self.import {
            config.source = Some(source);
        }
        for (key, values) in statements(self.metadata.unwrap_or_default(), origin, "metadata")? {
            config.metadata.insert(key, values);
        }
        for (iri, raw) in self.schemes.into_iter().flatten() {
            let table = format!("schemes.{}", toml::Value::String(iri.clone()));
            if NamedNode::new(iri.as_str()).is_err() {
                return Err(ConfigError::Metadata {
                    origin: origin.into(),
                    table,
                    key: iri,
                    why: "a scheme is named by an absolute IRI".into(),
                });
            }
            let statements = statements(raw, origin, &table)?;
            config.schemes.insert(iri, statements);
        }
        for (iri, raw) in self.resources.into_iter().flatten() {
            let table = format!("resources.{}", toml::Value::String(iri.clone()));
            if NamedNode::new(iri.as_str()).is_err() {
                return Err(ConfigError::Metadata {
                    origin: origin.into(),
                    table,
                    key: iri,
                    why: "a resource is named by an absolute IRI".into(),
                });
            }
            let statements = statements(raw, origin, &table)?;
            config.resources.insert(iri, statements);
        }
        // The glossary's own scheme is described in `[metadata]`; a second table for it would
        // give it two sets of statements, one of them dropped on export.
        let own = config.scheme.as_deref().unwrap_or(&config.base);
        if config.schemes.contains_key(own) {
            return Err(ConfigError::Metadata {
                origin: origin.into(),
                table: format!("schemes.{}", toml::Value::String(own.to_owned())),
                key: own.to_owned(),
                why: "this is the glossary's own scheme (`scheme`, else `base`): its \
                      statements go in [metadata]"
                    .into(),
            });
        }
        Ok(config)
    }
}

/// The statements of a `[metadata]`-shaped table (`table` names it in errors), checked:
/// properties and IRIs absolute, language tags valid, a literal not both tagged and typed.
fn statements(raw: RawStatements, origin: &str, table: &str) -> Result<Statements, ConfigError> {
    let mut out = Statements::new();
    for (key, values) in raw {
        let refuse = |why: String| ConfigError::Metadata {
            origin: origin.into(),
            table: table.into(),
            key: key.clone(),
            why,
        };
        // A prefixed name (`dcterms:title`) is an absolute IRI to the parser too.
        let absolute = |iri: &str, what: &str| match NamedNode::new(iri) {
            Ok(_) => Ok(()),
            Err(e) => Err(refuse(format!(
                "{what} `{iri}` is not an absolute IRI: {e}"
            ))),
        };
        absolute(&key, "the property")?;
        let values = values.into_vec();
        let mut kept = Vec::with_capacity(values.len());
        for value in values {
            kept.push(match value {
                RawMetaValue::Plain(text) => MetaValue::Literal {
                    text,
                    language: None,
                    datatype: None,
                },
                RawMetaValue::Literal(RawLiteral {
                    text,
                    language,
                    datatype,
                }) => {
                    if language.is_some() && datatype.is_some() {
                        return Err(refuse(
                            "a literal has a language or a datatype, not both".into(),
                        ));
                    }
                    if let Some(tag) = &language {
                        if Literal::new_language_tagged_literal("", tag.as_str()).is_err() {
                            return Err(refuse(format!(
                                "`{tag}` is not a valid language tag (BCP 47)"
                            )));
                        }
                    }
                    if let Some(datatype) = &datatype {
                        absolute(datatype, "the datatype")?;
                    }
                    MetaValue::Literal {
                        text,
                        language,
                        datatype,
                    }
                }
                RawMetaValue::Iri(RawIri { iri }) => {
                    absolute(&iri, "the value")?;
                    MetaValue::Iri(iri)
                }
            });
        }
        out.insert(key, kept);
    }
    Ok(out)
}

impl Config {
    /// The configuration for a glossary in `dir` (if any), with `flags` applied on top.
    ///
    /// # Errors
    /// See [`Settings::from_dir`] and [`Settings::apply`].
    pub fn resolve(dir: Option<&Path>, flags: Settings) -> Result<Self, ConfigError> {
        Self::resolve_over(Config::default(), dir, flags)
    }

    /// [`Config::resolve`] over `config` instead of the defaults: the settings a glossary in
    /// another shape carries (an RDF vocabulary's language and title), which the file beside
    /// it and the flags override.
    ///
    /// # Errors
    /// Those of [`Config::resolve`].
    pub fn resolve_over(
        mut config: Config,
        dir: Option<&Path>,
        flags: Settings,
    ) -> Result<Self, ConfigError> {
        if let Some((file, path)) = dir.map(Settings::from_dir).transpose()?.flatten() {
            config = file
                .apply(config, &path.display().to_string())
                .map_err(|e| locate(e, &path))?;
        }
        flags.apply(config, "command line")
    }

    /// The configuration in the file at `path` (`--config FILE`) instead of the one beside
    /// the cards, with `flags` applied on top.
    ///
    /// # Errors
    /// The file cannot be read or parsed, or a value in it or in `flags` is refused (located
    /// in the file, as for the file beside the cards).
    pub fn from_file(path: &Path, flags: Settings) -> Result<Self, ConfigError> {
        Self::from_file_over(Config::default(), path, flags)
    }

    /// [`Config::from_file`] over `config` instead of the defaults (see
    /// [`Config::resolve_over`]).
    ///
    /// # Errors
    /// Those of [`Config::from_file`].
    pub fn from_file_over(
        config: Config,
        path: &Path,
        flags: Settings,
    ) -> Result<Self, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError::Io {
            path: path.to_owned(),
            message: e.to_string(),
        })?;
        let file = Settings::parse(&text, path)?;
        let config = file
            .apply(config, &path.display().to_string())
            .map_err(|e| locate(e, path))?;
        flags.apply(config, "command line")
    }

    /// The configuration of a glossary read from `input_dir` (the folder of the cards, or of
    /// the file holding them), or from `file` when one is named: see [`Config::resolve`] and
    /// [`Config::from_file`].
    ///
    /// # Errors
    /// Those of the two.
    pub fn for_input(
        input_dir: Option<&Path>,
        file: Option<&Path>,
        flags: Settings,
    ) -> Result<Self, ConfigError> {
        Self::for_input_over(Config::default(), input_dir, file, flags)
    }

    /// [`Config::for_input`] over `config` instead of the defaults (see
    /// [`Config::resolve_over`]).
    ///
    /// # Errors
    /// Those of [`Config::for_input`].
    pub fn for_input_over(
        config: Config,
        input_dir: Option<&Path>,
        file: Option<&Path>,
        flags: Settings,
    ) -> Result<Self, ConfigError> {
        match file {
            Some(path) => Self::from_file_over(config, path, flags),
            None => Self::resolve_over(config, input_dir, flags),
        }
    }
}

/// `e`, a value of the file at `path` refused, with the line and column of that value.
fn locate(e: ConfigError, path: &Path) -> ConfigError {
    let Ok(text) = std::fs::read_to_string(path) else {
        return e;
    };
    let (key, value) = match &e {
        ConfigError::Base { value, .. } => ("base", value),
        ConfigError::Language { value, .. } => ("language", value),
        ConfigError::Status { value, .. } => ("statuses", value),
        _ => return e,
    };
    // A language tag may be the main language's or one of `languages`.
    let in_list = matches!(e, ConfigError::Language { .. })
        && value_offset(&text, "languages", value)
            .is_some_and(|at| text[at..].starts_with(&format!("\"{value}\"")));
    let key = if in_list { "languages" } else { key };
    let Some(offset) = value_offset(&text, key, value) else {
        return e;
    };
    let (line, column) = line_column(&text, offset);
    let origin = format!("{}:{line}:{column}", path.display());
    match e {
        ConfigError::Base { value, why, .. } => ConfigError::Base { origin, value, why },
        ConfigError::Language { value, .. } => ConfigError::Language { origin, value },
        ConfigError::Status { value, .. } => ConfigError::Status { origin, value },
        e => e,
    }
}

/// Where `value` is written after the line that sets `key` (the key itself when the value is
/// not written plainly, in double quotes).
fn value_offset(text: &str, key: &str, value: &str) -> Option<usize> {
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let set = line.trim_start();
        if set
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with('='))
        {
            let from = start + line.len() - set.len();
            let quoted = format!("\"{value}\"");
            return Some(text[from..].find(&quoted).map_or(from, |at| from + at));
        }
        start += line.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The error of the settings `text` (of `glossgraph.toml`, named `here`), parsed and
    /// applied to the defaults.
    fn refused(text: &str) -> String {
        Settings::parse(text, Path::new("glossgraph.toml"))
            .and_then(|s| s.apply(Config::default(), "here"))
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn refused_values_are_located_in_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let write = |text: &str| std::fs::write(dir.path().join(FILE_NAME), text).unwrap();
        let said = || {
            Config::resolve(Some(dir.path()), Settings::default())
                .unwrap_err()
                .to_string()
        };
        let file = dir.path().join(FILE_NAME).display().to_string();
        write("title = \"T\"\n  base = \"not an iri\"\n");
        assert!(
            said().starts_with(&format!("{file}:2:10: base IRI `not an iri`")),
            "{}",
            said()
        );
        write("language='en_US!!'\n");
        assert!(
            said().starts_with(&format!("{file}:1:1: `en_US!!`")),
            "{}",
            said()
        );
        write("language = \"de\"\nlanguages = [\"en\", \"fr_FR\"]\n");
        assert!(
            said().starts_with(&format!("{file}:2:20: `fr_FR` is not a valid language tag")),
            "{}",
            said()
        );
        write("statuses = [\n  \"draft\",\n  \"Shipping\",\n]\n");
        assert!(
            said().starts_with(&format!("{file}:3:3: status `Shipping`")),
            "{}",
            said()
        );
    }

    #[test]
    fn unknown_keys_and_wrong_types_are_located() {
        let path = Path::new("g/glossgraph.toml");
        let e = Settings::parse("title = \"x\"\nlangauge = \"en\"\n", path).unwrap_err();
        let ConfigError::Syntax {
            line,
            column,
            message,
            ..
        } = &e
        else {
            panic!("{e:?}")
        };
        assert_eq!((*line, *column), (2, 1));
        assert!(message.starts_with("unknown field `langauge`"), "{message}");
        let e = Settings::parse("statuses = \"draft\"", path).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("g/glossgraph.toml:1:12: invalid type"),
            "{e}"
        );
    }

    #[test]
    fn base_iri_and_language_are_checked() {
        let bad = |s: Settings| s.apply(Config::default(), "here").unwrap_err().to_string();
        let base = |b: &str| Settings {
            base: Some(b.into()),
            ..Settings::default()
        };
        assert_eq!(
            bad(base("https://x.org/g")),
            "here: base IRI `https://x.org/g` must end in `/` or `#`"
        );
        assert!(bad(base("not an iri/")).contains("is not an absolute IRI"));
        assert_eq!(
            bad(base("https://x.org/g#a/")),
            "here: base IRI `https://x.org/g#a/` holds a `#` before its end: an IRI holds only one"
        );
        let lang = Settings {
            language: Some("en_GB".into()),
            ..Settings::default()
        };
        assert_eq!(
            bad(lang),
            "here: `en_GB` is not a valid language tag (BCP 47, e.g. `en` or `en-GB`)"
        );
        let ok = base("https://x.org/g#")
            .apply(Config::default(), "here")
            .unwrap();
        assert_eq!(ok.base, "https://x.org/g#");
    }

    #[test]
    fn scheme_metadata_is_read_checked_and_written_back() {
        let path = Path::new("glossgraph.toml");
        let text = "[metadata]\n\
                    \"dcterms:description\" = [{ text = \"D\", language = \"en\" }, \"plain\"]\n\
                    \"dcterms:publisher\" = { iri = \"http://p.example/x\" }\n\
                    \"http://v.example/date\" = { text = \"2016\", datatype = \"xsd:gYear\" }\n";
        let config = Settings::parse(text, path)
            .unwrap()
            .apply(Config::default(), "here")
            .unwrap();
        let literal =
            |text: &str, language: Option<&str>, datatype: Option<&str>| MetaValue::Literal {
                text: text.into(),
                language: language.map(Into::into),
                datatype: datatype.map(Into::into),
            };
        assert_eq!(
            config.metadata["dcterms:description"],
            [literal("D", Some("en"), None), literal("plain", None, None)]
        );
        assert_eq!(
            config.metadata["dcterms:publisher"],
            [MetaValue::Iri("http://p.example/x".into())]
        );
        // Written as read: the same table comes back.
        let written = tables_toml(&config);
        let again = Settings::parse(&written, path)
            .unwrap()
            .apply(Config::default(), "here")
            .unwrap();
        assert_eq!(again.metadata, config.metadata, "{written}");
        assert_eq!(
            refused("[metadata]\n\"dc:x\" = { text = \"t\", language = \"en_GB\" }"),
            "here: [metadata] `dc:x`: `en_GB` is not a valid language tag (BCP 47)"
        );
        assert_eq!(
            refused("[metadata]\n\"dc:x\" = { text = \"t\", language = \"en\", datatype = \"xsd:string\" }"),
            "here: [metadata] `dc:x`: a literal has a language or a datatype, not both"
        );
        assert!(
            refused("[metadata]\n\"not a property\" = \"t\"").contains("is not an absolute IRI")
        );
        assert!(refused("[metadata]\n\"dc:x\" = { iri = \"no iri\" }")
            .contains("is not an absolute IRI"));
        assert!(refused("[metadata]\n\"dc:x\" = { txt = \"t\" }").starts_with("glossgraph.toml:2:"));
    }

    #[test]
    fn other_schemes_are_read_checked_and_written_back() {
        let path = Path::new("glossgraph.toml");
        let text = "[metadata]\n\"dcterms:title\" = \"One\"\n\
                    [schemes.\"http://v.example/two\"]\n\
                    \"dcterms:title\" = { text = \"Two\", language = \"en\" }\n\
                    \"dcterms:creator\" = [{ iri = \"http://p.example/a\" }, \"B\"]\n\
                    [schemes.\"http://v.example/three\"]\n";
        let config = Settings::parse(text, path)
            .unwrap()
            .apply(Config::default(), "here")
            .unwrap();
        assert_eq!(config.schemes.len(), 2);
        assert_eq!(
            config.schemes["http://v.example/two"]["dcterms:creator"],
            [
                MetaValue::Iri("http://p.example/a".into()),
                MetaValue::Literal {
                    text: "B".into(),
                    language: None,
                    datatype: None
                }
            ]
        );
        // A scheme without statements is kept too.
        assert!(config.schemes["http://v.example/three"].is_empty());
        let written = tables_toml(&config);
        assert!(
            written.contains("[schemes.\"http://v.example/three\"]"),
            "{written}"
        );
        let again = Settings::parse(&written, path)
            .unwrap()
            .apply(Config::default(), "here")
            .unwrap();
        assert_eq!(
            (&again.metadata, &again.schemes),
            (&config.metadata, &config.schemes),
            "{written}"
        );
        assert_eq!(
            refused("[schemes.\"http://v.example/two\"]\n\"dc:x\" = { text = \"t\", language = \"en_GB\" }"),
            "here: [schemes.\"http://v.example/two\"] `dc:x`: `en_GB` is not a valid language tag (BCP 47)"
        );
        assert!(refused("[schemes.\"no iri\"]\n").contains("a scheme is named by an absolute IRI"));
    }

    #[test]
    fn the_glossarys_own_scheme_is_refused_as_another_scheme() {
        // Named by `scheme`, or by the base when there is none.
        let said = refused(
            "scheme = \"http://v.example/s\"\n\
                        [schemes.\"http://v.example/s\"]\n\
                        \"dcterms:title\" = \"S\"\n",
        );
        assert!(said.contains("[schemes.\"http://v.example/s\"]"), "{said}");
        assert!(said.contains("go in [metadata]"), "{said}");
        let said = refused("base = \"http://v.example/g/\"\n[schemes.\"http://v.example/g/\"]\n");
        assert!(said.contains("own scheme"), "{said}");
        // Another scheme beside the base is taken.
        let ok = Settings::parse(
            "base = \"http://v.example/g/\"\n[schemes.\"http://v.example/h\"]\n",
            Path::new("glossgraph.toml"),
        )
        .unwrap()
        .apply(Config::default(), "glossgraph.toml")
        .unwrap();
        assert_eq!(ok.schemes.len(), 1);
    }

    #[test]
    fn rule_severities_namespace_and_scheme() {
        let path = Path::new("glossgraph.toml");
        let text = "namespace = \"http://v.example/c/\"\nscheme = \"http://v.example/s\"\n\
                    [rules]\nmissing-definition = \"error\"\norphan = \"error\"\n";
        let config = Settings::parse(text, path)
            .unwrap()
            .apply(Config::default(), "here")
            .unwrap();
        assert_eq!(
            config.severity(Rule::MissingDefinition),
            Some(Severity::Error)
        );
        assert_eq!(config.severity(Rule::Orphan), Some(Severity::Error));
        assert_eq!(config.severity(Rule::SelfLink), Some(Severity::Warning));
        assert_eq!(config.namespace.as_deref(), Some("http://v.example/c/"));
        assert_eq!(config.scheme.as_deref(), Some("http://v.example/s"));
        assert_eq!(
            refused("[rules]\nmissing-definiton = \"error\""),
            "here: [rules] `missing-definiton` = `error`: no rule has this id \
             (did you mean `missing-definition`?)"
        );
        assert_eq!(
            refused("[rules]\norphan = \"fatal\""),
            "here: [rules] `orphan` = `fatal`: a severity is `error`, `warning` or `off`"
        );
        let off = Settings::parse(
            "[rules]\nunknown-field = \"off\"\ndangling-link = \"off\"",
            path,
        )
        .unwrap()
        .apply(Config::default(), "here")
        .unwrap();
        assert_eq!(off.severity(Rule::UnknownField), None);
        assert_eq!(off.severity(Rule::DanglingLink), None);
        assert_eq!(
            refused("[rules]\njson-syntax = \"off\""),
            "here: [rules] `json-syntax` = `off`: this rule cannot be off: the cards the \
             syntax error cuts off are left out"
        );
        assert_eq!(
            refused("namespace = \"not an iri\""),
            "here: namespace `not an iri` is not an absolute IRI"
        );
    }
}
