//! The optional SKOS fields of a card (`card/skos.rs` in the core crate), the ones that let it
//! hold a concept of any SKOS vocabulary: broader and narrower concepts, notations, hidden
//! labels, the SKOS note kinds, labels and notes in other languages, mappings to other
//! schemes, and the keys glossgraph has no field for (`gx:extra`). They are written after the
//! concept's other triples; a glossary written for glossgraph uses none of them and gets no
//! triple from here.

use std::io;

use oxigraph::model::{LiteralRef, NamedNodeRef};

use super::mapping::{Mapping, Sink, Subject};
use crate::hierarchy::Target;
use crate::rdf::vocab::{rdf, skos};

impl Mapping<'_> {
    /// The optional SKOS fields of card `index` and its hierarchy, written after the other
    /// fields of the concept: nothing for a card without them.
    pub(super) fn skos_fields<S: Sink>(
        &self,
        index: usize,
        s: &mut Subject<'_, S>,
    ) -> io::Result<()> {
        let card = &self.glossary.cards()[index];
        let skos = card.skos();
        let mut iri = String::new();
        if let Some(links) = self.hierarchy.of_card(index) {
            for (predicate, targets) in [
                (skos::BROADER, &links.broader),
                (skos::NARROWER, &links.narrower),
            ] {
                for t in targets {
                    iri.clear();
                    match t {
                        Target::Term(j) => self.push_concept(&mut iri, *j),
                        Target::Iri(other) => iri.push_str(other),
                        // The checker's dangling-link: nothing to point at.
                        Target::Missing(_) => continue,
                    }
                    s.put(predicate, NamedNodeRef::new_unchecked(&iri))?;
                }
            }
        }
        let mut notations: Vec<_> = skos.notations.iter().collect();
        notations.sort_unstable();
        notations.dedup();
        for n in notations {
            match (&n.datatype, &n.language) {
                (_, Some(tag)) => s.put(skos::NOTATION, self.tagged(&n.value, tag))?,
                (Some(dt), None) => s.put(
                    skos::NOTATION,
                    LiteralRef::new_typed_literal(&n.value, NamedNodeRef::new_unchecked(dt)),
                )?,
                (None, None) => s.put(skos::NOTATION, LiteralRef::new_simple_literal(&n.value))?,
            }
        }
        for hidden in sorted(&skos.hidden_aliases) {
            s.put(skos::HIDDEN_LABEL, self.text(hidden))?;
        }
        for (kind, texts) in &skos.notes {
            if let Some(p) = skos::note_property(kind) {
                for t in sorted(texts) {
                    s.put(p, self.text(t))?;
                }
            }
        }
        for (tag, l) in &skos.languages {
            let tag = tag.as_str();
            if let Some(term) = &l.term {
                s.put(skos::PREF_LABEL, self.tagged(term, tag))?;
            }
            for (p, list) in [
                (skos::ALT_LABEL, &l.aliases),
                (skos::HIDDEN_LABEL, &l.hidden_aliases),
            ] {
                for t in sorted(list) {
                    s.put(p, self.tagged(t, tag))?;
                }
            }
            if let Some(d) = &l.definition {
                s.put(skos::DEFINITION, self.tagged(d, tag))?;
            }
            for (kind, texts) in &l.notes {
                if let Some(p) = skos::note_property(kind) {
                    for t in sorted(texts) {
                        s.put(p, self.tagged(t, tag))?;
                    }
                }
            }
        }
        for (kind, iris) in &skos.mappings {
            if let Some(p) = skos::mapping_property(kind) {
                for other in sorted(iris) {
                    s.put(p, NamedNodeRef::new_unchecked(other))?;
                }
            }
        }
        if !skos.extra.is_empty() {
            let extra = self.iris.gx_extra();
            let mut json = String::new();
            for (key, value) in &skos.extra {
                json.clear();
                let one: serde_json::Map<String, serde_json::Value> =
                    std::iter::once((key.clone(), value.clone())).collect();
                json.push_str(&serde_json::Value::Object(one).to_string());
                s.put(
                    extra.as_ref(),
                    LiteralRef::new_typed_literal(&json, rdf::JSON),
                )?;
            }
        }
        Ok(())
    }
}

/// `list` sorted, without duplicates: a list of the SKOS fields as RDF writes it.
fn sorted(list: &[String]) -> Vec<&str> {
    let mut out: Vec<&str> = list.iter().map(String::as_str).collect();
    out.sort_unstable();
    out.dedup();
    out
}
