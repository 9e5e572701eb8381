//! Hierarchy rules (`broader`/`narrower`): a cycle of broader links, a concept broader than
//! itself (errors, each naming the path), a slug no card has (`dangling-link`), a link stated
//! on one side only, `related` between a concept and one of its broader chain (SKOS S27), and
//! a label of another language repeated as an alternative label in it (SKOS S13; in the main
//! language that is `alias-equals-term`). Published vocabularies break the integrity
//! conditions often: those are warnings, which a glossary can make errors in its settings.
//!
//! Iterative throughout ([`crate::hierarchy`]): a chain of 20,000 levels is walked, not
//! recursed into.

use super::at;
use crate::diag::{Finding, Origin, Rule};
use crate::hierarchy::Hierarchy;
use crate::Glossary;

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
        } else {
            let mut names: Vec<&str> = cycle.iter().map(|&i| cards[i].slug()).collect();
            names.push(cards[first].slug());
            format!(
                "broader cycle: {} (each narrower than the next)",
                names.join(" → ")
            )
        };
        out.push(at(Rule::BroaderCycle, origins[first], "/broader", message));
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
                        let other = cards[n.index()].skos();
                        let (mirror, back) = if name == "broader" {
                            ("narrower", &other.narrower)
                        } else {
                            ("broader", &other.broader)
                        };
                        if n.index() != i && !back.iter().any(|s| s == card.slug()) {
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
        let related = card.related();
        if related.is_empty() || h.broader(i).is_empty() {
            continue;
        }
        let ancestors = h.ancestors(i);
        for (k, r) in related.iter().enumerate() {
            let Some(n) = g.node(r).filter(|n| n.index() < cards.len()) else {
                continue;
            };
            if ancestors.contains(&n.index()) {
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
