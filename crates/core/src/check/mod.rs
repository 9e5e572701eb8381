//! `check`: every rule of the glossary, run over everything, reported together.
//!
//! [`check`] takes what the loader read, runs the per-card rules (identity, text, citations,
//! dates), builds the [`Glossary`] graph, runs the rules that need the whole glossary
//! (relations, labels across terms), then resolves every finding's place to a file, line and
//! column and sorts them. Nothing stops at the first problem: a run says everything at once,
//! then the caller decides (see [`Report::is_failure`]).
//!
//! One file per family of rules; the catalogue of rule ids is [`crate::diag::Rule`].

mod citations;
mod dates;
pub mod fix;
mod hierarchy;
mod identity;
mod locate;
mod relations;
pub mod report;
mod term_links;
mod text;

pub use report::{Located, Report};

use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use crate::config::Config;
use crate::diag::Origin;
use crate::diag::{Finding, Rule, Severity, SourceId};
use crate::load::{Input, LoadError, Loaded, LoadedCard, OnCard, Source, Sources};
use crate::{Card, Glossary};

/// How strict a check is, and what of its warnings it keeps.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Options {
    /// Unknown fields are errors instead of warnings.
    pub strict: bool,
    /// Whether warnings are kept whole in the report or only counted.
    pub warnings: Warnings,
    /// How many findings of each rule get a snippet (the line they are on, underlined), the
    /// first in report order; `None` for every finding. Only findings printed as text show
    /// one, and making it reads the card's text again: `check` asks for as many as it prints
    /// (none for JSON).
    pub snippets_per_rule: Option<usize>,
    /// Whether the report counts each finding's column in UTF-16 code units too
    /// ([`Located::column_utf16`], for SARIF), reading the lines of the findings again.
    pub utf16_columns: bool,
}

/// What a check keeps of its warnings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Warnings {
    /// Every warning, located and with its text: for `check`, which prints them.
    #[default]
    Keep,
    /// Only their number per rule ([`Report::counted`]): for the commands that write
    /// something and say no more than how many warnings there are. A glossary written by many
    /// hands has about two warnings a card, and locating each (its line, column and snippet)
    /// costs more memory than the card; errors are always kept whole.
    Count,
}

impl Options {
    /// Whether `finding` is only counted under these options.
    fn counts_only(&self, finding: &Finding) -> bool {
        self.warnings == Warnings::Count
            && finding.severity == Severity::Warning
            && !(self.strict && finding.rule == Rule::UnknownField)
    }

    /// Moves the findings of `findings[from..]` that are only counted into `counted`.
    fn tally(&self, findings: &mut Vec<Finding>, from: usize, counted: &mut BTreeMap<Rule, usize>) {
        if self.warnings == Warnings::Keep {
            return;
        }
        let mut kept = from;
        for i in from..findings.len() {
            if self.counts_only(&findings[i]) {
                *counted.entry(findings[i].rule).or_default() += 1;
            } else {
                findings.swap(kept, i);
                kept += 1;
            }
        }
        findings.truncate(kept);
    }
}

/// A checked glossary: the graph (built even when there are errors, for tools that want to
/// look) and the report.
#[derive(Debug, Clone)]
pub struct Checked {
    pub glossary: Glossary,
    pub report: Report,
    /// The configuration the glossary was checked with, for the exporters.
    pub config: Config,
}

/// What of each card a checked glossary keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// Every field: for the exporters.
    Cards,
    /// What the graph and the rules across cards read (slug, labels, status, links, dates):
    /// texts, notes and citations are dropped as soon as their card is checked. For `check`,
    /// whose peak memory is then a fraction of the input's size.
    Graph,
}

/// Loads and checks a glossary in one pass: the per-card rules run on each card the moment
/// it is decoded, on the thread that decoded it, and with [`Keep::Graph`] the card is cut
/// down to its outline before it is kept. The result is the same as [`check`] after
/// [`crate::load::load`], but for the fields `keep` drops.
///
/// # Errors
/// Only when the input cannot be read at all (see [`crate::load::load`]).
pub fn load_and_check(
    input: &Input,
    config: &Config,
    options: Options,
    keep: Keep,
) -> Result<Checked, LoadError> {
    let rules = CardRules {
        config: config.clone(),
        keep,
        options,
        counted: Arc::default(),
        links: Arc::default(),
    };
    let counted = Arc::clone(&rules.counted);
    let links = Arc::clone(&rules.links);
    let loaded = crate::load::load_with(input, rules)?;
    let counted = std::mem::take(&mut *counted.lock().unwrap_or_else(|e| e.into_inner()));
    let links = std::mem::take(&mut *links.lock().unwrap_or_else(|e| e.into_inner()));
    Ok(check_rest(loaded, config, options, counted, links))
}

/// The per-card rules, as a loader hook (see [`load_and_check`]).
struct CardRules {
    config: Config,
    keep: Keep,
    options: Options,
    /// The warnings counted, not kept ([`Warnings::Count`]), from every loading thread.
    counted: Arc<Mutex<BTreeMap<Rule, usize>>>,
    /// The term links of the cards' texts, judged once the glossary is whole.
    links: Arc<Mutex<Vec<term_links::Pending>>>,
}

impl OnCard for CardRules {
    fn decoded(&self, loaded: &mut LoadedCard, source: &Source, findings: &mut Vec<Finding>) {
        // The loader has reported every missing or mistyped slug; such a card is dropped.
        if !loaded.has_slug {
            return;
        }
        let from = findings.len();
        let mut links = Vec::new();
        one_card(loaded, source, &self.config, findings, &mut links);
        configured_severities(findings, from, &self.config);
        if !links.is_empty() {
            let mut all = self.links.lock().unwrap_or_else(|e| e.into_inner());
            all.extend(links);
        }
        if self.options.warnings == Warnings::Count
            && findings[from..].iter().any(|f| self.options.counts_only(f))
        {
            let mut counted = self.counted.lock().unwrap_or_else(|e| e.into_inner());
            self.options.tally(findings, from, &mut counted);
        }
        if self.keep == Keep::Graph {
            loaded.card = loaded.card.outline();
        }
    }
}

/// Runs every rule over a loaded glossary.
pub fn check(mut loaded: Loaded, config: &Config, options: Options) -> Checked {
    let (findings, links) = card_rules(&loaded.cards, &loaded.sources, config);
    loaded.findings.extend(findings);
    check_rest(loaded, config, options, BTreeMap::new(), links)
}

/// The glossary of the JSON Lines `text`, checked with the default settings: for tests.
#[cfg(any(test, feature = "testing"))]
pub fn glossary_of(text: &str) -> Glossary {
    check(
        crate::load::load_str("g.jsonl", text),
        &Config::default(),
        Options::default(),
    )
    .glossary
}

/// The rules across cards, once the per-card rules have run (and counted `counted` of their
/// warnings, see [`Warnings::Count`]).
fn check_rest(
    loaded: Loaded,
    config: &Config,
    options: Options,
    mut counted: BTreeMap<Rule, usize>,
    mut links: Vec<term_links::Pending>,
) -> Checked {
    let Loaded {
        sources,
        mut cards,
        mut findings,
        unreadable,
        ..
    } = loaded;
    let card_count = cards.len();
    let mut unjoined = unjoined_slugs(&cards, &sources);
    unjoined.extend(unreadable);
    cards.retain(|loaded| loaded.has_slug);
    // Cards are sorted, and later split into cards and origins, where they lie: a card is a
    // few hundred bytes, and a second vector of them (or a stable sort's scratch half) would
    // be the largest allocation of the whole check.
    sort_by_slug(&mut cards);
    identity::duplicates(&mut cards, &sources, &mut findings);
    let origins: Vec<Origin> = cards.iter().map(|loaded| loaded.origin).collect();
    // Collected in place: std reuses the vector's memory, `Card` being smaller than `LoadedCard`.
    let cards: Vec<Card> = cards.into_iter().map(|loaded| loaded.card).collect();
    // Shared labels are looked for on a second core while this one builds the graph.
    let (glossary, labels) = Glossary::from_sorted_alongside(cards, |cards| {
        let mut out = Vec::new();
        text::overlapping_labels(cards, &origins, &mut out);
        out
    });
    let tree = crate::hierarchy::Hierarchy::of(&glossary);
    // Cards were read on several threads: their links are judged in card order.
    links.sort_by_key(|p| p.origin());
    let text_links = term_links::glossary(&glossary, links, &unjoined, &mut findings);
    let inputs = relations::Inputs {
        glossary: &glossary,
        tree: &tree,
        origins: &origins,
        unjoined: &unjoined,
        text_links: &text_links,
    };
    relations::glossary(&inputs, &mut findings);
    hierarchy::glossary(&glossary, &tree, &origins, &mut findings);
    // The map reads them as links too.
    glossary.keep_text_links(text_links);
    fix::hold_back(&mut findings, config.severity(Rule::UnknownField).is_some());
    findings.extend(labels);
    // A missing or mistyped field reads as empty; saying it is empty too would be noise. A
    // misspelled required field is reported missing at its key (`/Definition`), for the
    // field it stands for.
    let unset: std::collections::HashSet<(Origin, String)> = findings
        .iter()
        .filter(|f| matches!(f.rule, Rule::MissingField | Rule::WrongType))
        .filter_map(|f| match &f.place {
            crate::diag::Place::Card { origin, pointer } => Some((*origin, pointer)),
            _ => None,
        })
        .flat_map(|(origin, pointer)| {
            let (parent, key) = pointer.rsplit_once('/').unwrap_or(("", pointer));
            let fields: &[&'static str] = if parent.is_empty() {
                &crate::card::FIELDS
            } else {
                &crate::card::CITATION_FIELDS
            };
            let meant = crate::card::meant_field(key, fields)
                .map(|(field, _)| (origin, format!("{parent}/{field}")));
            std::iter::once((origin, pointer.clone())).chain(meant)
        })
        .collect();
    if !unset.is_empty() {
        findings.retain(|f| match (&f.place, f.rule) {
            (
                crate::diag::Place::Card { origin, pointer },
                Rule::EmptyText | Rule::BadCitationId | Rule::MissingDefinition,
            ) => !unset.contains(&(*origin, pointer.clone())),
            _ => true,
        });
    }
    // Off once every rule that reads other findings has read them; a rule off stays off
    // under --strict.
    configured_severities(&mut findings, 0, config);
    if options.strict {
        for f in &mut findings {
            if f.rule == Rule::UnknownField {
                f.severity = Severity::Error;
            }
        }
    }
    options.tally(&mut findings, 0, &mut counted);
    let report = Report::new(
        findings,
        counted,
        &sources,
        card_count,
        options.snippets_per_rule,
        options.utf16_columns,
    );
    Checked {
        glossary,
        report,
        config: config.clone(),
    }
}

/// The slugs named by the card files of a folder whose card could not join the glossary
/// (broken JSON, invalid UTF-8, no slug): the file `a.json` stands for the term `a`. A link to
/// `a` is not reported as dangling, the error being in `a.json` (already reported), not in
/// the card that names it.
fn unjoined_slugs(cards: &[LoadedCard], sources: &Sources) -> HashSet<String> {
    let mut joined = vec![false; sources.len()];
    for loaded in cards.iter().filter(|loaded| loaded.has_slug) {
        joined[loaded.origin.source as usize] = true;
    }
    (0..sources.len())
        .filter(|&id| !joined[id])
        .map(|id| sources.get(id as SourceId))
        .filter(|source| source.one_card_file)
        .filter_map(|source| Some(source.path.as_ref()?.file_stem()?.to_str()?.to_owned()))
        .collect()
}

/// The rules that look at one card at a time, over every card (but those without a slug,
/// which the loader has reported), on every core: the cards are cut into one run per thread
/// and the findings joined in card order, so the result is the same as on one thread.
fn card_rules(
    cards: &[LoadedCard],
    sources: &Sources,
    config: &Config,
) -> (Vec<Finding>, Vec<term_links::Pending>) {
    let rules = |run: &[LoadedCard]| {
        let mut findings = Vec::new();
        let mut links = Vec::new();
        for loaded in run.iter().filter(|loaded| loaded.has_slug) {
            one_card(
                loaded,
                sources.get(loaded.origin.source),
                config,
                &mut findings,
                &mut links,
            );
        }
        (findings, links)
    };
    // Runs of cards on every core, their findings joined in the cards' order.
    const RUN: usize = 1024;
    if cards.len() <= RUN {
        return rules(cards);
    }
    let parts: Vec<_> = cards.par_chunks(RUN).map(rules).collect();
    let (mut findings, mut links) = (Vec::new(), Vec::new());
    for (f, l) in parts {
        findings.extend(f);
        links.extend(l);
    }
    (findings, links)
}

/// Gives each finding of `findings[from..]` the severity the glossary's settings give its
/// rule (`[rules]`), and drops those of the rules that are off: they are neither reported
/// nor counted.
fn configured_severities(findings: &mut Vec<Finding>, from: usize, config: &Config) {
    if config.severities.is_empty() {
        return;
    }
    let mut kept = from;
    for i in from..findings.len() {
        if let Some(severity) = config.severity(findings[i].rule) {
            findings[i].severity = severity;
            findings.swap(kept, i);
            kept += 1;
        }
    }
    findings.truncate(kept);
}

/// Every rule that looks at one card alone.
fn one_card(
    loaded: &LoadedCard,
    source: &Source,
    config: &Config,
    out: &mut Vec<Finding>,
    links: &mut Vec<term_links::Pending>,
) {
    let (card, origin) = (&loaded.card, loaded.origin);
    identity::card(card, origin, source, config, out);
    identity::iris(card, origin, out);
    text::card(card, origin, out);
    citations::card(card, origin, out);
    dates::card(card, origin, out);
    term_links::card(card, origin, &config.base, links);
}

/// Sorts by slug, stably (of cards sharing a slug, the first read comes first), moving each
/// card once: the order is found on indices, then applied by following its cycles.
fn sort_by_slug(cards: &mut [LoadedCard]) {
    const DONE: u32 = u32::MAX;
    let slug = |k: u32| cards[k as usize].card.slug().as_bytes();
    let mut keys: Vec<(u128, u32)> = (0..cards.len() as u32)
        .map(|i| (prefix(slug(i), 0), i))
        .collect();
    sort_keys(&mut keys, 0, &slug);
    let mut order: Vec<u32> = keys.into_iter().map(|(_, i)| i).collect();
    // Position k receives the card at order[k].
    for start in 0..cards.len() {
        let mut k = start;
        while order[k] != DONE {
            let from = order[k] as usize;
            order[k] = DONE;
            if from == start {
                break;
            }
            cards.swap(k, from);
            k = from;
        }
    }
}

/// Bytes `from..from + 16` of `slug` as a number that orders as they do, short slugs padded
/// with zero bytes (which keeps the order of strings; slugs equal once padded are told apart
/// whole).
fn prefix(slug: &[u8], from: usize) -> u128 {
    let mut bytes = [0u8; 16];
    let rest = slug.get(from..).unwrap_or_default();
    let n = rest.len().min(16);
    bytes[..n].copy_from_slice(&rest[..n]);
    u128::from_be_bytes(bytes)
}

/// Sorts (bytes `depth..depth + 16` of the slug, card index) pairs into slug order, ties in
/// index order. Sorting on 16 bytes held in the array spares most comparisons two trips to
/// memory (to the card, then to its slug), which dominate on a million cards. Slugs that agree
/// on those bytes are sorted again on their next 16, each read once, rather than compared
/// whole again and again: generated and real slugs share long prefixes
/// (`kernel-bypass-queue-…`).
fn sort_keys<'c>(keys: &mut [(u128, u32)], depth: usize, slug: &impl Fn(u32) -> &'c [u8]) {
    keys.sort_unstable();
    for run in keys.chunk_by_mut(|a, b| a.0 == b.0) {
        if run.len() < 2 {
            continue;
        }
        let next = depth + 16;
        if run.iter().any(|&(_, i)| slug(i).len() > next) {
            for (key, i) in run.iter_mut() {
                *key = prefix(slug(*i), next);
            }
            sort_keys(run, next, slug);
        } else {
            // Equal once padded: whole slugs decide, then reading order.
            run.sort_unstable_by(|a, b| slug(a.1).cmp(slug(b.1)).then(a.1.cmp(&b.1)));
        }
    }
}

/// Shorthand for the rules: a finding at `pointer` inside the card from `origin`.
fn at(
    rule: Rule,
    origin: Origin,
    pointer: impl Into<String>,
    message: impl Into<String>,
) -> Finding {
    Finding::new(rule, origin.at(pointer), message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::load_str;
    use crate::Draft;

    #[test]
    fn sorting_by_slug_is_stable_and_moves_every_card() {
        let card = |slug: &str, offset: u64| LoadedCard {
            card: Card::from(Draft {
                slug: slug.into(),
                ..Draft::default()
            }),
            origin: Origin {
                source: 0,
                line: 1,
                column: 1,
                offset,
                len: 1,
            },
            has_slug: true,
        };
        // Long slugs share their first 16 bytes and are told apart after them.
        let long = |tail: &str| format!("sixteen-bytes-in-{tail}");
        let (l2, l1) = (long("zz"), long("a"));
        let slugs = ["d", "b", "a", &l2, "b", "e", "c", &l1, "a", &l2];
        let mut cards: Vec<LoadedCard> = slugs
            .iter()
            .enumerate()
            .map(|(i, s)| card(s, i as u64))
            .collect();
        sort_by_slug(&mut cards);
        let got: Vec<(&str, u64)> = cards
            .iter()
            .map(|c| (c.card.slug(), c.origin.offset))
            .collect();
        assert_eq!(
            got,
            [
                ("a", 2),
                ("a", 8),
                ("b", 1),
                ("b", 4),
                ("c", 6),
                ("d", 0),
                ("e", 5),
                (l1.as_str(), 7),
                (l2.as_str(), 3),
                (l2.as_str(), 9)
            ]
        );
    }

    #[test]
    fn generated_glossaries_check_without_errors_or_warnings_beyond_one_way_links() {
        for (terms, seed) in [(1, 7), (2, 7), (60, 3), (1500, 11)] {
            let params = crate::generate::Params {
                seed,
                ..crate::generate::Params::new(terms)
            };
            let mut out = Vec::new();
            let generator = crate::generate::Generator::new(params).unwrap();
            generator.write_json_lines(&mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            let checked = check(
                load_str("g.jsonl", &text),
                &crate::config::Config::default(),
                Options {
                    strict: true,
                    ..Options::default()
                },
            );
            let report = &checked.report;
            assert_eq!(report.cards, terms as usize);
            assert_eq!(
                report.count(crate::diag::Severity::Error),
                0,
                "{:?}",
                report.findings
            );
            let unexpected: Vec<_> = report
                .findings
                .iter()
                .filter(|f| {
                    f.rule.id() != "one-way-related" && !(terms == 1 && f.rule.id() == "orphan")
                })
                .collect();
            assert!(unexpected.is_empty(), "{unexpected:?}");
        }
    }

    #[test]
    fn relation_rules_find_the_same_on_one_thread_and_two() {
        let generator = crate::generate::Generator::new(crate::generate::Params::new(400)).unwrap();
        let mut cards: Vec<Draft> = (0..400).map(|i| generator.card(i)).collect();
        // Dangling, one-way and self links, and supersedes cycles of length 1 and 3.
        cards[3].related.push("no-such-term".into());
        let (six, eight, nine) = (
            cards[6].slug.clone(),
            cards[8].slug.clone(),
            cards[9].slug.clone(),
        );
        cards[5].related.push(six);
        cards[8].related.push(eight);
        cards[9].supersedes.push(nine);
        let (a, b, c) = (
            cards[10].slug.clone(),
            cards[11].slug.clone(),
            cards[12].slug.clone(),
        );
        cards[10].superseded_by.push(b.clone());
        cards[11].superseded_by.push(c);
        cards[12].superseded_by.push(a);
        cards[11].supersedes.push(b);
        cards.sort_by(|x, y| x.slug.cmp(&y.slug));
        let origins: Vec<Origin> = (0..cards.len() as u32)
            .map(|i| Origin {
                source: 0,
                line: i + 1,
                column: 1,
                offset: u64::from(i),
                len: 1,
            })
            .collect();
        let g = Glossary::new(cards.iter().map(Card::from).collect());
        let (mut one, mut two) = (Vec::new(), Vec::new());
        let tree = crate::hierarchy::Hierarchy::of(&g);
        let inputs = relations::Inputs {
            glossary: &g,
            tree: &tree,
            origins: &origins,
            unjoined: &HashSet::new(),
            text_links: &[],
        };
        relations::glossary_on(&inputs, &mut one, false);
        relations::glossary_on(&inputs, &mut two, true);
        for rule in [
            Rule::DanglingLink,
            Rule::OneWayRelated,
            Rule::SelfLink,
            Rule::SupersedesCycle,
        ] {
            assert!(one.iter().any(|f| f.rule == rule), "{rule:?}");
        }
        assert_eq!(one, two);
    }

    #[test]
    fn sorting_by_slug_orders_as_a_stable_sort_of_whole_strings() {
        // Slugs built from a few pieces share prefixes of 0 to 60 bytes, are prefixes of one
        // another, repeat, and hold NUL bytes, which look like the padding of a short slug.
        let pieces = ["", "a", "\0", "b\0", "sixteen-bytes-in", "-x", "z"];
        let mut state = 7u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize
        };
        let slugs: Vec<String> = (0..3000)
            .map(|_| {
                (0..next() % 6)
                    .map(|_| pieces[next() % pieces.len()])
                    .collect()
            })
            .collect();
        let mut cards: Vec<LoadedCard> = slugs
            .iter()
            .enumerate()
            .map(|(i, slug)| LoadedCard {
                card: Card::from(Draft {
                    slug: slug.clone(),
                    ..Draft::default()
                }),
                origin: Origin {
                    source: 0,
                    line: i as u32 + 1,
                    column: 1,
                    offset: i as u64,
                    len: 1,
                },
                has_slug: true,
            })
            .collect();
        sort_by_slug(&mut cards);
        let mut expected: Vec<(&str, u64)> = slugs
            .iter()
            .enumerate()
            .map(|(i, s)| (s.as_str(), i as u64))
            .collect();
        expected.sort_by(|a, b| a.0.cmp(b.0));
        let got: Vec<(&str, u64)> = cards
            .iter()
            .map(|c| (c.card.slug(), c.origin.offset))
            .collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn checking_while_loading_reports_what_checking_after_loading_does() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.jsonl");
        let lines = [
            r#"{"slug":"a","term":"A","definition":"d","related":["b","zz","a"],"note":"x [q]","citations":[{"id":"c","title":"t","url":"ftp://x"}]}"#,
            r#"{"slug":"b","term":"a","definition":"","colour":1,"supersedes":["a"]}"#,
            r#"{"slug":"B c","term":"C","definition":"d","firstSeen":"2024-13"}"#,
            r#"{"term":"No slug","definition":"d"}"#,
            r#"{"slug":"a","term":"Again","definition":"d"}"#,
            "{not json",
        ];
        std::fs::write(&path, lines.join("\n")).unwrap();
        let input = Input::Path(path);
        let config = Config::default();
        let options = Options::default();
        let after = check(crate::load::load(&input).unwrap(), &config, options);
        assert!(after.report.findings.len() >= 12, "{:#?}", after.report);
        for keep in [Keep::Cards, Keep::Graph] {
            let during = load_and_check(&input, &config, options, keep).unwrap();
            assert_eq!(during.report, after.report, "{keep:?}");
            let edges = |c: &Checked| c.glossary.edges().collect::<Vec<_>>();
            assert_eq!(edges(&during), edges(&after), "{keep:?}");
            let a = &during.glossary.cards()[during.glossary.node("a").unwrap().index()];
            assert_eq!(a.related(), ["b", "zz", "a"]);
            assert_eq!(a.definition().is_empty(), keep == Keep::Graph);
            assert_eq!(a.citations().is_empty(), keep == Keep::Graph);
        }
    }

    #[test]
    fn snippets_are_made_for_the_first_findings_of_each_rule_as_they_would_be_for_all() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.jsonl");
        let lines = [
            r#"{"slug":"a","term":"A","definition":"d","related":["b","zz","a","b"],"note":"x [q]","citations":[{"id":"c","title":"t","url":"ftp://x"}]}"#,
            r#"{"slug":"b","term":"a","definition":"","colour":1,"shade":2,"supersedes":["a"]}"#,
            r#"{"slug":"B c","term":"C","definition":"d","firstSeen":"2024-13","related":["y"]}"#,
            r#"{"slug":"d","term":"Dé 日本","definition":"d","status":"deprecated","related":["a"]}"#,
            "{not json",
        ];
        std::fs::write(&path, lines.join("\n")).unwrap();
        let input = Input::Path(path);
        let report = |snippets_per_rule| {
            let options = Options {
                snippets_per_rule,
                ..Options::default()
            };
            let checked = load_and_check(&input, &Config::default(), options, Keep::Graph);
            checked.unwrap().report
        };
        let all = report(None);
        assert!(all.findings.iter().filter(|f| f.snippet.is_some()).count() >= 10);
        for max in [0, 1, 2] {
            let some = report(Some(max));
            assert_eq!(some.findings.len(), all.findings.len());
            let mut seen: BTreeMap<Rule, usize> = BTreeMap::new();
            for (f, whole) in some.findings.iter().zip(&all.findings) {
                let seen = seen.entry(f.rule).or_default();
                *seen += 1;
                let expected = if *seen <= max {
                    whole.snippet.clone()
                } else {
                    None
                };
                assert_eq!(f.snippet, expected, "{f:?}");
                let mut with_whole = f.clone();
                with_whole.snippet = whole.snippet.clone();
                assert_eq!(&with_whole, whole);
            }
            if max > 0 {
                let text = |r: &Report| {
                    let mut out = Vec::new();
                    r.write_human_capped(&mut out, false, Some(max), None)
                        .unwrap();
                    String::from_utf8(out).unwrap()
                };
                assert_eq!(text(&some), text(&all));
            }
            let json = |r: &Report| {
                let mut out = Vec::new();
                r.write_json(&mut out).unwrap();
                out
            };
            assert_eq!(json(&some), json(&all));
        }
    }

    #[test]
    fn a_term_linked_twice_is_one_term_link() {
        let text = "{\"slug\":\"b\",\"term\":\"B\",\"definition\":\"See [a](../a/), [c](/c/) and [a](../a/#x).\",\"note\":\"[A](../a/)\"}\n\
                    {\"slug\":\"a\",\"term\":\"A\",\"definition\":\"[b](../b/)\"}\n\
                    {\"slug\":\"c\",\"term\":\"C\",\"definition\":\"d\"}";
        let g = glossary_of(text);
        // a → b, b → a (three times in its texts), b → c: each once, in card order.
        assert_eq!(g.text_links(), [(0, 1), (1, 0), (1, 2)]);
    }

    #[test]
    fn strict_turns_unknown_fields_into_errors() {
        let text = r#"{"slug":"a","term":"A","definition":"d","colour":1}"#;
        let run = |strict| {
            let checked = check(
                load_str("a.jsonl", text),
                &Config::default(),
                Options {
                    strict,
                    ..Options::default()
                },
            );
            let f = checked
                .report
                .findings
                .iter()
                .find(|f| f.rule == Rule::UnknownField);
            f.expect("an unknown-field finding").severity
        };
        assert_eq!(run(false), Severity::Warning);
        assert_eq!(run(true), Severity::Error);
    }

    #[test]
    fn counted_warnings_are_the_kept_ones_by_rule_and_strict_errors_stay_whole() {
        let text = "{\"slug\":\"a\",\"term\":\"A\",\"definition\":\"d\",\"colour\":1,\"related\":[\"b\"]}\n\
                    {\"slug\":\"b\",\"term\":\"a\",\"definition\":\"d\",\"status\":\"deprecated\"}";
        let input = |name: &str| {
            let path = std::env::temp_dir().join(format!(
                "glossgraph-counted-{}-{name}.jsonl",
                std::process::id()
            ));
            std::fs::write(&path, text).unwrap();
            path
        };
        let report = |strict, warnings| {
            let path = input(&format!("{strict}-{warnings:?}"));
            let options = Options {
                strict,
                warnings,
                ..Options::default()
            };
            let input = Input::parse(path.to_str().unwrap());
            let checked = load_and_check(&input, &Config::default(), options, Keep::Cards).unwrap();
            std::fs::remove_file(&path).unwrap();
            checked.report
        };
        let kept = report(false, Warnings::Keep);
        let mut by_rule: BTreeMap<Rule, usize> = BTreeMap::new();
        for f in &kept.findings {
            *by_rule.entry(f.rule).or_default() += 1;
        }
        assert!(by_rule.len() >= 3, "{by_rule:?}");
        assert!(kept.counted.is_empty());
        let counted = report(false, Warnings::Count);
        assert!(counted.findings.is_empty(), "{:?}", counted.findings);
        assert_eq!(counted.counted, by_rule);
        assert_eq!(
            counted.count(Severity::Warning),
            kept.count(Severity::Warning)
        );
        assert_eq!(counted.summary(), kept.summary());
        // Under --strict an unknown field is an error, and errors are never only counted.
        let strict = report(true, Warnings::Count);
        assert_eq!(strict.findings.len(), 1);
        assert_eq!(strict.findings[0].rule, Rule::UnknownField);
        assert_eq!(strict.count(Severity::Error), 1);
        assert!(!strict.counted.contains_key(&Rule::UnknownField));
    }

    #[test]
    fn a_rule_off_is_neither_kept_nor_counted() {
        let text = "{\"slug\":\"a\",\"term\":\"A\",\"definition\":\"d\",\"colour\":1,\"related\":[\"b\"]}\n\
                    {\"slug\":\"b\",\"term\":\"B\",\"definition\":\"d\",\"shade\":2}";
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.jsonl");
        std::fs::write(&path, text).unwrap();
        let input = Input::Path(path);
        let mut config = Config::default();
        config.severities.insert(Rule::UnknownField, None);
        for warnings in [Warnings::Keep, Warnings::Count] {
            for keep in [Keep::Cards, Keep::Graph] {
                let options = Options {
                    strict: true,
                    warnings,
                    ..Options::default()
                };
                let report = load_and_check(&input, &config, options, keep)
                    .unwrap()
                    .report;
                let rules: Vec<Rule> = report.findings.iter().map(|f| f.rule).collect();
                // Counted warnings are not kept: only their number is.
                let expected: &[Rule] = match warnings {
                    Warnings::Keep => &[Rule::OneWayRelated],
                    Warnings::Count => &[],
                };
                assert_eq!(rules, expected, "{warnings:?}");
                assert!(!report.counted.contains_key(&Rule::UnknownField));
                assert_eq!(report.count(Severity::Warning), 1);
                assert_eq!(report.count(Severity::Error), 0);
            }
        }
        let report = check(
            crate::load::load(&input).unwrap(),
            &config,
            Options::default(),
        )
        .report;
        assert!(report.findings.iter().all(|f| f.rule != Rule::UnknownField));
    }
}
