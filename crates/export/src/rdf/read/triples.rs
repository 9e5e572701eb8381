//! The triples of one document, each string held once.
//!
//! An import reads the whole document before it makes a card (the triples about one term may
//! come in any order), so what it holds per triple decides its memory. Here every IRI, blank
//! node and literal is written once and named by a `u32` ([`Id`]): IRIs, blank nodes and
//! language tags are interned (the same IRI is the same id wherever it appears) in a text of
//! their own, found by a hash table whose slots say where each text is; literals are not
//! interned (they seldom repeat: a table of them would cost more than it saves). A triple is
//! then two ids, its predicate and its object, in the run of its subject: the subjects come
//! sorted as the readers visit them (IRIs, then blank nodes, each by its text), and a
//! subject's triples keep the order of the file. A reader borrows terms as [`TermRef`]s,
//! which print and compare as the owned terms the parser gave.
//!
//! The 912,381 triples of the benchmark vocabulary (35 MB of Turtle; BENCHMARKS.md, "SKOS
//! import") take about 46 MB here, 8 bytes a triple and 16 a term beside their text; with
//! maps of owned strings in their place, the import's peak was 604 MB.

use std::hash::BuildHasher;

use hashbrown::{DefaultHashBuilder, HashTable};
use oxigraph::model::{
    BlankNodeRef, GraphName, LiteralRef, NamedNodeRef, NamedOrBlankNode, Quad, Term, TermRef,
};

/// A term of a [`Triples`].
pub(super) type Id = u32;

/// The `kind` of an IRI; of a blank node; of a language tag. Any other `kind` is a
/// literal's: the id of its datatype IRI, or of its language tag.
const IRI: u32 = u32::MAX;
const BLANK: u32 = u32::MAX - 1;
const TAG: u32 = u32::MAX - 2;

/// Where a term's text is, and what it is.
#[derive(Debug, Clone, Copy)]
struct Entry {
    /// In `Terms::names` for an IRI, blank node or tag; in `Terms::literals` for a literal.
    start: usize,
    len: u32,
    kind: u32,
}

/// A name in the table: its id, and where its text is (so that a look-up reads the table
/// and the text, not the entry between them).
#[derive(Debug, Clone, Copy)]
struct Slot {
    id: Id,
    kind: u32,
    start: u32,
    len: u32,
}

/// The terms and their text, with the table that finds an IRI, blank node or tag by its text.
#[derive(Default)]
struct Terms {
    /// The text of the IRIs, blank nodes and tags, each once: apart from the literals, so
    /// that the names a look-up compares lie close together.
    names: String,
    literals: String,
    entries: Vec<Entry>,
    table: HashTable<Slot>,
    hasher: DefaultHashBuilder,
}

/// A document too large for [`Id`]s and `u32` lengths: more than four billion terms or
/// triples, 4 GiB of IRIs, or one literal of 4 GiB.
#[derive(Debug)]
pub(super) struct TooLarge;

impl Terms {
    fn text(&self, id: Id) -> &str {
        let e = self.entries[id as usize];
        let all = if e.kind >= TAG {
            &self.names
        } else {
            &self.literals
        };
        &all[e.start..e.start + e.len as usize]
    }

    fn kind(&self, id: Id) -> u32 {
        self.entries[id as usize].kind
    }

    fn hash(&self, kind: u32, text: &str) -> u64 {
        self.hasher.hash_one((kind, text))
    }

    fn slot(&self, hash: u64, kind: u32, text: &str) -> Option<Slot> {
        let names = self.names.as_bytes();
        self.table
            .find(hash, |s| {
                s.kind == kind
                    && s.len as usize == text.len()
                    && names[s.start as usize..][..text.len()] == *text.as_bytes()
            })
            .copied()
    }

    fn find(&self, kind: u32, text: &str) -> Option<Id> {
        self.slot(self.hash(kind, text), kind, text).map(|s| s.id)
    }

    fn next_id(&self) -> Result<Id, TooLarge> {
        match Id::try_from(self.entries.len()) {
            Ok(id) if id < TAG => Ok(id),
            _ => Err(TooLarge),
        }
    }

    /// A new literal of `kind` (the id of its datatype or tag).
    fn literal(&mut self, kind: u32, text: &str) -> Result<Id, TooLarge> {
        let id = self.next_id()?;
        let len = u32::try_from(text.len()).map_err(|_| TooLarge)?;
        self.entries.push(Entry {
            start: self.literals.len(),
            len,
            kind,
        });
        self.literals.push_str(text);
        Ok(id)
    }

    /// The id of the IRI, blank node or tag `text` (`kind` says which), added if new.
    fn name(&mut self, kind: u32, text: &str) -> Result<Id, TooLarge> {
        let hash = self.hash(kind, text);
        if let Some(slot) = self.slot(hash, kind, text) {
            return Ok(slot.id);
        }
        let id = self.next_id()?;
        let start = u32::try_from(self.names.len()).map_err(|_| TooLarge)?;
        let len = u32::try_from(text.len()).map_err(|_| TooLarge)?;
        start.checked_add(len).ok_or(TooLarge)?;
        self.entries.push(Entry {
            start: start as usize,
            len,
            kind,
        });
        self.names.push_str(text);
        let Self {
            names,
            table,
            hasher,
            ..
        } = self;
        let slot = Slot {
            id,
            kind,
            start,
            len,
        };
        table.insert_unique(hash, slot, |s| {
            let text = &names[s.start as usize..(s.start + s.len) as usize];
            hasher.hash_one((s.kind, text))
        });
        Ok(id)
    }

    fn term(&self, id: Id) -> TermRef<'_> {
        let text = self.text(id);
        match self.kind(id) {
            IRI => NamedNodeRef::new_unchecked(text).into(),
            BLANK => BlankNodeRef::new_unchecked(text).into(),
            // A tag is no term of a triple; read alone, it is its text.
            TAG => LiteralRef::new_simple_literal(text).into(),
            kind if self.kind(kind) == TAG => {
                LiteralRef::new_language_tagged_literal_unchecked(text, self.text(kind)).into()
            }
            kind => {
                LiteralRef::new_typed_literal(text, NamedNodeRef::new_unchecked(self.text(kind)))
                    .into()
            }
        }
    }
}

/// Collects the triples of a document as the parser gives them.
#[derive(Default)]
pub(super) struct Builder {
    terms: Terms,
    /// Subject, predicate, object, in file order.
    triples: Vec<[Id; 3]>,
    graphs: Graphs,
}

/// The named graphs of a document (TriG, N-Quads, JSON-LD), which its [`Triples`] do not
/// hold: how many triples were in one, and the graphs' names.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Graphs {
    /// How many triples each graph holds, by its name as N-Quads writes it (`<IRI>`,
    /// `_:label`).
    pub names: std::collections::BTreeMap<String, usize>,
    /// The last graph's IRI or label, its name, and its triples not yet in `names`.
    last: String,
    last_name: String,
    run: usize,
}

impl Graphs {
    /// How many triples were in a named graph.
    pub fn triples(&self) -> usize {
        self.names.values().sum::<usize>() + self.run
    }

    /// Counts the last graph's run of triples.
    fn flush(&mut self) {
        if self.run > 0 {
            *self
                .names
                .entry(std::mem::take(&mut self.last_name))
                .or_default() += self.run;
            self.run = 0;
        }
    }
}

impl Builder {
    /// Adds a quad's triple; its graph name, if any, is only counted ([`Graphs`]).
    pub(super) fn add(&mut self, quad: &Quad) -> Result<(), TooLarge> {
        let graph = match &quad.graph_name {
            GraphName::DefaultGraph => None,
            GraphName::NamedNode(n) => Some(n.as_str()),
            GraphName::BlankNode(b) => Some(b.as_str()),
        };
        if let Some(graph) = graph {
            // The quads of one graph mostly come together: its name is looked up once.
            if self.graphs.last != graph {
                self.graphs.flush();
                graph.clone_into(&mut self.graphs.last);
                self.graphs.last_name = quad.graph_name.to_string();
            }
            self.graphs.run += 1;
        }
        let (kind, text) = match &quad.subject {
            NamedOrBlankNode::NamedNode(n) => (IRI, n.as_str()),
            NamedOrBlankNode::BlankNode(b) => (BLANK, b.as_str()),
        };
        // Triples about one subject mostly come together: the last one's is checked first.
        let subject = match self.triples.last() {
            Some(&[last, ..]) if self.terms.kind(last) == kind && self.terms.text(last) == text => {
                last
            }
            _ => self.terms.name(kind, text)?,
        };
        let predicate = self.terms.name(IRI, quad.predicate.as_str())?;
        let object = self.object(quad.object.as_ref())?;
        self.push([subject, predicate, object])
    }

    fn push(&mut self, triple: [Id; 3]) -> Result<(), TooLarge> {
        if self.triples.len() >= u32::MAX as usize {
            return Err(TooLarge);
        }
        self.triples.push(triple);
        Ok(())
    }

    /// Adds the triple `subject`, `predicate`, `object`.
    pub(super) fn add_terms(
        &mut self,
        subject: TermRef<'_>,
        predicate: &str,
        object: TermRef<'_>,
    ) -> Result<(), TooLarge> {
        let subject = self.object(subject)?;
        let predicate = self.terms.name(IRI, predicate)?;
        let object = self.object(object)?;
        self.push([subject, predicate, object])
    }

    fn object(&mut self, term: TermRef<'_>) -> Result<Id, TooLarge> {
        match term {
            TermRef::NamedNode(n) => self.terms.name(IRI, n.as_str()),
            TermRef::BlankNode(b) => self.terms.name(BLANK, b.as_str()),
            TermRef::Literal(l) => {
                let kind = match l.language() {
                    Some(tag) => self.terms.name(TAG, tag)?,
                    None => self.terms.name(IRI, l.datatype().as_str())?,
                };
                self.terms.literal(kind, l.value())
            }
        }
    }

    /// The triples grouped by subject, the subjects sorted.
    pub(super) fn finish(self) -> Triples {
        let Self {
            terms,
            triples,
            mut graphs,
        } = self;
        graphs.flush();
        graphs.last.clear();
        // Triples of each subject, then where each subject's run starts (a counting sort,
        // which keeps the file order within a run).
        // `u32`s: `add` takes fewer than `u32::MAX` triples.
        let mut next = vec![0u32; terms.entries.len()];
        for t in &triples {
            next[t[0] as usize] += 1;
        }
        let mut subjects: Vec<(Id, u32)> = next
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(id, _)| (id as Id, 0))
            .collect();
        subjects.sort_unstable_by(|&(a, _), &(b, _)| {
            (terms.kind(a) != IRI, terms.text(a)).cmp(&(terms.kind(b) != IRI, terms.text(b)))
        });
        let mut subject_at = vec![Id::MAX; terms.entries.len()];
        let mut start = 0;
        for (at, (id, first)) in subjects.iter_mut().enumerate() {
            *first = start;
            start += next[*id as usize];
            next[*id as usize] = *first;
            subject_at[*id as usize] = at as Id;
        }
        let mut values = vec![[0; 2]; triples.len()];
        for [s, p, o] in triples {
            let at = &mut next[s as usize];
            values[*at as usize] = [p, o];
            *at += 1;
        }
        Triples {
            terms,
            values,
            subjects,
            subject_at,
            graphs,
        }
    }
}

/// The triples of a document by subject (graph names only counted); see the module documentation.
#[derive(Default)]
pub(super) struct Triples {
    terms: Terms,
    /// Predicate and object of each triple, in runs by subject in `subjects` order.
    values: Vec<[Id; 2]>,
    /// Each subject and where its run starts in `values`, sorted as the module says.
    subjects: Vec<(Id, u32)>,
    /// The place in `subjects` of each term that is a subject, by id; `Id::MAX` for others.
    subject_at: Vec<Id>,
    /// The named graphs the triples were in.
    pub(super) graphs: Graphs,
}

impl Triples {
    /// No triples.
    #[cfg(test)]
    pub(super) fn new() -> Self {
        Self::default()
    }

    /// The text of a term: an IRI, a blank node's label, a literal's value.
    pub(super) fn text(&self, id: Id) -> &str {
        self.terms.text(id)
    }

    pub(super) fn term(&self, id: Id) -> TermRef<'_> {
        self.terms.term(id)
    }

    /// How many terms there are: every [`Id`] is below.
    pub(super) fn len_terms(&self) -> usize {
        self.terms.entries.len()
    }

    /// Whether the term `id` is an IRI.
    pub(super) fn is_iri(&self, id: Id) -> bool {
        self.terms.kind(id) == IRI
    }

    /// The id of the IRI `iri`, if the document has it.
    pub(super) fn iri(&self, iri: &str) -> Option<Id> {
        self.terms.find(IRI, iri)
    }

    /// The subjects, sorted: IRIs, then blank nodes, each by its text.
    pub(super) fn subjects(&self) -> impl Iterator<Item = Subject<'_>> {
        (0..self.subjects.len()).map(|at| self.at(at))
    }

    /// The subjects that are IRIs, sorted: the first of [`Triples::subjects`], found
    /// without reading what each subject is (a cache miss each, the terms lying in the
    /// file's order).
    pub(super) fn iri_subjects(&self) -> impl Iterator<Item = Subject<'_>> {
        let iris = self
            .subjects
            .partition_point(|&(id, _)| self.terms.kind(id) == IRI);
        (0..iris).map(|at| self.at(at))
    }

    /// The term `id` as a subject, if it is one.
    pub(super) fn subject(&self, id: Id) -> Option<Subject<'_>> {
        match self.subject_at.get(id as usize) {
            Some(&at) if at != Id::MAX => Some(self.at(at as usize)),
            _ => None,
        }
    }

    /// The subject named by the IRI `iri`, if it is one.
    pub(super) fn subject_iri(&self, iri: &str) -> Option<Subject<'_>> {
        self.subject(self.iri(iri)?)
    }

    /// The subject named by the term `term` (an IRI or a blank node), if it is one.
    pub(super) fn subject_of(&self, term: TermRef<'_>) -> Option<Subject<'_>> {
        let id = match term {
            TermRef::NamedNode(n) => self.terms.find(IRI, n.as_str()),
            TermRef::BlankNode(b) => self.terms.find(BLANK, b.as_str()),
            TermRef::Literal(_) => None,
        }?;
        self.subject(id)
    }

    fn at(&self, at: usize) -> Subject<'_> {
        let (id, start) = self.subjects[at];
        let end = self
            .subjects
            .get(at + 1)
            .map_or(self.values.len(), |&(_, next)| next as usize);
        Subject {
            triples: self,
            id,
            values: &self.values[start as usize..end],
        }
    }

    /// The triples as a new [`Builder`] holds them, each IRI passed through `fix` first,
    /// subject by subject in order: kept, replaced, or left out with every triple that
    /// holds it (as subject, predicate, object or datatype), each such triple's predicate
    /// and subject (as written) handed to `left_out`.
    pub(super) fn rebuild(
        &self,
        mut fix: impl FnMut(&str) -> Repair,
        mut left_out: impl FnMut(&str, &str),
    ) -> Result<Builder, TooLarge> {
        let mut out = Builder {
            graphs: self.graphs.clone(),
            ..Builder::default()
        };
        let mut fixed: Vec<Option<Option<String>>> = vec![None; self.terms.entries.len()];
        // The IRI `id` as it is to be kept; `None` when it is left out.
        let mut iri = |id: Id| -> Option<String> {
            fixed[id as usize]
                .get_or_insert_with(|| match fix(self.text(id)) {
                    Repair::Keep => Some(self.text(id).to_owned()),
                    Repair::As(iri) => Some(iri),
                    Repair::Drop => None,
                })
                .clone()
        };
        for subject in self.subjects() {
            let s = if self.is_iri(subject.id) {
                iri(subject.id)
                    .map(|s| Term::NamedNode(oxigraph::model::NamedNode::new_unchecked(s)))
            } else {
                Some(subject.term().into_owned())
            };
            for &[p, o] in subject.values {
                let mut out_of = |_| left_out(self.text(p), self.text(subject.id));
                let (Some(s), Some(p)) = (&s, iri(p)) else {
                    out_of(());
                    continue;
                };
                let o = match self.terms.kind(o) {
                    IRI => match iri(o) {
                        Some(o) => Term::NamedNode(oxigraph::model::NamedNode::new_unchecked(o)),
                        None => {
                            out_of(());
                            continue;
                        }
                    },
                    BLANK => self.term(o).into_owned(),
                    kind if self.terms.kind(kind) == TAG => self.term(o).into_owned(),
                    kind => match iri(kind) {
                        Some(datatype) => {
                            Term::Literal(oxigraph::model::Literal::new_typed_literal(
                                self.text(o),
                                oxigraph::model::NamedNode::new_unchecked(datatype),
                            ))
                        }
                        None => {
                            out_of(());
                            continue;
                        }
                    },
                };
                out.add_terms(s.as_ref(), &p, o.as_ref())?;
            }
        }
        Ok(out)
    }
}

/// What [`Triples::rebuild`] does with an IRI.
pub(super) enum Repair {
    Keep,
    /// Replaced by this IRI.
    As(String),
    /// Left out, with every triple that holds it.
    Drop,
}

/// A subject of a [`Triples`] and its triples.
#[derive(Clone, Copy)]
pub(super) struct Subject<'g> {
    triples: &'g Triples,
    id: Id,
    values: &'g [[Id; 2]],
}

impl<'g> Subject<'g> {
    pub(super) fn id(&self) -> Id {
        self.id
    }

    /// Its IRI; `None` for a blank node.
    pub(super) fn iri(&self) -> Option<&'g str> {
        self.triples
            .is_iri(self.id)
            .then(|| self.triples.text(self.id))
    }

    pub(super) fn term(&self) -> TermRef<'g> {
        self.triples.term(self.id)
    }

    /// As messages name it: `<iri>`, or `_:id` for a blank node.
    pub(super) fn shown(&self) -> String {
        match self.iri() {
            Some(iri) => format!("<{iri}>"),
            None => format!("_:{}", self.triples.text(self.id)),
        }
    }

    /// Predicate and object ids of its triples, in file order.
    pub(super) fn ids(&self) -> &'g [[Id; 2]] {
        self.values
    }

    /// Its triples' predicates and objects, in file order.
    pub(super) fn values(&self) -> impl ExactSizeIterator<Item = (&'g str, TermRef<'g>)> + 'g {
        let triples = self.triples;
        self.values
            .iter()
            .map(move |&[p, o]| (triples.text(p), triples.term(o)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxigraph::io::{RdfFormat, RdfParser};

    fn graph(turtle: &str) -> Triples {
        let mut b = Builder::default();
        for quad in RdfParser::from_format(RdfFormat::Turtle).for_slice(turtle.as_bytes()) {
            b.add(&quad.unwrap()).unwrap();
        }
        b.finish()
    }

    #[test]
    fn subjects_come_sorted_with_their_triples_in_file_order_and_terms_as_parsed() {
        let g = graph(
            r#"@prefix ex: <http://x.example/> .
            ex:b ex:p "two"@en-GB, "2"^^<http://www.w3.org/2001/XMLSchema#integer> .
            _:n ex:p ex:a .
            ex:a ex:q "one", ex:b .
            ex:b ex:p "two"@en-GB .
            ex:a ex:p [ ex:r "x" ] ."#,
        );
        let shown: Vec<(String, Vec<String>)> = g
            .subjects()
            .map(|s| {
                let values = s.values().map(|(p, o)| format!("{p} {o}")).collect();
                (s.shown(), values)
            })
            .collect();
        let blank = |s: &(String, Vec<String>)| s.0.starts_with("_:");
        assert_eq!(shown.len(), 4);
        let iris: Vec<String> = g.iri_subjects().map(|s| s.shown()).collect();
        assert_eq!(iris, ["<http://x.example/a>", "<http://x.example/b>"]);
        assert_eq!(
            shown[0],
            (
                "<http://x.example/a>".to_owned(),
                vec![
                    "http://x.example/q \"one\"".to_owned(),
                    "http://x.example/q <http://x.example/b>".to_owned(),
                    format!(
                        "http://x.example/p {}",
                        shown[0].1[2].split_once(' ').unwrap().1
                    ),
                ]
            )
        );
        assert!(shown[0].1[2].contains(" _:"), "{shown:?}");
        assert_eq!(
            shown[1].1,
            [
                "http://x.example/p \"two\"@en-gb",
                "http://x.example/p \"2\"^^<http://www.w3.org/2001/XMLSchema#integer>",
                "http://x.example/p \"two\"@en-gb",
            ]
        );
        assert!(blank(&shown[2]) && blank(&shown[3]), "{shown:?}");
        // The same IRI is one term; a literal equals the parser's own.
        let a = g.subject_iri("http://x.example/a").unwrap();
        assert_eq!(g.iri("http://x.example/a"), Some(a.id()));
        assert_eq!(g.subject_of(a.term()).unwrap().id(), a.id());
        assert!(g.subject_iri("http://x.example/p").is_none());
        let (_, one) = a.values().next().unwrap();
        assert_eq!(
            one,
            oxigraph::model::LiteralRef::new_simple_literal("one").into()
        );
    }

    #[test]
    fn a_rebuild_merges_what_the_fix_makes_equal_and_leaves_out_what_it_drops() {
        let mut left_out = Vec::new();
        let g = graph(
            "<http://x.example/a> <http://x.example/p> <http://x.example/b> .
             <http://x.example/b> <http://x.example/p> \"b\" .
             <http://x.example/a> <http://x.example/p> \"a\" .
             <http://x.example/a> <http://x.example/p> <http://x.example/c> .
             <http://x.example/c> <http://x.example/p> \"c\" .
             <http://x.example/a> <http://x.example/c> \"c\" .
             <http://x.example/a> <http://x.example/p> \"1\"^^<http://x.example/c> .",
        );
        let fixed = g
            .rebuild(
                |iri| match iri {
                    _ if iri.ends_with("/b") => Repair::As("http://x.example/a".to_owned()),
                    _ if iri.ends_with("/c") => Repair::Drop,
                    _ => Repair::Keep,
                },
                |p, s| left_out.push(format!("{s} {p}")),
            )
            .unwrap()
            .finish();
        let subjects: Vec<(String, Vec<String>)> = fixed
            .subjects()
            .map(|s| (s.shown(), s.values().map(|(_, o)| o.to_string()).collect()))
            .collect();
        assert_eq!(
            subjects,
            [(
                "<http://x.example/a>".to_owned(),
                vec![
                    "<http://x.example/a>".to_owned(),
                    "\"a\"".to_owned(),
                    "\"b\"".to_owned()
                ]
            )]
        );
        // Every triple holding the dropped IRI, as subject, predicate, object or datatype.
        left_out.sort();
        assert_eq!(
            left_out,
            [
                "http://x.example/a http://x.example/c",
                "http://x.example/a http://x.example/p",
                "http://x.example/a http://x.example/p",
                "http://x.example/c http://x.example/p",
            ]
        );
    }
}
