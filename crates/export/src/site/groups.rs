//! The vocabulary's groups as the site shows them: each `skos:Collection`,
//! `skos:OrderedCollection` or ISO 25964 concept group of the settings' `[resources]`
//! (`import` keeps them there), with a page at its IRI's path (else `group/{n}/`) listing
//! its members, in their order when the group is ordered, and the groups each term is in,
//! which its page names.
//!
//! A group is a resource typed with one of those classes, or with a class `[resources]`
//! declares a subclass of one (UNESCO's micro-thesauri). Its members are its `skos:member`s
//! and the `skos:memberList` of an ordered collection; the groups it is part of, those that
//! have it as a member or a `iso-thes:subGroup`, and its own `iso-thes:superGroup`s. Nothing
//! is computed for a glossary whose settings name no group.

use std::collections::{BTreeSet, HashMap};

use crate::config::{Config, MetaValue, Statements};
use crate::rdf::vocab::{self, isothes, rdf, rdfs, skos};
use crate::rdf::write::push_concept_iri;
use crate::Glossary;

/// A group of the vocabulary.
pub(crate) struct Group {
    pub(crate) iri: String,
    /// Its page's path below a language's folder, without `/index.html`.
    pub(crate) path: String,
    /// Whether its members are in an order (`skos:memberList`).
    pub(crate) ordered: bool,
    /// Its labels (`skos:prefLabel`, else `rdfs:label`): (language tag, lowercased; text).
    pub(crate) labels: Vec<(String, String)>,
    /// Its members by IRI: in order when ordered, else sorted.
    pub(crate) members: Vec<String>,
    /// The groups it is part of, by place in [`Groups::list`].
    pub(crate) parents: Vec<usize>,
}

/// The groups of a site, and which groups each term is in.
pub(crate) struct Groups {
    pub(crate) list: Vec<Group>,
    /// By card index: the groups that have it as a member, by place in `list`.
    pub(crate) of_card: HashMap<usize, Vec<usize>>,
    /// By page path: the group there.
    at: HashMap<String, usize>,
    /// By IRI: the group, and the card of each concept.
    group_iris: HashMap<String, usize>,
    card_iris: HashMap<String, usize>,
}

/// The values of `property` (a prefixed name, as `[resources]` keys it) among `statements`.
fn values<'s>(
    statements: &'s Statements,
    property: &'s str,
) -> impl Iterator<Item = &'s MetaValue> + 's {
    statements
        .iter()
        .filter(move |(key, _)| vocab::expand(key) == vocab::expand(property))
        .flat_map(|(_, values)| values)
}

/// The IRI values of `property` among `statements`, in their order, prefixed names expanded.
fn iris(statements: &Statements, property: &str) -> Vec<String> {
    values(statements, property)
        .filter_map(|v| match v {
            MetaValue::Iri(iri) => Some(vocab::expand(iri).into_owned()),
            MetaValue::Literal { .. } => None,
        })
        .collect()
}

impl Groups {
    /// The groups of `config`'s `[resources]`, or `None` when it names none.
    pub(crate) fn of(
        glossary: &Glossary,
        config: &Config,
        places: Option<&super::places::Places>,
        folders: &[&str],
    ) -> Option<Self> {
        let resources = &config.resources;
        let is = |statements: &Statements, property: &str, object: &str| {
            values(statements, property).any(|v| match v {
                MetaValue::Iri(iri) => vocab::expand(iri) == object,
                MetaValue::Literal { .. } => false,
            })
        };
        let mut classes: BTreeSet<String> = [
            skos::COLLECTION,
            skos::ORDERED_COLLECTION,
            isothes::CONCEPT_GROUP,
            isothes::THESAURUS_ARRAY,
        ]
        .iter()
        .map(|c| c.as_str().to_owned())
        .collect();
        // The classes declared subclasses of a group class, however deep.
        loop {
            let more: Vec<String> = resources
                .iter()
                .filter(|(iri, statements)| {
                    !classes.contains(iri.as_str())
                        && classes
                            .iter()
                            .any(|c| is(statements, rdfs::SUB_CLASS_OF.as_str(), c))
                })
                .map(|(iri, _)| iri.clone())
                .collect();
            if more.is_empty() {
                break;
            }
            classes.extend(more);
        }
        let found: Vec<(&String, &Statements)> = resources
            .iter()
            .filter(|(_, statements)| {
                classes
                    .iter()
                    .any(|c| is(statements, rdf::TYPE.as_str(), c))
            })
            .collect();
        if found.is_empty() {
            return None;
        }
        let group_iris: HashMap<String, usize> = found
            .iter()
            .enumerate()
            .map(|(at, (iri, _))| ((*iri).clone(), at))
            .collect();
        let iris_of: Vec<&str> = found.iter().map(|(iri, _)| iri.as_str()).collect();
        let paths = super::places::group_paths(config, places, folders, &iris_of);
        let text_of = |v: &MetaValue| match v {
            MetaValue::Literal { text, language, .. } => Some((
                language.as_deref().unwrap_or("").to_ascii_lowercase(),
                text.clone(),
            )),
            MetaValue::Iri(_) => None,
        };
        let mut list: Vec<Group> = found
            .iter()
            .zip(paths)
            .map(|((iri, statements), path)| {
                let mut labels: Vec<(String, String)> = values(statements, "skos:prefLabel")
                    .filter_map(text_of)
                    .collect();
                if labels.is_empty() {
                    labels = values(statements, "rdfs:label")
                        .filter_map(text_of)
                        .collect();
                }
                let ordered = iris(statements, "skos:memberList");
                let members = if ordered.is_empty() {
                    let mut members = iris(statements, "skos:member");
                    members.sort_unstable();
                    members.dedup();
                    members
                } else {
                    ordered.clone()
                };
                Group {
                    iri: (*iri).clone(),
                    path,
                    ordered: !ordered.is_empty(),
                    labels,
                    members,
                    parents: iris(statements, isothes::SUPER_GROUP.as_str())
                        .iter()
                        .filter_map(|g| group_iris.get(g).copied())
                        .collect(),
                }
            })
            .collect();
        // A group's parents: its superGroups, and the groups that hold it.
        let mut holds: Vec<(usize, usize)> = Vec::new();
        for (at, (_, statements)) in found.iter().enumerate() {
            let children = list[at]
                .members
                .iter()
                .chain(&iris(statements, isothes::SUB_GROUP.as_str()))
                .filter_map(|m| group_iris.get(m).copied())
                .collect::<Vec<_>>();
            holds.extend(children.into_iter().map(|child| (child, at)));
        }
        for (child, parent) in holds {
            list[child].parents.push(parent);
        }
        for group in &mut list {
            group.parents.sort_unstable();
            group.parents.dedup();
        }
        let mut card_iris = HashMap::new();
        let mut iri = String::new();
        for (i, card) in glossary.cards().iter().enumerate() {
            iri.clear();
            push_concept_iri(&mut iri, card, config);
            card_iris.insert(iri.clone(), i);
        }
        let mut of_card: HashMap<usize, Vec<usize>> = HashMap::new();
        for (at, group) in list.iter().enumerate() {
            for member in &group.members {
                if let Some(&card) = card_iris.get(member) {
                    of_card.entry(card).or_default().push(at);
                }
            }
        }
        for groups in of_card.values_mut() {
            groups.sort_unstable();
            groups.dedup();
        }
        let at = list
            .iter()
            .enumerate()
            .map(|(i, g)| (g.path.clone(), i))
            .collect();
        Some(Self {
            list,
            of_card,
            at,
            group_iris,
            card_iris,
        })
    }

    /// The group whose page is at `path`.
    pub(crate) fn at(&self, path: &str) -> Option<usize> {
        self.at.get(path).copied()
    }

    /// The group named `iri`.
    pub(crate) fn group(&self, iri: &str) -> Option<usize> {
        self.group_iris.get(iri).copied()
    }

    /// The card of the concept named `iri`.
    pub(crate) fn card(&self, iri: &str) -> Option<usize> {
        self.card_iris.get(iri).copied()
    }
}

impl Group {
    /// Its label in `tag` (else `main`, else without a language, else any), with its
    /// language; its IRI when it has none.
    pub(crate) fn label<'g>(&'g self, tag: &str, main: &'g str) -> (&'g str, &'g str) {
        let find = |wanted: &str| {
            self.labels
                .iter()
                .find(|(l, _)| l.eq_ignore_ascii_case(wanted))
        };
        match find(tag)
            .or_else(|| find(main))
            .or_else(|| find(""))
            .or(self.labels.first())
        {
            Some((l, text)) => (text.as_str(), l.as_str()),
            None => (self.iri.as_str(), ""),
        }
    }
}

/// A group of the vocabulary as the APIs that describe groups answer it (`serve`'s Skosmos
/// REST API: `groups`, `groupMembers`, search by `group`).
#[derive(Debug, Clone)]
pub struct VocabularyGroup {
    pub iri: String,
    /// Its classes (`rdf:type`), as IRIs.
    pub types: Vec<String>,
    /// Its labels (`skos:prefLabel`, else `rdfs:label`): (language tag, lowercased; text).
    pub labels: Vec<(String, String)>,
    /// Its notations (`skos:notation`).
    pub notations: Vec<String>,
    /// Whether its members are in an order (`skos:memberList`).
    pub ordered: bool,
    /// Its members by IRI (concepts and groups): in order when ordered, else sorted.
    pub members: Vec<String>,
    /// Its `iso-thes:subGroup`s by IRI.
    pub sub_groups: Vec<String>,
    /// The groups it is part of, by place in the list.
    pub parents: Vec<usize>,
}

/// The groups of `config`'s `[resources]` (in the order of their IRIs), as
/// [`VocabularyGroup`]s: none when it names none.
pub fn vocabulary_groups(glossary: &Glossary, config: &Config) -> Vec<VocabularyGroup> {
    let Some(groups) = Groups::of(glossary, config, None, &[]) else {
        return Vec::new();
    };
    groups
        .list
        .into_iter()
        .map(|g| {
            let statements = config.resources.get(&g.iri);
            let texts = |property: &str| -> Vec<String> {
                statements
                    .into_iter()
                    .flat_map(|s| values(s, property))
                    .filter_map(|v| match v {
                        MetaValue::Literal { text, .. } => Some(text.clone()),
                        MetaValue::Iri(_) => None,
                    })
                    .collect()
            };
            let of = |property: &str| -> Vec<String> {
                statements.map(|s| iris(s, property)).unwrap_or_default()
            };
            VocabularyGroup {
                types: of(rdf::TYPE.as_str()),
                notations: texts("skos:notation"),
                sub_groups: of(isothes::SUB_GROUP.as_str()),
                iri: g.iri,
                labels: g.labels,
                ordered: g.ordered,
                members: g.members,
                parents: g.parents,
            }
        })
        .collect()
}
