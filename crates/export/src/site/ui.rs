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

pub static DE: Ui = Ui {
    tag: "de",
    name: "Deutsch",
    plural: Plural::OneOnly,
    skip: "Zum Inhalt springen",
    site: "Website",
    az: "A–Z",
    topics: "Themen",
    map: "Karte",
    search: "Suche",
    search_placeholder: "Begriff oder Synonym",
    search_more: "Weitere {n} anzeigen ({m} nicht angezeigt)",
    search_none: "Kein Begriff gefunden.",
    languages: "Sprachen",
    written_by: "erstellt mit glossgraph",
    terms: ["1 Begriff", "{n} Begriffe"],
    split: ", mit einer Seite je Anfangsbuchstabe (bei mehr als {n} Begriffen wird das Verzeichnis aufgeteilt)",
    letter_heading: "{title}: {letter}",
    initials: "Anfangsbuchstaben",
    scripts: [
        "Lateinisch",
        "Griechisch",
        "Kyrillisch",
        "Armenisch",
        "Hebräisch",
        "Arabisch",
        "Indische Schriften",
        "Thai und Laotisch",
        "Kana",
        "Hangul",
        "Han",
        "Andere Schriften",
    ],
    retired_status: "Status dieses Begriffs: {status}.",
    retired: "Dieser Begriff wurde ersetzt.",
    use_instead: "Stattdessen verwenden:",
    also_called: "Auch bekannt als:",
    status: "Status",
    topic: "Thema",
    first_seen: "Erstmals gesehen",
    last_seen: "Zuletzt gesehen",
    updated: "Aktualisiert",
    definition: "Definition",
    note: "Anmerkung",
    advantages: "Vorteile",
    limitations: "Einschränkungen",
    linked_terms: "Verknüpfte Begriffe",
    related: "Verwandt",
    supersedes: "Ersetzt",
    superseded_by: "Ersetzt durch",
    linked_from: "Verlinkt von",
    mappings: "In anderen Vokabularen",
    groups: "Gruppen",
    members: "Mitglieder",
    part_of: "Teil von",
    see: "siehe",
    other_languages: "In anderen Sprachen",
    examples: "Beispiele",
    history: "Geschichte",
    history_note: "Historische Anmerkung",
    change_note: "Änderungsvermerk",
    editorial_notes: "Redaktionelle Anmerkungen",
    about: "Über dieses Vokabular",
    publisher: "Herausgeber",
    creator: "Urheber",
    licence: "Lizenz",
    created: "Erstellt",
    modified: "Geändert",
    version: "Version",
    size: "Umfang",
    concepts: ["1 Begriff", "{n} Begriffe"],
    deprecated_count: ["davon 1 nicht empfohlen", "davon {n} nicht empfohlen"],
    top_concepts_heading: "Oberste Begriffe",
    downloads: "Herunterladen",
    match_kinds: [
        "Genaue Entsprechung",
        "Nahe Entsprechung",
        "Weitere Entsprechung",
        "Engere Entsprechung",
        "Verwandte Entsprechung",
    ],
    citations: "Quellen",
    accessed: "abgerufen am",
    provenance: "Herkunft",
    see_on_map: "Auf der Karte zeigen",
    statuses: [
        "im Einsatz",
        "aufkommend",
        "Entwurf",
        "nicht empfohlen",
        "veraltet",
    ],
    hierarchy: "Hierarchie",
    hierarchy_of: "Hierarchie: {term}",
    breadcrumb: "Navigationspfad",
    broader: "Oberbegriffe",
    narrower: "Unterbegriffe",
    tree_place: "Seine Stelle im Begriffsbaum",
    top_concepts: ["1 Spitzenbegriff", "{n} Spitzenbegriffe"],
    narrower_terms: ["1 Unterbegriff", "{n} Unterbegriffe"],
    tree_lead: "{tops}, jeweils mit ihren Unterbegriffen darunter. Ein Begriff mit mehreren Oberbegriffen steht unter jedem von ihnen, seine eigenen Unterbegriffe an seiner ersten Stelle; nach {levels} Ebenen setzt sich der Baum auf einer eigenen Seite fort.",
    tree_continued: [
        "Die Unterbegriffe von {term}, fortgesetzt von ",
        "seiner Stelle im Begriffsbaum",
        ": nach {levels} Ebenen setzt sich der Baum auf einer eigenen Seite fort.",
    ],
    see_first_place: "Unterbegriffe an seiner ersten Stelle",
    see_own_page: "Unterbegriffe auf einer eigenen Seite",
    topics_lead: [
        "Gruppen von Begriffen, die untereinander enger verknüpft sind als mit den übrigen, wie die ",
        "Karte",
        " sie zeichnet.",
    ],
    around: "Rund um {term}",
    unlinked: "Unverknüpfte Begriffe",
    linked_topics: "Verknüpfte Themen",
    terms_heading: "Begriffe",
    links: ["1 Verknüpfung", "{n} Verknüpfungen"],
    not_found: "Nicht gefunden",
    no_page: "Dieses Glossar hat hier keine Seite.",
    no_page_for: "Dieses Glossar hat keine Seite für „{wanted}“.",
    look_elsewhere: [
        "Suchen Sie oben nach dem Begriff oder blättern Sie im ",
        "A–Z-Verzeichnis",
        ".",
    ],
    nearest: "Ähnliche Begriffe",
};

pub static ES: Ui = Ui {
    tag: "es",
    name: "Español",
    plural: Plural::OneOnly,
    skip: "Saltar al contenido",
    site: "Sitio",
    az: "A–Z",
    topics: "Temas",
    map: "Mapa",
    search: "Buscar",
    search_placeholder: "Término o sinónimo",
    search_more: "Mostrar {n} más (sin mostrar: {m})",
    search_none: "Ningún término coincide.",
    languages: "Idiomas",
    written_by: "creado con glossgraph",
    terms: ["1 término", "{n} términos"],
    split: ", con una página por inicial (el índice se divide cuando supera los {n} términos)",
    letter_heading: "{title}: {letter}",
    initials: "Iniciales",
    scripts: [
        "Latino",
        "Griego",
        "Cirílico",
        "Armenio",
        "Hebreo",
        "Árabe",
        "Escrituras índicas",
        "Tailandés y lao",
        "Kana",
        "Hangul",
        "Han",
        "Otras escrituras",
    ],
    retired_status: "Estado de este término: {status}.",
    retired: "Este término ha sido reemplazado.",
    use_instead: "Usar en su lugar:",
    also_called: "También llamado:",
    status: "Estado",
    topic: "Tema",
    first_seen: "Visto por primera vez",
    last_seen: "Visto por última vez",
    updated: "Actualizado",
    definition: "Definición",
    note: "Nota",
    advantages: "Ventajas",
    limitations: "Limitaciones",
    linked_terms: "Términos vinculados",
    related: "Relacionados",
    supersedes: "Reemplaza a",
    superseded_by: "Reemplazado por",
    linked_from: "Enlazado desde",
    mappings: "En otros vocabularios",
    groups: "Grupos",
    members: "Miembros",
    part_of: "Forma parte de",
    see: "véase",
    other_languages: "En otros idiomas",
    examples: "Ejemplos",
    history: "Historia",
    history_note: "Nota histórica",
    change_note: "Nota de cambio",
    editorial_notes: "Notas editoriales",
    about: "Acerca de este vocabulario",
    publisher: "Editor",
    creator: "Autor",
    licence: "Licencia",
    created: "Creado",
    modified: "Modificado",
    version: "Versión",
    size: "Tamaño",
    concepts: ["1 concepto", "{n} conceptos"],
    deprecated_count: ["1 de ellos obsoleto", "{n} de ellos obsoletos"],
    top_concepts_heading: "Conceptos principales",
    downloads: "Descargas",
    match_kinds: [
        "Equivalencia exacta",
        "Equivalencia cercana",
        "Equivalencia más amplia",
        "Equivalencia más específica",
        "Equivalencia relacionada",
    ],
    citations: "Fuentes",
    accessed: "consultado el",
    provenance: "Procedencia",
    see_on_map: "Ver en el mapa",
    statuses: [
        "en uso",
        "emergente",
        "borrador",
        "desaconsejado",
        "obsoleto",
    ],
    hierarchy: "Jerarquía",
    hierarchy_of: "Jerarquía: {term}",
    breadcrumb: "Ruta de navegación",
    broader: "Términos genéricos",
    narrower: "Términos específicos",
    tree_place: "Su lugar en el árbol",
    top_concepts: ["1 concepto superior", "{n} conceptos superiores"],
    narrower_terms: ["1 término específico", "{n} términos específicos"],
    tree_lead: "{tops}, cada uno con sus términos específicos debajo. Un término con varios términos genéricos aparece bajo cada uno de ellos, con sus propios términos específicos en su primer lugar; pasados {levels} niveles, el árbol continúa en una página propia.",
    tree_continued: [
        "Los términos específicos de {term}, que continúan desde ",
        "su lugar en el árbol",
        ": pasados {levels} niveles, el árbol continúa en una página propia.",
    ],
    see_first_place: "términos específicos en su primer lugar",
    see_own_page: "términos específicos en una página propia",
    topics_lead: [
        "Grupos de términos más vinculados entre sí que con el resto, tal como los dibuja el ",
        "mapa",
        ".",
    ],
    around: "En torno a {term}",
    unlinked: "Términos sin vínculos",
    linked_topics: "Temas vinculados",
    terms_heading: "Términos",
    links: ["1 vínculo", "{n} vínculos"],
    not_found: "Página no encontrada",
    no_page: "Este glosario no tiene ninguna página aquí.",
    no_page_for: "Este glosario no tiene ninguna página para «{wanted}».",
    look_elsewhere: ["Busque el término arriba o consulte el ", "índice A–Z", "."],
    nearest: "Términos parecidos",
};

// French typography: a no-break space (U+00A0) before a colon and inside guillemets.
pub static FR: Ui = Ui {
    tag: "fr",
    name: "Français",
    plural: Plural::ZeroAndOne,
    skip: "Aller au contenu",
    site: "Site",
    az: "A–Z",
    topics: "Thèmes",
    map: "Carte",
    search: "Rechercher",
    search_placeholder: "Terme ou synonyme",
    search_more: "Afficher {n} de plus (reste\u{a0}: {m})",
    search_none: "Aucun terme ne correspond.",
    languages: "Langues",
    written_by: "créé avec glossgraph",
    terms: ["{n} terme", "{n} termes"],
    split: ", avec une page par initiale (l’index est divisé au-delà de {n} termes)",
    letter_heading: "{title}\u{a0}: {letter}",
    initials: "Initiales",
    scripts: [
        "Latin",
        "Grec",
        "Cyrillique",
        "Arménien",
        "Hébreu",
        "Arabe",
        "Écritures indiennes",
        "Thaï et lao",
        "Kana",
        "Hangeul",
        "Han",
        "Autres écritures",
    ],
    retired_status: "Statut de ce terme\u{a0}: {status}.",
    retired: "Ce terme a été remplacé.",
    use_instead: "Utiliser plutôt\u{a0}:",
    also_called: "Aussi appelé\u{a0}:",
    status: "Statut",
    topic: "Thème",
    first_seen: "Vu pour la première fois",
    last_seen: "Vu pour la dernière fois",
    updated: "Mis à jour",
    definition: "Définition",
    note: "Note",
    advantages: "Avantages",
    limitations: "Limites",
    linked_terms: "Termes liés",
    related: "Associés",
    supersedes: "Remplace",
    superseded_by: "Remplacé par",
    linked_from: "Référencé par",
    mappings: "Dans d'autres vocabulaires",
    groups: "Groupes",
    members: "Membres",
    part_of: "Fait partie de",
    see: "voir",
    other_languages: "Dans d'autres langues",
    examples: "Exemples",
    history: "Historique",
    history_note: "Note historique",
    change_note: "Note de modification",
    editorial_notes: "Notes éditoriales",
    about: "À propos de ce vocabulaire",
    publisher: "Éditeur",
    creator: "Auteur",
    licence: "Licence",
    created: "Créé",
    modified: "Modifié",
    version: "Version",
    size: "Taille",
    concepts: ["1 concept", "{n} concepts"],
    deprecated_count: ["dont 1 obsolète", "dont {n} obsolètes"],
    top_concepts_heading: "Concepts de tête",
    downloads: "Téléchargements",
    match_kinds: [
        "Équivalence exacte",
        "Équivalence proche",
        "Équivalence plus large",
        "Équivalence plus étroite",
        "Équivalence associée",
    ],
    citations: "Sources",
    accessed: "consulté le",
    provenance: "Provenance",
    see_on_map: "Voir sur la carte",
    statuses: [
        "en service",
        "émergent",
        "brouillon",
        "déconseillé",
        "obsolète",
    ],
    hierarchy: "Hiérarchie",
    hierarchy_of: "Hiérarchie\u{a0}: {term}",
    breadcrumb: "Fil d’Ariane",
    broader: "Termes génériques",
    narrower: "Termes spécifiques",
    tree_place: "Sa place dans l’arborescence",
    top_concepts: ["{n} concept de tête", "{n} concepts de tête"],
    narrower_terms: ["{n} terme spécifique", "{n} termes spécifiques"],
    tree_lead: "{tops}, chacun avec ses termes spécifiques en dessous. Un terme qui a plusieurs termes génériques figure sous chacun d’eux, ses propres termes spécifiques à sa première place\u{a0}; au-delà de {levels} niveaux, l’arborescence se poursuit sur une page à part.",
    tree_continued: [
        "Les termes spécifiques de {term}, à la suite de ",
        "sa place dans l’arborescence",
        "\u{a0}: au-delà de {levels} niveaux, l’arborescence se poursuit sur une page à part.",
    ],
    see_first_place: "termes spécifiques à sa première place",
    see_own_page: "termes spécifiques sur une page à part",
    topics_lead: [
        "Groupes de termes plus liés entre eux qu’au reste, tels que les dessine la ",
        "carte",
        ".",
    ],
    around: "Autour de «\u{a0}{term}\u{a0}»",
    unlinked: "Termes sans lien",
    linked_topics: "Thèmes liés",
    terms_heading: "Termes",
    links: ["{n} lien", "{n} liens"],
    not_found: "Page introuvable",
    no_page: "Ce glossaire n’a pas de page ici.",
    no_page_for: "Ce glossaire n’a pas de page pour «\u{a0}{wanted}\u{a0}».",
    look_elsewhere: [
        "Cherchez le terme ci-dessus, ou parcourez l’",
        "index A–Z",
        ".",
    ],
    nearest: "Termes proches",
};

pub static IT: Ui = Ui {
    tag: "it",
    name: "Italiano",
    plural: Plural::OneOnly,
    skip: "Vai al contenuto",
    site: "Sito",
    az: "A–Z",
    topics: "Argomenti",
    map: "Mappa",
    search: "Cerca",
    search_placeholder: "Termine o sinonimo",
    search_more: "Mostra altri {n} (non mostrati: {m})",
    search_none: "Nessun termine corrisponde.",
    languages: "Lingue",
    written_by: "creato con glossgraph",
    terms: ["1 termine", "{n} termini"],
    split: ", con una pagina per iniziale (l’indice è suddiviso oltre {n} termini)",
    letter_heading: "{title}: {letter}",
    initials: "Iniziali",
    scripts: [
        "Latino",
        "Greco",
        "Cirillico",
        "Armeno",
        "Ebraico",
        "Arabo",
        "Scritture indiane",
        "Thai e lao",
        "Kana",
        "Hangul",
        "Han",
        "Altre scritture",
    ],
    retired_status: "Stato di questo termine: {status}.",
    retired: "Questo termine è stato sostituito.",
    use_instead: "Usare invece:",
    also_called: "Noto anche come:",
    status: "Stato",
    topic: "Argomento",
    first_seen: "Visto per la prima volta",
    last_seen: "Visto per l’ultima volta",
    updated: "Aggiornato",
    definition: "Definizione",
    note: "Nota",
    advantages: "Vantaggi",
    limitations: "Limiti",
    linked_terms: "Termini collegati",
    related: "Correlati",
    supersedes: "Sostituisce",
    superseded_by: "Sostituito da",
    linked_from: "Citato da",
    mappings: "In altri vocabolari",
    groups: "Gruppi",
    members: "Membri",
    part_of: "Fa parte di",
    see: "vedi",
    other_languages: "In altre lingue",
    examples: "Esempi",
    history: "Storia",
    history_note: "Nota storica",
    change_note: "Nota di modifica",
    editorial_notes: "Note redazionali",
    about: "Informazioni su questo vocabolario",
    publisher: "Editore",
    creator: "Autore",
    licence: "Licenza",
    created: "Creato",
    modified: "Modificato",
    version: "Versione",
    size: "Dimensione",
    concepts: ["1 concetto", "{n} concetti"],
    deprecated_count: ["di cui 1 deprecato", "di cui {n} deprecati"],
    top_concepts_heading: "Concetti di vertice",
    downloads: "Download",
    match_kinds: [
        "Corrispondenza esatta",
        "Corrispondenza vicina",
        "Corrispondenza più ampia",
        "Corrispondenza più ristretta",
        "Corrispondenza correlata",
    ],
    citations: "Fonti",
    accessed: "consultato il",
    provenance: "Provenienza",
    see_on_map: "Vedi sulla mappa",
    statuses: ["in uso", "emergente", "bozza", "sconsigliato", "obsoleto"],
    hierarchy: "Gerarchia",
    hierarchy_of: "Gerarchia: {term}",
    breadcrumb: "Percorso di navigazione",
    broader: "Termini generici",
    narrower: "Termini specifici",
    tree_place: "Il suo posto nell’albero",
    top_concepts: ["1 concetto di vertice", "{n} concetti di vertice"],
    narrower_terms: ["1 termine specifico", "{n} termini specifici"],
    tree_lead: "{tops}, ciascuno con i suoi termini specifici sotto di sé. Un termine con più termini generici compare sotto ciascuno di essi, con i propri termini specifici al suo primo posto; oltre {levels} livelli, l’albero prosegue in una pagina a sé.",
    tree_continued: [
        "I termini specifici di {term}, che proseguono dal ",
        "suo posto nell’albero",
        ": oltre {levels} livelli, l’albero prosegue in una pagina a sé.",
    ],
    see_first_place: "termini specifici al suo primo posto",
    see_own_page: "termini specifici in una pagina a sé",
    topics_lead: [
        "Gruppi di termini più collegati tra loro che con il resto, come li disegna la ",
        "mappa",
        ".",
    ],
    around: "Intorno a {term}",
    unlinked: "Termini non collegati",
    linked_topics: "Argomenti collegati",
    terms_heading: "Termini",
    links: ["1 collegamento", "{n} collegamenti"],
    not_found: "Pagina non trovata",
    no_page: "Questo glossario non ha una pagina qui.",
    no_page_for: "Questo glossario non ha una pagina per «{wanted}».",
    look_elsewhere: [
        "Cerca il termine qui sopra, o sfoglia l’",
        "indice A–Z",
        ".",
    ],
    nearest: "Termini simili",
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
