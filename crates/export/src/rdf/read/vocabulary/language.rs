//! The glossary's main language, found in the vocabulary (see [`super`]'s documentation).

use std::collections::BTreeMap;

use oxigraph::model::TermRef;

use super::super::triples::{Id, Triples};
use super::Options;
use crate::config::Config;
use crate::rdf::vocab::{dcterms, rdfs, skos};

/// The main language (see the module documentation).
pub(super) fn language(
    triples: &Triples,
    schemes: &[Id],
    concepts: &[Id],
    options: &Options,
) -> String {
    if let Some(l) = &options.language {
        return l.clone();
    }
    let values = |id: Id| triples.subject(id).into_iter().flat_map(|s| s.values());
    // The languages the schemes name, as the tags of their labels (`eng` and its ISO 639-2
    // IRI are `en`), in the order named; of several, the one most preferred labels use.
    let mut named: Vec<String> = Vec::new();
    for &s in schemes {
        for (p, o) in values(s) {
            if p == dcterms::LANGUAGE.as_str() {
                let code = match o {
                    TermRef::Literal(l) => l.value(),
                    TermRef::NamedNode(n) => n.as_str(),
                    TermRef::BlankNode(_) => continue,
                };
                if let Some(tag) = glossgraph_core::language::bcp47(code) {
                    if !named.contains(&tag) {
                        named.push(tag);
                    }
                }
            }
        }
    }
    // One named: that one. Of several, the one with the most labels, and of a tie the first
    // by tag (not by the order of the file, which another serialisation of the same graph
    // changes: YSO names four languages, and Finnish and Swedish label all 270 concepts).
    // The labels are counted only then, or when nothing names a language.
    if named.len() == 1 {
        return named.remove(0);
    }
    if !named.is_empty() {
        let counts = pref_label_counts(triples, concepts);
        let labelled = |tag: &str| counts.get(tag).copied().unwrap_or(0);
        return named
            .into_iter()
            .max_by(|a, b| labelled(a).cmp(&labelled(b)).then_with(|| b.cmp(a)))
            .unwrap_or_default();
    }
    // Else the languages of the first schemes' titles (or labels): of several (a title in
    // English and one in German), the one most preferred labels use, as above — not the
    // first in the file, which its export, stating the title as a statement like any
    // other, writes in another order.
    for &s in schemes {
        for p in [dcterms::TITLE, skos::PREF_LABEL, rdfs::LABEL] {
            let mut titled: Vec<&str> = values(s)
                .filter(|(q, _)| *q == p.as_str())
                .filter_map(|(_, o)| match o {
                    TermRef::Literal(l) => l.language(),
                    _ => None,
                })
                .collect();
            titled.sort_unstable();
            titled.dedup();
            if titled.len() > 1 {
                let counts = pref_label_counts(triples, concepts);
                let labelled = |tag: &str| counts.get(tag).copied().unwrap_or(0);
                titled.sort_by(|a, b| labelled(b).cmp(&labelled(a)).then_with(|| a.cmp(b)));
            }
            if let Some(tag) = titled.first() {
                return (*tag).to_owned();
            }
        }
    }
    pref_label_counts(triples, concepts)
        .into_iter()
        .max_by_key(|&(tag, n)| (n, std::cmp::Reverse(tag)))
        .map_or_else(|| Config::default().language, |(tag, _)| tag.to_owned())
}

/// How many concepts' preferred labels each language tag has.
fn pref_label_counts<'t>(triples: &'t Triples, concepts: &[Id]) -> BTreeMap<&'t str, usize> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    let pref_label = triples.iri(skos::PREF_LABEL.as_str());
    for &c in concepts {
        for &[p, o] in triples.subject(c).map_or(&[][..], |s| s.ids()) {
            if Some(p) == pref_label {
                if let TermRef::Literal(l) = triples.term(o) {
                    if let Some(tag) = l.language() {
                        *counts.entry(tag).or_default() += 1;
                    }
                }
            }
        }
    }
    counts
}
