//! Statements as `glossgraph.toml` holds them (`[metadata]`, `[schemes."IRI"]`,
//! `[resources."IRI"]`): the values of each property, literals with their language or
//! datatype, or IRIs, and how the file writes them.

use std::collections::BTreeMap;

/// Statements about a concept scheme: the values of each property, by the property as
/// written (a prefixed name or a full IRI).
pub type Statements = BTreeMap<String, Vec<MetaValue>>;

/// The value of a statement about the concept scheme (`[metadata]`): a literal with its
/// language tag or datatype (at most one of the two), or an IRI.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MetaValue {
    Literal {
        text: String,
        language: Option<String>,
        /// The datatype as written (`xsd:dateTime`, or a full IRI); `None` for a plain
        /// string.
        datatype: Option<String>,
    },
    Iri(String),
}

impl MetaValue {
    /// The value as `glossgraph.toml` writes it: a plain literal as a string, the others as
    /// an inline table.
    pub fn to_toml(&self) -> String {
        let quoted = |s: &str| toml::Value::String(s.to_owned()).to_string();
        match self {
            MetaValue::Literal {
                text,
                language: None,
                datatype: None,
            } => quoted(text),
            MetaValue::Literal {
                text,
                language,
                datatype,
            } => {
                let (key, value) = match (language, datatype) {
                    (Some(language), _) => ("language", language),
                    (None, Some(datatype)) => ("datatype", datatype),
                    (None, None) => unreachable!("a plain literal is written above"),
                };
                format!("{{ text = {}, {key} = {} }}", quoted(text), quoted(value))
            }
            MetaValue::Iri(iri) => format!("{{ iri = {} }}", quoted(iri)),
        }
    }
}

/// `statements` as the table `[header]` of `glossgraph.toml`: a property with one value as
/// `key = value`, with several as an array, one value a line.
pub fn statements_toml(header: &str, statements: &Statements) -> String {
    let mut out = format!("\n[{header}]\n");
    for (property, values) in statements {
        let key = toml::Value::String(property.clone()).to_string();
        match values.as_slice() {
            [one] => out.push_str(&format!("{key} = {}\n", one.to_toml())),
            many => {
                out.push_str(&format!("{key} = [\n"));
                for v in many {
                    out.push_str(&format!("    {},\n", v.to_toml()));
                }
                out.push_str("]\n");
            }
        }
    }
    out
}
