//! The round-trip rule: the cards an export reads back as (`glossgraph import`), which the
//! tests of `import` compare with what it reads.

use petgraph::graph::NodeIndex;

use super::links::Links;
use crate::card::Draft;
use crate::Glossary;

/// The cards as an export of `glossary` reads back: the round-trip rule.
///
/// Every list is a set: `aliases`, `advantages`, `limitations` and `provenance` sorted
/// (by code point) without duplicates, `citations` sorted by id without a repeated id.
/// Relations are the graph's: `related` lists every term related either way, `supersedes`
/// and `supersededBy` mirror each other, all sorted; self-links and links to terms the
/// glossary does not define are dropped (the checker reports all of these). Everything
/// else is unchanged.
pub fn normalize(glossary: &Glossary) -> Vec<Draft> {
    (0..glossary.cards().len())
        .map(|i| {
            let node = NodeIndex::new(i);
            let mut card = glossary.cards()[i].draft();
            for list in [
                &mut card.aliases,
                &mut card.advantages,
                &mut card.limitations,
                &mut card.provenance,
            ] {
                list.sort_unstable();
                list.dedup();
            }
            card.citations.sort_by(|a, b| a.id.cmp(&b.id));
            card.citations.dedup_by(|b, a| a.id == b.id);
            let slugs = |nodes: Vec<NodeIndex>| -> Vec<String> {
                nodes
                    .into_iter()
                    .map(|n| glossary.slug(n).to_owned())
                    .collect()
            };
            let links = Links::of(glossary, node);
            let listed = links
                .related
                .into_iter()
                .filter(|n| !links.unlisted.contains(n))
                .collect();
            card.related = slugs(listed);
            card.supersedes = slugs(links.replaces);
            card.superseded_by = slugs(links.replaced_by);
            card
        })
        .collect()
}
