//! Saved queries: the questions people ask of a glossary, shipped in `queries/*.rq`.
//!
//! Each file opens with a comment header: a first paragraph saying what the query answers,
//! then one `# @param NAME KIND description` line per parameter. The files are compiled into
//! the binary, so `glossgraph query --saved NAME` works from any folder.
//!
//! Parameters are never pasted into the query text. [`SavedQuery::bind`] turns each
//! `--param NAME=VALUE` into an RDF term of the declared kind (a slug becomes
//! `"roce-v2"^^gx:Slug`, a URL an IRI) and the evaluator binds the variable `?NAME` to it
//! before the query runs, so a value full of quotes and braces is still just a value.
//! A parameter left out leaves its variable free: the query answers for every term.

use std::str::FromStr;

use oxigraph::model::{Literal, NamedNode, Term, Variable};

use super::SparqlError;
use crate::card::rules::is_slug;
use crate::rdf::vocab::Iris;

/// A query shipped with glossgraph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SavedQuery {
    /// The file stem in `queries/`, used by `--saved`.
    pub name: &'static str,
    /// The whole file, header included.
    pub text: &'static str,
}

macro_rules! saved {
    ($($name:literal),* $(,)?) => {
        &[$(SavedQuery { name: $name, text: include_str!(concat!("../../../queries/", $name, ".rq")) }),*]
    };
}

/// Every saved query, by name.
pub const ALL: &[SavedQuery] = saved![
    "deprecated-without-replacement",
    "orphans",
    "related-2hop",
    "search-labels",
    "statements-by-citation",
    "supersession-chain",
    "terms-by-status",
    "terms-citing-source",
];

/// What a parameter's value is, and so which RDF term it becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    /// A term's slug, bound as its `skos:notation` (`"roce-v2"^^gx:Slug`).
    Slug,
    /// A term's slug, bound as the term's IRI.
    Term,
    /// A status value (`deprecated`), bound as the status concept's IRI.
    Status,
    /// An absolute IRI, such as a citation URL.
    Iri,
    /// Plain text.
    Text,
}

impl ParamKind {
    fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "slug" => ParamKind::Slug,
            "term" => ParamKind::Term,
            "status" => ParamKind::Status,
            "iri" => ParamKind::Iri,
            "text" => ParamKind::Text,
            _ => return None,
        })
    }

    /// The placeholder shown in help: `SLUG`, `IRI`, …
    pub fn placeholder(self) -> &'static str {
        match self {
            ParamKind::Slug | ParamKind::Term => "SLUG",
            ParamKind::Status => "STATUS",
            ParamKind::Iri => "IRI",
            ParamKind::Text => "TEXT",
        }
    }

    /// `value` as the RDF term this kind binds.
    fn term(self, name: &str, value: &str, iris: &Iris) -> Result<Term, SparqlError> {
        let bad = |why: &str| SparqlError::Parameter(format!("--param {name}={value}: {why}"));
        Ok(match self {
            ParamKind::Slug | ParamKind::Term | ParamKind::Status if !is_slug(value) => {
                return Err(bad(
                    "not a slug (lowercase letters and digits, words joined by single hyphens)",
                ))
            }
            ParamKind::Slug => Literal::new_typed_literal(value, iris.gx().slug).into(),
            ParamKind::Term => iris.term(value).into(),
            ParamKind::Status => {
                let mut iri = String::new();
                iris.push_status(&mut iri, value);
                NamedNode::new_unchecked(iri).into()
            }
            ParamKind::Iri => NamedNode::new(value)
                .map_err(|e| bad(&format!("not an absolute IRI ({e})")))?
                .into(),
            ParamKind::Text => Literal::new_simple_literal(value).into(),
        })
    }
}

/// A parameter a saved query declares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    /// The variable it binds, without `?`.
    pub name: String,
    pub kind: ParamKind,
    pub description: String,
}

/// A saved query's header that cannot be read (a defect of the shipped file).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct HeaderError(pub String);

impl SavedQuery {
    /// The saved query called `name`.
    pub fn find(name: &str) -> Option<SavedQuery> {
        ALL.iter().copied().find(|q| q.name == name)
    }

    /// The header's first paragraph, on one line: what the query answers.
    pub fn summary(&self) -> String {
        let mut words = Vec::new();
        for line in self.header() {
            if line.is_empty() || line.starts_with('@') {
                break;
            }
            words.push(line);
        }
        words.join(" ")
    }

    /// The parameters the header declares.
    ///
    /// # Errors
    /// A malformed `@param` line (tests keep the shipped files free of them).
    pub fn params(&self) -> Result<Vec<Param>, HeaderError> {
        let mut params = Vec::new();
        for line in self.header() {
            let Some(rest) = line.strip_prefix("@param ") else {
                continue;
            };
            let mut parts = rest.splitn(3, char::is_whitespace);
            let (Some(name), Some(kind)) = (parts.next(), parts.next()) else {
                return Err(HeaderError(format!(
                    "{}: `@param {rest}` lacks a kind",
                    self.name
                )));
            };
            let kind = ParamKind::from_name(kind).ok_or_else(|| {
                HeaderError(format!("{}: `{kind}` is not a parameter kind", self.name))
            })?;
            params.push(Param {
                name: name.to_owned(),
                kind,
                description: parts.next().unwrap_or("").trim().to_owned(),
            });
        }
        Ok(params)
    }

    /// The comment lines at the top of the file, without `#` and surrounding blanks.
    fn header(&self) -> impl Iterator<Item = &'static str> {
        self.text
            .lines()
            .map_while(|l| l.trim_start().strip_prefix('#'))
            .map(str::trim)
    }

    /// Turns `NAME=VALUE` arguments into variable bindings of the declared kinds.
    ///
    /// # Errors
    /// An argument without `=`, a name the query does not declare, a repeated name, or a
    /// value that is not of the declared kind.
    pub fn bind(&self, args: &[String], iris: &Iris) -> Result<Vec<(Variable, Term)>, SparqlError> {
        let params = self
            .params()
            .map_err(|e| SparqlError::Parameter(e.to_string()))?;
        let mut bound: Vec<(Variable, Term)> = Vec::new();
        for arg in args {
            let (name, value) = split_arg(arg)?;
            let Some(param) = params.iter().find(|p| p.name == name) else {
                let known: Vec<String> = params.iter().map(|p| p.name.clone()).collect();
                return Err(SparqlError::Parameter(format!(
                    "the saved query `{}` has no parameter `{name}`; {}",
                    self.name,
                    if known.is_empty() {
                        "it takes none".to_owned()
                    } else {
                        format!("it takes: {}", known.join(", "))
                    }
                )));
            };
            let variable = variable(name)?;
            if bound.iter().any(|(v, _)| *v == variable) {
                return Err(SparqlError::Parameter(format!(
                    "--param {name} is given twice"
                )));
            }
            bound.push((variable, param.kind.term(name, value, iris)?));
        }
        Ok(bound)
    }
}

/// Bindings for a query typed on the command line: each value is read as an RDF term in
/// SPARQL/N-Triples syntax (`<https://…>`, `"text"@en`, `"3"^^xsd:integer` spelled out)
/// when it looks like one, else as plain text.
///
/// # Errors
/// An argument without `=`, a bad variable name, or a value that starts like a term but is
/// not one.
pub fn bind_adhoc(args: &[String]) -> Result<Vec<(Variable, Term)>, SparqlError> {
    args.iter()
        .map(|arg| {
            let (name, value) = split_arg(arg)?;
            let term = if value.starts_with('<') || value.starts_with('"') {
                Term::from_str(value).map_err(|e| {
                    SparqlError::Parameter(format!("--param {name}={value}: not an RDF term ({e})"))
                })?
            } else {
                Literal::new_simple_literal(value).into()
            };
            Ok((variable(name)?, term))
        })
        .collect()
}

fn split_arg(arg: &str) -> Result<(&str, &str), SparqlError> {
    arg.split_once('=')
        .ok_or_else(|| SparqlError::Parameter(format!("--param `{arg}` should be NAME=VALUE")))
}

fn variable(name: &str) -> Result<Variable, SparqlError> {
    Variable::new(name.trim_start_matches(['?', '$']))
        .map_err(|_| SparqlError::Parameter(format!("`{name}` is not a SPARQL variable name")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_in_queries_is_shipped_and_has_a_header() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../queries");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter_map(|f| f.strip_suffix(".rq").map(str::to_owned))
            .collect();
        files.sort();
        let shipped: Vec<&str> = ALL.iter().map(|q| q.name).collect();
        assert_eq!(files, shipped);
        for q in ALL {
            assert!(q.summary().len() > 30, "{}: {}", q.name, q.summary());
            assert!(q.summary().ends_with('.'), "{}: {}", q.name, q.summary());
            let params = q.params().unwrap();
            for p in params {
                assert!(
                    q.text.contains(&format!("?{}", p.name)),
                    "{}: parameter {} is not a variable of the query",
                    q.name,
                    p.name
                );
                assert!(!p.description.is_empty(), "{}: {}", q.name, p.name);
            }
        }
    }

    #[test]
    fn values_become_terms_of_the_declared_kind() {
        let iris = Iris::new(&crate::config::Config::default().base);
        let chain = SavedQuery::find("supersession-chain").unwrap();
        let bound = chain.bind(&["slug=roce-v2".into()], &iris).unwrap();
        assert_eq!(bound.len(), 1);
        assert_eq!(bound[0].0.as_str(), "slug");
        assert_eq!(
            bound[0].1.to_string(),
            "\"roce-v2\"^^<https://example.org/glossary/ns#Slug>"
        );
        let e = chain.bind(&["slug=RoCE v2".into()], &iris).unwrap_err();
        assert_eq!(
            e.to_string(),
            "--param slug=RoCE v2: not a slug (lowercase letters and digits, words joined by single hyphens)"
        );
        let e = chain.bind(&["sulg=x".into()], &iris).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the saved query `supersession-chain` has no parameter `sulg`; it takes: slug"
        );
        let e = chain.bind(&["slug".into()], &iris).unwrap_err();
        assert_eq!(e.to_string(), "--param `slug` should be NAME=VALUE");
    }

    #[test]
    fn adhoc_values_are_terms_or_text() {
        let bound = bind_adhoc(&[
            "a=<https://x.example/>".into(),
            "b=\"x\"@en".into(),
            "c=plain } text".into(),
        ])
        .unwrap();
        let shown: Vec<String> = bound.iter().map(|(_, t)| t.to_string()).collect();
        assert_eq!(
            shown,
            ["<https://x.example/>", "\"x\"@en", "\"plain } text\""]
        );
        assert!(bind_adhoc(&["a=<not an iri>".into()]).is_err());
    }
}
