//! The website in several languages (issue 50): a page per term per language, linked to one
//! another by `hreflang` and a language switcher, the interface in the page's language, every
//! text of another language marked with `lang`, the index and the search per language; and
//! `serve` sending a term's IRI to the page in the language the browser asks for.
//!
//! The fixture, `tests/fixtures/languages/`, is a German classification of twelve subjects on
//! three levels with labels in German (the main language), English, French, Spanish and
//! Italian, and no definitions; Phonetik has no Italian label.

use std::path::{Path, PathBuf};

use glossgraph::site::ui::{Ui, EN, TABLES};
use serde_json::Value;

use crate::site::site;
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
    MADE.get_or_init(|| {
        let dir = scratch("site-languages", "fixture").join("site");
        site(&fixture(), &dir);
        dir
    })
    .clone()
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

/// The HTML pages of the language whose folder is `folder` (its index, topics, terms; for
/// the main language also the 404 page), relative to the site.
fn pages_of(site: &Path, folder: &str) -> Vec<String> {
    let mut pages = vec![
        format!("{folder}index.html"),
        format!("{folder}topic/index.html"),
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
        // In the main language, only the switcher's links are in other languages.
        let marked = body.matches(" lang=\"").count();
        let switcher = if page == "404.html" { 0 } else { 5 };
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
    // The switcher names the language by its tag.
    assert!(page.contains("hreflang=\"sv\" lang=\"sv\" aria-current=\"page\">sv</a>"));
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
