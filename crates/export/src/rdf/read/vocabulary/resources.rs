//! A vocabulary's groups and the classes it declares, read into the settings' `[resources]`
//! with their statements as they are (see [`Cards::resources`]).

use std::collections::HashSet;

use oxigraph::model::TermRef;

use super::super::triples::Id;
use super::{meta_value, name, Cards, Tally};
use crate::config::{Config, MetaValue};
use crate::rdf::vocab::{self, rdf, rdfs, skos};

impl Cards {
    /// The groups of the vocabulary (`skos:Collection`, `skos:OrderedCollection`, ISO 25964
    /// concept groups and thesaurus arrays, or a subclass of one the file declares) and the
    /// classes it declares (a subject with `rdfs:subClassOf`: a `Descriptor` class of
    /// concepts), each with its statements, into `config.resources`. An ordered
    /// collection's `skos:memberList` is read along its RDF list, its members in order;
    /// its list nodes are consumed with it.
    pub(super) fn resources<'g>(&'g self, config: &mut Config, tally: &mut Tally<'g>) {
        let id = |n: oxigraph::model::NamedNodeRef<'_>| self.triples.iri(n.as_str());
        let (Some(rdf_type), sub_class_of) = (id(rdf::TYPE), id(rdfs::SUB_CLASS_OF)) else {
            return;
        };
        let mut groups: HashSet<Id> = [
            skos::COLLECTION,
            skos::ORDERED_COLLECTION,
            vocab::isothes::CONCEPT_GROUP,
            vocab::isothes::THESAURUS_ARRAY,
        ]
        .into_iter()
        .filter_map(id)
        .collect();
        // Subclasses of the group classes, however deep (a fixpoint over the declarations).
        let declarations: Vec<(Id, Id)> = self
            .triples
            .iri_subjects()
            .flat_map(|s| {
                let sid = s.id();
                s.ids()
                    .iter()
                    .filter(move |&&[p, _]| Some(p) == sub_class_of)
                    .map(move |&[_, o]| (sid, o))
            })
            .collect();
        loop {
            let more: Vec<Id> = declarations
                .iter()
                .filter(|(sub, sup)| groups.contains(sup) && !groups.contains(sub))
                .map(|&(sub, _)| sub)
                .collect();
            if more.is_empty() {
                break;
            }
            groups.extend(more);
        }
        let member_list = id(skos::MEMBER_LIST);
        for subject in self.triples.iri_subjects() {
            let sid = subject.id();
            if self.index.get(sid).is_some() || self.schemes.contains(&sid) {
                continue;
            }
            let kept = subject
                .ids()
                .iter()
                .any(|&[p, o]| (p == rdf_type && groups.contains(&o)) || Some(p) == sub_class_of);
            if !kept {
                continue;
            }
            tally.consumed.insert(sid);
            let statements = config
                .resources
                .entry(self.triples.text(sid).to_owned())
                .or_default();
            for &[p, o] in subject.ids() {
                let predicate = self.triples.text(p);
                if Some(p) == member_list && !self.triples.is_iri(o) {
                    match self.list(o, tally) {
                        Some(members) => {
                            statements
                                .entry(name(predicate))
                                .or_default()
                                .extend(members.into_iter().map(MetaValue::Iri));
                            tally.kept += 1;
                        }
                        None => tally.not_kept(predicate, sid),
                    }
                    continue;
                }
                let Some(value) = meta_value(self.triples.term(o)) else {
                    tally.not_kept(predicate, sid);
                    continue;
                };
                statements.entry(name(predicate)).or_default().push(value);
                tally.kept += 1;
            }
            let ordered = member_list.map(|m| name(self.triples.text(m)));
            for (key, values) in statements.iter_mut() {
                if Some(key) != ordered.as_ref() {
                    values.sort_unstable();
                    values.dedup();
                }
            }
        }
    }

    /// The IRIs of the RDF list at `node`, in order, its nodes consumed and their triples
    /// counted as kept; `None` (nothing consumed) when it is no list of IRIs.
    fn list<'g>(&'g self, node: Id, tally: &mut Tally<'g>) -> Option<Vec<String>> {
        let (first, rest) = (
            self.triples.iri(rdf::FIRST.as_str())?,
            self.triples.iri(rdf::REST.as_str())?,
        );
        let nil = self.triples.iri(rdf::NIL.as_str());
        let mut out = Vec::new();
        let mut nodes = Vec::new();
        let mut at = node;
        while Some(at) != nil {
            // A list node holds its first and rest and nothing else; a cycle is no list.
            let ids = self.triples.subject(at)?.ids();
            if ids.len() != 2 || nodes.contains(&at) || self.triples.is_iri(at) {
                return None;
            }
            let value = ids.iter().find(|&&[p, _]| p == first)?[1];
            let next = ids.iter().find(|&&[p, _]| p == rest)?[1];
            match self.triples.term(value) {
                TermRef::NamedNode(n) => out.push(n.as_str().to_owned()),
                _ => return None,
            }
            nodes.push(at);
            at = next;
        }
        tally.kept += 2 * nodes.len();
        tally.consumed.extend(nodes);
        Some(out)
    }
}
