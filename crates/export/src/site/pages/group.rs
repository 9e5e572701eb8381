//! The page of one of the vocabulary's groups in one language ([`crate::site::groups`]): its
//! label, IRI and the groups it is part of, and its members as links, in their order when
//! the group is ordered, else in the order of the language's lists (by notation, else A–Z).

use askama::Template;

use super::{render, term_link, Concept, Frame, Here, Lang};
use crate::output::ExportError;
use crate::site::groups::Groups;
use crate::site::languages::Language;
use crate::site::{From, Site};

#[derive(Template)]
#[template(path = "site/group.html")]
struct GroupPage<'a> {
    frame: Frame<'a>,
    label: &'a str,
    label_lang: Lang<'a>,
    iri: &'a str,
    parents: Vec<Concept<'a>>,
    ordered: bool,
    members: Vec<Concept<'a>>,
}

/// The link to group `at` from a page of `lang` at `from`, labelled in `lang`.
pub(super) fn link<'a>(
    site: &Site<'a>,
    lang: &'a Language,
    groups: &'a Groups,
    at: usize,
    from: From<'_>,
) -> Concept<'a> {
    let group = &groups.list[at];
    let (label, tag) = group.label(&lang.tag, &site.config.language);
    Concept {
        label,
        notation: None,
        lang: if tag.is_empty() {
            Lang::NONE
        } else {
            Lang::of(tag, &lang.page_lang)
        },
        href: None,
        page: Some(Site::href_to(from, &group.path)),
    }
}

/// The page of group `at` in `lang`.
pub(in crate::site) fn group<'a>(
    site: &Site<'a>,
    lang: &'a Language,
    groups: &'a Groups,
    at: usize,
) -> Result<String, ExportError> {
    let group = &groups.list[at];
    let here = From::Term(&group.path);
    let home = "../".repeat(group.path.split('/').count());
    // An unordered group's terms in the order of the language's lists (its tree's: by
    // notation when there are some, else A–Z as the language collates), then its groups
    // and other members by label.
    let mut listed: Vec<&String> = group.members.iter().collect();
    if !group.ordered {
        let position: std::collections::HashMap<usize, usize> = lang
            .order
            .iter()
            .enumerate()
            .map(|(at, &i)| (i, at))
            .collect();
        let rank = |iri: &String| {
            groups.card(iri).map(|i| match lang.tree.as_ref() {
                Some(tree) => tree.rank(i) as usize,
                None => position.get(&i).copied().unwrap_or(usize::MAX),
            })
        };
        listed.sort_by_cached_key(|iri| rank(iri).unwrap_or(usize::MAX));
    }
    let mut members: Vec<Concept<'a>> = listed
        .into_iter()
        .map(|iri| {
            if let Some(card) = groups.card(iri) {
                let l = term_link(site, lang, card, here);
                Concept {
                    label: l.label,
                    notation: l.notation,
                    lang: l.lang,
                    href: None,
                    page: Some(l.href),
                }
            } else if let Some(g) = groups.group(iri) {
                link(site, lang, groups, g, here)
            } else {
                Concept {
                    label: iri,
                    notation: None,
                    lang: Lang::NONE,
                    href: (iri.starts_with("https://") || iri.starts_with("http://"))
                        .then_some(iri.as_str()),
                    page: None,
                }
            }
        })
        .collect();
    if !group.ordered {
        // The terms are in place; the rest (ranked last, alike) by label.
        let terms = group
            .members
            .iter()
            .filter(|iri| groups.card(iri).is_some())
            .count();
        members[terms..].sort_by_cached_key(|c| c.label.to_lowercase());
    }
    let (label, tag) = group.label(&lang.tag, &site.config.language);
    let page = GroupPage {
        frame: Frame::new(site, lang, &home, Some(Here::Group(&group.path))),
        label,
        label_lang: if tag.is_empty() {
            Lang::NONE
        } else {
            Lang::of(tag, &lang.page_lang)
        },
        iri: &group.iri,
        parents: group
            .parents
            .iter()
            .map(|&p| link(site, lang, groups, p, here))
            .collect(),
        ordered: group.ordered,
        members,
    };
    render(&page)
}
