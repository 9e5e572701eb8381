//! The website in several languages (issue 50): a page per term per language, linked to one
//! another by `hreflang` and a language switcher, the interface in the page's language, every
//! text of another language marked with `lang`, the index and the search per language; and
//! `serve` sending a term's IRI to the page in the language the browser asks for.
//!
//! The fixture, `tests/fixtures/languages/`, is a German classification of twelve subjects on
//! three levels with labels in German (the main language), English, French, Spanish and
//! Italian, and no definitions; Phonetik has no Italian label. Its hierarchy is on every
//! language's pages: each term's broader and narrower terms and breadcrumb, and each
//! language's tree, in that language's words and A–Z order. A vocabulary whose pages are at
//! its IRIs' paths has its languages' pages at the same paths in their folders.

use std::path::{Path, PathBuf};

use glossgraph::config::Config;
use glossgraph::site::ui::{Ui, EN, TABLES};
use glossgraph::site::{Plan, Site};
use serde_json::Value;

use crate::site::site;
use crate::site_hierarchy::{main_of, nesting};
use crate::util::fixtures::checked_with;
use crate::util::http::Request;
use crate::util::server::Served;
use crate::util::{glossgraph_command, outcome, root, scratch};

/// The fixture's cards.
pub(crate) fn fixture() -> PathBuf {
    root().join("tests/fixtures/languages/classification.jsonl")
}

/// The site's languages and their folders, the main one first.
pub(crate) const LANGUAGES: [(&str, &str); 5] = [
    ("de", ""),
    ("en", "en/"),
    ("es", "es/"),
    ("fr", "fr/"),
    ("it", "it/"),
];

/// The fixture's site, written once per test run.
pub(crate) fn languages_site() -> PathBuf {
    static MADE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    crate::site::site_once(&MADE, "site-languages", "fixture", &fixture())
}

/// Each card's slug and its label in each language of [`LANGUAGES`] (`None` where it has none).
fn cards() -> Vec<(String, Vec<Option<String>>)> {
    std::fs::read_to_string(fixture())
        .unwrap()
        .lines()
        .map(|line| {
            let card: Value = serde_json::from_str(line).unwrap();
            let labels = LANGUAGES
                .iter()
                .map(|(tag, _)| match *tag {
                    "de" => card["term"].as_str().map(str::to_owned),
                    tag => card["languages"][tag]["term"].as_str().map(str::to_owned),
                })
                .collect();
            (card["slug"].as_str().unwrap().to_owned(), labels)
        })
        .collect()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The HTML pages of the language whose folder is `folder` (its index, topics, tree, terms;
/// for the main language also the 404 page), relative to the site.
fn pages_of(site: &Path, folder: &str) -> Vec<String> {
    let mut pages = vec![
        format!("{folder}index.html"),
        format!("{folder}topic/index.html"),
        format!("{folder}tree/index.html"),
    ];
    if folder.is_empty() {
        pages.push("404.html".to_owned());
    }
    for sub in ["topic", "term"] {
        for entry in std::fs::read_dir(site.join(format!("{folder}{sub}"))).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                pages.push(format!("{folder}{sub}/{name}/index.html"));
            }
        }
    }
    pages.sort();
    pages
}

/// What a reader of `page` is shown: its text outside tags and scripts, and the attributes
/// that are read out or shown (`aria-label`, `placeholder`, the search box's texts), one
/// piece a line.
fn shown(page: &str) -> String {
    const SAID: [&str; 4] = ["aria-label", "placeholder", "data-more", "data-none"];
    let mut out = String::new();
    let mut rest = page;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        out.push('\n');
        let tag_end = rest[open..].find('>').map_or(rest.len(), |e| open + e + 1);
        let tag = &rest[open..tag_end];
        for name in SAID {
            if let Some(value) = tag.split(&format!(" {name}=\"")).nth(1) {
                out.push_str(value.split('"').next().unwrap_or(""));
                out.push('\n');
            }
        }
        rest = &rest[tag_end..];
        if tag.starts_with("<script") {
            let close = rest.find("</script>").unwrap_or(rest.len());
            rest = &rest[close..];
        }
    }
    out.push_str(rest);
    out
}

/// Where `needle` occurs in `page` as words of their own (no letter or digit just before or
/// after it): "Site" is not found in "Website".
fn as_words(page: &str, needle: &str) -> bool {
    page.match_indices(needle).any(|(at, _)| {
        let before = page[..at].chars().next_back();
        let after = page[at + needle.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The English interface strings a page in `ui`'s language may not show: the pieces of each
/// string of [`EN`] between its placeholders, where the language's own string differs, that
/// hold a word.
fn english_only(ui: &Ui) -> Vec<&'static str> {
    let mut pieces = Vec::new();
    for (english, theirs) in EN.strings().into_iter().zip(ui.strings()) {
        if english == theirs {
            continue;
        }
        for piece in english.split(['{', '}']).step_by(2) {
            let piece = piece.trim_matches(|c: char| !c.is_alphanumeric());
            if piece.chars().filter(|c| c.is_alphabetic()).count() >= 3 && !theirs.contains(piece) {
                pieces.push(piece);
            }
        }
    }
    pieces
}

/// Issue 50's test: every term page in German says `lang="de"`, has no English interface
/// text and links its four other languages by `hreflang` (and the switcher); so do the
/// index, the topics and the 404 page. The same of every other language's pages.
#[test]
fn every_page_is_in_its_language_and_links_the_four_others() {
    let dir = languages_site();
    let cards = cards();
    for (at, (tag, folder)) in LANGUAGES.iter().enumerate() {
        let ui = Ui::lookup(tag).unwrap();
        let english = english_only(ui);
        if *tag != "en" {
            assert!(english.len() > 40, "{tag}: {english:?}");
        }
        let pages = pages_of(&dir, folder);
        assert_eq!(
            pages.iter().filter(|p| p.contains("term/")).count(),
            cards.len(),
            "{tag}: {pages:?}"
        );
        for page in &pages {
            let text = read(&dir.join(page));
            assert!(
                text.starts_with(&format!("<!DOCTYPE html>\n<html lang=\"{tag}\">")),
                "{page}"
            );
            if *tag != "en" {
                let shown = shown(&text);
                let found: Vec<&&str> = english.iter().filter(|s| as_words(&shown, s)).collect();
                assert!(found.is_empty(), "{page} shows English: {found:?}");
            }
            // Every interface string is the page language's: its label of the search box.
            assert!(
                text.contains(&format!("<label for=\"search\">{}</label>", ui.search)),
                "{page}"
            );
            if page == "404.html" {
                continue;
            }
            for (other_at, (other, other_folder)) in LANGUAGES.iter().enumerate() {
                assert!(
                    text.contains(&format!(
                        "<link rel=\"alternate\" hreflang=\"{other}\" href=\""
                    )),
                    "{page} does not link its {other} version"
                );
                // The switcher links the same page in the other language.
                let inner = page.strip_prefix(folder).unwrap();
                let href = format!(
                    "{}{other_folder}{inner}",
                    "../".repeat(page.matches('/').count())
                );
                let name = Ui::lookup(other).unwrap().name;
                let current = if other_at == at {
                    " aria-current=\"page\""
                } else {
                    ""
                };
                assert!(
                    text.contains(&format!(
                        "<a href=\"{href}\" hreflang=\"{other}\" lang=\"{other}\"{current}>{name}</a>"
                    )),
                    "{page}: no link to {href}"
                );
                assert!(dir.join(other_folder).join(inner).is_file(), "{href}");
            }
            assert!(text.contains("<link rel=\"alternate\" hreflang=\"x-default\" href=\""));
        }
        // Each term's page shows its label in the language, or the main one's, marked.
        for (slug, labels) in &cards {
            let text = read(&dir.join(format!("{folder}term/{slug}/index.html")));
            let heading = match &labels[at] {
                Some(label) => format!("<h1>{label}</h1>"),
                None => format!("<h1 lang=\"de\">{}</h1>", labels[0].as_deref().unwrap()),
            };
            assert!(text.contains(&heading), "{folder}term/{slug}: no {heading}");
        }
    }
}

/// The index of each language sorts and groups its own labels as the language does:
/// Ägyptologie under A in German, Egyptology and Égyptologie under E.
#[test]
fn each_language_has_its_index_and_ägyptologie_is_under_a_in_german() {
    let dir = languages_site();
    let section = |page: &str, letter: &str| -> String {
        let text = read(&dir.join(page));
        let start = text
            .find(&format!("<h2 id=\"letter-{letter}\">"))
            .unwrap_or_else(|| panic!("{page} has no letter {letter}"));
        let end = text[start..].find("</section>").unwrap();
        text[start..start + end].to_owned()
    };
    assert!(section("index.html", "a")
        .contains("<a href=\"term/aegyptologie/index.html\">Ägyptologie</a>"));
    assert!(section("index.html", "o").contains(">Ökologie</a>"));
    assert!(section("en/index.html", "e").contains(">Egyptology</a>"));
    assert!(section("fr/index.html", "e").contains(">Égyptologie</a>"));
    assert!(section("es/index.html", "e").contains(">Egiptología</a>"));
    // Phonetik, without an Italian label, is listed under its German one, marked.
    assert!(section("it/index.html", "p")
        .contains("<a href=\"term/phonetik/index.html\" lang=\"de\">Phonetik</a>"));
    // Each language's search finds its own labels.
    let search = |folder: &str| read(&dir.join(format!("{folder}search-index.js")));
    assert!(search("").contains("\"Ägyptologie\""));
    assert!(search("en/").contains("\"Egyptology\""));
    assert!(!search("en/").contains("\"Ägyptologie\""));
    assert!(search("it/").contains("[\"phonetik\",\"Phonetik\",[]]"));
    // Its pages ask for the language's search index and the one shared script.
    let page = read(&dir.join("fr/term/aegyptologie/index.html"));
    assert!(page.contains("<script src=\"../../search-index.js\"></script>"));
    assert!(page.contains("<script src=\"../../../search.js\"></script>"));
    assert!(page.contains("data-none=\"Aucun terme ne correspond.\""));
    // The sitemap lists every language's pages.
    let sitemap = read(&dir.join("sitemap.xml"));
    for (_, folder) in LANGUAGES {
        assert!(sitemap.contains(&format!(
            "<loc>https://glossgraph.example/fachgebiete/{folder}term/aegyptologie/</loc>"
        )));
    }
}

/// `lang` on every element whose text is not in the page's language: the glossary's title
/// and a label that falls back to the main language's; the main language's pages mark
/// nothing.
#[test]
fn texts_in_another_language_say_which() {
    let dir = languages_site();
    let page = read(&dir.join("it/term/phonetik/index.html"));
    assert!(page.contains("<h1 lang=\"de\">Phonetik</h1>"), "{page}");
    assert!(page.contains("<a href=\"../../index.html\" lang=\"de\">Fachgebiete</a>"));
    assert!(page.contains("<span lang=\"de\">Fachgebiete</span> · creato con glossgraph"));
    // Its JSON-LD says the name's language.
    assert!(page.contains("\"@language\": \"de\",\n    \"@value\": \"Phonetik\""));
    // A topic is named after its central term in the page's language.
    let topics = read(&dir.join("fr/topic/index.html"));
    assert!(
        topics.contains(">Autour de «\u{a0}Égyptologie\u{a0}»</a>"),
        "{topics}"
    );
    let page = read(&dir.join("en/term/aegyptologie/index.html"));
    assert!(page.contains(
        "<link rel=\"canonical\" href=\"https://glossgraph.example/fachgebiete/en/term/aegyptologie/\">"
    ));
    assert!(page.contains("href=\"../../../term/aegyptologie.ttl\""));
    assert!(page.contains("<li><a href=\"../archaeologie/index.html\">Archaeology</a></li>"));
    for page in pages_of(&dir, "") {
        let text = read(&dir.join(&page));
        let body = &text[text.find("<body>").unwrap()..];
        // In the main language, only the switcher's links are in other languages (and the
        // home's list of the languages, and a term's labels in the others, counted apart).
        let (body, others) = match body.split_once("<section aria-labelledby=\"other-languages\">")
        {
            Some((before, rest)) => {
                let (section, after) = rest.split_once("</section>").unwrap();
                (
                    format!("{before}{after}"),
                    section.matches(" lang=\"").count(),
                )
            }
            None => (body.to_owned(), 0),
        };
        if page.contains("term/") {
            // Its name and labels in each of the four others (Phonetik has no Italian
            // label): `dt` and `dd`.
            let labelled = if page.contains("phonetik") { 3 } else { 4 };
            assert_eq!(others, 2 * labelled, "{page}");
        }
        let marked = body.matches(" lang=\"").count();
        let switcher = match page.as_str() {
            "404.html" => 0,
            "index.html" => 10,
            _ => 5,
        };
        assert_eq!(marked, switcher, "{page}");
    }
}

/// A site of one language, like the sample, has no language folder, switcher or `hreflang`:
/// its pages are those glossgraph always wrote.
#[test]
fn a_site_of_one_language_has_no_other() {
    let dir = crate::site::sample_site();
    for (tag, _) in &LANGUAGES[1..] {
        assert!(!dir.join(tag).exists());
    }
    let page = read(&dir.join("term/roce-v2/index.html"));
    assert!(!page.contains("hreflang"));
    assert!(!page.contains("class=\"languages\""));
    assert!(!page.contains("data-more"));
    assert!(!read(&dir.join("site.css")).contains("aria-current"));
}

/// Writes the site of the fixture's cards with `settings` as its `glossgraph.toml` and
/// `extra` cards; the site's folder and what the build said.
fn variant(name: &str, settings: &str, extra: &str) -> (PathBuf, String) {
    let dir = scratch("site-languages", name);
    let cards = format!("{}{extra}", read(&fixture()));
    std::fs::write(dir.join("cards.jsonl"), cards).unwrap();
    std::fs::write(dir.join("glossgraph.toml"), settings).unwrap();
    let out = dir.join("site");
    let run = glossgraph_command()
        .args(["site", dir.join("cards.jsonl").to_str().unwrap(), "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let (code, _, stderr) = outcome(&run);
    assert_eq!(code, 0, "{stderr}");
    (out, stderr)
}

/// A language without an interface table: its pages are in English (`lang="en"`), each text
/// of the glossary marked with its own language, and the build says so.
#[test]
fn a_language_without_a_table_falls_back_to_english_and_says_so() {
    assert!(!TABLES.iter().any(|t| t.tag == "sv"));
    let extra = "{\"slug\":\"astronomie\",\"term\":\"Astronomie\",\"broader\":[\"naturwissenschaften\"],\
                 \"languages\":{\"sv\":{\"term\":\"Astronomi\",\"definition\":\"Läran om himlakropparna.\"},\
                 \"topic\":{\"term\":\"Astronomy\"}}}\n";
    let (out, stderr) = variant(
        "swedish",
        "language = \"de\"\ntitle = \"Fachgebiete\"\n",
        extra,
    );
    assert!(
        stderr.contains("note: the site's interface has no text in `sv`: its pages use English"),
        "{stderr}"
    );
    // A tag that would take the name of the site's own folder has no pages.
    assert!(
        stderr.contains(
            "cards have texts in `topic`, which is not a language tag the site can have pages for"
        ),
        "{stderr}"
    );
    assert!(!out.join("topic/term").exists());
    let page = read(&out.join("sv/term/astronomie/index.html"));
    assert!(page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
    assert!(page.contains("<h1 lang=\"sv\">Astronomi</h1>"), "{page}");
    assert!(page.contains("<p class=\"definition\" lang=\"sv\">Läran om himlakropparna.</p>"));
    assert!(page.contains("<h2 id=\"definition\">Definition</h2>"));
    assert!(page.contains("<a href=\"../../index.html\" lang=\"de\">Fachgebiete</a>"));
    // A card without a Swedish label: its German one, marked.
    let page = read(&out.join("sv/term/chemie/index.html"));
    assert!(page.contains("<h1 lang=\"de\">Chemie</h1>"), "{page}");
    // It has no definition in any language: no empty Definition section either.
    assert!(!page.contains("id=\"definition\""), "{page}");
    assert!(!page.contains("class=\"definition\""), "{page}");
    // The switcher names the language in itself, as it does those with a table (issue 61).
    assert!(page.contains("hreflang=\"sv\" lang=\"sv\" aria-current=\"page\">Svenska</a>"));
}

/// The title in each language `[metadata]` has it in (an imported vocabulary's
/// `dcterms:title`s), the main one's elsewhere; and two tags of one interface table each
/// named in the switcher.
#[test]
fn each_language_has_its_title_and_its_name() {
    let (out, _) = variant(
        "titles",
        "language = \"de\"\ntitle = \"Fachgebiete\"\nlanguages = [\"fr\", \"en\", \"en-GB\"]\n\n\
         [metadata]\n\"dcterms:title\" = [{ text = \"Fields\", language = \"en\" }, \
         { text = \"Domaines\", language = \"fr\" }]\n",
        "",
    );
    let fr = read(&out.join("fr/term/chemie/index.html"));
    assert!(
        fr.contains("<a href=\"../../index.html\">Domaines</a>"),
        "{fr}"
    );
    assert!(!fr.contains(">Fachgebiete<"), "{fr}");
    let en = read(&out.join("en/index.html"));
    assert!(en.contains("<title>Fields"), "{en}");
    // en-GB has no title of its own: the main language's, marked.
    let gb = read(&out.join("en-gb/term/chemie/index.html"));
    assert!(
        gb.contains("<a href=\"../../index.html\" lang=\"de\">Fachgebiete</a>"),
        "{gb}"
    );
    assert!(gb.contains(">English</a>"), "{gb}");
    assert!(gb.contains(">English (en-GB)</a>"), "{gb}");
}

/// `languages` in `glossgraph.toml` chooses the site's languages and their order.
#[test]
fn the_settings_choose_the_languages() {
    let (out, stderr) = variant(
        "chosen",
        "language = \"de\"\nlanguages = [\"fr\", \"en\"]\n",
        "",
    );
    assert!(!stderr.contains("note: the site"), "{stderr}");
    assert!(out.join("fr/term/chemie/index.html").is_file());
    assert!(out.join("en/term/chemie/index.html").is_file());
    assert!(!out.join("it").exists());
    assert!(!out.join("es").exists());
    let page = read(&out.join("term/chemie/index.html"));
    let de = page.find("hreflang=\"de\" lang=\"de\"").unwrap();
    let fr = page.find("hreflang=\"fr\" lang=\"fr\"").unwrap();
    let en = page.find("hreflang=\"en\" lang=\"en\"").unwrap();
    assert!(de < fr && fr < en, "the switcher keeps the settings' order");
    // A tag that is not one is refused, located in the file.
    let dir = scratch("site-languages", "bad-tag");
    std::fs::copy(fixture(), dir.join("cards.jsonl")).unwrap();
    std::fs::write(
        dir.join("glossgraph.toml"),
        "languages = [\"en\", \"de_DE\"]\n",
    )
    .unwrap();
    let run = glossgraph_command()
        .args(["site", dir.join("cards.jsonl").to_str().unwrap(), "--out"])
        .arg(dir.join("site"))
        .output()
        .unwrap();
    let (code, _, stderr) = outcome(&run);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("glossgraph.toml:1:20: `de_DE` is not a valid language tag"),
        "{stderr}"
    );
}

/// `serve` answers a term's IRI with the page in the language `Accept-Language` prefers of
/// the site's (RFC 4647 lookup), the main language's when none matches; and every page of
/// every language as the site writes it.
#[test]
fn serve_sends_a_terms_iri_to_the_page_in_the_language_asked_for() {
    let fixture = fixture();
    let server = Served::start(&[fixture.to_str().unwrap()]);
    let iri = server.url("/term/aegyptologie");
    for (asked, location) in [
        (None, "/term/aegyptologie/"),
        (Some("fr-CH, fr;q=0.9, en;q=0.8"), "/fr/term/aegyptologie/"),
        (Some("en-GB,en;q=0.9"), "/en/term/aegyptologie/"),
        (Some("sv, it;q=0.5"), "/it/term/aegyptologie/"),
        (Some("sv, nl"), "/term/aegyptologie/"),
        (Some("es;q=0, *;q=0.1"), "/term/aegyptologie/"),
    ] {
        let mut request = Request::get(&iri).header("Accept", "text/html");
        if let Some(asked) = asked {
            request = request.header("Accept-Language", asked);
        }
        let answer = request.send();
        assert_eq!(answer.status, 303, "{asked:?}: {}", answer.headers);
        assert!(
            answer
                .headers
                .contains(&format!("location: {location}\r\n"))
                || answer.headers.contains(&format!("location: {location}\n")),
            "{asked:?}: {}",
            answer.headers
        );
        assert!(
            answer.headers.contains("vary: accept, accept-language"),
            "{}",
            answer.headers
        );
    }
    let site = languages_site();
    for path in [
        "fr/term/aegyptologie/index.html",
        "it/index.html",
        "es/topic/index.html",
        "en/search-index.js",
    ] {
        let answer = Request::get(&server.url(&format!("/{path}"))).send();
        assert_eq!(answer.status, 200, "{path}");
        assert_eq!(answer.body, read(&site.join(path)), "{path}");
    }
    // A missing page in a language's folder: the 404 page in that language.
    let answer = Request::get(&server.url("/fr/term/egyptologie/")).send();
    assert_eq!(answer.status, 404);
    assert!(
        answer.body.contains("<h1>Page introuvable</h1>"),
        "{}",
        answer.body
    );
    assert!(answer.body.contains("<html lang=\"fr\">"));
    // A language's folder asked for without its slash is sent to it.
    let answer = Request::get(&server.url("/fr")).send();
    assert_eq!(answer.status, 301, "{}", answer.headers);
    assert!(
        answer.headers.contains("location: /fr/"),
        "{}",
        answer.headers
    );
}

/// The rows of a page of the tree, in order: each term's level (1 for a top concept), its
/// label and the `lang` its link carries, if any.
fn tree_rows(main: &str) -> Vec<(usize, String, Option<String>)> {
    let mut rows = Vec::new();
    let mut depth = 0;
    for line in main.lines() {
        if line == "<ul>" || line.starts_with("<ul ") {
            depth += 1;
        } else if line == "</ul>" {
            depth -= 1;
        } else if line.starts_with("<li") {
            let anchor = &line[line.find("<a ").unwrap()..];
            let open = &anchor[..anchor.find('>').unwrap()];
            let label = &anchor[open.len() + 1..anchor.find("</a>").unwrap()];
            let lang = open
                .split(" lang=\"")
                .nth(1)
                .map(|rest| rest.split('"').next().unwrap().to_owned());
            rows.push((depth, label.to_owned(), lang));
        }
    }
    rows
}

/// Issue 51's test: the German term page (German is the fixture's main language) lists its
/// broader and narrower terms, and leads down to it by its breadcrumb, in German words; a
/// French and a Spanish page do it in theirs, with their labels and in their A–Z order; a
/// label in another language is marked.
#[test]
fn a_term_page_links_its_broader_and_narrower_terms_in_its_language() {
    let dir = languages_site();
    let page = read(&dir.join("term/biologie/index.html"));
    let main = main_of(&page);
    for expected in [
        "<nav class=\"breadcrumb\" aria-label=\"Navigationspfad\">\n<ol><li><a href=\"../naturwissenschaften/index.html\">Naturwissenschaften</a></li><li aria-current=\"page\">Biologie</li></ol>\n</nav>",
        "<h2 id=\"hierarchy\">Hierarchie</h2>",
        "<dt>Oberbegriffe</dt><dd><ul><li><a href=\"../naturwissenschaften/index.html\">Naturwissenschaften</a></li></ul></dd>",
        "<dt>Unterbegriffe</dt><dd><ul><li><a href=\"../oekologie/index.html\">Ökologie</a></li><li><a href=\"../zoologie/index.html\">Zoologie</a></li></ul></dd>",
        "<a href=\"../../tree/index.html#t-biologie\">Seine Stelle im Begriffsbaum</a>",
    ] {
        assert!(main.contains(expected), "no {expected} in {main}");
    }
    assert!(page.contains("<li><a href=\"../../tree/index.html\">Hierarchie</a></li>"));
    // In French: its labels and words, its links in the French folder.
    let page = read(&dir.join("fr/term/biologie/index.html"));
    let main = main_of(&page);
    for expected in [
        "<nav class=\"breadcrumb\" aria-label=\"Fil d’Ariane\">\n<ol><li><a href=\"../naturwissenschaften/index.html\">Sciences naturelles</a></li><li aria-current=\"page\">Biologie</li></ol>\n</nav>",
        "<h2 id=\"hierarchy\">Hiérarchie</h2>",
        "<dt>Termes génériques</dt><dd><ul><li><a href=\"../naturwissenschaften/index.html\">Sciences naturelles</a></li></ul></dd>",
        "<dt>Termes spécifiques</dt><dd><ul><li><a href=\"../oekologie/index.html\">Écologie</a></li><li><a href=\"../zoologie/index.html\">Zoologie</a></li></ul></dd>",
        "<a href=\"../../tree/index.html#t-biologie\">Sa place dans l’arborescence</a>",
    ] {
        assert!(main.contains(expected), "no {expected} in {main}");
    }
    assert!(page.contains("<li><a href=\"../../tree/index.html\">Hiérarchie</a></li>"));
    // The narrower terms in each language's order: Ägyptologie before Archäologie in German,
    // Arqueología before Egiptología in Spanish.
    let narrower = |page: &str, label: &str| {
        let page = read(&dir.join(page));
        let rest = &page[page.find(&format!("<dt>{label}</dt>")).unwrap()..];
        rest[..rest.find("</ul>").unwrap()].to_owned()
    };
    let german = narrower("term/altertumswissenschaften/index.html", "Unterbegriffe");
    assert!(german.find(">Ägyptologie<").unwrap() < german.find(">Archäologie<").unwrap());
    let spanish = narrower(
        "es/term/altertumswissenschaften/index.html",
        "Términos específicos",
    );
    assert!(spanish.find(">Arqueología<").unwrap() < spanish.find(">Egiptología<").unwrap());
    // Phonetik has no Italian label: its German one, marked, in the Italian hierarchy.
    let page = read(&dir.join("it/term/sprachwissenschaft/index.html"));
    assert!(page.contains(
        "<dt>Termini specifici</dt><dd><ul><li><a href=\"../phonetik/index.html\" lang=\"de\">Phonetik</a></li></ul></dd>"
    ));
    let page = read(&dir.join("it/term/phonetik/index.html"));
    assert!(page.contains("<li aria-current=\"page\" lang=\"de\">Phonetik</li></ol>"));
}

/// Issue 51's test: the German tree nests the classification's three levels in German, and
/// each other language has its own, in its labels and its A–Z order.
#[test]
fn each_languages_tree_nests_three_levels_in_its_words_and_order() {
    let dir = languages_site();
    let page = read(&dir.join("tree/index.html"));
    let main = main_of(&page);
    assert_eq!(nesting(main, "ul"), 3, "{main}");
    assert!(main.contains("<h1>Hierarchie</h1>"), "{main}");
    assert!(main.contains(
        "<p class=\"lead\">2 Spitzenbegriffe, jeweils mit ihren Unterbegriffen darunter."
    ));
    assert_eq!(
        main.matches("<summary>2 Unterbegriffe</summary>").count(),
        4
    );
    assert_eq!(main.matches("<summary>1 Unterbegriff</summary>").count(), 2);
    let rows: Vec<(usize, String)> = tree_rows(main)
        .into_iter()
        .map(|(depth, label, lang)| {
            assert_eq!(lang, None, "{label}");
            (depth, label)
        })
        .collect();
    let expected = [
        (1, "Geisteswissenschaften"),
        (2, "Altertumswissenschaften"),
        (3, "Ägyptologie"),
        (3, "Archäologie"),
        (2, "Sprachwissenschaft"),
        (3, "Phonetik"),
        (1, "Naturwissenschaften"),
        (2, "Biologie"),
        (3, "Ökologie"),
        (3, "Zoologie"),
        (2, "Chemie"),
        (3, "Biochemie"),
    ];
    let expected: Vec<(usize, String)> = expected
        .iter()
        .map(|(d, l)| (*d, (*l).to_owned()))
        .collect();
    assert_eq!(rows, expected);
    assert!(
        main.contains("<li id=\"t-biologie\"><a href=\"../term/biologie/index.html\">Biologie</a>")
    );
    // Italian: Scienze naturali before Scienze umane, Linguistica before Scienze
    // dell’antichità; Phonetik under its German label, marked.
    let page = read(&dir.join("it/tree/index.html"));
    let main = main_of(&page);
    assert_eq!(nesting(main, "ul"), 3, "{main}");
    assert!(main.contains("<h1>Gerarchia</h1>"), "{main}");
    assert!(main.contains("<summary>2 termini specifici</summary>"));
    let rows = tree_rows(main);
    let labels: Vec<(usize, &str)> = rows.iter().map(|(d, l, _)| (*d, l.as_str())).collect();
    assert_eq!(
        labels,
        [
            (1, "Scienze naturali"),
            (2, "Biologia"),
            (3, "Ecologia"),
            (3, "Zoologia"),
            (2, "Chimica"),
            (3, "Biochimica"),
            (1, "Scienze umane"),
            (2, "Linguistica"),
            (3, "Phonetik"),
            (2, "Scienze dell’antichità"),
            (3, "Archeologia"),
            (3, "Egittologia"),
        ]
    );
    let marked: Vec<&str> = rows
        .iter()
        .filter(|(_, _, lang)| lang.as_deref() == Some("de"))
        .map(|(_, l, _)| l.as_str())
        .collect();
    assert_eq!(marked, ["Phonetik"]);
    assert!(main.contains("<a href=\"../term/biologie/index.html\">Biologia</a>"));
    // Every language's tree is in the sitemap.
    let sitemap = read(&dir.join("sitemap.xml"));
    for (_, folder) in LANGUAGES {
        assert!(sitemap.contains(&format!(
            "<loc>https://glossgraph.example/fachgebiete/{folder}tree/</loc>"
        )));
    }
}

/// A vocabulary in two languages whose pages are at their IRIs' paths (`162`): its German
/// pages are at the same paths in `de/`, linked by `hreflang` and the switcher; a concept at
/// `de` keeps its page in `term/`, the folder being German's; the sitemap lists both
/// languages' pages; and `serve` sends a browser at the concept's IRI to the page in its
/// language.
#[test]
fn pages_at_their_iris_paths_have_their_languages_beside_them() {
    let dir = scratch("site-languages", "namespace");
    let cards = [
        r#"{"slug": "162", "term": "Black holes", "definition": "d", "narrower": ["163"], "languages": {"de": {"term": "Schwarze Löcher"}}}"#,
        r#"{"slug": "163", "term": "Kerr black holes", "definition": "d", "broader": ["162"], "languages": {"de": {"term": "Kerr-Löcher"}}}"#,
        r#"{"slug": "de", "term": "Germany", "definition": "d", "languages": {"de": {"term": "Deutschland"}}}"#,
    ];
    std::fs::write(dir.join("cards.jsonl"), cards.join("\n")).unwrap();
    std::fs::write(
        dir.join("glossgraph.toml"),
        "base = \"http://vocab.example/uat/\"\nnamespace = \"http://vocab.example/uat/\"\n",
    )
    .unwrap();
    let out = dir.join("site");
    site(&dir.join("cards.jsonl"), &out);
    for path in [
        "162/index.html",
        "162.ttl",
        "de/162/index.html",
        "de/163/index.html",
        "term/de/index.html",
        "de/term/de/index.html",
        "de/tree/index.html",
    ] {
        assert!(out.join(path).is_file(), "{path}");
    }
    assert!(!out.join("de/162.ttl").exists());
    let page = read(&out.join("de/163/index.html"));
    for expected in [
        "<link rel=\"alternate\" hreflang=\"en\" href=\"http://vocab.example/uat/163\">",
        "<link rel=\"alternate\" hreflang=\"de\" href=\"http://vocab.example/uat/de/163/\">",
        "<link rel=\"alternate\" hreflang=\"x-default\" href=\"http://vocab.example/uat/163\">",
        "<link rel=\"canonical\" href=\"http://vocab.example/uat/de/163/\">",
        "<link rel=\"alternate\" type=\"text/turtle\" href=\"../../163.ttl\">",
        "<a href=\"../../163/index.html\" hreflang=\"en\" lang=\"en\">English</a>",
        "<a href=\"../../de/163/index.html\" hreflang=\"de\" lang=\"de\" aria-current=\"page\">Deutsch</a>",
        "<ol><li><a href=\"../162/index.html\">Schwarze Löcher</a></li><li aria-current=\"page\">Kerr-Löcher</li></ol>",
        "<dt>Oberbegriffe</dt><dd><ul><li><a href=\"../162/index.html\">Schwarze Löcher</a></li></ul></dd>",
        "<a href=\"../tree/index.html#t-163\">Seine Stelle im Begriffsbaum</a>",
    ] {
        assert!(page.contains(expected), "no {expected} in {page}");
    }
    let page = read(&out.join("162/index.html"));
    assert!(
        page.contains("<a href=\"../de/162/index.html\" hreflang=\"de\" lang=\"de\">Deutsch</a>")
    );
    assert!(page.contains(
        "<link rel=\"alternate\" hreflang=\"de\" href=\"http://vocab.example/uat/de/162/\">"
    ));
    let search = read(&out.join("de/search-index.js"));
    assert!(
        search.contains("window.glossgraphPages = {\"162\":\"162\",\"163\":\"163\"};"),
        "{search}"
    );
    let sitemap = read(&out.join("sitemap.xml"));
    for loc in ["162/", "de/162/", "term/de/", "de/term/de/", "de/tree/"] {
        assert!(
            sitemap.contains(&format!("<loc>http://vocab.example/uat/{loc}</loc>")),
            "{loc}: {sitemap}"
        );
    }
    // `serve`: the page in the language asked for, at the concept's own IRI's path.
    let server = Served::start(&[dir.join("cards.jsonl").to_str().unwrap()]);
    for (asked, location) in [
        (None, "/162/"),
        (Some("de-AT, en;q=0.5"), "/de/162/"),
        (Some("en"), "/162/"),
    ] {
        let mut request = Request::get(&server.url("/162")).header("Accept", "text/html");
        if let Some(asked) = asked {
            request = request.header("Accept-Language", asked);
        }
        let answer = request.send();
        assert_eq!(answer.status, 303, "{asked:?}: {}", answer.headers);
        assert!(
            answer
                .headers
                .contains(&format!("location: {location}\r\n"))
                || answer.headers.contains(&format!("location: {location}\n")),
            "{asked:?}: {}",
            answer.headers
        );
        assert!(answer.headers.contains("vary: accept, accept-language"));
    }
    let answer = Request::get(&server.url("/162"))
        .header("Accept", "text/turtle")
        .header("Accept-Language", "de")
        .send();
    assert_eq!(answer.status, 200);
    assert!(answer.body.contains("Schwarze Löcher"), "{}", answer.body);
    let answer = Request::get(&server.url("/de/163/")).send();
    assert_eq!(answer.status, 200);
    assert_eq!(answer.body, read(&out.join("de/163/index.html")));
    let answer = Request::get(&server.url("/de/163")).send();
    assert_eq!(answer.status, 301, "{}", answer.headers);
    assert!(
        answer.headers.contains("location: /de/163/"),
        "{}",
        answer.headers
    );
}

/// A deep hierarchy whose trees split differently in two languages: a page continuing a
/// term's narrower terms is linked by `hreflang` to the page continuing the same term where
/// the other language's tree has one, and its switcher leads to the other language's tree
/// where it has none.
#[test]
fn a_page_continuing_a_deep_tree_links_no_page_continuing_another_term() {
    // `x` is under `a` (at the top) and under `b4` (five levels down); `a` comes first in
    // English ("Alpha") and last in French ("Zoulou"), so `x`'s chain continues on a page of
    // its own at another term in each.
    let mut lines = Vec::new();
    let mut line = |slug: &str, en: &str, fr: &str, broader: &[String]| {
        lines.push(
            serde_json::json!({
                "slug": slug, "term": en, "definition": "d", "broader": broader,
                "languages": {"fr": {"term": fr}},
            })
            .to_string(),
        );
    };
    line("a", "Alpha", "Zoulou", &[]);
    for i in 0..5 {
        let up: Vec<String> = if i == 0 {
            vec![]
        } else {
            vec![format!("b{}", i - 1)]
        };
        line(
            &format!("b{i}"),
            &format!("Bravo {i}"),
            &format!("Bravo {i}"),
            &up,
        );
    }
    line("x", "X-ray", "X-ray", &["a".to_owned(), "b4".to_owned()]);
    let mut up = "x".to_owned();
    for i in 0..100 {
        let slug = format!("x{i:03}");
        line(
            &slug,
            &format!("X {i:03}"),
            &format!("X {i:03}"),
            &[up.clone()],
        );
        up = slug;
    }
    let config = Config::default();
    let glossary = checked_with("deep.jsonl", &lines.join("\n"), &config);
    let plan = Plan::new(&glossary, &config);
    let site = Site::new(&glossary, &config, &plan);
    let get = |path: &str| -> String {
        String::from_utf8(
            site.get(path)
                .unwrap()
                .unwrap_or_else(|| panic!("{path}"))
                .bytes,
        )
        .unwrap()
    };
    // English: `x` on the second level, the chain continues on a page of its own below x097,
    // on the hundredth; French: `x` on the sixth, below x093.
    let english = get("tree/1/index.html");
    assert!(
        english.contains("<h1>Hierarchy: X 097</h1>"),
        "{}",
        main_of(&english)
    );
    let french = get("fr/tree/1/index.html");
    assert!(
        french.contains("<h1>Hiérarchie\u{a0}: X 093</h1>"),
        "{}",
        main_of(&french)
    );
    // Neither has a counterpart in the other language.
    assert!(english.contains("<link rel=\"alternate\" hreflang=\"en\" href="));
    assert!(!english.contains("hreflang=\"fr\" href="), "{english}");
    assert!(french.contains("<link rel=\"alternate\" hreflang=\"fr\" href="));
    assert!(!french.contains("hreflang=\"en\" href="), "{french}");
    assert!(english
        .contains("<a href=\"../../fr/tree/index.html\" hreflang=\"fr\" lang=\"fr\">Français</a>"));
    assert!(french
        .contains("<a href=\"../../../tree/index.html\" hreflang=\"en\" lang=\"en\">English</a>"));
    // The French continued page's lead, in French, links back to its place.
    assert!(french.contains("<p class=\"lead\">Les termes spécifiques de <a href=\"../../term/x093/index.html\">X 093</a>, à la suite de <a href=\"../../tree/index.html#t-x093\">sa place dans l’arborescence</a>\u{a0}: au-delà de 100 niveaux, l’arborescence se poursuit sur une page à part.</p>"), "{}", main_of(&french));
    // The first pages are each other's.
    let first = get("fr/tree/index.html");
    assert!(first.contains(&format!(
        "<link rel=\"alternate\" hreflang=\"en\" href=\"{}tree/\">",
        config.base
    )));
    assert!(
        first.contains("<a href=\"../../tree/index.html\" hreflang=\"en\" lang=\"en\">English</a>")
    );
    assert!(
        first.contains("<li id=\"t-x093\"><a href=\"../term/x093/index.html\">X 093</a> <span class=\"see\">(<a href=\"../tree/1/index.html\">termes spécifiques sur une page à part</a>)</span></li>"),
        "{}",
        main_of(&first)
    );
}

/// The glossary at `input` (a folder or a file, with the settings beside it), checked.
fn loaded(input: &Path) -> (glossgraph::Glossary, Config) {
    let input = glossgraph::load::Input::Path(input.to_path_buf());
    let config = Config::resolve(input.config_dir().as_deref(), Default::default()).unwrap();
    let loaded = glossgraph::load::load(&input).unwrap();
    let checked = glossgraph::check::check(loaded, &config, Default::default());
    assert!(!checked.report.is_failure(false), "{input:?} has errors");
    (checked.glossary, config)
}

/// Every file `site` writes is the one `serve` answers at its path ([`Site::get`]), byte for
/// byte, and `serve` answers no page the site lacks: the site writes a term's page in each
/// language and its three RDF files together (its quads mapped once for the three), `serve`
/// one at a time. For the fixture of five languages, the sample glossary, and a vocabulary
/// whose pages are at its IRIs' paths.
#[test]
fn every_file_written_is_what_serve_answers() {
    let dir = scratch("site-languages", "as-served");
    let cards = [
        r#"{"slug": "162", "term": "Black holes", "definition": "d", "narrower": ["163"], "languages": {"de": {"term": "Schwarze Löcher"}}}"#,
        r#"{"slug": "163", "term": "Kerr black holes", "definition": "d", "broader": ["162"], "languages": {"de": {"term": "Kerr-Löcher"}}}"#,
    ];
    std::fs::write(dir.join("cards.jsonl"), cards.join("\n")).unwrap();
    std::fs::write(
        dir.join("glossgraph.toml"),
        "base = \"http://vocab.example/uat/\"\nnamespace = \"http://vocab.example/uat/\"\n",
    )
    .unwrap();
    let at_iris = dir.join("site");
    site(&dir.join("cards.jsonl"), &at_iris);
    for (input, out) in [
        (fixture(), languages_site()),
        (root().join("data"), crate::site::sample_site()),
        (dir.join("cards.jsonl"), at_iris),
    ] {
        let (glossary, config) = loaded(&input);
        let plan = Plan::new(&glossary, &config);
        let served = Site::new(&glossary, &config, &plan);
        let written = crate::site::tree(&out);
        let terms = written
            .iter()
            .filter(|(p, _)| p.ends_with(".ttl") && !p.starts_with("download/"))
            .count();
        assert_eq!(terms, glossary.cards().len(), "{input:?}");
        for (path, bytes) in &written {
            if path == glossgraph::site::MARK {
                continue;
            }
            let file = served.get(path).unwrap();
            let file = file.unwrap_or_else(|| panic!("{input:?}: serve has no {path}"));
            assert!(file.bytes == *bytes, "{input:?}: {path} differs");
        }
    }
}

/// Issue 61, item 12: a text in a language written right to left says so (`dir="rtl"`)
/// where the page around it is written left to right, and the stylesheets lay pages out by
/// the text's direction (logical properties), so a right-to-left page mirrors.
#[test]
fn arabic_texts_carry_their_direction() {
    let dir = scratch("site-languages", "rtl");
    let cards = dir.join("cards.jsonl");
    let lines = [
        r#"{"slug":"physics","term":"Physics","definition":"Matter.","related":["science"],"languages":{"ar":{"term":"فيزياء"}}}"#,
        r#"{"slug":"science","term":"Science","definition":"Knowledge.","related":["physics"],"languages":{"ar":{"term":"علم","definition":"معرفة."}}}"#,
    ];
    std::fs::write(&cards, lines.join("\n") + "\n").unwrap();
    let out = dir.join("site");
    site(&cards, &out);
    let page = read(&out.join("ar/term/science/index.html"));
    assert!(
        page.contains("<h1 lang=\"ar\" dir=\"rtl\">علم</h1>"),
        "{page}"
    );
    // The main language's pages are written left to right, with no `dir` at all.
    let page = read(&out.join("term/science/index.html"));
    assert!(
        page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"),
        "{page}"
    );
    assert!(!page.contains(" dir=\"ltr\""), "{page}");
    for css in ["site.css", "hierarchy.css"] {
        let text =
            std::fs::read_to_string(root().join("crates/export/src/site").join(css)).unwrap();
        for physical in [
            "margin-left",
            "margin-right",
            "padding-left",
            "padding-right",
            "border-left",
            "border-right",
            "text-align: left",
        ] {
            assert!(!text.contains(physical), "{css} lays out by `{physical}`");
        }
    }
}

/// Issue 61, item 13: the switcher names a language without an interface table in itself,
/// never by its tag alone.
#[test]
fn the_switcher_names_each_language_in_itself() {
    let dir = scratch("site-languages", "switcher");
    let cards = dir.join("cards.jsonl");
    let card = r#"{"slug":"science","term":"Science","definition":"Knowledge.","languages":{"ar":{"term":"علم"},"ru":{"term":"Наука"},"fi":{"term":"Tiede"},"haw":{"term":"ʻIke"}}}"#;
    std::fs::write(&cards, format!("{card}\n")).unwrap();
    let out = dir.join("site");
    site(&cards, &out);
    let page = read(&out.join("term/science/index.html"));
    for (tag, name) in [
        ("ar", "العربية"),
        ("ru", "Русский"),
        ("fi", "Suomi"),
        ("haw", "haw"),
    ] {
        assert!(
            page.contains(&format!("hreflang=\"{tag}\" lang=\"{tag}\">{name}</a>")),
            "{tag}: {page}"
        );
    }
}
