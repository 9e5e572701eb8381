//! One concept of a vocabulary read into a card: each of its triples by what its predicate
//! is ([`Role`], found once per predicate), then its labels and notes placed by language,
//! its term found when it has no preferred label in the main language, and the links the
//! other cards state to it stated back.

use std::borrow::Cow;

use oxigraph::model::TermRef;

use super::super::triples::Id;
use super::view::{LanguageView, NotationView, Text, View};
use super::{clean, is_gx, local_name, Cards, Tally};
use crate::card::skos::{MAPPING_KINDS, NOTE_KINDS};
use crate::card::PartialDate;
use crate::config;
use crate::rdf::vocab::{dcterms, owl, rdf, rdfs, skos, skosxl, xsd};

/// What a concept's triple is read as, by its predicate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    /// A label (`pref`, `alt`, `hidden`, plain or SKOS-XL) or a note, by its kind.
    Text(&'static str),
    /// A mapping to another vocabulary, by its kind.
    Mapping(&'static str),
    /// A type: the card keeps its concept's classes (`types`) unless they are
    /// `skos:Concept` alone, which the export writes for a card without them.
    Type,
    /// `skos:inScheme`, `skos:topConceptOf`: a scheme by IRI.
    InScheme,
    TopConceptOf,
    Link(Link),
    Notation,
    Deprecated,
    /// glossgraph's `gx:status`: a status by its IRI (`…/status/{name}`).
    Status,
    Modified,
    Created,
    /// glossgraph's `gx:extra`: a card's unknown field.
    Extra,
    Label,
    /// Not kept.
    Other,
}

/// A link between two concepts, and the card's list it goes into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Link {
    Broader,
    Narrower,
    Related,
    Supersedes,
    SupersededBy,
}

impl Link {
    /// The link the other card states back.
    fn back(self) -> Self {
        match self {
            Link::Broader => Link::Narrower,
            Link::Narrower => Link::Broader,
            Link::Related => Link::Related,
            Link::Supersedes => Link::SupersededBy,
            Link::SupersededBy => Link::Supersedes,
        }
    }

    fn list<'c, 'g>(self, card: &'c mut View<'g>) -> &'c mut Vec<&'g str> {
        match self {
            Link::Broader => &mut card.broader,
            Link::Narrower => &mut card.narrower,
            Link::Related => &mut card.related,
            Link::Supersedes => &mut card.supersedes,
            Link::SupersededBy => &mut card.superseded_by,
        }
    }

    const ALL: [Link; 5] = [
        Link::Related,
        Link::Supersedes,
        Link::SupersededBy,
        Link::Broader,
        Link::Narrower,
    ];
}

impl Role {
    /// The role of the predicate `p`.
    pub(super) fn of(p: &str) -> Self {
        let labels = [
            (skos::PREF_LABEL, "pref"),
            (skos::ALT_LABEL, "alt"),
            (skos::HIDDEN_LABEL, "hidden"),
            (skosxl::PREF_LABEL, "pref"),
            (skosxl::ALT_LABEL, "alt"),
            (skosxl::HIDDEN_LABEL, "hidden"),
        ];
        if let Some(&(_, kind)) = labels.iter().find(|(q, _)| q.as_str() == p) {
            return Role::Text(kind);
        }
        let is = |property: Option<oxigraph::model::NamedNodeRef<'_>>| {
            property.is_some_and(|q| q.as_str() == p)
        };
        if let Some(kind) = NOTE_KINDS.into_iter().find(|k| is(skos::note_property(k))) {
            return Role::Text(kind);
        }
        if let Some(kind) = MAPPING_KINDS
            .into_iter()
            .find(|k| is(skos::mapping_property(k)))
        {
            return Role::Mapping(kind);
        }
        let links = [
            (skos::BROADER, Link::Broader),
            (skos::NARROWER, Link::Narrower),
            (skos::RELATED, Link::Related),
            (dcterms::REPLACES, Link::Supersedes),
            (dcterms::IS_REPLACED_BY, Link::SupersededBy),
        ];
        if let Some(&(_, link)) = links.iter().find(|(q, _)| q.as_str() == p) {
            return Role::Link(link);
        }
        match p {
            _ if p == rdf::TYPE.as_str() => Role::Type,
            _ if p == skos::IN_SCHEME.as_str() => Role::InScheme,
            _ if p == skos::TOP_CONCEPT_OF.as_str() => Role::TopConceptOf,
            _ if p == skos::NOTATION.as_str() => Role::Notation,
            _ if p == owl::DEPRECATED.as_str() => Role::Deprecated,
            _ if p == dcterms::MODIFIED.as_str() => Role::Modified,
            _ if p == dcterms::CREATED.as_str() => Role::Created,
            _ if is_gx(p, "extra") => Role::Extra,
            _ if is_gx(p, "status") => Role::Status,
            _ if p == rdfs::LABEL.as_str() => Role::Label,
            _ => Role::Other,
        }
    }
}

/// A card being read from its concept's triples.
struct Reading<'c> {
    card: View<'c>,
    /// The concept's id (its IRI is read only where it is needed: [`Cards::keeps_iri`]).
    id: Id,
    /// Labels and notes with their (kind, language), until they are placed.
    texts: Vec<(&'static str, &'c str, Text<'c>)>,
    /// Its `rdfs:label`s: the term when it has no preferred label in the main language.
    rdfs_labels: Vec<Text<'c>>,
    deprecated: bool,
    /// Its `gx:status`, in glossgraph's export read back as a vocabulary.
    status: Option<&'c str>,
    /// Each `dcterms:modified` (`true`) and `dcterms:created` day read, with its predicate:
    /// counted as kept once the card's one day of each is known, the others as not kept.
    dates: Vec<(bool, PartialDate, &'c str)>,
}

impl Cards {
    /// The links each card states back (see [`Cards::mirrored`]'s field).
    pub(super) fn mirrored(&self) -> Vec<(u32, Link, u32)> {
        let mut out = Vec::new();
        // Places in `concepts` are below the number of terms, which are `u32`s.
        let place = |at: usize| u32::try_from(at).unwrap_or(u32::MAX);
        for (at, &c) in self.concepts.iter().enumerate() {
            let values = self.triples.subject(c).map_or(&[][..], |s| s.ids());
            for &[p, o] in values {
                if let Some(Role::Link(link)) = self.roles.get(&p) {
                    // Only links between two cards of the file (a card's own list holds them),
                    // never a concept's `related` to itself (not kept: `Cards::value`).
                    if *link == Link::Related && o == c {
                        continue;
                    }
                    if let Some(other) = self.index.get(o) {
                        out.push((place(other), link.back(), place(at)));
                    }
                }
            }
        }
        out.sort_unstable_by_key(|&(other, _, _)| other);
        out
    }

    /// The schemes of the card at `at` (whole: after [`Cards::mirror`]), as the card keeps
    /// them: `inScheme` unless it is the glossary's scheme alone, `topConceptOf` (stated on
    /// the concept, or by a scheme's `skos:hasTopConcept`) unless it is what the export
    /// derives — the glossary's scheme for a concept in it without a broader concept. A file
    /// whose concepts state no scheme (many name their top concepts from the scheme's side
    /// alone) puts each in the glossary's, as glossgraph does every concept; a file without
    /// any scheme gives its concepts the glossary's top concepts too.
    pub(super) fn schemes_of<'g>(&'g self, at: usize, card: &mut View<'g>) {
        let glossary = self.scheme.as_str();
        let from = self.top_stated.partition_point(|&(c, _)| (c as usize) < at);
        let to = self.top_stated.partition_point(|&(c, _)| c as usize <= at);
        let tops = self.top_stated[from..to]
            .iter()
            .map(|&(_, s)| self.triples.text(s));
        let mut top: Vec<&str> = card.top_concept_of.take().unwrap_or_default();
        top.extend(tops);
        let mut in_scheme: Vec<&str> = card.in_scheme.take().unwrap_or_default();
        for list in [&mut top, &mut in_scheme] {
            list.sort_unstable();
            list.dedup();
        }
        let only_ours = in_scheme.len() == 1 && in_scheme[0] == glossary;
        // A concept that states no scheme says none (`[]`), unless no concept of the file
        // states one, nor is there any scheme: then glossgraph's own scheme holds them all.
        let without = in_scheme.is_empty() && !self.states_schemes && !self.has_schemes;
        if !only_ours && !without {
            card.in_scheme = Some(in_scheme);
        }
        let in_ours = card
            .in_scheme
            .as_ref()
            .is_none_or(|list| list.contains(&glossary));
        let derived: &[&str] = if in_ours && card.broader.is_empty() {
            &[glossary]
        } else {
            &[]
        };
        let same = top.len() == derived.len() && top.iter().zip(derived).all(|(a, b)| a == b);
        // Without any scheme in the file, the glossary's top concepts stand.
        let invented = top.is_empty() && !self.has_schemes;
        if !same && !invented {
            card.top_concept_of = Some(top);
        }
    }

    /// States on the card at `at` the links the other cards state to it, as glossgraph's
    /// cards do (a vocabulary often states `broader` on one side only): `related` both
    /// ways, `broader` mirrored by `narrower`, `supersedes` by `supersededBy`. Lists stay
    /// sorted.
    pub(super) fn mirror<'g>(&'g self, at: usize, card: &mut View<'g>) {
        let from = self
            .mirrored
            .partition_point(|&(other, _, _)| (other as usize) < at);
        let to = self
            .mirrored
            .partition_point(|&(other, _, _)| other as usize <= at);
        for &(_, link, by) in &self.mirrored[from..to] {
            link.list(card).push(&self.slugs[by as usize]);
        }
        for link in Link::ALL {
            let list = link.list(card);
            list.sort_unstable();
            list.dedup();
        }
    }

    /// The card of the concept at `at` in `concepts`, without what the other cards state to
    /// it; what was kept and what not counted on `tally`.
    pub(super) fn base_card<'g>(&'g self, at: usize, tally: &mut Tally<'g>) -> View<'g> {
        let id = self.concepts[at];
        let slug = &self.slugs[at];
        tally.at = at + 1;
        let mut r = Reading {
            card: View {
                slug,
                ..View::default()
            },
            id,
            texts: Vec::new(),
            rdfs_labels: Vec::new(),
            deprecated: false,
            status: None,
            dates: Vec::new(),
        };
        if self.keeps_iri[at] {
            r.card.iri = Some(self.triples.text(id));
        }
        for &[p, o] in self.triples.subject(id).map_or(&[][..], |s| s.ids()) {
            self.value(&mut r, p, o, tally);
        }
        // A card keeps one day of each: the latest modification, the earliest creation.
        for &(modified, day, predicate) in &r.dates {
            let kept = if modified {
                r.card.updated
            } else {
                r.card.created
            };
            if kept == Some(day) {
                tally.kept += 1;
            } else {
                tally.not_kept(predicate, id);
            }
        }
        // `owl:deprecated` says `deprecated`, except in glossgraph's export, which states
        // every status as `gx:status` (`obsolete` is written deprecated too, and so is a
        // concept another replaces, whatever its status).
        if let Some(status) = r.status {
            r.card.status = Some(status);
        } else if r.deprecated && !self.tool.stated {
            r.card.status = Some("deprecated");
        }
        self.place_texts(&mut r, tally);
        self.term_or_stand_in(&mut r, tally);
        let mut card = r.card;
        for link in Link::ALL {
            let list = link.list(&mut card);
            list.sort_unstable();
            list.dedup();
        }
        card.types.sort_unstable();
        card.types.dedup();
        if card.types == [skos::CONCEPT.as_str()] {
            card.types.clear();
        }
        for list in card.mappings.values_mut() {
            list.sort_unstable();
            list.dedup();
        }
        card.notations.sort_unstable();
        card.notations.dedup();
        card
    }

    /// Reads the triple (the concept, `p`, `o`) into the card.
    fn value<'g>(&'g self, r: &mut Reading<'g>, p: Id, o: Id, tally: &mut Tally<'g>) {
        let role = self.roles.get(&p).copied().unwrap_or(Role::Other);
        // Neither is read for most triples (a type, a link to another card): each only
        // where it is.
        let predicate = || self.triples.text(p);
        let object = || self.triples.term(o);
        let card = &mut r.card;
        let kept = match role {
            Role::Text(kind) => match self.text_of(object(), r.id, tally) {
                Some((text, tag)) => {
                    r.texts.push((kind, tag, text));
                    true
                }
                None => false,
            },
            Role::Mapping(kind) => match object() {
                TermRef::NamedNode(n) => {
                    card.mappings.entry(kind).or_default().push(n.as_str());
                    true
                }
                _ => false,
            },
            // Every class, `skos:Concept` among them; `base_card` forgets `skos:Concept`
            // alone, which the export writes for a card without `types`.
            Role::Type => match object() {
                TermRef::NamedNode(n) => {
                    card.types.push(n.as_str());
                    true
                }
                _ => false,
            },
            // Every one stated, until `Cards::schemes_of` leaves out what the export derives.
            Role::InScheme | Role::TopConceptOf => match object() {
                TermRef::NamedNode(n) => {
                    let list = if role == Role::InScheme {
                        &mut card.in_scheme
                    } else {
                        &mut card.top_concept_of
                    };
                    list.get_or_insert_with(Vec::new).push(n.as_str());
                    true
                }
                _ => false,
            },
            // glossgraph's graph has no link of a term to itself (`check` calls it
            // `self-link`): the export would drop it, so it is not kept, and said.
            Role::Link(Link::Related) if o == r.id => {
                tally.warn(
                    "self-related",
                    format!(
                        "<{}>: a skos:related of the concept to itself is not kept (a term's \
                         link to itself is left out of the graph)",
                        self.triples.text(r.id)
                    ),
                );
                false
            }
            Role::Link(link) => {
                // A concept of the file by its slug; one outside it by its IRI.
                let slug = self.index.get(o).map(|at| self.slugs[at].as_str());
                let target = slug.or_else(|| match object() {
                    TermRef::NamedNode(n) => Some(n.as_str()),
                    _ => None,
                });
                target.map(|t| link.list(card).push(t)).is_some()
            }
            Role::Notation => match object() {
                // glossgraph's own slug notation (`gx:Slug`), when its export is read
                // back as a vocabulary: the slug, not a notation of the concept.
                TermRef::Literal(l) if is_gx(l.datatype().as_str(), "Slug") => true,
                TermRef::Literal(l) => {
                    let datatype = (l.language().is_none() && l.datatype() != xsd::STRING)
                        .then(|| l.datatype().as_str());
                    card.notations.push(NotationView {
                        value: l.value(),
                        datatype,
                        language: l.language(),
                    });
                    true
                }
                _ => false,
            },
            // One of the statuses the settings know (an import's are glossgraph's own).
            Role::Status => match object() {
                TermRef::NamedNode(n) => {
                    let name = n.as_str().strip_prefix(self.tool.base.as_str());
                    let name = name.and_then(|rest| rest.strip_prefix("status/"));
                    let known = name.filter(|s| config::KNOWN_STATUSES.contains(s));
                    if known.is_some() && r.status.is_none() {
                        r.status = known;
                    }
                    known.is_some()
                }
                _ => false,
            },
            Role::Deprecated => {
                if matches!(object(), TermRef::Literal(l) if l.value() == "true" || l.value() == "1")
                {
                    r.deprecated = true;
                }
                true
            }
            // Kept to the day, as `updated` is: the latest modification, the earliest
            // creation.
            Role::Modified | Role::Created => {
                return self.date(r, role, p, o, tally);
            }
            // An unknown card field in glossgraph's export: `{"name": value}` as JSON.
            Role::Extra => {
                let parsed = match object() {
                    TermRef::Literal(l) if l.datatype() == rdf::JSON => {
                        serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(
                            l.value(),
                        )
                        .ok()
                    }
                    _ => None,
                };
                parsed.map(|fields| card.extra.extend(fields)).is_some()
            }
            Role::Label => match object() {
                TermRef::Literal(l) if l.language().is_none_or(|tag| self.is_main(tag)) => {
                    r.rdfs_labels.push(clean(l.value()).0);
                    true
                }
                _ => false,
            },
            Role::Other => false,
        };
        if kept {
            tally.kept += 1;
        } else {
            tally.not_kept(predicate(), r.id);
        }
    }

    /// Reads a `dcterms:modified` or `dcterms:created` (`role`) into the card: to the day, as
    /// `updated` is (the latest modification, the earliest creation), and its date and time
    /// when it is an `xsd:dateTime` (`dateTimes`); counted once every value is read.
    fn date<'g>(&'g self, r: &mut Reading<'g>, role: Role, p: Id, o: Id, tally: &mut Tally<'g>) {
        let predicate = || self.triples.text(p);
        let object = || self.triples.term(o);
        let card = &mut r.card;
        let mut time = None;
        let date = match object() {
            // `YYYY`, `YYYY-MM`, a date, or a date and time whose day is kept, and
            // the time with it (`dateTimes`).
            TermRef::Literal(l) => {
                if l.datatype() == xsd::DATE_TIME {
                    time = Some(l.value());
                }
                PartialDate::parse(l.value().get(..10).unwrap_or(l.value())).ok()
            }
            _ => None,
        };
        let Some(d) = date else {
            return tally.not_kept(predicate(), r.id);
        };
        let kind = if role == Role::Modified {
            "modified"
        } else {
            "created"
        };
        let replaces = if role == Role::Modified {
            let later = card.updated.is_none_or(|u| d > u);
            if later {
                card.updated = Some(d);
            }
            later
        } else {
            let earlier = card.created.is_none_or(|c| d < c);
            if earlier {
                card.created = Some(d);
            }
            earlier
        };
        if replaces {
            match time {
                Some(t) => card.date_times.insert(kind, t),
                None => card.date_times.remove(kind),
            };
        }
        // Counted once every value is read (`base_card`).
        r.dates.push((role == Role::Modified, d, predicate()));
    }

    pub(super) fn is_main(&self, tag: &str) -> bool {
        tag.eq_ignore_ascii_case(&self.language)
    }

    /// The text of a note or label value: a literal, or a resource with an `rdf:value`,
    /// `rdfs:comment` or `skosxl:literalForm` (whose triples are then consumed); with its
    /// language tag (`""` for none).
    fn text_of<'g>(
        &'g self,
        o: TermRef<'g>,
        concept: Id,
        tally: &mut Tally<'g>,
    ) -> Option<(Text<'g>, &'g str)> {
        let literal = match o {
            TermRef::Literal(l) => l,
            TermRef::NamedNode(_) | TermRef::BlankNode(_) => {
                let node = self.triples.subject_of(o)?;
                let found = [rdf::VALUE, skosxl::LITERAL_FORM, rdfs::COMMENT]
                    .iter()
                    .find_map(|p| {
                        node.values().find_map(|(q, o)| match o {
                            TermRef::Literal(l) if q == p.as_str() => Some(l),
                            _ => None,
                        })
                    })?;
                // The node's text is kept; its other statements (creator, date) are not.
                for (q, o) in node.values() {
                    let text = matches!(o, TermRef::Literal(l) if l == found);
                    if text || q == rdf::TYPE.as_str() {
                        tally.kept += 1;
                    } else {
                        tally.not_kept(q, node.id());
                    }
                }
                tally.consumed.insert(node.id());
                found
            }
        };
        let (text, changed) = clean(literal.value());
        if changed {
            tally.warn(
                "control-character",
                format!(
                    "<{}>: a control character the card refuses was dropped from `{}`",
                    self.triples.text(concept),
                    text.chars().take(40).collect::<String>()
                ),
            );
        }
        Some((text, literal.language().unwrap_or("")))
    }

    /// Places the labels and notes into the card: the main language on top, the others by
    /// tag. A second preferred label in one language is not kept (SKOS S14).
    fn place_texts<'g>(&'g self, r: &mut Reading<'g>, tally: &mut Tally<'g>) {
        let id = r.id;
        let second_term = |tag: &str, extra: Text<'_>, tally: &mut Tally<'g>| {
            let iri = self.triples.text(id);
            tally.warn(
                "second-pref-label",
                format!(
                "<{iri}>: a second skos:prefLabel in `{tag}` (SKOS S14), `{extra}`, is not kept"
            ),
            );
            tally.kept -= 1;
            tally.not_kept(skos::PREF_LABEL.as_str(), id);
        };
        let card = &mut r.card;
        let mut texts = std::mem::take(&mut r.texts);
        // By (kind, language), each list sorted: the order of the maps they go into.
        texts.sort_unstable();
        texts.dedup();
        let mut texts = texts.into_iter().peekable();
        while let Some((kind, tag, first)) = texts.next() {
            let mut list = vec![first];
            while let Some((_, _, text)) = texts.next_if(|&(k, t, _)| k == kind && t == tag) {
                list.push(text);
            }
            if self.is_main(tag) {
                match kind {
                    "pref" => {
                        let mut list = list.into_iter();
                        card.term = list.next().unwrap_or_default();
                        for extra in list {
                            second_term(tag, extra, tally);
                        }
                    }
                    "alt" => card.aliases = list,
                    "hidden" => card.hidden_aliases = list,
                    "definition" => {
                        let mut list = list.into_iter();
                        card.definition = list.next().unwrap_or_default();
                        let rest: Vec<Text<'g>> = list.collect();
                        if !rest.is_empty() {
                            card.notes.insert("definition", rest);
                        }
                    }
                    note => {
                        card.notes.insert(note, list);
                    }
                }
                continue;
            }
            let l: &mut LanguageView<'g> = card.languages.entry(tag).or_default();
            match kind {
                "pref" => {
                    let mut list = list.into_iter();
                    l.term = list.next();
                    for extra in list {
                        second_term(tag, extra, tally);
                    }
                }
                "alt" => l.aliases = list,
                "hidden" => l.hidden_aliases = list,
                "definition" => {
                    let mut list = list.into_iter();
                    l.definition = list.next();
                    let rest: Vec<Text<'g>> = list.collect();
                    if !rest.is_empty() {
                        l.notes.insert("definition", rest);
                    }
                }
                note => {
                    l.notes.insert(note, list);
                }
            }
        }
    }

    /// Drops an alias that repeats the term (SKOS S13); without a preferred label in the
    /// main language, an `rdfs:label`, another language's preferred label, the notation or
    /// the local name stands for the term. An `rdfs:label` that is not the term has no
    /// place in the card.
    fn term_or_stand_in<'g>(&'g self, r: &mut Reading<'g>, tally: &mut Tally<'g>) {
        let id = r.id;
        let iri = || self.triples.text(id);
        let card = &mut r.card;
        if card.aliases.contains(&card.term) {
            let (term, iri) = (&card.term, iri());
            card.aliases.retain(|a| a != term);
            tally.warn(
                "alt-label-repeats-pref-label",
                format!(
                "<{iri}>: skos:altLabel `{term}` repeats the prefLabel (SKOS S13) and is not kept"
            ),
            );
            tally.kept -= 1;
            tally.not_kept(skos::ALT_LABEL.as_str(), r.id);
        }
        let rdfs_labels = &mut r.rdfs_labels;
        if card.term.is_empty() {
            rdfs_labels.sort_unstable();
            let other = card.languages.values().find_map(|l| l.term.clone());
            let notation = card.notations.first().map(|n| Cow::Borrowed(n.value));
            let (term, from) = if !rdfs_labels.is_empty() {
                (rdfs_labels.remove(0), "rdfs:label")
            } else if let Some(other) = other {
                (other, "language")
            } else if let Some(notation) = notation {
                (notation, "notation")
            } else {
                (Cow::Borrowed(local_name(iri())), "localName")
            };
            card.term = if term.trim().is_empty() {
                Cow::Borrowed(card.slug)
            } else {
                term
            };
            card.term_from = Some(from);
            tally.warn(
                "no-pref-label",
                format!(
                    "<{}>: no skos:prefLabel in `{}`; the term is `{}`",
                    iri(),
                    self.language,
                    card.term
                ),
            );
        }
        for _ in rdfs_labels.iter() {
            tally.kept -= 1;
            tally.not_kept(rdfs::LABEL.as_str(), r.id);
        }
    }
}
