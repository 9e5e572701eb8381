//! The label index of one glossary, built once when `serve` loads it (and again on each
//! reload under `--watch`), so that a query costs a few hash look-ups rather than a pass over
//! every card.
//!
//! Every label of a concept is indexed: its preferred label, alternative and hidden labels in
//! every language of the card, its notations, and its id (the slug) and IRI. Two tables point
//! into the labels: by *key* (the normalised label with its words run together, see
//! [`super::text`]), for exact matches; by *word*, for the fuzzy ones. A query first looks its
//! key up; then each of its words is looked up, and a word the glossary does not have is
//! compared with the glossary's words of about its length by a bounded edit distance (a typo,
//! "ethernte"), so a batch of well-spelt queries never scans the vocabulary.
//!
//! Scores, per label of a concept, the best of them for the concept:
//!
//! | the query is | preferred | alternative, notation | hidden |
//! |---|---|---|---|
//! | the label, character for character (or the id, the IRI) | 100 | 95 | 92 |
//! | the label once normalised | 98 | 93 | 90 |
//! | near it (shared words, typos) | up to 85 | up to 82 | up to 80 |
//!
//! The near score is 85 × the Dice coefficient of the two labels' words, a word counting
//! `1 − distance / length` when it is a typo of the other (words of four letters or more, one
//! edit in four, two at most), scaled down for the label's kind as above; below a coefficient
//! of 0.5 a label is no candidate.

use std::collections::{BTreeMap, HashMap};

use glossgraph_core::card::markdown;
use glossgraph_core::suggest::Distance;

use super::text::{key, normalize};
use crate::config::{Config, MetaValue};
use crate::rdf::write::push_concept_iri;
use crate::{Card, Glossary};

/// What a label is of its concept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Preferred,
    /// The id (slug) or the IRI.
    Id,
    Alternative,
    Notation,
    Hidden,
}

impl Kind {
    /// The scores of an exact and of a normalised match, and the factor of a near one.
    fn scores(self) -> (f64, f64, f64) {
        match self {
            Kind::Id | Kind::Preferred => (100.0, 98.0, 1.0),
            Kind::Alternative | Kind::Notation => (95.0, 93.0, 0.965),
            Kind::Hidden => (92.0, 90.0, 0.94),
        }
    }

    /// The feature id of a match on this kind of label.
    pub fn feature(self) -> &'static str {
        match self {
            Kind::Id => "id",
            Kind::Preferred => "prefLabel",
            Kind::Alternative => "altLabel",
            Kind::Notation => "notation",
            Kind::Hidden => "hiddenLabel",
        }
    }
}

/// Highest score of a near match: below every exact one.
pub const NEAR: f64 = 85.0;

/// A concept another one links to: in the glossary, or outside it by IRI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Link {
    Concept(u32),
    Outside(String),
}

/// What the service says of a concept.
#[derive(Debug)]
pub struct Concept {
    /// The entity id: the slug.
    pub slug: String,
    pub iri: String,
    /// The preferred label in the main language.
    pub name: String,
    /// The definition as plain text.
    pub definition: String,
    pub status: Option<String>,
    /// The concept schemes it is in, as indices of [`Index::schemes`].
    pub schemes: Vec<u32>,
    pub broader: Vec<Link>,
    pub narrower: Vec<Link>,
    pub related: Vec<Link>,
    pub notations: Vec<String>,
    /// Preferred and alternative labels by language tag (the main language's included).
    pub labels: BTreeMap<String, (Option<String>, Vec<String>)>,
}

/// A concept scheme: a type of the service.
#[derive(Debug)]
pub struct Scheme {
    pub iri: String,
    pub name: String,
}

struct Label {
    concept: u32,
    kind: Kind,
    /// As written, for the exact match.
    text: Box<str>,
    /// Its words, as ids of [`Index::words`].
    words: Box<[u32]>,
}

/// The index of one glossary.
pub struct Index {
    pub concepts: Vec<Concept>,
    pub schemes: Vec<Scheme>,
    /// The main language.
    pub language: String,
    by_slug: HashMap<String, u32>,
    by_iri: HashMap<String, u32>,
    labels: Vec<Label>,
    by_key: HashMap<String, Vec<u32>>,
    /// Each distinct word of the labels, as characters; its id is its place.
    words: Vec<Box<[char]>>,
    word_ids: HashMap<String, u32>,
    /// The labels each word is in.
    postings: Vec<Vec<u32>>,
    /// Word ids by length in characters and first letter, and by length and last letter:
    /// a typo seldom changes both ends of a word, so a word's near spellings are looked for
    /// among the words of about its length that share one end with it.
    by_shape: HashMap<(usize, End, char), Vec<u32>>,
    /// The keys in order, each with its labels: for prefix search.
    sorted: Vec<(String, Vec<u32>)>,
}

/// A candidate found for a query's text: the concept, its score, and the kind of label that
/// gave it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Found {
    pub concept: u32,
    pub score: f64,
    pub kind: Kind,
}

/// Most keys a prefix search looks at.
const SCANNED: usize = 5_000;

/// Most words of the glossary one word of a query is compared with for typos: what bounds
/// a batch of words the glossary lacks (a thousand queries of sixteen such words compare at
/// most 160 million pairs, each given up at the first row past the limit).
const MOST_COMPARED: usize = 10_000;

/// Which end of a word a table of [`Index`] sorts it by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum End {
    First,
    Last,
}

/// Most words of a query compared; the rest are ignored.
const MOST_WORDS: usize = 16;

/// How many labels the words of a query, rarest first, bring as near candidates: the words
/// past it (common ones, "protocol" in a networking glossary) bring none of their own, but
/// still count in the scores of the labels the others brought.
const ENOUGH: usize = 500;

impl Index {
    pub fn new(glossary: &Glossary, config: &Config) -> Self {
        let mut index = Self {
            concepts: Vec::with_capacity(glossary.cards().len()),
            schemes: vec![Scheme {
                iri: config.scheme.clone().unwrap_or_else(|| config.base.clone()),
                name: config.title.clone(),
            }],
            language: config.language.clone(),
            by_slug: HashMap::new(),
            by_iri: HashMap::new(),
            labels: Vec::new(),
            by_key: HashMap::new(),
            words: Vec::new(),
            word_ids: HashMap::new(),
            postings: Vec::new(),
            by_shape: HashMap::new(),
            sorted: Vec::new(),
        };
        for (iri, statements) in &config.schemes {
            index.scheme(iri, scheme_name(statements));
        }
        for (i, card) in glossary.cards().iter().enumerate() {
            let mut iri = String::new();
            push_concept_iri(&mut iri, card, config);
            index.by_slug.insert(card.slug().to_owned(), i as u32);
            index.by_iri.insert(iri.clone(), i as u32);
            let skos = card.skos();
            let schemes = match &skos.in_scheme {
                None => vec![0],
                Some(list) => list.iter().map(|s| index.scheme(s, s.clone())).collect(),
            };
            let mut labels = BTreeMap::new();
            labels.insert(
                config.language.clone(),
                (Some(card.term().to_owned()), card.aliases().to_vec()),
            );
            for (tag, language) in &skos.languages {
                let entry = labels.entry(tag.clone()).or_insert((None, Vec::new()));
                if language.term.is_some() {
                    entry.0.clone_from(&language.term);
                }
                entry.1.extend(language.aliases.iter().cloned());
            }
            index.concepts.push(Concept {
                slug: card.slug().to_owned(),
                iri,
                name: card.term().to_owned(),
                definition: markdown::plain(card.definition()).trim().to_owned(),
                status: card.status().map(str::to_owned),
                schemes,
                broader: Vec::new(),
                narrower: Vec::new(),
                related: Vec::new(),
                notations: skos.notations.iter().map(|n| n.value.clone()).collect(),
                labels,
            });
        }
        for (i, card) in glossary.cards().iter().enumerate() {
            index.labels_of(i as u32, card);
            index.links_of(i as u32, card);
        }
        index.dedup_links();
        index.sorted = index
            .by_key
            .iter()
            .map(|(k, labels)| (k.clone(), labels.clone()))
            .collect();
        index.sorted.sort_unstable();
        index
    }

    /// Every label of a card: its id, its labels in every language, its notations. (Its IRI
    /// is found whole, by [`Index::concept`]: its words, `https`, `term`, would be every
    /// concept's.)
    fn labels_of(&mut self, concept: u32, card: &Card) {
        let skos = card.skos();
        let main = [(Kind::Id, card.slug()), (Kind::Preferred, card.term())];
        let aliases = card.aliases().iter().map(|a| (Kind::Alternative, a));
        let hidden = skos
            .hidden_aliases
            .iter()
            .map(|h| (Kind::Hidden, h.as_str()));
        let notations = skos
            .notations
            .iter()
            .map(|n| (Kind::Notation, n.value.as_str()));
        let languages = skos.languages.values().flat_map(|l| {
            let term = l.term.iter().map(|t| (Kind::Preferred, t.as_str()));
            let aliases = l.aliases.iter().map(|a| (Kind::Alternative, a.as_str()));
            let hidden = l.hidden_aliases.iter().map(|h| (Kind::Hidden, h.as_str()));
            term.chain(aliases).chain(hidden)
        });
        for (kind, text) in main
            .into_iter()
            .chain(aliases)
            .chain(hidden)
            .chain(notations)
            .chain(languages)
        {
            self.label(concept, kind, text);
        }
    }

    /// The links of a card, and their mirrors: a card may state one end of a pair alone.
    fn links_of(&mut self, concept: u32, card: &Card) {
        let skos = card.skos();
        for target in &skos.broader {
            self.link_both(concept, target, |c| &mut c.broader, |c| &mut c.narrower);
        }
        for target in &skos.narrower {
            self.link_both(concept, target, |c| &mut c.narrower, |c| &mut c.broader);
        }
        for target in card.related().iter() {
            self.link_both(concept, target, |c| &mut c.related, |c| &mut c.related);
        }
    }

    /// Links `concept` to `target` by `forth`, and back by `back` when the target is in the
    /// glossary.
    fn link_both(
        &mut self,
        concept: u32,
        target: &str,
        forth: fn(&mut Concept) -> &mut Vec<Link>,
        back: fn(&mut Concept) -> &mut Vec<Link>,
    ) {
        let link = self.link(target);
        forth(&mut self.concepts[concept as usize]).push(link.clone());
        if let Link::Concept(other) = link {
            back(&mut self.concepts[other as usize]).push(Link::Concept(concept));
        }
    }

    fn dedup_links(&mut self) {
        for concept in &mut self.concepts {
            for links in [
                &mut concept.broader,
                &mut concept.narrower,
                &mut concept.related,
            ] {
                let mut seen = Vec::with_capacity(links.len());
                links.retain(|l| {
                    let new = !seen.contains(l);
                    seen.push(l.clone());
                    new
                });
            }
        }
    }

    /// The concept of id `id`: its slug, or its IRI.
    pub fn concept(&self, id: &str) -> Option<u32> {
        self.by_slug
            .get(id)
            .or_else(|| self.by_iri.get(id))
            .copied()
    }

    /// The scheme of IRI `iri`, added with `name` if it is not known yet.
    fn scheme(&mut self, iri: &str, name: String) -> u32 {
        if let Some(at) = self.schemes.iter().position(|s| s.iri == iri) {
            return at as u32;
        }
        let name = if name.is_empty() {
            iri.to_owned()
        } else {
            name
        };
        self.schemes.push(Scheme {
            iri: iri.to_owned(),
            name,
        });
        (self.schemes.len() - 1) as u32
    }

    fn link(&self, target: &str) -> Link {
        self.concept(target)
            .map_or_else(|| Link::Outside(target.to_owned()), Link::Concept)
    }

    fn label(&mut self, concept: u32, kind: Kind, text: &str) {
        let normalized = normalize(text);
        if normalized.is_empty() {
            return;
        }
        let at = self.labels.len() as u32;
        let words: Box<[u32]> = normalized
            .split(' ')
            .map(|word| self.word(word, at))
            .collect();
        self.labels.push(Label {
            concept,
            kind,
            text: text.trim().into(),
            words,
        });
        self.by_key.entry(key(&normalized)).or_default().push(at);
    }

    fn word(&mut self, word: &str, label: u32) -> u32 {
        let id = match self.word_ids.get(word) {
            Some(id) => *id,
            None => {
                let id = self.words.len() as u32;
                let chars: Box<[char]> = word.chars().collect();
                let (first, last) = (chars[0], chars[chars.len() - 1]);
                let shapes = &mut self.by_shape;
                shapes
                    .entry((chars.len(), End::First, first))
                    .or_default()
                    .push(id);
                shapes
                    .entry((chars.len(), End::Last, last))
                    .or_default()
                    .push(id);
                self.words.push(chars);
                self.word_ids.insert(word.to_owned(), id);
                self.postings.push(Vec::new());
                id
            }
        };
        let postings = &mut self.postings[id as usize];
        if postings.last() != Some(&label) {
            postings.push(label);
        }
        id
    }

    /// The concepts whose labels match `query`, each once with its best score, best first
    /// (ties by slug).
    pub fn search(&self, query: &str, distance: &mut Distance) -> Vec<Found> {
        let normalized = normalize(query);
        let mut best: HashMap<u32, Found> = HashMap::new();
        let mut offer = |found: Found| {
            let entry = best.entry(found.concept).or_insert(found);
            if found.score > entry.score || found.score == entry.score && found.kind < entry.kind {
                *entry = found;
            }
        };
        if normalized.is_empty() {
            return Vec::new();
        }
        let query = query.trim();
        if let Some(&concept) = self.by_iri.get(query) {
            offer(Found {
                concept,
                score: 100.0,
                kind: Kind::Id,
            });
        }
        for &at in self.by_key.get(&key(&normalized)).into_iter().flatten() {
            let label = &self.labels[at as usize];
            let (exact, normal, _) = label.kind.scores();
            let same = &*label.text == query;
            offer(Found {
                concept: label.concept,
                score: if same { exact } else { normal },
                kind: label.kind,
            });
        }
        // The near matches: each query word with the glossary's words like it.
        let words: Vec<Vec<char>> = normalized
            .split(' ')
            .take(MOST_WORDS)
            .map(|w| w.chars().collect())
            .collect();
        let like: Vec<Vec<(u32, f64)>> =
            words.iter().map(|w| self.words_like(w, distance)).collect();
        // The labels of the rarest words first, until there are enough: a label near the
        // query shares words with it, and the rare ones (a code, a name) tell it apart.
        let mut rarest: Vec<&Vec<u32>> = like
            .iter()
            .flatten()
            .map(|(w, _)| &self.postings[*w as usize])
            .collect();
        rarest.sort_by_key(|p| p.len());
        let mut candidates: Vec<u32> = Vec::new();
        for postings in rarest {
            if !candidates.is_empty() && candidates.len() + postings.len() > ENOUGH {
                break;
            }
            candidates.extend(postings);
        }
        candidates.sort_unstable();
        candidates.dedup();
        for at in candidates {
            let label = &self.labels[at as usize];
            let matched: f64 = like
                .iter()
                .map(|l| {
                    l.iter()
                        .filter(|(w, _)| label.words.contains(w))
                        .map(|(_, s)| *s)
                        .fold(0.0, f64::max)
                })
                .sum();
            let dice = 2.0 * matched / (words.len() + label.words.len()) as f64;
            if dice >= 0.5 {
                offer(Found {
                    concept: label.concept,
                    score: (NEAR * dice * label.kind.scores().2 * 10.0).round() / 10.0,
                    kind: label.kind,
                });
            }
        }
        let mut found: Vec<Found> = best.into_values().collect();
        found.sort_by(|a, b| {
            b.score.total_cmp(&a.score).then_with(|| {
                self.concepts[a.concept as usize]
                    .slug
                    .cmp(&self.concepts[b.concept as usize].slug)
            })
        });
        found
    }

    /// The glossary's words like `word`, each with how alike (1 the same word): itself if the
    /// glossary has it, else its near spellings.
    fn words_like(&self, word: &[char], distance: &mut Distance) -> Vec<(u32, f64)> {
        let text: String = word.iter().collect();
        if let Some(id) = self.word_ids.get(&text) {
            return vec![(*id, 1.0)];
        }
        if word.len() < 4 {
            return Vec::new();
        }
        let limit = (word.len() / 4).clamp(1, 2);
        let (first, last) = (word[0], word[word.len() - 1]);
        let mut like = Vec::new();
        let mut compared = 0;
        for length in word.len() - limit..=word.len() + limit {
            for (end, letter) in [(End::First, first), (End::Last, last)] {
                for &id in self
                    .by_shape
                    .get(&(length, end, letter))
                    .into_iter()
                    .flatten()
                {
                    let other = &self.words[id as usize];
                    // Found by its first letter already.
                    if end == End::Last && other[0] == first {
                        continue;
                    }
                    compared += 1;
                    if compared > MOST_COMPARED {
                        return like;
                    }
                    if let Some(d) = distance.within(word, other, limit) {
                        like.push((id, 1.0 - d as f64 / word.len().max(other.len()) as f64));
                    }
                }
            }
        }
        like
    }

    /// Concepts with a label whose key starts with `prefix`, at most `most`: those whose
    /// key is the prefix first, then by the kind of label and its length.
    pub fn prefixed(&self, prefix: &str, most: usize) -> Vec<u32> {
        if prefix.is_empty() {
            return Vec::new();
        }
        let start = self.sorted.partition_point(|(k, _)| k.as_str() < prefix);
        let mut hits: Vec<(bool, Kind, usize, &str, u32)> = self.sorted[start..]
            .iter()
            .take_while(|(k, _)| k.starts_with(prefix))
            .take(SCANNED)
            .flat_map(|(k, labels)| {
                labels.iter().map(move |at| {
                    let label = &self.labels[*at as usize];
                    let slug = self.concepts[label.concept as usize].slug.as_str();
                    (k != prefix, label.kind, k.len(), slug, label.concept)
                })
            })
            .collect();
        hits.sort_unstable();
        let mut out: Vec<u32> = Vec::new();
        for hit in hits {
            if out.len() == most {
                break;
            }
            if !out.contains(&hit.4) {
                out.push(hit.4);
            }
        }
        out
    }

    /// Every concept in id order, for queries by properties alone.
    pub fn all(&self) -> impl Iterator<Item = u32> {
        0..self.concepts.len() as u32
    }
}

/// A concept scheme's name from its statements: its title or label, else nothing.
fn scheme_name(statements: &crate::config::Statements) -> String {
    ["dcterms:title", "skos:prefLabel", "rdfs:label"]
        .iter()
        .filter_map(|p| statements.get(*p))
        .flatten()
        .find_map(|v| match v {
            MetaValue::Literal { text, .. } => Some(text.clone()),
            MetaValue::Iri(_) => None,
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Draft;

    fn glossary(cards: &[(&str, &str, &[&str])]) -> Glossary {
        Glossary::new(
            cards
                .iter()
                .map(|(slug, term, aliases)| {
                    crate::Card::from(Draft {
                        slug: (*slug).to_owned(),
                        term: (*term).to_owned(),
                        aliases: aliases.iter().map(|a| (*a).to_owned()).collect(),
                        ..Draft::default()
                    })
                })
                .collect(),
        )
    }

    fn top(index: &Index, query: &str) -> Option<(String, f64, Kind)> {
        let found = index.search(query, &mut Distance::default());
        found.first().map(|f| {
            let slug = index.concepts[f.concept as usize].slug.clone();
            (slug, f.score, f.kind)
        })
    }

    #[test]
    fn exact_normalised_and_near_labels_score_in_that_order() {
        let g = glossary(&[
            ("ethernet", "Ethernet", &["IEEE 802.3"]),
            ("wi-fi", "Wi-Fi", &[]),
            ("pause-frame", "Ethernet pause frame", &[]),
        ]);
        let index = Index::new(&g, &Config::default());
        let at = |q: &str| top(&index, q).unwrap();
        assert_eq!(at("Ethernet"), ("ethernet".into(), 100.0, Kind::Preferred));
        assert_eq!(at("ETHERNET"), ("ethernet".into(), 98.0, Kind::Preferred));
        assert_eq!(
            at("ieee 802 3"),
            ("ethernet".into(), 93.0, Kind::Alternative)
        );
        assert_eq!(at("wifi").0, "wi-fi");
        assert_eq!(at("pause-frame"), ("pause-frame".into(), 100.0, Kind::Id));
        // A typo of a word is near: below every exact score.
        let (slug, score, _) = at("ethernet pause frmae");
        assert_eq!(slug, "pause-frame");
        assert!(score < NEAR && score > 50.0, "{score}");
        assert_eq!(top(&index, "token ring"), None);
        // The IRI finds its concept whole; its words are no one's labels.
        let iri = index.concepts[0].iri.clone();
        assert_eq!(at(&iri), ("ethernet".into(), 100.0, Kind::Id));
        assert_eq!(top(&index, "term"), None);
        assert_eq!(top(&index, "  --  "), None);
    }

    #[test]
    fn links_are_mirrored_and_found_by_id_or_iri() {
        let mut child = Draft {
            slug: "child".into(),
            term: "Child".into(),
            ..Draft::default()
        };
        child.skos.broader = vec!["parent".into(), "http://elsewhere.example/x".into()];
        let parent = Draft {
            slug: "parent".into(),
            term: "Parent".into(),
            ..Draft::default()
        };
        let g = Glossary::new(vec![crate::Card::from(child), crate::Card::from(parent)]);
        let index = Index::new(&g, &Config::default());
        let parent = index.concept("parent").unwrap();
        let child = index.concept(&index.concepts[0].iri).unwrap();
        assert_eq!(index.concepts[child as usize].slug, "child");
        assert_eq!(
            index.concepts[parent as usize].narrower,
            vec![Link::Concept(child)]
        );
        assert_eq!(
            index.concepts[child as usize].broader,
            vec![
                Link::Concept(parent),
                Link::Outside("http://elsewhere.example/x".into())
            ]
        );
    }
}
