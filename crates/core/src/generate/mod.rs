//! A deterministic generator of realistic glossaries, for tests and benchmarks.
//!
//! The same [`Params`] always give the same cards, byte for byte: the pseudo-random numbers
//! come from a SplitMix64 generator written here (not from a crate, whose algorithm could
//! change with an upgrade), and every card draws from its own stream, seeded by the run's
//! seed and the card's index, so a card can be made on its own, at any time, in any order.
//!
//! The work is split in two so that a million-term corpus streams out in constant memory
//! per card:
//!
//! 1. [`Generator::new`] plans the links first, as compact integer arrays: `related` pairs
//!    by preferential attachment (every new term links to one or more earlier terms, chosen
//!    mostly in proportion to their degree, which gives a heavy-tailed degree distribution
//!    and a connected graph), each pair mutual or, at the `one_way` rate, stated by one card
//!    only; and `supersedes` chains of 2 to 4 consecutive terms.
//! 2. [`Generator::card`] then writes card `i` from the plan and its own stream; the slugs of
//!    its neighbours are recomputed from their indices (a name costs a few draws).
//!
//! Every label ends with the term's code, a five-character base-36 token unique to the card,
//! so labels never overlap across terms, however the words fall. Texts carry, at the
//! `awkward` rate, fragments that writers must escape in XML, DOT and Turtle, and non-ASCII
//! text; never a character that XML 1.0 forbids.
//!
//! One concern (the plan and the writing of cards; its word tables are in `words.rs`, its
//! random numbers in `crate::rng`): about 730 lines of code, the rest tests.

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

mod output;
pub use output::{
    write_card_array, write_card_lines, write_json_array, write_json_lines, CardJson, Output,
};
mod words;

use crate::card::{Citation, Draft, PartialDate};
use crate::rng::{mix, Rng, GOLDEN};
use words::*;

/// How big and how shaped a generated glossary is.
#[derive(Debug, Clone, PartialEq)]
pub struct Params {
    /// Number of term cards.
    pub terms: u32,
    /// Seed of the pseudo-random numbers.
    pub seed: u64,
    /// Mean number of distinct terms each term is `related` to (both directions counted).
    pub degree: f64,
    /// Share of `related` pairs listed by one of the two cards only (a warning each).
    pub one_way: f64,
    /// Share of terms in a `supersedes` chain.
    pub supersede: f64,
    /// Probability that a text carries a fragment that needs escaping or is not ASCII.
    pub awkward: f64,
    /// Share of `related` links a term makes inside its planted topic (0: no topics, links
    /// fall anywhere, the generator of earlier releases byte for byte).
    pub topic_strength: f64,
    /// Mean number of terms of a planted topic (topics hold half to one and a half times it).
    pub topic_size: u32,
    /// Probability of each of three untidy habits on a card, drawn apart: an alias that is
    /// another term's label (`overlapping-labels`), a citation no marker cites
    /// (`unused-citation`), and a deprecated status without a replacement (`no-replacement`).
    /// Warnings, never errors: what a glossary written by many hands looks like. 0 draws
    /// nothing, so the glossary is the tidy one byte for byte.
    pub untidy: f64,
}

impl Params {
    pub const DEFAULT_SEED: u64 = 1;
    pub const DEFAULT_DEGREE: f64 = 4.0;
    pub const DEFAULT_ONE_WAY: f64 = 0.05;
    pub const DEFAULT_SUPERSEDE: f64 = 0.05;
    pub const DEFAULT_AWKWARD: f64 = 0.2;
    pub const DEFAULT_TOPIC_STRENGTH: f64 = 0.0;
    pub const DEFAULT_TOPIC_SIZE: u32 = 40;
    pub const DEFAULT_UNTIDY: f64 = 0.0;
    /// The most terms a glossary can have: the number of distinct five-character codes.
    pub const MAX_TERMS: u32 = CODE_SPACE as u32;

    /// `terms` cards with every other parameter at its default.
    pub fn new(terms: u32) -> Self {
        Self {
            terms,
            seed: Self::DEFAULT_SEED,
            degree: Self::DEFAULT_DEGREE,
            one_way: Self::DEFAULT_ONE_WAY,
            supersede: Self::DEFAULT_SUPERSEDE,
            awkward: Self::DEFAULT_AWKWARD,
            topic_strength: Self::DEFAULT_TOPIC_STRENGTH,
            topic_size: Self::DEFAULT_TOPIC_SIZE,
            untidy: Self::DEFAULT_UNTIDY,
        }
    }

    fn validate(&self) -> Result<(), GenerateError> {
        let bad = |name: &'static str, range: &'static str, value: String| {
            Err(GenerateError::Parameter { name, range, value })
        };
        if !(1..=Self::MAX_TERMS).contains(&self.terms) {
            return bad("terms", "between 1 and 60466176", self.terms.to_string());
        }
        if !(2.0..=64.0).contains(&self.degree) {
            return bad("degree", "between 2 and 64", self.degree.to_string());
        }
        if !(2..=100_000).contains(&self.topic_size) {
            return bad(
                "topic-size",
                "between 2 and 100000",
                self.topic_size.to_string(),
            );
        }
        for (name, value) in [
            ("one-way", self.one_way),
            ("supersede", self.supersede),
            ("awkward", self.awkward),
            ("topic-strength", self.topic_strength),
            ("untidy", self.untidy),
        ] {
            if !(0.0..=1.0).contains(&value) {
                return bad(name, "between 0 and 1", value.to_string());
            }
        }
        Ok(())
    }
}

/// A generation that cannot be done.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    #[error("--{name} must be {range}, not {value}")]
    Parameter {
        name: &'static str,
        range: &'static str,
        value: String,
    },
    #[error("`{}` is not an empty folder; cards are only written into a new or empty one", .0.display())]
    NotEmpty(PathBuf),
    #[error("cannot write `{}`: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
}

/// Marks "no term" in the index arrays of the plan.
const NONE: u32 = u32::MAX;

/// A planned glossary: who links to whom. Card texts are made on demand.
#[derive(Debug, Clone)]
pub struct Generator {
    params: Params,
    /// The `related` list of card `i` is `related[offsets[i]..offsets[i + 1]]`.
    offsets: Vec<usize>,
    related: Vec<u32>,
    /// The term that replaces term `i` (`supersededBy`), or [`NONE`].
    newer: Vec<u32>,
    /// The term that term `i` replaces (`supersedes`), or [`NONE`].
    older: Vec<u32>,
    /// The planted topic of term `i` (empty without planted topics).
    topic: Vec<u32>,
}

impl Generator {
    /// Plans the links of a glossary.
    ///
    /// # Errors
    /// A parameter out of its range.
    ///
    /// # Complexity
    /// O(n) time; about 40 bytes per term of memory at the default degree.
    pub fn new(params: Params) -> Result<Self, GenerateError> {
        params.validate()?;
        let n = params.terms;
        let mut rng = stream(params.seed, Stream::Plan, 0);
        // Every new term states `1 + extra` links; with `extra` geometric, the mean is
        // degree / 2 links per term, that is `degree` link ends per term.
        let extra = params.degree / 2.0 - 1.0;
        let more = extra / (1.0 + extra);
        // (new term, earlier term, who lists it: 0 both, 1 the new one, 2 the earlier one)
        let mut pairs: Vec<(u32, u32, u8)> = Vec::with_capacity(n as usize * 2);
        // Every link end once: a uniform pick from it is a pick in proportion to degree.
        let mut ends: Vec<u32> = Vec::with_capacity(n as usize * 4);
        let mut chosen: Vec<u32> = Vec::new();
        // Planted topics: runs of consecutive terms (in generation order, which slug order
        // scatters), each term's links kept inside its run at the `topic_strength` rate, chosen
        // there too in proportion to degree. Without topics no number is drawn for them, so
        // the glossary is the one earlier releases made.
        let planted = params.topic_strength > 0.0;
        let topic = if planted {
            plant_topics(n, params.topic_size, params.seed)
        } else {
            Vec::new()
        };
        let topics = topic.last().map_or(0, |&t| t as usize + 1);
        let mut topic_ends: Vec<Vec<u32>> = vec![Vec::new(); topics];
        let mut topic_start: Vec<u32> = vec![u32::MAX; topics];
        for (i, &t) in topic.iter().enumerate() {
            topic_start[t as usize] = topic_start[t as usize].min(i as u32);
        }
        for i in 1..n {
            let mut want = 1;
            while rng.chance(more) && want < 1000 {
                want += 1;
            }
            let want = want.min(i as usize);
            chosen.clear();
            for _ in 0..want * 8 {
                if chosen.len() == want {
                    break;
                }
                let inside = planted && {
                    let own = topic[i as usize] as usize;
                    topic_start[own] < i && rng.chance(params.topic_strength)
                };
                let t = if inside {
                    let own = topic[i as usize] as usize;
                    let local = &topic_ends[own];
                    if local.is_empty() || rng.chance(0.25) {
                        topic_start[own] + rng.below(i - topic_start[own])
                    } else {
                        local[rng.below_usize(local.len())]
                    }
                } else if ends.is_empty() || rng.chance(0.25) {
                    rng.below(i)
                } else {
                    ends[rng.below_usize(ends.len())]
                };
                if !chosen.contains(&t) {
                    chosen.push(t);
                }
            }
            for &t in &chosen {
                let who = if rng.chance(params.one_way) {
                    1 + rng.below(2) as u8
                } else {
                    0
                };
                pairs.push((i, t, who));
                ends.push(i);
                ends.push(t);
                if planted {
                    for end in [i, t] {
                        topic_ends[topic[end as usize] as usize].push(end);
                    }
                }
            }
        }
        drop(ends);
        drop(topic_ends);
        let mut offsets = vec![0usize; n as usize + 1];
        let lists = |(a, b, who): (u32, u32, u8)| {
            [(who != 2).then_some((a, b)), (who != 1).then_some((b, a))]
        };
        for &pair in &pairs {
            for (from, _) in lists(pair).into_iter().flatten() {
                offsets[from as usize + 1] += 1;
            }
        }
        for i in 0..n as usize {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut related = vec![0u32; offsets[n as usize]];
        for &pair in &pairs {
            for (from, to) in lists(pair).into_iter().flatten() {
                related[fill[from as usize]] = to;
                fill[from as usize] += 1;
            }
        }
        drop(pairs);

        // Chains of 2–4 consecutive terms, the older first. Starting one at a term with
        // probability q makes the share of chained terms 3q / (1 + 2q) = `supersede`.
        let q = params.supersede / (3.0 - 2.0 * params.supersede);
        let mut newer = vec![NONE; n as usize];
        let mut older = vec![NONE; n as usize];
        let mut i = 0;
        while i < n {
            if !rng.chance(q) {
                i += 1;
                continue;
            }
            let len = 2 + rng.below(3);
            if i + len <= n {
                for k in i..i + len - 1 {
                    newer[k as usize] = k + 1;
                    older[k as usize + 1] = k;
                }
            }
            i += len;
        }
        Ok(Self {
            params,
            offsets,
            related,
            newer,
            older,
            topic,
        })
    }

    /// The planted topic of card `i`, when the glossary has planted topics: the truth a
    /// topic detection is scored against (`generate --topics-out`).
    pub fn planted_topic(&self, i: u32) -> Option<u32> {
        self.topic.get(i as usize).copied()
    }

    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Number of cards.
    pub fn len(&self) -> usize {
        self.params.terms as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The slug of card `index`.
    pub fn slug(&self, index: u32) -> String {
        Name::of(self.params.seed, index, true).slug
    }

    /// Card `index`, made from the plan and the card's own random stream.
    ///
    /// # Panics
    /// When `index` is not below [`Generator::len`].
    pub fn card(&self, index: u32) -> Draft {
        let i = index as usize;
        let name = Name::of(self.params.seed, index, self.params.awkward == 0.0);
        let mut w = Writer {
            rng: stream(self.params.seed, Stream::Card, index),
            awkward: self.params.awkward,
            name: &name,
        };
        let superseded = self.newer[i] != NONE;
        let citations = w.citations();
        let mut card = Draft {
            status: Some(w.status(superseded).to_owned()),
            advantages: w.statements(&ADVANTAGES),
            limitations: w.statements(&LIMITATIONS),
            supersedes: self.slugs(&[self.older[i]]),
            superseded_by: self.slugs(&[self.newer[i]]),
            slug: name.slug.clone(),
            term: name.term.clone(),
            aliases: w.aliases(),
            definition: w.definition(),
            note: w.note(&citations),
            related: self.slugs(&self.related[self.offsets[i]..self.offsets[i + 1]]),
            citations,
            provenance: w.provenance(),
            ..Draft::default()
        };
        (card.first_seen, card.last_seen) = w.seen(superseded);
        card.updated = Some(date(&mut w.rng, 2019, 2026));
        if self.params.untidy > 0.0 {
            self.untidy(index, superseded, &mut card);
        }
        card
    }

    /// Adds the untidy habits of [`Params::untidy`] to card `index`, from a stream of their
    /// own (so every other field is the tidy glossary's).
    fn untidy(&self, index: u32, superseded: bool, card: &mut Draft) {
        let mut rng = stream(self.params.seed, Stream::Untidy, index);
        let p = self.params.untidy;
        if rng.chance(p) && self.len() > 1 {
            // The next term's label (the last term borrows the first's).
            let other = (index + 1) % self.params.terms;
            let plain = self.params.awkward == 0.0;
            card.aliases
                .push(Name::of(self.params.seed, other, plain).term);
        }
        if rng.chance(p) {
            // Ids of the generator's citations are words; this one can never clash.
            let first = card.citations[0].clone();
            card.citations.push(Citation {
                id: "uncited-1".to_owned(),
                ..first
            });
        }
        if rng.chance(p) && !superseded && card.supersedes.is_empty() {
            card.status = Some("deprecated".to_owned());
        }
    }

    fn slugs(&self, indices: &[u32]) -> Vec<String> {
        indices
            .iter()
            .filter(|&&j| j != NONE)
            .map(|&j| self.slug(j))
            .collect()
    }

    /// Every card, in index order.
    pub fn cards(&self) -> impl Iterator<Item = Draft> + '_ {
        (0..self.params.terms).map(|i| self.card(i))
    }

    /// Writes every card as JSON Lines: one compact card per line, in index order.
    ///
    /// # Errors
    /// Those of `w`.
    pub fn write_json_lines(&self, w: impl Write) -> io::Result<()> {
        write_json_lines(self.cards(), w)
    }

    /// Writes one JSON array of the cards, each pretty-printed as in a folder of cards.
    pub fn write_json_array(&self, w: impl Write) -> io::Result<()> {
        write_json_array(self.cards(), w)
    }

    /// Writes JSON Lines to `path` through a temporary file beside it, renamed when complete,
    /// so that a failed run never leaves half a corpus under the final name.
    ///
    /// # Errors
    /// When the file cannot be created or written.
    pub fn write_json_lines_file(&self, path: &Path) -> Result<(), GenerateError> {
        self.write_file(path, |file| self.write_json_lines(file))
    }

    /// Writes the file `path` with `write`, through a temporary file beside it.
    fn write_file(
        &self,
        path: &Path,
        write: impl FnOnce(&fs::File) -> io::Result<()>,
    ) -> Result<(), GenerateError> {
        let io_error = |source| GenerateError::Io {
            path: path.to_owned(),
            source,
        };
        // Removed when dropped, on every way out but the rename.
        let partial = crate::output::temporary_beside(path).map_err(io_error)?;
        write(partial.as_file())
            .and_then(|()| partial.as_file().sync_all())
            .map_err(io_error)?;
        partial.persist(path).map_err(|e| io_error(e.error))?;
        Ok(())
    }

    /// Writes one pretty-printed `<slug>.json` per card into `dir`, which is created if
    /// needed and must be empty (a leftover card of another run would join the glossary).
    ///
    /// # Errors
    /// When `dir` is not empty, or a file cannot be written.
    pub fn write_folder(&self, dir: &Path) -> Result<(), GenerateError> {
        let io_error = |path: &Path| {
            let path = path.to_owned();
            move |source| GenerateError::Io { path, source }
        };
        fs::create_dir_all(dir).map_err(io_error(dir))?;
        if fs::read_dir(dir).map_err(io_error(dir))?.next().is_some() {
            return Err(GenerateError::NotEmpty(dir.to_owned()));
        }
        for card in self.cards() {
            let path = dir.join(format!("{}.json", card.slug));
            let write = || -> io::Result<()> {
                let mut w = BufWriter::new(fs::File::create(&path)?);
                card.write_json(&mut w, true)?;
                w.write_all(b"\n")?;
                w.flush()
            };
            write().map_err(io_error(&path))?;
        }
        Ok(())
    }

    /// Writes the glossary where `output` says; standard output is `stdout`.
    ///
    /// # Errors
    /// Those of [`Generator::write_json_lines_file`] and [`Generator::write_folder`]; a
    /// failing `stdout` is an [`GenerateError::Io`] on `-`.
    pub fn write(&self, output: &Output, stdout: impl Write) -> Result<(), GenerateError> {
        match output {
            Output::Stdout => self
                .write_json_lines(stdout)
                .map_err(|source| GenerateError::Io {
                    path: "-".into(),
                    source,
                }),
            Output::JsonLines(path) => self.write_json_lines_file(path),
            Output::JsonArray(path) => self.write_file(path, |file| self.write_json_array(file)),
            Output::Folder(dir) => self.write_folder(dir),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Pseudo-random numbers

/// The independent random streams of a run.
#[derive(Clone, Copy)]
enum Stream {
    Plan = 1,
    Name = 2,
    Card = 3,
    Topics = 4,
    Untidy = 5,
}

/// Planted topics of `n` terms: consecutive runs of `size / 2` to `3 * size / 2` terms, from a
/// stream of their own (so the links' stream is the one a glossary without topics draws).
fn plant_topics(n: u32, size: u32, seed: u64) -> Vec<u32> {
    let mut rng = stream(seed, Stream::Topics, 0);
    let mut topic = Vec::with_capacity(n as usize);
    let mut t = 0;
    while topic.len() < n as usize {
        let len = rng.between((size / 2).max(1), size + size / 2);
        for _ in 0..len.min(n - topic.len() as u32) {
            topic.push(t);
        }
        t += 1;
    }
    topic
}

/// The stream of one purpose and one index, independent of every other.
fn stream(seed: u64, stream: Stream, index: u32) -> Rng {
    let key = ((stream as u64) << 32) | u64::from(index);
    Rng(mix(seed ^ mix(key.wrapping_add(GOLDEN))))
}

/// A full date in the years `from..=to`.
fn date(rng: &mut Rng, from: u32, to: u32) -> PartialDate {
    let (y, m) = (rng.between(from, to), rng.between(1, 12));
    let d = rng.between(1, days_in_month(y, m));
    day(y, m, d)
}

fn days_in_month(year: u32, month: u32) -> u32 {
    u32::from(crate::card::days_in_month(year as u16, month as u8))
}

/// A date that exists by construction; `PartialDate` is only built by parsing.
fn day(y: u32, m: u32, d: u32) -> PartialDate {
    PartialDate::parse(&format!("{y:04}-{m:02}-{d:02}")).expect("a valid date")
}

// ---------------------------------------------------------------------------------------
// Names

/// Codes are five base-36 characters.
const CODE_SPACE: u64 = 36u64.pow(5);

/// The name of a term: its slug, its label and the code that makes both unique.
struct Name {
    slug: String,
    term: String,
    /// Upper-case, the last token of every label of the term.
    code: String,
    /// The words of the label, before the code: adjective, domain, head.
    words: [String; 3],
}

impl Name {
    /// The name of term `index`; `plain` spells every word in ASCII.
    fn of(seed: u64, index: u32, plain: bool) -> Self {
        // A bijection of 0..36^5 (the multiplier is prime to 36), so codes are unique but do
        // not count up visibly from one card to the next.
        let scrambled = (u64::from(index) * 0x1_2D68_7E3B + mix(seed) % CODE_SPACE) % CODE_SPACE;
        let mut code = [b'0'; 5];
        let mut x = scrambled;
        for c in code.iter_mut().rev() {
            *c = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[(x % 36) as usize];
            x /= 36;
        }
        let code = String::from_utf8_lossy(&code).into_owned();
        let mut rng = stream(seed, Stream::Name, index);
        let picks = [&ADJECTIVES[..], &DOMAINS, &HEADS].map(|list| rng.pick(list));
        let slug = format!(
            "{}-{}-{}-{}",
            picks[0].0,
            picks[1].0,
            picks[2].0,
            code.to_ascii_lowercase()
        );
        let words = picks.map(|(slug, label)| {
            if plain && !label.is_ascii() {
                // `cafe` → `Cafe`
                let mut chars = slug.chars();
                chars
                    .next()
                    .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                    .unwrap_or_default()
            } else {
                label.to_owned()
            }
        });
        let term = format!("{} {} {} {code}", words[0], words[1], words[2]);
        Name {
            slug,
            term,
            code,
            words,
        }
    }
}

/// Writes the texts of one card from its own stream.
struct Writer<'a> {
    rng: Rng,
    awkward: f64,
    name: &'a Name,
}

impl Writer<'_> {
    /// Fills a template: `{T}` the term, `{a}` an adjective, `{v}`/`{V}` a verb (3rd person /
    /// base form), `{o}` an object, `{p}` a place.
    fn fill(&mut self, template: &str) -> String {
        let mut out = String::with_capacity(template.len() + 64);
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let key = &rest[open + 1..open + 2];
            rest = &rest[open + 3..];
            match key {
                "T" => out.push_str(&self.name.term),
                "a" => out.push_str(&self.rng.pick(&ADJECTIVES[..23]).0.replace('-', " ")),
                "v" => out.push_str(self.rng.pick(&VERBS)),
                "V" => out.push_str(self.rng.pick(&VERBS).trim_end_matches('s')),
                "o" => out.push_str(self.rng.pick(&OBJECTS)),
                _ => out.push_str(self.rng.pick(&PLACES)),
            }
        }
        out.push_str(rest);
        out
    }

    /// At the awkward rate, puts a fragment in parentheses before the sentence's full stop.
    fn roughen(&mut self, mut sentence: String) -> String {
        if self.rng.chance(self.awkward) {
            let fragment = self.rng.pick(&AWKWARD);
            let at = sentence.len() - usize::from(sentence.ends_with('.'));
            sentence.insert_str(at, &format!(" ({fragment})"));
        }
        sentence
    }

    fn definition(&mut self) -> String {
        let opening = self.rng.pick(&OPENINGS);
        let mut text = self.fill(opening);
        text = self.roughen(text);
        let target = self.rng.between(150, 200) as usize;
        let mut chars = text.chars().count();
        while chars < target {
            let template = self.rng.pick(&SENTENCES);
            let mut sentence = self.fill(template);
            sentence = self.roughen(sentence);
            if chars + 1 + sentence.chars().count() > 300 {
                sentence = self.rng.pick(&SHORT).to_owned();
            }
            chars += 1 + sentence.chars().count();
            text.push(' ');
            text.push_str(&sentence);
        }
        text
    }

    fn note(&mut self, citations: &[Citation]) -> String {
        let paragraphs = self.rng.between(2, 5) as usize;
        // Every citation is cited: citation k goes to paragraph k mod n; a paragraph left
        // without one cites a random citation.
        let mut cites: Vec<Vec<&str>> = vec![Vec::new(); paragraphs];
        for (k, c) in citations.iter().enumerate() {
            cites[k % paragraphs].push(&c.id);
        }
        for list in &mut cites {
            if list.is_empty() {
                list.push(&citations[self.rng.below_usize(citations.len())].id);
            }
        }
        let mut note = String::with_capacity(1024);
        for (p, ids) in cites.iter().enumerate() {
            if p > 0 {
                note.push_str("\n\n");
            }
            note.push_str(self.rng.pick(&TOPICS));
            note.push_str(": ");
            for s in 0..self.rng.between(1, 3) {
                if s > 0 {
                    let awkward = self.awkward;
                    note.push_str(if self.rng.chance(awkward / 2.0) {
                        self.rng.pick(&NOTE_BREAKS)
                    } else {
                        " "
                    });
                }
                let template = self.rng.pick(&SENTENCES);
                let sentence = self.fill(template);
                note.push_str(&self.roughen(sentence));
            }
            for id in ids {
                note.push_str(" [");
                note.push_str(id);
                note.push(']');
            }
        }
        note
    }

    fn citations(&mut self) -> Vec<Citation> {
        let count = 1 + self.rng.weighted(&[15, 30, 30, 15, 10]);
        let picked = self.rng.distinct(count, CITATION_IDS.len());
        picked
            .into_iter()
            .map(|k| {
                let (id, kind) = CITATION_IDS[k];
                let year = self.rng.between(1998, 2026);
                let publisher = self.rng.pick(&PUBLISHERS);
                let [a, d, h] = &self.name.words;
                let title = format!("{publisher} {year}: {kind}, {a} {d} {h}");
                let host = self.rng.pick(&HOSTS);
                let slug = &self.name.slug;
                let url = match self.rng.below(4) {
                    0 => format!("{host}/{id}/{year}/{slug}.html"),
                    1 => format!("{host}/search?q={slug}&lang=en&year={year}"),
                    2 => format!("{host}/docs/{slug}#section-{}", self.rng.between(1, 9)),
                    _ => format!("{host}/files/{id}%20{year}/{slug}.pdf"),
                };
                Citation {
                    id: if self.rng.chance(0.5) {
                        format!("{id}-{year}")
                    } else {
                        id.to_owned()
                    },
                    title: self.roughen(title),
                    url,
                    accessed: Some(date(&mut self.rng, 2020, 2026)),
                }
            })
            .collect()
    }

    fn aliases(&mut self) -> Vec<String> {
        let count = self.rng.weighted(&[25, 30, 25, 12, 8]);
        let [a, d, h] = &self.name.words;
        let code = &self.name.code;
        let acronym: String = self
            .name
            .words
            .iter()
            .filter_map(|w| w.chars().next())
            .flat_map(char::to_uppercase)
            .collect();
        let fourth = if self.rng.chance(self.awkward) {
            format!("{}{h} {code}", self.rng.pick(&CJK))
        } else {
            format!("{}-{} {code}", d.to_lowercase(), h.to_lowercase())
        };
        let forms = [
            format!("{acronym} {code}"),
            code.clone(),
            format!("{d} {h} {code}"),
            fourth,
            format!("{a} {h} v{code}"),
        ];
        // Every form ends with the code (or is it) and no two forms are alike, so no alias
        // repeats the term, another alias, or a label of another term.
        self.rng
            .distinct(count, forms.len())
            .into_iter()
            .map(|k| forms[k].clone())
            .collect()
    }

    fn statements(&mut self, pool: &[&str]) -> Vec<String> {
        let count = self.rng.weighted(&[30, 30, 25, 15]);
        self.rng
            .distinct(count, pool.len())
            .into_iter()
            .map(|k| {
                let text = pool[k].to_owned();
                if self.rng.chance(self.awkward / 4.0) {
                    // Ends with a backslash or a quote: the hardest last characters for DOT
                    // labels and Turtle long strings.
                    let tail = self.rng.pick(&[" under C:\\data\\", ", rated \"fast\""]);
                    format!("{text}{tail}")
                } else {
                    self.roughen(text)
                }
            })
            .collect()
    }

    fn provenance(&mut self) -> Vec<String> {
        let count = self.rng.between(1, 2) as usize;
        self.rng
            .distinct(count, PROVENANCE.len())
            .into_iter()
            .map(|k| PROVENANCE[k].to_owned())
            .collect()
    }

    fn status(&mut self, superseded: bool) -> &'static str {
        if superseded {
            ["deprecated", "obsolete"][self.rng.weighted(&[60, 40])]
        } else {
            ["shipping", "emerging", "draft"][self.rng.weighted(&[60, 25, 15])]
        }
    }

    /// `firstSeen` and `lastSeen`: two days in order, each then cut to a year or a month, or
    /// left out. Cutting only widens a date, so the order holds.
    fn seen(&mut self, superseded: bool) -> (Option<PartialDate>, Option<PartialDate>) {
        let first = date(&mut self.rng, 1990, 2024);
        let (y, m, d) = first.earliest();
        let (y, m, d) = (u32::from(y), u32::from(m), u32::from(d));
        let y2 = self.rng.between(y, 2026);
        let m2 = self.rng.between(if y2 == y { m } else { 1 }, 12);
        let d2 = self.rng.between(
            if (y2, m2) == (y, m) { d } else { 1 },
            days_in_month(y2, m2),
        );
        let last = day(y2, m2, d2);
        let last_share = if superseded { 85 } else { 40 };
        let first = self.cut(first, 85);
        let last = self.cut(last, last_share);
        (first, last)
    }

    /// Keeps a date with probability `percent`, at a random precision.
    fn cut(&mut self, date: PartialDate, percent: u32) -> Option<PartialDate> {
        if self.rng.below(100) >= percent {
            return None;
        }
        let text = date.to_string();
        let keep = [4, 7, 10][self.rng.weighted(&[35, 35, 30])];
        PartialDate::parse(&text[..keep]).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{CITATION_FIELDS, FIELDS};

    fn lines(params: Params) -> Vec<u8> {
        let mut out = Vec::new();
        Generator::new(params)
            .unwrap()
            .write_json_lines(&mut out)
            .unwrap();
        out
    }

    #[test]
    fn the_same_seed_gives_the_same_bytes() {
        let a = lines(Params::new(300));
        assert_eq!(a, lines(Params::new(300)));
        let other = Params {
            seed: 2,
            ..Params::new(300)
        };
        assert_ne!(a, lines(other));
    }

    #[test]
    fn keys_are_in_the_seed_cards_order() {
        let card = Generator::new(Params::new(5)).unwrap().card(3);
        let text = card.to_json(false);
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let mut keys: Vec<(usize, &str)> = value
            .as_object()
            .unwrap()
            .keys()
            .map(|k| (text.find(&format!("\"{k}\":")).unwrap(), k.as_str()))
            .collect();
        keys.sort();
        let keys: Vec<&str> = keys.into_iter().map(|(_, k)| k).collect();
        // The seed's sixteen: a generated card uses none of the optional SKOS fields.
        assert_eq!(keys, FIELDS[..16]);
        assert_eq!(
            value["citations"][0]
                .as_object()
                .unwrap()
                .keys()
                .collect::<Vec<_>>()
                .len(),
            CITATION_FIELDS.len()
        );
    }

    #[test]
    fn sizes_are_within_their_ranges() {
        let g = Generator::new(Params::new(2000)).unwrap();
        for card in g.cards() {
            let definition = card.definition.chars().count();
            assert!((150..=300).contains(&definition), "{definition}: {card:?}");
            let paragraphs: Vec<&str> = card.note.split("\n\n").collect();
            assert!((2..=5).contains(&paragraphs.len()), "{}", card.note);
            for p in &paragraphs {
                assert!(p.ends_with(']') && !p.starts_with('\n'), "{p:?}");
            }
            assert!((1..=5).contains(&card.citations.len()));
            assert!(card.aliases.len() <= 4);
            assert!(!card.aliases.contains(&card.term));
            assert!(card.advantages.len() <= 3 && card.limitations.len() <= 3);
            assert!(card.updated.is_some());
            for c in &card.citations {
                assert!(oxigraph::model::NamedNode::new(&c.url).is_ok(), "{}", c.url);
            }
        }
    }

    #[test]
    fn awkward_zero_writes_plain_ascii() {
        let text = lines(Params {
            awkward: 0.0,
            ..Params::new(500)
        });
        let text = String::from_utf8(text).unwrap();
        assert!(text.is_ascii());
        for awkward in ["]]>", "-->", "<", ">", "\\t", "\\\\"] {
            assert!(!text.contains(awkward), "{awkward}");
        }
    }

    #[test]
    fn bad_parameters_are_refused() {
        for params in [
            Params::new(0),
            Params {
                degree: 1.0,
                ..Params::new(5)
            },
            Params {
                awkward: 1.5,
                ..Params::new(5)
            },
        ] {
            assert!(matches!(
                Generator::new(params),
                Err(GenerateError::Parameter { .. })
            ));
        }
    }

    #[test]
    fn outputs_by_path() {
        assert_eq!(Output::parse("-"), Output::Stdout);
        assert_eq!(
            Output::parse("a/b.jsonl"),
            Output::JsonLines("a/b.jsonl".into())
        );
        assert_eq!(Output::parse("corpus"), Output::Folder("corpus".into()));
    }
}
