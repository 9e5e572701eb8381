//! Reading the values of one subject against the mapping: each predicate taken once, each
//! value checked for its kind (IRI, language-tagged text, typed literal, date), and whatever
//! is left over reported as a problem of that subject. The readers of the scheme and of the
//! concepts are written in these terms.

use oxigraph::model::{NamedNodeRef, TermRef};

use super::triples::Subject;
use super::{kind, Problem, Reading};
use crate::card::PartialDate;
use crate::rdf::vocab::{self, rdf};
use crate::rdf::write::date_type;

/// The triples of one subject, consumed predicate by predicate; what is left at the end was
/// not expected.
pub(super) struct Fields<'t> {
    pub(super) subject: String,
    pub(super) triples: Vec<(&'t str, TermRef<'t>)>,
}

impl<'t> Fields<'t> {
    pub(super) fn new(subject: Subject<'t>) -> Self {
        Self {
            subject: subject.shown(),
            triples: subject.values().collect(),
        }
    }

    /// Removes and returns every value of `predicate`.
    pub(super) fn take(&mut self, predicate: NamedNodeRef<'_>) -> Vec<TermRef<'t>> {
        let mut out = Vec::new();
        self.triples.retain(|(p, o)| {
            if *p == predicate.as_str() {
                out.push(*o);
                false
            } else {
                true
            }
        });
        out
    }
}

impl Reading {
    /// An IRI as messages show it: a prefixed name in a known namespace, else `<iri>`.
    pub(super) fn name(&self, iri: &str) -> String {
        let gx = (vocab::GX, self.gx.as_str());
        for (prefix, namespace) in vocab::PREFIXES.iter().copied().chain([gx]) {
            match iri.strip_prefix(namespace) {
                Some(local)
                    if !namespace.is_empty()
                        && !local.is_empty()
                        && !local.contains(['/', '#']) =>
                {
                    return format!("{prefix}:{local}");
                }
                _ => {}
            }
        }
        format!("<{iri}>")
    }

    pub(super) fn problem(&mut self, subject: &str, message: impl Into<String>) {
        self.problems.push(Problem {
            subject: subject.to_owned(),
            message: message.into(),
        });
    }

    /// Reports every triple left in `fields`.
    pub(super) fn leftovers(&mut self, fields: Fields<'_>) {
        for (p, o) in fields.triples {
            let p = self.name(p);
            self.problem(
                &fields.subject,
                format!("{p} {o} is not part of the mapping for this kind of subject"),
            );
        }
    }

    /// At most one value of `predicate`.
    pub(super) fn optional<'t>(
        &mut self,
        fields: &mut Fields<'t>,
        predicate: NamedNodeRef<'_>,
    ) -> Option<TermRef<'t>> {
        let values = fields.take(predicate);
        if values.len() > 1 {
            self.problem(
                &fields.subject,
                format!(
                    "{} values of {}, expected at most one",
                    values.len(),
                    self.name(predicate.as_str())
                ),
            );
        }
        values.into_iter().next()
    }

    /// Exactly one value of `predicate`.
    pub(super) fn one<'t>(
        &mut self,
        fields: &mut Fields<'t>,
        predicate: NamedNodeRef<'_>,
    ) -> Option<TermRef<'t>> {
        let values = fields.take(predicate);
        match values.len() {
            1 => Some(values[0]),
            0 => {
                self.problem(
                    &fields.subject,
                    format!("no {}, expected one", self.name(predicate.as_str())),
                );
                None
            }
            n => {
                self.problem(
                    &fields.subject,
                    format!(
                        "{n} values of {}, expected one",
                        self.name(predicate.as_str())
                    ),
                );
                None
            }
        }
    }

    /// An IRI value; anything else is a problem.
    pub(super) fn iri<'t>(
        &mut self,
        subject: &str,
        predicate: NamedNodeRef<'_>,
        term: TermRef<'t>,
    ) -> Option<&'t str> {
        match term {
            TermRef::NamedNode(n) => Some(n.as_str()),
            other => {
                self.problem(
                    subject,
                    format!(
                        "{} {other}: expected an IRI, found {}",
                        self.name(predicate.as_str()),
                        kind(other)
                    ),
                );
                None
            }
        }
    }

    /// A literal tagged with `language`; anything else is a problem.
    pub(super) fn text(
        &mut self,
        subject: &str,
        predicate: NamedNodeRef<'_>,
        term: TermRef<'_>,
        language: &str,
    ) -> Option<String> {
        match term {
            TermRef::Literal(l) if l.language() == Some(language) => Some(l.value().to_owned()),
            TermRef::Literal(l) if l.language().is_some() => {
                self.problem(
                    subject,
                    format!(
                        "{} {l}: expected a literal tagged @{language}",
                        self.name(predicate.as_str())
                    ),
                );
                None
            }
            other => {
                self.problem(
                    subject,
                    format!(
                        "{} {other}: expected a literal tagged @{language}, found {}",
                        self.name(predicate.as_str()),
                        kind(other)
                    ),
                );
                None
            }
        }
    }

    /// A literal of type `datatype` (`xsd:string` for a plain literal).
    pub(super) fn typed(
        &mut self,
        subject: &str,
        predicate: NamedNodeRef<'_>,
        term: TermRef<'_>,
        datatype: NamedNodeRef<'_>,
    ) -> Option<String> {
        match term {
            TermRef::Literal(l) if l.datatype() == datatype => Some(l.value().to_owned()),
            other => {
                self.problem(
                    subject,
                    format!(
                        "{} {other}: expected a literal of type {}",
                        self.name(predicate.as_str()),
                        self.name(datatype.as_str())
                    ),
                );
                None
            }
        }
    }

    /// A date literal typed by its precision.
    pub(super) fn date(
        &mut self,
        subject: &str,
        predicate: NamedNodeRef<'_>,
        term: TermRef<'_>,
    ) -> Option<PartialDate> {
        let TermRef::Literal(l) = term else {
            self.problem(
                subject,
                format!(
                    "{} {term}: expected a date literal, found {}",
                    self.name(predicate.as_str()),
                    kind(term)
                ),
            );
            return None;
        };
        match PartialDate::parse(l.value()) {
            Ok(d) if date_type(d.precision()) == l.datatype() => Some(d),
            Ok(d) => {
                self.problem(
                    subject,
                    format!(
                        "{} {l}: a date of this precision is typed {}",
                        self.name(predicate.as_str()),
                        self.name(date_type(d.precision()).as_str())
                    ),
                );
                None
            }
            Err(why) => {
                let p = self.name(predicate.as_str());
                self.problem(subject, format!("{p} {l}: {why}"));
                None
            }
        }
    }

    /// Checks that `fields` has exactly the types `expected` (and takes them).
    pub(super) fn types(&mut self, fields: &mut Fields<'_>, expected: NamedNodeRef<'_>) {
        let types = fields.take(rdf::TYPE);
        let ok = types.len() == 1 && matches!(types[0], TermRef::NamedNode(n) if n == expected);
        if !ok {
            let found: Vec<String> = types.iter().map(ToString::to_string).collect();
            self.problem(
                &fields.subject,
                format!(
                    "rdf:type is {}, expected exactly {}",
                    if found.is_empty() {
                        "missing".to_owned()
                    } else {
                        found.join(", ")
                    },
                    self.name(expected.as_str())
                ),
            );
        }
    }
}
