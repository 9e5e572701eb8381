//! The website's interface text in each language it is translated into: one [`Ui`] table per
//! language, every string of the pages' frame, headings and labels, so that a page in German
//! has no English on it but the glossary's own texts.
//!
//! To add a language, copy [`EN`] into a new `const` with the language's tag, translate each
//! string (keeping the `{…}` placeholders, which the pages fill in), and add it to [`TABLES`];
//! the unit tests check that every table has the placeholders English has. A string that the
//! pages split around a link is an array of three: the text before the link, the link's text,
//! the text after it. A language without a table gets English (`glossgraph site` says so),
//! and its pages say `lang="en"`, each text of the glossary marked with its own language.
//!
//! A table is found for a tag by RFC 4647 lookup: `de-CH` gets `de`'s table, `pt-BR` none
//! (and English) until a `pt` or `pt-BR` table is added.

mod translations;

pub use translations::{DE, ES, FR, IT};

/// How a language chooses between the singular and the plural of a count (CLDR's rules, for
/// the languages here).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plural {
    /// Singular for 1 only (English, German, Spanish, Italian).
    OneOnly,
    /// Singular for 0 and 1 (French).
    ZeroAndOne,
}

impl Plural {
    fn singular(self, n: usize) -> bool {
        match self {
            Self::OneOnly => n == 1,
            Self::ZeroAndOne => n <= 1,
        }
    }
}

/// The interface text of the site in one language. Fields are grouped by the pages that use
/// them; `{n}`, `{m}`, `{title}`, `{letter}`, `{status}`, `{term}`, `{wanted}`, `{tops}` and
/// `{levels}` are filled in.
#[derive(Debug, PartialEq, Eq)]
pub struct Ui {
    /// The language's BCP 47 tag.
    pub tag: &'static str,
    /// The language's name in itself, for the language switcher.
    pub name: &'static str,
    pub plural: Plural,

    // The frame of every page.
    /// The link that skips to the page's content.
    pub skip: &'static str,
    /// The label of the site's navigation.
    pub site: &'static str,
    /// The link to the A–Z index.
    pub az: &'static str,
    pub topics: &'static str,
    pub map: &'static str,
    /// The search box's label and its placeholder.
    pub search: &'static str,
    pub search_placeholder: &'static str,
    /// The button under the first results: `{n}` more to show, `{m}` not shown yet.
    pub search_more: &'static str,
    pub search_none: &'static str,
    /// The label of the language switcher.
    pub languages: &'static str,
    /// After the title in the footer.
    pub written_by: &'static str,

    // The A–Z index.
    /// How many terms: singular and plural.
    pub terms: [&'static str; 2],
    /// After the count when the index is split into a page per initial.
    pub split: &'static str,
    /// The heading of an initial's page.
    pub letter_heading: &'static str,
    /// The label of the first letter bar.
    pub initials: &'static str,
    /// The labels of the other letter bars, in the order of [`super::letters::Script`].
    pub scripts: [&'static str; 12],

    // A term's page.
    /// The notice at the top of a deprecated or obsolete term.
    pub retired_status: &'static str,
    /// The notice at the top of a superseded term without such a status.
    pub retired: &'static str,
    pub use_instead: &'static str,
    pub also_called: &'static str,
    pub status: &'static str,
    pub topic: &'static str,
    pub first_seen: &'static str,
    pub last_seen: &'static str,
    pub updated: &'static str,
    pub definition: &'static str,
    pub note: &'static str,
    pub advantages: &'static str,
    pub limitations: &'static str,
    pub linked_terms: &'static str,
    pub related: &'static str,
    pub supersedes: &'static str,
    pub superseded_by: &'static str,
    pub linked_from: &'static str,
    /// The heading of a term's mappings, and the name of each kind: `exactMatch`,
    /// `closeMatch`, `broadMatch`, `narrowMatch`, `relatedMatch`.
    pub mappings: &'static str,
    pub match_kinds: [&'static str; 5],
    /// The groups of the vocabulary a term is in; a group's members; the groups a group is
    /// part of.
    pub groups: &'static str,
    pub members: &'static str,
    pub part_of: &'static str,
    /// In the A–Z index, between an alternative label and the term it points to.
    pub see: &'static str,
    /// A term's labels in the other languages.
    pub other_languages: &'static str,
    /// A term's examples (`skos:example`), the section of its history notes and change notes,
    /// the name of each, and the disclosure of its editorial notes (closed at first).
    pub examples: &'static str,
    pub history: &'static str,
    pub history_note: &'static str,
    pub change_note: &'static str,
    pub editorial_notes: &'static str,
    /// The home page's section on the vocabulary, and the names of its metadata.
    pub about: &'static str,
    pub publisher: &'static str,
    pub creator: &'static str,
    pub licence: &'static str,
    pub created: &'static str,
    pub modified: &'static str,
    pub version: &'static str,
    /// How many concepts: singular and plural; how many of them are deprecated or obsolete.
    pub size: &'static str,
    pub concepts: [&'static str; 2],
    pub deprecated_count: [&'static str; 2],
    pub top_concepts_heading: &'static str,
    /// The links to the whole vocabulary in each RDF format.
    pub downloads: &'static str,
    pub citations: &'static str,
    /// Before the date a citation's page was read.
    pub accessed: &'static str,
    pub provenance: &'static str,
    pub see_on_map: &'static str,
    /// The statuses every glossary knows ([`crate::config::KNOWN_STATUSES`], in its order).
    pub statuses: [&'static str; 5],

    // The hierarchy: a term's broader and narrower terms, its breadcrumb, the tree.
    /// The header's link to the tree, the tree's heading, and the section of a term's page
    /// that lists its broader and narrower terms.
    pub hierarchy: &'static str,
    /// The heading of a page that continues the tree below the term `{term}`.
    pub hierarchy_of: &'static str,
    /// The label of a term's breadcrumb.
    pub breadcrumb: &'static str,
    /// The labels of a term's broader and narrower terms.
    pub broader: &'static str,
    pub narrower: &'static str,
    /// The link from a term's page to its first place in the tree.
    pub tree_place: &'static str,
    /// How many top concepts the tree has: singular and plural.
    pub top_concepts: [&'static str; 2],
    /// How many narrower terms a term of the tree has (its disclosure): singular and plural.
    pub narrower_terms: [&'static str; 2],
    /// The lead of the tree's first page: `{tops}` is how many top concepts, `{levels}` how
    /// many levels a page holds.
    pub tree_lead: &'static str,
    /// The lead of a page that continues the tree, around its link back to the term's place:
    /// `{term}` is the term continued (a link).
    pub tree_continued: [&'static str; 3],
    /// After a term's other places in the tree: the link to its first place, where its
    /// narrower terms are, and the link to the page where they continue.
    pub see_first_place: &'static str,
    pub see_own_page: &'static str,

    // The topics.
    /// The lead of the topics' page, around its link to the map.
    pub topics_lead: [&'static str; 3],
    /// A topic's name, after its most central term.
    pub around: &'static str,
    /// The name of the topic of the terms without a link.
    pub unlinked: &'static str,
    pub linked_topics: &'static str,
    pub terms_heading: &'static str,
    /// How many links: singular and plural.
    pub links: [&'static str; 2],

    // The page of a missing path.
    pub not_found: &'static str,
    pub no_page: &'static str,
    pub no_page_for: &'static str,
    /// What to do instead, around the link to the A–Z index.
    pub look_elsewhere: [&'static str; 3],
    pub nearest: &'static str,
}

/// Every table, English first.
pub static TABLES: [&Ui; 5] = [&EN, &DE, &ES, &FR, &IT];

pub static EN: Ui = Ui {
    tag: "en",
    name: "English",
    plural: Plural::OneOnly,
    skip: "Skip to the content",
    site: "Site",
    az: "A–Z",
    topics: "Topics",
    map: "Map",
    search: "Search",
    search_placeholder: "Term or alias",
    search_more: "Show {n} more ({m} not shown)",
    search_none: "No term matches.",
    languages: "Languages",
    written_by: "written by glossgraph",
    terms: ["1 term", "{n} terms"],
    split: ", with a page per initial (the index is split past {n} terms)",
    letter_heading: "{title}: {letter}",
    initials: "Initials",
    scripts: [
        "Latin",
        "Greek",
        "Cyrillic",
        "Armenian",
        "Hebrew",
        "Arabic",
        "Indic scripts",
        "Thai and Lao",
        "Kana",
        "Hangul",
        "Han",
        "Other scripts",
    ],
    retired_status: "This term is {status}.",
    retired: "This term is superseded.",
    use_instead: "Use instead:",
    also_called: "Also called:",
    status: "Status",
    topic: "Topic",
    first_seen: "First seen",
    last_seen: "Last seen",
    updated: "Updated",
    definition: "Definition",
    note: "Note",
    advantages: "Advantages",
    limitations: "Limitations",
    linked_terms: "Linked terms",
    related: "Related",
    supersedes: "Supersedes",
    superseded_by: "Superseded by",
    linked_from: "Linked from",
    mappings: "In other vocabularies",
    groups: "Groups",
    members: "Members",
    part_of: "Part of",
    see: "see",
    other_languages: "In other languages",
    examples: "Examples",
    history: "History",
    history_note: "History note",
    change_note: "Change note",
    editorial_notes: "Editorial notes",
    about: "About this vocabulary",
    publisher: "Publisher",
    creator: "Creator",
    licence: "Licence",
    created: "Created",
    modified: "Modified",
    version: "Version",
    size: "Size",
    concepts: ["1 concept", "{n} concepts"],
    deprecated_count: ["1 of them deprecated", "{n} of them deprecated"],
    top_concepts_heading: "Top concepts",
    downloads: "Download",
    match_kinds: [
        "Exact match",
        "Close match",
        "Broader match",
        "Narrower match",
        "Related match",
    ],
    citations: "Citations",
    accessed: "accessed",
    provenance: "Provenance",
    see_on_map: "See on the map",
    statuses: ["shipping", "emerging", "draft", "deprecated", "obsolete"],
    hierarchy: "Hierarchy",
    hierarchy_of: "Hierarchy: {term}",
    breadcrumb: "Breadcrumb",
    broader: "Broader",
    narrower: "Narrower",
    tree_place: "Its place in the tree",
    top_concepts: ["1 top concept", "{n} top concepts"],
    narrower_terms: ["1 narrower term", "{n} narrower terms"],
    tree_lead: "{tops}, each with its narrower terms below it. A term with several broader terms is under each of them, its own narrower terms listed at its first place; past {levels} levels, the tree goes on on a page of its own.",
    tree_continued: [
        "The narrower terms of {term}, continued from ",
        "its place in the tree",
        ": past {levels} levels, the tree goes on on a page of its own.",
    ],
    see_first_place: "narrower terms at its first place",
    see_own_page: "narrower terms on a page of their own",
    topics_lead: [
        "Groups of terms more linked to one another than to the rest, as the ",
        "map",
        " draws them.",
    ],
    around: "around {term}",
    unlinked: "unlinked terms",
    linked_topics: "Linked topics",
    terms_heading: "Terms",
    links: ["1 link", "{n} links"],
    not_found: "Not found",
    no_page: "This glossary has no page here.",
    no_page_for: "This glossary has no page for “{wanted}”.",
    look_elsewhere: [
        "Search for the term above, or browse the ",
        "A–Z index",
        ".",
    ],
    nearest: "Nearest terms",
};

impl Ui {
    /// The table for the language tag `tag`, found by RFC 4647 lookup (the tag, then the tag
    /// with its last subtag taken off, and so on), or `None`.
    pub fn lookup(tag: &str) -> Option<&'static Ui> {
        let mut range = tag.to_ascii_lowercase();
        loop {
            if let Some(ui) = TABLES.iter().find(|ui| ui.tag.eq_ignore_ascii_case(&range)) {
                return Some(ui);
            }
            range = shorter(&range)?.to_owned();
        }
    }

    /// The table for `tag`, or English when there is none.
    pub fn for_tag(tag: &str) -> &'static Ui {
        Self::lookup(tag).unwrap_or(&EN)
    }

    /// `n` of a thing named by `forms` (singular, plural), `{n}` filled in.
    pub fn count(&self, n: usize, forms: [&str; 2]) -> String {
        let form = if self.plural.singular(n) {
            forms[0]
        } else {
            forms[1]
        };
        form.replace("{n}", &n.to_string())
    }

    /// How many terms, in words.
    pub fn terms(&self, n: usize) -> String {
        self.count(n, self.terms)
    }

    /// The name of a status: translated when glossgraph knows it, else `None` (the pages
    /// show it as the glossary's settings write it).
    pub fn status_name(&self, status: &str) -> Option<&'static str> {
        crate::config::KNOWN_STATUSES
            .iter()
            .position(|s| *s == status)
            .map(|i| self.statuses[i])
    }

    /// Every string of the table, in field order (for the tests, which look for each on the
    /// pages of another language).
    pub fn strings(&self) -> Vec<&'static str> {
        let mut all = vec![
            self.skip,
            self.site,
            self.az,
            self.topics,
            self.map,
            self.search,
            self.search_placeholder,
            self.search_more,
            self.search_none,
            self.languages,
            self.written_by,
        ];
        all.extend(self.terms);
        all.extend([self.split, self.letter_heading, self.initials]);
        all.extend(self.scripts);
        all.extend([
            self.retired_status,
            self.retired,
            self.use_instead,
            self.also_called,
            self.status,
            self.topic,
            self.first_seen,
            self.last_seen,
            self.updated,
            self.definition,
            self.note,
            self.advantages,
            self.limitations,
            self.linked_terms,
            self.related,
            self.supersedes,
            self.superseded_by,
            self.linked_from,
            self.mappings,
            self.groups,
            self.members,
            self.part_of,
            self.see,
            self.other_languages,
            self.examples,
            self.history,
            self.history_note,
            self.change_note,
            self.editorial_notes,
            self.about,
            self.publisher,
            self.creator,
            self.licence,
            self.created,
            self.modified,
            self.version,
            self.size,
            self.concepts[0],
            self.concepts[1],
            self.deprecated_count[0],
            self.deprecated_count[1],
            self.top_concepts_heading,
            self.downloads,
            self.citations,
            self.accessed,
            self.provenance,
            self.see_on_map,
        ]);
        all.extend(self.match_kinds);
        all.extend(self.statuses);
        all.extend([
            self.hierarchy,
            self.hierarchy_of,
            self.breadcrumb,
            self.broader,
            self.narrower,
            self.tree_place,
        ]);
        all.extend(self.top_concepts);
        all.extend(self.narrower_terms);
        all.push(self.tree_lead);
        all.extend(self.tree_continued);
        all.extend([self.see_first_place, self.see_own_page]);
        all.extend(self.topics_lead);
        all.extend([
            self.around,
            self.unlinked,
            self.linked_topics,
            self.terms_heading,
        ]);
        all.extend(self.links);
        all.extend([self.not_found, self.no_page, self.no_page_for]);
        all.extend(self.look_elsewhere);
        all.push(self.nearest);
        all
    }
}

/// A language range with its last subtag taken off, as RFC 4647's lookup does it (a single
/// letter left at the end goes too: `zh-x-a` → `zh`); `None` when nothing is left.
pub fn shorter(range: &str) -> Option<&str> {
    let mut cut = &range[..range.rfind('-')?];
    if let Some(at) = cut.rfind('-') {
        if cut.len() - at == 2 {
            cut = &cut[..at];
        }
    }
    Some(cut)
}

/// `text` split around its placeholder `{name}`: what comes before and after it (all of
/// `text` and nothing when it has none).
pub fn around<'t>(text: &'t str, name: &str) -> (&'t str, &'t str) {
    let placeholder = format!("{{{name}}}");
    text.split_once(&placeholder).unwrap_or((text, ""))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The placeholders of `text`, in order.
    fn placeholders(text: &str) -> Vec<&str> {
        let mut found = Vec::new();
        let mut rest = text;
        while let Some(start) = rest.find('{') {
            let Some(end) = rest[start..].find('}') else {
                break;
            };
            found.push(&rest[start..start + end + 1]);
            rest = &rest[start + end + 1..];
        }
        found
    }

    #[test]
    fn every_table_has_englishs_placeholders_and_no_empty_string() {
        let english = EN.strings();
        for table in TABLES {
            let strings = table.strings();
            assert_eq!(strings.len(), english.len());
            for (theirs, ours) in strings.iter().zip(&english) {
                let mut a = placeholders(theirs);
                let mut b = placeholders(ours);
                a.sort_unstable();
                b.sort_unstable();
                // A singular may say "1" where the plural says "{n}".
                if !(a.is_empty() && b == ["{n}"] || b.is_empty() && a == ["{n}"]) {
                    assert_eq!(a, b, "{}: `{theirs}` against `{ours}`", table.tag);
                }
                let link_text = table.topics_lead[1] == *theirs
                    || table.look_elsewhere[1] == *theirs
                    || table.look_elsewhere[2] == *theirs;
                assert!(
                    !theirs.trim().is_empty() || link_text,
                    "{}: an empty string",
                    table.tag
                );
            }
        }
    }

    #[test]
    fn tables_are_found_by_lookup() {
        assert_eq!(Ui::lookup("de").unwrap().tag, "de");
        assert_eq!(Ui::lookup("de-CH").unwrap().tag, "de");
        assert_eq!(Ui::lookup("FR-ca").unwrap().tag, "fr");
        assert_eq!(Ui::lookup("es-419").unwrap().tag, "es");
        assert!(Ui::lookup("sv").is_none());
        assert!(Ui::lookup("pt-BR").is_none());
        assert_eq!(Ui::for_tag("sv").tag, "en");
    }

    #[test]
    fn counts_follow_each_languages_plural() {
        assert_eq!(EN.terms(1), "1 term");
        assert_eq!(EN.terms(0), "0 terms");
        assert_eq!(EN.terms(34), "34 terms");
        assert_eq!(FR.terms(0), "0 terme");
        assert_eq!(FR.terms(1), "1 terme");
        assert_eq!(FR.terms(2), "2 termes");
        assert_eq!(DE.count(3, DE.links), "3 Verknüpfungen");
    }

    #[test]
    fn known_statuses_are_translated_and_others_are_not() {
        assert_eq!(DE.status_name("deprecated"), Some("nicht empfohlen"));
        assert_eq!(EN.status_name("draft"), Some("draft"));
        assert_eq!(FR.status_name("withdrawn"), None);
    }

    #[test]
    fn text_is_split_around_its_placeholder() {
        assert_eq!(around(EN.retired_status, "status"), ("This term is ", "."));
        assert_eq!(around("no placeholder", "x"), ("no placeholder", ""));
    }
}
