//! Term links: a link inside a definition or a note whose target is another term (see
//! [`crate::card::rules::term_target`]). Checked like `related`: a link that can only mean
//! a term (`../slug/`, the term's IRI) and names none is a dangling link, with a did-you-mean.
//! A term link is one-way by nature (the text of one card names the other), so it is never a
//! `one-way-related` warning.
//!
//! The targets are read from the texts with the per-card rules (the texts may be dropped
//! right after), and judged once the glossary is whole.

use std::collections::HashSet;
use std::ops::Range;

use crate::card::markdown::links;
use crate::card::rules::term_target;
use crate::card::Card;
use crate::diag::{Edit, Finding, Origin, Rule};
use crate::Glossary;

/// A link of a card's text that can only mean a term, waiting for the glossary to be whole.
#[derive(Debug, Clone)]
pub(super) struct Pending {
    origin: Origin,
    /// The slug of the card the link is in.
    from: String,
    field: &'static str,
    /// The link's bytes in the field's text.
    range: Range<usize>,
    /// The link's source text (`[text](../slug/)`) and its target as written.
    source: String,
    target: String,
    slug: String,
    /// Whether the target can only mean a term (`../slug/`, the IRI): then a missing term is
    /// an error; else the link is a term link only when the term exists.
    certain: bool,
}

impl Pending {
    fn origin_slug(&self) -> &str {
        &self.from
    }

    /// The card the link is in.
    pub(super) fn origin(&self) -> (u32, u64) {
        (self.origin.source, self.origin.offset)
    }
}

/// The links of `card`'s definition and note that may name a term; `base` is the glossary's
/// base IRI.
pub(super) fn card(card: &Card, origin: Origin, base: &str, out: &mut Vec<Pending>) {
    let mut term_iris: Option<String> = None;
    for (field, text) in [("definition", card.definition()), ("note", card.note())] {
        for link in links(text) {
            // Where the terms' IRIs start, as the RDF mapping spells them.
            let iris = term_iris.get_or_insert_with(|| format!("{base}term/"));
            if let Some((slug, certain)) = term_target(&link.target, iris) {
                out.push(Pending {
                    certain,
                    from: card.slug().to_owned(),
                    origin,
                    field,
                    source: text[link.range.clone()].to_owned(),
                    slug: slug.to_owned(),
                    target: link.target.clone(),
                    range: link.range,
                });
            }
        }
    }
}

/// A dangling-link finding for each link that can only mean a term and names none (but for
/// the terms of `unjoined`, whose cards could not be read); returns the term links found, as
/// (card, card) pairs, each once and sorted, for the rules that follow links (orphans,
/// clusters) and the maps.
pub(super) fn glossary(
    g: &Glossary,
    pending: Vec<Pending>,
    unjoined: &HashSet<String>,
    out: &mut Vec<Finding>,
) -> Vec<(u32, u32)> {
    let mut pairs = Vec::new();
    for p in pending {
        let target = g.node(&p.slug).filter(|n| n.index() < g.cards().len());
        if let (Some(to), Some(from)) = (target, g.node(p.origin_slug())) {
            if to != from {
                pairs.push((from.index() as u32, to.index() as u32));
            }
            continue;
        }
        if target.is_some() || !p.certain || unjoined.contains(&p.slug) {
            continue;
        }
        let mut f = Finding::new(
            Rule::DanglingLink,
            p.origin.at(format!("/{}", p.field)),
            format!(
                "link to `{}` in `{}`: `{}` is not a term of the glossary",
                p.target, p.field, p.slug
            ),
        )
        .within(p.range.clone());
        if let Some((close, unique)) = g.closest(&p.slug) {
            f = f.with_hint(format!("did you mean `{close}`?"));
            // The target's slug replaced, the last time it appears in the link.
            if let Some(at) = p.source.rfind(&p.target) {
                let fixed_target = p.target.replacen(&p.slug, close, 1);
                let mut to = p.source.clone();
                to.replace_range(at..at + p.target.len(), &fixed_target);
                if unique && fixed_target != p.target {
                    let edit = Edit::ReplaceText {
                        key: p.field,
                        at: p.range.start,
                        from: p.source.clone(),
                        to,
                    };
                    f = f.with_fix(p.origin, edit, false);
                }
            }
        }
        out.push(f);
    }
    // Each pair once, in card order, as `Glossary::text_links` reads them without `check`: a
    // text linking a term twice is one term link (the maps draw one arrow for it).
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}
