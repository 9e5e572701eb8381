//! Hierarchy rules (`broader`/`narrower`): a cycle of broader links, a concept broader than
//! itself (errors, each naming the path), a slug no card has (`dangling-link`), a link stated
//! on one side only, `related` between a concept and one of its broader chain (SKOS S27), and
//! a label of another language repeated as an alternative label in it (SKOS S13; in the main
//! language that is `alias-equals-term`). Published vocabularies break the integrity
//! conditions often: those are warnings, which a glossary can make errors in its settings.
//!
//! Iterative throughout ([`crate::hierarchy`]): a chain of 20,000 levels is walked, not
//! recursed into.

use std::collections::HashSet;

use super::at;
use crate::diag::{Finding, Origin, Rule};
use crate::hierarchy::Hierarchy;
use crate::Glossary;

/// The longest cycle whose every term a message names; a longer one is shown by its first
/// and last [`ENDS_SHOWN`].
const LONGEST_SHOWN: usize = 12;
const ENDS_SHOWN: usize = 5;

pub(super) fn glossary(g: &Glossary, h: &Hierarchy, origins: &[Origin], out: &mut Vec<Finding>) {
    languages(g, origins, out);
    if h.is_empty() {
        return;
    }
    let cards = g.cards();
    for cycle in h.cycles() {
        let first = cycle[0];
        let message = if let [only] = cycle.as_slice() {
            format!(
                "broader cycle: {0} → {0} (a concept cannot be broader than itself)",
                cards[*only].slug()
            )
        } else if cycle.len() <= LONGEST_SHOWN {
            let mut names: Vec<&str> = cycle.iter().map(|&i| cards[i].slug()).collect();
            names.push(cards[first].slug());
            format!(
                "broader cycle: {} (each narrower than the next)",
                names.join(" → ")
            )
        } else {
            // Its ends: the message of a cycle through 20,000 terms stays one line.
            let names =
                |range: &[usize]| -> Vec<&str> { range.iter().map(|&i| cards[i].slug()).collect() };
            let (head, tail) = (ENDS_SHOWN, cycle.len() - ENDS_SHOWN);
            format!(
                "broader cycle: {} → … {} more … → {} → {} (a cycle of {} terms, each narrower \
                 than the next)",
                names(&cycle[..head]).join(" → "),
                tail - head,
                names(&cycle[tail..]).join(" → "),
                cards[first].slug(),
                cycle.len()
            )
        };
        out.push(at(Rule::BroaderCycle, origins[first], "/broader", message));
    }
    // S27, asked of the hierarchy at once: for each related link of a card with a broader
    // concept, whether it leads up the card's broader chain.
    let mut pairs = Vec::new();
    let mut asked = Vec::new();
    for (i, card) in cards.iter().enumerate() {
        if h.broader(i).is_empty() {
            continue;
        }
        for (k, r) in card.related().iter().enumerate() {
            if let Some(n) = g.node(r).filter(|n| n.index() < cards.len()) {
                pairs.push((i, n.index()));
                asked.push((i, k, r));
            }
        }
    }
    let answers = h.broader_at_any_distance(&pairs);
    let mut related_broader = asked
        .into_iter()
        .zip(answers)
        .filter_map(|(asked, yes)| yes.then_some(asked))
        .peekable();
    // The links each card states, to tell a link stated on one side only: looking the other
    // card's list through for each link took the square of a hub's narrower concepts.
    let mut stated: HashSet<(usize, usize, bool)> = HashSet::new();
    for (i, card) in cards.iter().enumerate() {
        let skos = card.skos();
        for (list, up) in [(&skos.broader, true), (&skos.narrower, false)] {
            for entry in list {
                if let Some(n) = g.node(entry).filter(|n| n.index() < cards.len()) {
                    stated.insert((i, n.index(), up));
                }
            }
        }
    }
    for (i, card) in cards.iter().enumerate() {
        let skos = card.skos();
        for (name, list) in [("broader", &skos.broader), ("narrower", &skos.narrower)] {
            for (k, entry) in list.iter().enumerate() {
                if crate::hierarchy::is_iri(entry) {
                    continue;
                }
                match g.node(entry).filter(|n| n.index() < cards.len()) {
                    None => out.push(at(
                        Rule::DanglingLink,
                        origins[i],
                        format!("/{name}/{k}"),
                        format!("`{name}` target `{entry}` is not a term of the glossary"),
                    )),
                    Some(n) => {
                        let up = name == "broader";
                        let mirror = if up { "narrower" } else { "broader" };
                        if n.index() != i && !stated.contains(&(n.index(), i, !up)) {
                            out.push(at(
                                Rule::OneWayBroader,
                                origins[i],
                                format!("/{name}/{k}"),
                                format!(
                                    "`{}` lists `{entry}` as {name}, but `{entry}` does not list `{}` as {mirror}",
                                    card.slug(),
                                    card.slug()
                                ),
                            ));
                        }
                    }
                }
            }
        }
        // S27: related and broaderTransitive are disjoint.
        while let Some((_, k, r)) = related_broader.next_if(|&(card, _, _)| card == i) {
            out.push(at(
                Rule::RelatedBroader,
                origins[i],
                format!("/related/{k}"),
                format!(
                    "`{}` is related to `{r}`, which is broader than it (SKOS S27: related and broader exclude each other)",
                    card.slug()
                ),
            ));
        }
    }
}

/// S13 in the other languages: an alternative or hidden label that repeats the term.
fn languages(g: &Glossary, origins: &[Origin], out: &mut Vec<Finding>) {
    for (i, card) in g.cards().iter().enumerate() {
        for (tag, l) in &card.skos().languages {
            let Some(term) = &l.term else { continue };
            for (name, list) in [
                ("aliases", &l.aliases),
                ("hiddenAliases", &l.hidden_aliases),
            ] {
                for (k, alias) in list.iter().enumerate() {
                    if alias == term {
                        let mut pointer = String::from("/languages");
                        crate::card::push_pointer(&mut pointer, tag);
                        out.push(at(
                            Rule::LanguageAliasEqualsTerm,
                            origins[i],
                            format!("{pointer}/{name}/{k}"),
                            format!(
                                "the `{tag}` label `{alias}` is also the `{tag}` term (SKOS S13)"
                            ),
                        ));
                    }
                }
            }
        }
    }
}
