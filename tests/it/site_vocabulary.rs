//! Issue 61: the site of a vocabulary as Skosmos shows one, on a small vocabulary in five
//! languages, one of them written right to left (`tests/fixtures/languages-rtl/`: English,
//! French, Arabic, Russian, German; notations, a group, mappings, alternative and hidden
//! labels, examples and history notes, the scheme's metadata). The home is the vocabulary's
//! page, a term's page shows its other languages and notes, the A–Z index lists alternative
//! labels, a group's page has its languages. The real checkers read the same site in
//! `consumers/site.rs`.

use std::path::PathBuf;

use crate::util::root;

/// The fixture's cards.
pub(crate) fn fixture() -> PathBuf {
    root().join("tests/fixtures/languages-rtl/cards.jsonl")
}

/// The fixture's site, written once per test run.
pub(crate) fn rtl_site() -> PathBuf {
    static MADE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    crate::site::site_once(&MADE, "site-vocabulary", "fixture", &fixture())
}

fn read(path: &str) -> String {
    std::fs::read_to_string(rtl_site().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Items 8–11: the home says what the vocabulary is and offers it whole; a term's page its
/// labels in the other languages, its examples, history and change notes and its editorial
/// notes folded; the A–Z index its alternative labels, each pointing to its term; the search
/// index the language's own labels, hidden ones too.
#[test]
fn the_site_shows_what_a_vocabulary_holds_in_each_language() {
    // The home in French: the description in French, the metadata, the languages in
    // themselves, the counts, the top concepts in French, the downloads.
    let home = read("fr/index.html");
    for expected in [
        "<h2 id=\"about\">À propos de ce vocabulaire</h2>\n<p>Une petite classification des sciences.</p>",
        "<dt>Éditeur</dt><dd><a href=\"https://glossgraph.example/publisher\" rel=\"external noopener\">",
        "<dt>Licence</dt><dd><a href=\"https://creativecommons.org/licenses/by/4.0/\"",
        "<dt>Modifié</dt><dd><span>2026-11-30</span></dd>",
        "<dt>Version</dt><dd><span>1.2</span></dd>",
        "<a href=\"../ar/index.html\" hreflang=\"ar\" lang=\"ar\">العربية</a>",
        "<dt>Taille</dt><dd>6 concepts</dd>",
        "<dt>Concepts de tête</dt><dd><a href=\"term/periodicals/index.html\">Périodiques</a>, \
         <a href=\"term/sciences/index.html\">Sciences</a></dd>",
        "<a href=\"../download/glossary.ttl\" type=\"text/turtle\" download>Turtle</a>",
    ] {
        assert!(home.contains(expected), "{expected}\n{home}");
    }
    // Each download is the export's bytes in its format.
    let export = crate::util::glossgraph_command()
        .args(["export", "--format", "ntriples", "--out", "-"])
        .arg(fixture())
        .output()
        .unwrap();
    assert!(export.status.success());
    assert_eq!(read("download/glossary.nt").as_bytes(), export.stdout);
    // The main language's description on a page in a language without one, in its `lang`.
    assert!(read("de/index.html")
        .contains("<p lang=\"en\">A small classification of the sciences.</p>"));

    // The Russian index: "Иод" points to Йод, under И; Йод under Й.
    let ru = read("ru/index.html");
    assert!(
        ru.contains(
            "<h2 id=\"letter-u0418\">И</h2>\n<dl class=\"entries\">\n<dt class=\"see\" lang=\"ru\">Иод</dt>\n\
             <dd>see <a href=\"term/iodine/index.html\" lang=\"ru\">Йод</a></dd>"
        ),
        "{ru}"
    );
    assert!(ru.contains("<h2 id=\"letter-u0419\">Й</h2>"), "{ru}");
    // The main index lists the English alias, not another language's.
    let en = read("index.html");
    assert!(en.contains(
        "<dt class=\"see\">I</dt>\n<dd>see <a href=\"term/iodine/index.html\">Iodine</a></dd>"
    ));
    assert!(!en.contains(">Jod<"), "{en}");
    assert_eq!(en.matches("class=\"see\"").count(), 1, "{en}");

    // The German page of Iodine: its labels in the four others, the main one first, each
    // in its own language and direction, linked to its page there.
    let iodine = read("de/term/iodine/index.html");
    for expected in [
        "<dt lang=\"en\">English</dt><dd lang=\"en\"><a href=\"../../../term/iodine/index.html\" hreflang=\"en\">Iodine</a><span class=\"aliases\"> · I</span></dd>",
        "<dt lang=\"ar\" dir=\"rtl\">العربية</dt><dd lang=\"ar\" dir=\"rtl\"><a href=\"../../../ar/term/iodine/index.html\" hreflang=\"ar\">يود</a></dd>",
        "<dt lang=\"ru\">Русский</dt><dd lang=\"ru\"><a href=\"../../../ru/term/iodine/index.html\" hreflang=\"ru\">Йод</a><span class=\"aliases\"> · Иод</span></dd>",
        // Its examples in German? None: the main language's, marked.
        "<h2 id=\"examples\">Beispiele</h2>\n<ul lang=\"en\"><li>Tincture of iodine disinfects wounds.</li></ul>",
        "<dt>Historische Anmerkung</dt><dd lang=\"en\">Discovered by Bernard Courtois in 1811.</dd>",
        "<dt>Änderungsvermerk</dt><dd lang=\"en\">Notation changed from 2.9 in version 1.1.</dd>",
        "<details class=\"editorial\">\n<summary>Redaktionelle Anmerkungen</summary>",
    ] {
        assert!(iodine.contains(expected), "{expected}\n{iodine}");
    }
    assert!(!iodine.contains("<dt lang=\"de\">"), "{iodine}");
    assert!(
        !iodine.contains("<details class=\"editorial\" open"),
        "{iodine}"
    );
    // The French page has its own example.
    let fr = read("fr/term/iodine/index.html");
    assert!(
        fr.contains("<ul><li>La teinture d’iode désinfecte les plaies.</li></ul>"),
        "{fr}"
    );
    // A page without any of it has no such section.
    let optics = read("term/optics/index.html");
    assert!(!optics.contains("id=\"examples\""));
    assert!(!optics.contains("id=\"history\""));

    // The search indexes: each language's labels, the hidden ones of its own.
    let search = read("search-index.js");
    assert!(
        search.contains(r#"["iodine","Iodine",["I"],["iodin"]]"#),
        "{search}"
    );
    let search = read("ru/search-index.js");
    assert!(search.contains(r#"["iodine","Йод",["Иод"]]"#), "{search}");
    assert!(
        search.contains(r#"["periodicals","Периодические издания",["#),
        "{search}"
    );
}

/// The group's page in each language has the switcher and `hreflang` links of a term's
/// page, and the sitemap lists it in every language; a term's related terms follow the
/// language's order (item 8).
#[test]
fn a_groups_pages_are_linked_across_languages_and_in_the_sitemap() {
    let group = read("ru/collections/natural/index.html");
    for tag in ["en", "fr", "ar", "ru", "de"] {
        let folder = if tag == "en" {
            String::new()
        } else {
            format!("{tag}/")
        };
        assert!(
            group.contains(&format!(
                "<link rel=\"alternate\" hreflang=\"{tag}\" href=\"https://glossgraph.example/sciences/{folder}collections/natural/\">"
            )),
            "{tag}: {group}"
        );
        assert!(
            group.contains(&format!(
                "<a href=\"../../../{folder}collections/natural/index.html\" hreflang=\"{tag}\""
            )),
            "{tag}: {group}"
        );
    }
    assert!(
        group.contains(" aria-current=\"page\">Русский</a>"),
        "{group}"
    );
    // Periodicals' related terms: Chemistry before Physics in English, Физика before Химия
    // in Russian.
    let en = read("term/periodicals/index.html");
    let (chemistry, physics) = (
        en.find(">Chemistry<").unwrap(),
        en.find(">Physics<").unwrap(),
    );
    assert!(chemistry < physics, "{en}");
    let ru = read("ru/term/periodicals/index.html");
    let (chemistry, physics) = (ru.find(">Химия<").unwrap(), ru.find(">Физика<").unwrap());
    assert!(physics < chemistry, "{ru}");
    let sitemap = read("sitemap.xml");
    for folder in ["", "fr/", "ar/", "ru/", "de/"] {
        let loc =
            format!("<loc>https://glossgraph.example/sciences/{folder}collections/natural/</loc>");
        assert_eq!(sitemap.matches(&loc).count(), 1, "{loc}\n{sitemap}");
    }
}
