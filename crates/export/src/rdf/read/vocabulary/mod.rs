//! Reading any SKOS vocabulary (not written by glossgraph) into cards.
//!
//! Where the reader of glossgraph's own exports ([`super::Reading`]) refuses whatever its
//! mapping does not produce, this one takes what a published thesaurus holds and says, by
//! predicate with counts, what it could not keep ([`Report`]). Cards are made for the
//! resources typed `skos:Concept` or a subclass the file declares; each concept's slug comes
//! from its local name, else its notation, else its label, made unique in IRI order. The
//! glossary's main language is `--language`, else the scheme's `dcterms:language` read as a
//! BCP 47 tag (an ISO 639-2 code or its IRI, `eng`, is the `en` of the labels:
//! [`glossgraph_core::language`]; of several languages named, the one most prefLabels have),
//! else the language of the scheme's title or label, else the language most prefLabels have.
//!
//! What goes where (fields of [`crate::card::skos::Skos`]): labels and notes by language,
//! hierarchy, `related` and supersession by slug (or IRI outside the file), mappings,
//! notations with their datatype, `owl:deprecated` as status `deprecated`,
//! `dcterms:replaces`/`isReplacedBy` as supersession, `dcterms:modified` as `updated` and
//! `dcterms:created` as `created` (to the day), SKOS-XL labels as plain labels, notes that
//! are resources by their `rdf:value` or `rdfs:comment`. The scheme's title goes into the
//! settings' `title`, its other statements with literal or IRI values into their
//! `metadata`, each value as it was; the file's other schemes (the first by IRI is the
//! glossary's) into `schemes` alike, and each card says which schemes its concept is in
//! and top of where that is not the glossary's alone (`inScheme`, `topConceptOf`).
//!
//! What the file holds is read in two steps. `read` finds the concepts, their slugs and the
//! settings. The cards are then made one at a time as they are written ([`Pass`]), from the
//! triples, which stay, and what each keeps is counted as it is made: the report
//! ([`Report`]) is whole once the last card is written, before the cards are put in place
//! (`--strict` then puts nothing there). Importing a vocabulary of 85,000 concepts (35 MB of
//! Turtle) took 329 MB with every card held, 61 MB with one at a time; making every card a
//! first time only to count, before writing it, took a fifth of the import's CPU. What a
//! card states back from the others (a `narrower` for each concept that names it `broader`)
//! is known from the triples before any card is made.
//!
//! A card is made as a [`View`], its texts borrowed from the triples, and written as it is;
//! a [`Draft`](crate::card::Draft) is made of it only where the cards are kept
//! ([`super::Prepared::into_imported`]).

mod card;
mod language;
mod resources;
mod view;

use std::borrow::{Borrow, Cow};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::BuildHasher;
#[cfg(test)]
use std::hash::Hash;

use oxigraph::model::TermRef;

pub use super::triples::Graphs;
use super::triples::{Id, Triples};
use crate::config::MetaValue;
use crate::config::{self, Config};
use crate::rdf::vocab::{self, dc, dcterms, rdf, rdfs, skos, xsd};
pub(crate) use view::View;

/// What an import could not keep, and what it changed on the way.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// Triples read into cards or settings (or derived from them, as `skos:inScheme`).
    pub kept: usize,
    /// Triples not kept, by predicate: how many, on how many subjects.
    pub not_kept: BTreeMap<String, (usize, usize)>,
    /// What was changed to fit (a repaired IRI, a dropped control character), one line each.
    pub warnings: Vec<Warning>,
    /// The named graphs the triples were in (TriG, N-Quads, JSON-LD): a card has no graph,
    /// so their names are not kept; the triples are read as one graph.
    pub graphs: Graphs,
}

/// One line of a [`Report`]: what was changed to fit, and its kind, by which a long report is
/// cut to a few lines of each kind (`import --max-per-rule`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Warning {
    /// `invalid-iri`, `base-moved`, `control-character`, `second-pref-label`,
    /// `alt-label-repeats-pref-label`, `no-pref-label` or `self-related`.
    pub kind: &'static str,
    /// The line, naming the concept's IRI where it is about one.
    pub text: String,
}

impl Warning {
    pub(crate) fn new(kind: &'static str, text: String) -> Self {
        Self { kind, text }
    }
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// What the reading of a file changed before any card was made: IRIs repaired (one warning
/// each, the base moved), and the triples left out with an IRI no repair could make valid,
/// by predicate IRI: how many, on how many subjects.
#[derive(Debug, Clone, Default)]
pub(crate) struct Repaired {
    pub warnings: Vec<Warning>,
    pub left_out: BTreeMap<String, (usize, usize)>,
    /// The document's named graphs (not a repair, but known before any card is made).
    pub graphs: Graphs,
}

impl Report {
    /// `repaired`'s warnings before this report's, its triples left out counted as not kept.
    pub(crate) fn with(mut self, repaired: Repaired) -> Self {
        let mut warnings = repaired.warnings;
        warnings.append(&mut self.warnings);
        self.warnings = warnings;
        for (p, (n, subjects)) in repaired.left_out {
            let entry = self.not_kept.entry(vocab_name(&p)).or_default();
            entry.0 += n;
            entry.1 += subjects;
        }
        self.graphs = repaired.graphs;
        self
    }

    /// The summary line: `kept 31,077 triples; not kept: 12 foaf:depiction on 12 subjects`.
    pub fn summary(&self) -> String {
        let mut out = format!("kept {} triples", thousands(self.kept));
        if self.is_whole() {
            out.push_str("; every triple was kept");
            return out;
        }
        out.push_str("; not kept: ");
        let mut parts: Vec<String> = self
            .not_kept
            .iter()
            .map(|(p, (n, subjects))| {
                format!(
                    "{} {p} on {} {}",
                    thousands(*n),
                    thousands(*subjects),
                    if *subjects == 1 {
                        "subject"
                    } else {
                        "subjects"
                    }
                )
            })
            .collect();
        let graphs = &self.graphs;
        if graphs.triples() > 0 {
            let mut names: Vec<&str> = graphs.names.keys().take(3).map(String::as_str).collect();
            if graphs.names.len() > names.len() {
                names.push("…");
            }
            parts.push(format!(
                "the graph names of {} triples in {} named {} ({}), read as one graph",
                thousands(graphs.triples()),
                thousands(graphs.names.len()),
                if graphs.names.len() == 1 {
                    "graph"
                } else {
                    "graphs"
                },
                names.join(", ")
            ));
        }
        out.push_str(&parts.join(", "));
        out
    }

    /// How many triples were not kept.
    pub fn dropped(&self) -> usize {
        self.not_kept.values().map(|(n, _)| n).sum()
    }

    /// Whether everything was kept: every triple, and no named graph's name lost.
    pub fn is_whole(&self) -> bool {
        self.not_kept.is_empty() && self.graphs.triples() == 0
    }
}

fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Options of a SKOS import.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The main language (`--language`), instead of the one found in the file.
    pub language: Option<String>,
}

/// The cards (to be made) and settings of the SKOS vocabulary in `triples`, and what was
/// changed to fit the settings (the report's first warnings, [`Cards::pass`]). `None` when
/// the file holds no concept at all.
pub(super) fn read(triples: Triples, options: &Options) -> Option<(Cards, Config, Vec<Warning>)> {
    let concepts = concepts(&triples);
    if concepts.is_empty() {
        return None;
    }
    let schemes = match triples.iri(skos::CONCEPT_SCHEME.as_str()) {
        Some(scheme) => typed(&triples, &HashSet::from([scheme])),
        None => Vec::new(),
    };
    let language = language::language(&triples, &schemes, &concepts, options);
    let iris: Vec<&str> = concepts.iter().map(|&c| triples.text(c)).collect();
    let slugs = slug_list(&triples, &iris);
    let namespace = namespace(&iris, &slugs);
    // A file without a concept scheme gets none in the export either.
    let mut config = Config {
        language: language.clone(),
        imported: true,
        schemeless: schemes.is_empty(),
        ..Config::default()
    };
    let scheme = schemes.first().map(|&s| triples.text(s).to_owned());
    // A base ends in `/` or `#` and holds no other `#` (the IRIs under it add one).
    let usable = |iri: &str| {
        (iri.ends_with('/') || iri.ends_with('#')) && !iri[..iri.len() - 1].contains('#')
    };
    config.base = match (&namespace, &scheme) {
        (Some(ns), _) if usable(ns) => ns.clone(),
        (_, Some(s)) if usable(s) => s.clone(),
        (_, Some(s)) if usable(&format!("{s}/")) => format!("{s}/"),
        _ => config.base,
    };
    let mut warnings = Vec::new();
    let free = free_base(&config.base, &iris);
    if free != config.base {
        warnings.push(Warning::new(
            "base-moved",
            format!(
                "a concept's IRI is one glossgraph would give the scheme, its vocabulary or a \
                 status under <{}>: the glossary's own IRIs go under <{free}> instead",
                config.base
            ),
        ));
        config.base = free;
    }
    if let Some(s) = &scheme {
        if *s != config.base {
            config.scheme = Some(s.clone());
        }
    }
    config.namespace = namespace.clone().filter(|ns| {
        // `{base}term/{slug}` is the default; say the namespace only when it differs.
        *ns != format!("{}term/", config.base)
    });
    config.statuses = config::KNOWN_STATUSES
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    drop(iris);
    let glossary_scheme = config.scheme.clone().unwrap_or_else(|| config.base.clone());
    let mut cards = Cards::new(
        triples,
        concepts,
        schemes,
        slugs,
        language,
        namespace,
        glossary_scheme,
    );
    cards.tool = ToolVocabulary::of(&config, &cards.triples);
    // The title and the schemes' statements; what they keep is counted by each pass.
    cards.schemes(&mut config, &mut Tally::default());
    Some((cards, config, warnings))
}

/// A pass over the cards of a vocabulary in slug order, counting what each keeps:
/// [`Pass::card`] for each, then [`Pass::report`].
pub(super) struct Pass<'g> {
    cards: &'g Cards,
    tally: Tally<'g>,
}

impl<'g> Pass<'g> {
    /// The card `n`th by slug, whole; what it keeps is counted.
    pub(super) fn card(&mut self, n: usize) -> View<'g> {
        let at = self.cards.order[n];
        let mut card = self.cards.base_card(at, &mut self.tally);
        self.cards.mirror(at, &mut card);
        self.cards.schemes_of(at, &mut card);
        card
    }

    /// What was kept and not: whole once [`Pass::card`] has made every card.
    pub(super) fn report(mut self) -> Report {
        self.cards.leftovers(&mut self.tally);
        self.tally.report()
    }
}

/// The cards of a vocabulary, made one at a time from its triples.
pub(super) struct Cards {
    triples: Triples,
    /// The concepts, in IRI order.
    concepts: Vec<Id>,
    /// The slug of each concept, in the same order.
    slugs: Vec<String>,
    /// The concept schemes, in IRI order.
    schemes: Vec<Id>,
    /// Where each concept (by the id of its IRI) is in `concepts`.
    index: Places,
    /// Whether the card of each concept (in the order of `concepts`) keeps its IRI: when
    /// the IRI is not the namespace and the slug. Found in one pass over the IRIs, whose
    /// texts lie in the file's order, not the cards': read card by card, each was a cache
    /// miss.
    keeps_iri: Vec<bool>,
    language: String,
    /// What each predicate of the concepts' triples is read as.
    roles: hashbrown::HashMap<Id, card::Role>,
    /// The links each card states back, by the card's place in `concepts`: (card, list,
    /// the card stating it), sorted by the first.
    mirrored: Vec<(u32, card::Link, u32)>,
    /// Places in `concepts`, by slug.
    order: Vec<usize>,
    /// The glossary's scheme: the file's first, else the one glossgraph gives it.
    scheme: String,
    /// Whether the file has any `skos:ConceptScheme`.
    has_schemes: bool,
    /// Whether any concept of the file states its schemes (`skos:inScheme`).
    states_schemes: bool,
    /// The schemes that state a concept their top concept (`skos:hasTopConcept`): (the
    /// concept's place in `concepts`, the scheme), sorted by the first.
    top_stated: Vec<(u32, Id)>,
    /// The statuses and `gx:` vocabulary an export of the cards states (under the
    /// glossary's base, where no concept is): found in the file, they are kept.
    tool: ToolVocabulary,
}

/// Where each concept is in `concepts`, by the id of its IRI (`u32::MAX` for every other
/// term): one read a look-up, where a hash table took a cache miss in its control bytes
/// and another in its slots, for each link between two cards.
struct Places(Vec<u32>);

impl Places {
    fn new(triples: &Triples, concepts: &[Id]) -> Self {
        let mut places = vec![u32::MAX; triples.len_terms()];
        for (at, &c) in concepts.iter().enumerate() {
            // Places in `concepts` are below the number of terms, which are `u32`s.
            places[c as usize] = u32::try_from(at).unwrap_or(u32::MAX);
        }
        Self(places)
    }

    /// The place in `concepts` of the term `id`, if it is a concept.
    fn get(&self, id: Id) -> Option<usize> {
        match self.0.get(id as usize) {
            Some(&at) if at != u32::MAX => Some(at as usize),
            _ => None,
        }
    }
}

/// The triples of the statuses and `gx:` vocabulary under a base (see
/// [`crate::rdf::write::tool_vocabulary`]).
#[derive(Default)]
struct ToolVocabulary {
    base: String,
    triples: HashSet<oxigraph::model::Quad>,
    /// Whether the file states them (its `gx:` ontology): glossgraph's export of the
    /// cards, whose statuses are its `gx:status` alone (it also writes `owl:deprecated` for
    /// a concept another replaces).
    stated: bool,
}

impl ToolVocabulary {
    fn of(config: &Config, triples: &Triples) -> Self {
        let statuses: Vec<&str> = config.statuses.iter().map(String::as_str).collect();
        let ontology = crate::rdf::vocab::Iris::new(&config.base)
            .ontology()
            .into_owned();
        let stated = triples.subject_iri(ontology.as_str()).is_some_and(|s| {
            s.values().any(|(p, o)| {
                p == rdf::TYPE.as_str()
                    && matches!(o, TermRef::NamedNode(n) if n == vocab::owl::ONTOLOGY)
            })
        });
        Self {
            base: config.base.clone(),
            triples: crate::rdf::write::tool_vocabulary(&config.base, &statuses)
                .into_iter()
                .collect(),
            stated,
        }
    }

    /// Whether the triple (`subject`, `p`, `o`) is one of them.
    fn holds(&self, subject: &str, p: &str, o: TermRef<'_>) -> bool {
        use oxigraph::model::{GraphName, NamedNode, Quad};
        subject.starts_with(&self.base)
            && self.triples.contains(&Quad::new(
                NamedNode::new_unchecked(subject),
                NamedNode::new_unchecked(p),
                o.into_owned(),
                GraphName::DefaultGraph,
            ))
    }
}

impl Cards {
    fn new(
        triples: Triples,
        concepts: Vec<Id>,
        schemes: Vec<Id>,
        slugs: Vec<String>,
        language: String,
        namespace: Option<String>,
        scheme: String,
    ) -> Self {
        let index = Places::new(&triples, &concepts);
        let keeps_iri = concepts
            .iter()
            .zip(&slugs)
            .map(|(&c, slug)| {
                let iri = triples.text(c);
                namespace
                    .as_deref()
                    .is_none_or(|ns| iri.strip_prefix(ns) != Some(slug.as_str()))
            })
            .collect();
        let mut roles = hashbrown::HashMap::new();
        for &c in &concepts {
            for &[p, _] in triples.subject(c).map_or(&[][..], |s| s.ids()) {
                roles
                    .entry(p)
                    .or_insert_with(|| card::Role::of(triples.text(p)));
            }
        }
        let mut order: Vec<usize> = (0..concepts.len()).collect();
        order.sort_unstable_by(|&a, &b| slugs[a].cmp(&slugs[b]));
        let mut top_stated = Vec::new();
        if let Some(has_top) = triples.iri(skos::HAS_TOP_CONCEPT.as_str()) {
            for &s in &schemes {
                for &[p, o] in triples.subject(s).map_or(&[][..], |s| s.ids()) {
                    if let (true, Some(at)) = (p == has_top, index.get(o)) {
                        // Places in `concepts` are below the number of terms (`u32`s).
                        top_stated.push((u32::try_from(at).unwrap_or(u32::MAX), s));
                    }
                }
            }
        }
        top_stated.sort_unstable();
        let states_schemes = triples
            .iri(skos::IN_SCHEME.as_str())
            .is_some_and(|in_scheme| {
                concepts.iter().any(|&c| {
                    let values = triples.subject(c).map_or(&[][..], |s| s.ids());
                    values.iter().any(|&[p, _]| p == in_scheme)
                })
            });
        let has_schemes = !schemes.is_empty();
        let mut cards = Self {
            triples,
            concepts,
            schemes,
            slugs,
            index,
            keeps_iri,
            language,
            roles,
            mirrored: Vec::new(),
            order,
            scheme,
            has_schemes,
            states_schemes,
            top_stated,
            tool: ToolVocabulary::default(),
        };
        cards.mirrored = cards.mirrored();
        cards
    }

    /// How many cards there are.
    pub(super) fn len(&self) -> usize {
        self.concepts.len()
    }

    /// A pass that makes every card once and counts what was kept (see [`Pass`]);
    /// `repaired` comes first in its report.
    pub(super) fn pass(&self, repaired: &Repaired) -> Pass<'_> {
        let mut tally = Tally {
            repaired: repaired.clone(),
            ..Tally::default()
        };
        self.schemes(&mut Config::default(), &mut tally);
        Pass { cards: self, tally }
    }

    /// Every scheme's own triples. The first scheme is the glossary's: its title in the main
    /// language (else without a language, else in any) is `config.title`, written back as
    /// its `dcterms:title`, `skos:prefLabel` and `rdfs:label`; every other statement whose
    /// value is a literal or an IRI is kept in `config.metadata`, written back as it was.
    /// The other schemes' statements go into `config.schemes` the same way, but for no
    /// title. A scheme's type and its `skos:hasTopConcept` of the file's concepts are kept
    /// by the export writing them again (the concepts' cards say which schemes they are top
    /// of); a statement whose value is a blank node is counted as not kept.
    fn schemes<'g>(&'g self, config: &mut Config, tally: &mut Tally<'g>) {
        let titles = [dcterms::TITLE, dc::TITLE, skos::PREF_LABEL, rdfs::LABEL];
        for (i, &s) in self.schemes.iter().enumerate() {
            let Some(subject) = self.triples.subject(s) else {
                continue;
            };
            let title = (i == 0)
                .then(|| {
                    (0..3).find_map(|rank| {
                        titles.iter().find_map(|t| {
                            subject.values().find_map(|(p, o)| match o {
                                TermRef::Literal(l) if p == t.as_str() => {
                                    let fits = match (rank, l.language()) {
                                        (0, Some(tag)) => self.is_main(tag),
                                        (1, None) => true,
                                        (2, _) => true,
                                        _ => false,
                                    };
                                    fits.then(|| l.value().to_owned())
                                }
                                _ => None,
                            })
                        })
                    })
                })
                .flatten();
            if let Some(title) = &title {
                config.title.clone_from(title);
            }
            let statements = if i == 0 {
                &mut config.metadata
            } else {
                config
                    .schemes
                    .entry(self.triples.text(s).to_owned())
                    .or_default()
            };
            for (p, o) in subject.values() {
                // What the export writes again: the type. The title stays a statement as it
                // was (`title` is the site's, never written into an imported vocabulary's
                // RDF), so that a `dc:title`, a title without a language or with one label
                // and no `dcterms:title` come back as they were.
                let derived = p == rdf::TYPE.as_str()
                    && matches!(o, TermRef::NamedNode(n) if n == skos::CONCEPT_SCHEME);
                if p == skos::HAS_TOP_CONCEPT.as_str() {
                    // Kept on the concept's card; a top concept that is no concept of the
                    // file has none.
                    let concept = match o {
                        TermRef::NamedNode(n) => self
                            .triples
                            .iri(n.as_str())
                            .is_some_and(|id| self.index.get(id).is_some()),
                        _ => false,
                    };
                    if concept {
                        tally.kept += 1;
                        continue;
                    }
                }
                let value = match meta_value(o) {
                    _ if derived => None,
                    Some(value) => Some(value),
                    None => {
                        tally.not_kept(p, s);
                        continue;
                    }
                };
                if let Some(value) = value {
                    statements.entry(name(p)).or_default().push(value);
                }
                tally.kept += 1;
            }
            for values in statements.values_mut() {
                values.sort_unstable();
                values.dedup();
            }
        }
        self.resources(config, tally);
    }

    /// Counts the triples of every subject that is neither a concept, a scheme, nor a node
    /// read as part of one.
    fn leftovers<'g>(&'g self, tally: &mut Tally<'g>) {
        for subject in self.triples.subjects() {
            let id = subject.id();
            if self.index.get(id).is_some()
                || self.schemes.contains(&id)
                || tally.consumed.contains(&id)
            {
                continue;
            }
            let iri = subject.iri().unwrap_or_default();
            for (p, o) in subject.values() {
                if self.tool.holds(iri, p, o) {
                    tally.kept += 1;
                } else {
                    tally.not_kept(p, id);
                }
            }
        }
    }
}

/// What reading the cards kept and did not keep, and changed.
#[derive(Default)]
struct Tally<'g> {
    kept: usize,
    /// Predicate → (triples, subjects).
    dropped: hashbrown::HashMap<&'g str, (usize, hashbrown::HashSet<Id>)>,
    /// Each warning after the place in `concepts` (plus one; 0 for the settings') of the
    /// concept it is about: the report lists them in that order, whatever the order the
    /// cards were made in.
    warnings: Vec<(usize, Warning)>,
    /// The place in `concepts`, plus one, of the card being made.
    at: usize,
    /// Subjects whose triples were all consumed as part of another (a note node, a SKOS-XL
    /// label).
    consumed: hashbrown::HashSet<Id>,
    /// What the reading changed before the cards: the report's first warnings and more
    /// triples not kept.
    repaired: Repaired,
}

impl<'g> Tally<'g> {
    fn not_kept(&mut self, predicate: &'g str, subject: Id) {
        let entry = self.dropped.entry(predicate).or_default();
        entry.0 += 1;
        entry.1.insert(subject);
    }

    fn warn(&mut self, kind: &'static str, warning: String) {
        self.warnings.push((self.at, Warning::new(kind, warning)));
    }

    fn report(mut self) -> Report {
        self.warnings.sort_by_key(|&(at, _)| at);
        let mut dropped: Vec<(&str, usize, usize)> = self
            .dropped
            .iter()
            .map(|(p, (n, subjects))| (*p, *n, subjects.len()))
            .collect();
        dropped.sort_unstable();
        let mut not_kept = BTreeMap::new();
        for (p, n, subjects) in dropped {
            not_kept.insert(vocab_name(p), (n, subjects));
        }
        Report {
            kept: self.kept,
            not_kept,
            warnings: self.warnings.into_iter().map(|(_, w)| w).collect(),
            graphs: Graphs::default(),
        }
        .with(self.repaired)
    }
}

/// An IRI or a literal as the settings' statements keep it (a literal with its language, or
/// its datatype when it is not a plain string); `None` for a blank node, which they cannot.
fn meta_value(o: TermRef<'_>) -> Option<MetaValue> {
    match o {
        TermRef::NamedNode(n) => Some(MetaValue::Iri(n.as_str().to_owned())),
        TermRef::Literal(l) => Some(MetaValue::Literal {
            text: l.value().to_owned(),
            language: l.language().map(str::to_owned),
            datatype: (l.language().is_none() && l.datatype() != xsd::STRING)
                .then(|| name(l.datatype().as_str())),
        }),
        TermRef::BlankNode(_) => None,
    }
}

/// An IRI as `glossgraph.toml` names it: a prefixed name in a known namespace, else the IRI.
fn name(iri: &str) -> String {
    vocab::compact(iri).unwrap_or_else(|| iri.to_owned())
}

/// An IRI as the report shows it: a prefixed name in a known namespace, else `<iri>`.
fn vocab_name(iri: &str) -> String {
    vocab::compact(iri).unwrap_or_else(|| format!("<{iri}>"))
}

/// Whether `iri` is the `gx:` term `name` of some glossgraph export (`{base}ns#name`, or
/// `{base}ns/name` under a base ending in `#`).
fn is_gx(iri: &str, name: &str) -> bool {
    iri.strip_suffix(name)
        .is_some_and(|ns| ns.ends_with("ns#") || ns.ends_with("#ns/"))
}

/// The local name of an IRI: after its last `/` or `#`.
fn local_name(iri: &str) -> &str {
    iri.rsplit(['/', '#']).next().unwrap_or(iri)
}

/// `text` with each `%XX` escape turned back into its byte (invalid UTF-8 replaced), so
/// that `..%2F..%2Fetc` is seen as the `../../etc` it stands for and slugified as such.
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).copied().and_then(hex),
            bytes.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `text` as a slug: ASCII letters and digits lowercased, every other run of characters one
/// hyphen, at most 60 characters; empty when nothing is left.
fn slugify(text: &str) -> String {
    crate::card::rules::slugify(text, 60)
}

/// A slug for every concept (by IRI), unique: see [`slug_list`].
#[cfg(test)]
fn slugs<K>(triples: &Triples, concepts: &[K]) -> HashMap<K, String>
where
    K: Borrow<str> + Hash + Eq + Clone,
{
    concepts
        .iter()
        .cloned()
        .zip(slug_list(triples, concepts))
        .collect()
}

/// A slug for every concept, unique, in the order of `concepts` (their IRIs): the one
/// glossgraph's export states (a `gx:Slug` notation), else from the local name, else the
/// notation, else the label, else `concept`; a taken slug gets `-2`, `-3`… in IRI order.
fn slug_list(triples: &Triples, concepts: &[impl Borrow<str>]) -> Vec<String> {
    // The slugs given so far, by their place in `out`: no second copy of each.
    let mut taken: hashbrown::HashTable<usize> = hashbrown::HashTable::new();
    let hasher = hashbrown::DefaultHashBuilder::default();
    let mut next: hashbrown::HashMap<String, usize> = hashbrown::HashMap::new();
    let mut out: Vec<String> = Vec::with_capacity(concepts.len());
    let notation = triples.iri(skos::NOTATION.as_str());
    for iri in concepts {
        let iri = iri.borrow();
        let first = |p: &str| {
            let mut found: Vec<&str> = triples
                .subject_iri(iri)
                .iter()
                .flat_map(|s| s.values())
                .filter(|(q, _)| *q == p)
                .filter_map(|(_, o)| match o {
                    TermRef::Literal(l) => Some(l.value()),
                    _ => None,
                })
                .collect();
            found.sort_unstable();
            found.first().map(|s| slugify(s)).unwrap_or_default()
        };
        // glossgraph's export says a slug its IRI does not (`"…"^^gx:Slug`).
        let stated = notation
            .and_then(|_| triples.subject_iri(iri))
            .iter()
            .flat_map(|s| s.ids())
            .filter(|&&[p, _]| Some(p) == notation)
            .filter_map(|&[_, o]| match triples.term(o) {
                TermRef::Literal(l) if is_gx(l.datatype().as_str(), "Slug") => Some(l.value()),
                _ => None,
            })
            .min();
        let mut slug = slugify(stated.unwrap_or(&percent_decoded(local_name(iri))));
        for p in [skos::NOTATION, skos::PREF_LABEL, rdfs::LABEL] {
            if slug.is_empty() {
                slug = first(p.as_str());
            }
        }
        if slug.is_empty() {
            slug = "concept".to_owned();
        }
        let is_taken = |slug: &str, out: &[String]| {
            taken
                .find(hasher.hash_one(slug), |&at| out[at] == slug)
                .is_some()
        };
        let mut unique = slug.clone();
        if is_taken(&slug, &out) {
            // The next suffix to try for each slug: 20,000 concepts of one name take linear
            // time, not one probe per concept before them.
            let n = next.entry(slug.clone()).or_insert(2);
            while is_taken(&unique, &out) {
                unique = format!("{slug}-{n}");
                *n += 1;
            }
        }
        taken.insert_unique(hasher.hash_one(&unique), out.len(), |&at| {
            hasher.hash_one(&out[at])
        });
        out.push(unique);
    }
    out
}

/// A base IRI for the glossary's own IRIs — the scheme's (when the file names none), the
/// vocabulary's `{base}ns`, the statuses' `{base}status/…` — that no concept's IRI takes:
/// `preferred`, else `{preferred}glossgraph/`, `{preferred}glossgraph-2/`… A concept at the
/// namespace itself (an empty local name, `http://x.example/v/`) would otherwise be written
/// as the scheme too, and one named `ns` as the vocabulary.
fn free_base(preferred: &str, concepts: &[impl AsRef<str>]) -> String {
    let taken = |base: &str| {
        concepts.iter().any(|iri| {
            iri.as_ref().strip_prefix(base).is_some_and(|rest| {
                rest.is_empty()
                    || rest == "ns"
                    || rest.starts_with("ns#")
                    || rest.starts_with("ns/")
                    || rest.starts_with("status/")
            })
        })
    };
    let mut base = preferred.to_owned();
    let mut n = 1;
    while taken(&base) {
        base = if n == 1 {
            format!("{preferred}glossgraph/")
        } else {
            format!("{preferred}glossgraph-{n}/")
        };
        n += 1;
    }
    base
}

/// The namespace most concepts' IRIs share as `{namespace}{slug}`, if at least half do
/// (`slugs` in the order of `concepts`).
fn namespace(concepts: &[&str], slugs: &[String]) -> Option<String> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for (iri, slug) in concepts.iter().zip(slugs) {
        if let Some(ns) = iri.strip_suffix(slug.as_str()) {
            *counts.entry(ns).or_default() += 1;
        }
    }
    let (ns, n) = counts
        .into_iter()
        .max_by_key(|&(ns, n)| (n, std::cmp::Reverse(ns)))?;
    (2 * n >= concepts.len() && !ns.is_empty()).then(|| ns.to_owned())
}

/// The text of a literal without the characters a card refuses (XML 1.0's forbidden ones and
/// other control characters but tab, line feed and carriage return).
fn clean(text: &str) -> (Cow<'_, str>, bool) {
    let bad = |c: char| {
        (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{FFFE}' || c == '\u{FFFF}'
    };
    if text.chars().any(bad) {
        (
            Cow::Owned(text.chars().filter(|&c| !bad(c)).collect()),
            true,
        )
    } else {
        (Cow::Borrowed(text), false)
    }
}

/// The IRI subjects typed with one of `classes` (IRIs of the document), sorted.
fn typed(triples: &Triples, classes: &HashSet<Id>) -> Vec<Id> {
    let Some(rdf_type) = triples.iri(rdf::TYPE.as_str()) else {
        return Vec::new();
    };
    triples
        .iri_subjects()
        .filter(|subject| {
            subject
                .ids()
                .iter()
                .any(|&[p, o]| p == rdf_type && classes.contains(&o))
        })
        .map(|subject| subject.id())
        .collect()
}

/// The concepts: resources typed `skos:Concept` or a subclass of it the file declares.
///
/// The subclasses are found from `skos:Concept` down, each `rdfs:subClassOf` followed
/// once: linear in the triples however deep a file nests its classes.
fn concepts(triples: &Triples) -> Vec<Id> {
    let Some(concept) = triples.iri(skos::CONCEPT.as_str()) else {
        return Vec::new();
    };
    let mut subclasses: HashMap<Id, Vec<Id>> = HashMap::new();
    if let Some(sub_class_of) = triples.iri(rdfs::SUB_CLASS_OF.as_str()) {
        for subject in triples.iri_subjects() {
            for &[p, o] in subject.ids() {
                if p == sub_class_of && triples.is_iri(o) {
                    subclasses.entry(o).or_default().push(subject.id());
                }
            }
        }
    }
    let mut classes = HashSet::from([concept]);
    let mut next = vec![concept];
    while let Some(class) = next.pop() {
        for &sub in subclasses.get(&class).map_or(&[][..], Vec::as_slice) {
            if classes.insert(sub) {
                next.push(sub);
            }
        }
    }
    typed(triples, &classes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_from_local_names_are_safe_and_unique() {
        assert_eq!(slugify("Foo_Bar 12"), "foo-bar-12");
        assert_eq!(slugify("../../etc/passwd"), "etc-passwd");
        assert_eq!(
            percent_decoded("..%2F..%2fetc%2Fpasswd"),
            "../../etc/passwd"
        );
        assert_eq!(percent_decoded("%2e%2e%2f%C3%A9t%C3%A9"), "../été");
        assert_eq!(percent_decoded("100%"), "100%");
        assert_eq!(percent_decoded("%zz%4"), "%zz%4");
        assert_eq!(percent_decoded("%FF"), "\u{FFFD}");
        assert_eq!(slugify("été"), "t");
        assert_eq!(slugify("日本"), "");
        assert_eq!(local_name("http://x.example/a/b#c"), "c");
        assert_eq!(thousands(31077), "31,077");
    }

    #[test]
    fn the_glossarys_own_iris_go_where_no_concept_is() {
        let concepts = |iris: &[&str]| iris.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let ns = "http://x.example/v/";
        assert_eq!(free_base(ns, &concepts(&["http://x.example/v/a"])), ns);
        // A concept at the namespace, one named `ns`, one under `status/`.
        for taken in [
            "http://x.example/v/",
            "http://x.example/v/ns",
            "http://x.example/v/status/x",
        ] {
            assert_eq!(
                free_base(ns, &concepts(&["http://x.example/v/a", taken])),
                "http://x.example/v/glossgraph/"
            );
        }
        assert_eq!(
            free_base(
                ns,
                &concepts(&["http://x.example/v/", "http://x.example/v/glossgraph/"])
            ),
            "http://x.example/v/glossgraph-2/"
        );
        // `nsa` and `statuses` are not the vocabulary's nor a status's.
        assert_eq!(
            free_base(
                ns,
                &concepts(&["http://x.example/v/nsa", "http://x.example/v/statuses"])
            ),
            ns
        );
    }

    #[test]
    fn slugs_of_one_name_are_numbered_in_iri_order() {
        let concepts: Vec<String> = [
            "http://x.example/1/a",
            "http://x.example/2/a",
            "http://x.example/3/a",
            "http://x.example/a-2",
            "http://x.example/..%2F",
            "http://x.example/.",
        ]
        .map(str::to_owned)
        .to_vec();
        let slugs = slugs(&Triples::new(), &concepts);
        let got: Vec<&str> = concepts.iter().map(|c| slugs[c].as_str()).collect();
        assert_eq!(got, ["a", "a-2", "a-3", "a-2-2", "concept", "concept-2"]);
        assert_eq!(thousands(12), "12");
    }
}
