//! The website (issue 36): every term's page and RDF, the same bytes for the same glossary
//! whatever the order of its cards, the folder replaced whole; and `glossgraph serve` answering
//! each format at a term's IRI. (The programs people and machines read the site with are in
//! `consumers/site.rs`.)

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::util::http::{Answer, Request};
use crate::util::server::Served;
use crate::util::{glossgraph_command, outcome, root, scratch};

/// Writes the site of `input` into `out`; panics with glossgraph's message if it fails.
pub(crate) fn site(input: &Path, out: &Path) {
    let run = glossgraph_command()
        .args([
            "site",
            input.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let (code, _, stderr) = outcome(&run);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("wrote the site of"), "{stderr}");
}

/// The site of `input` in `{scratch area}/{name}/site`, written once per test run (`made`
/// holds it).
pub(crate) fn site_once(
    made: &'static std::sync::OnceLock<PathBuf>,
    area: &str,
    name: &str,
    input: &Path,
) -> PathBuf {
    made.get_or_init(|| {
        let dir = scratch(area, name).join("site");
        site(input, &dir);
        dir
    })
    .clone()
}

/// The sample glossary's site, written once per test run.
pub(crate) fn sample_site() -> PathBuf {
    static MADE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    site_once(&MADE, "site", "sample", &root().join("data"))
}

/// Every file below `dir`, relative, with its bytes, sorted.
pub(crate) fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let name = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                files.push((name, std::fs::read(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

/// The slugs and terms of the sample's cards.
pub(crate) fn sample_cards() -> Vec<(String, String, String)> {
    let mut cards: Vec<(String, String, String)> = std::fs::read_dir(root().join("data"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            let card: Value = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
            let text = |k: &str| card[k].as_str().unwrap().to_owned();
            (text("slug"), text("term"), text("definition"))
        })
        .collect();
    cards.sort();
    cards
}

#[test]
fn every_term_has_its_page_and_rdf_and_the_same_glossary_gives_the_same_bytes() {
    let dir = sample_site();
    let files = tree(&dir);
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    let cards = sample_cards();
    for (slug, _, _) in &cards {
        for file in ["/index.html", ".ttl", ".jsonld", ".rdf"] {
            let name = format!("term/{slug}{file}");
            assert!(names.contains(&name.as_str()), "no {name}");
        }
    }
    for name in [
        "index.html",
        "404.html",
        "map.html",
        "site.css",
        "search.js",
        "search-index.js",
        "sitemap.xml",
        ".htaccess",
        "topic/index.html",
    ] {
        assert!(names.contains(&name), "no {name}");
    }
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    let sitemap = std::fs::read_to_string(dir.join("sitemap.xml")).unwrap();
    for (slug, term, _) in &cards {
        assert!(
            index.contains(&format!("href=\"term/{slug}/index.html\">")),
            "{slug} not in the index"
        );
        assert!(
            index.contains(&term.replace('&', "&amp;").replace('\'', "&#39;")),
            "{term}"
        );
        assert!(sitemap.contains(&format!(
            "<loc>https://glossgraph.example/rdma-storage/term/{slug}/</loc>"
        )));
    }
    let htaccess = std::fs::read_to_string(dir.join(".htaccess")).unwrap();
    assert!(htaccess.contains(
        "RewriteCond %{HTTP_ACCEPT} text/turtle\nRewriteRule ^term/([a-z0-9-]+)/?$ term/$1.ttl [R=303,L]"
    ));
    assert!(htaccess.contains("ErrorDocument 404 /rdma-storage/404.html"));
    // Issue 46, item 4: every format it redirects to is a file of the site (a 303 to a
    // missing `.nt` was a 404 on Apache), and every file's type is declared.
    let targets: Vec<&str> = htaccess
        .lines()
        .filter_map(|l| l.split(" term/$1.").nth(1))
        .filter_map(|rest| rest.split_whitespace().next())
        .collect();
    assert_eq!(targets, ["ttl", "jsonld", "rdf"], "{htaccess}");
    for extension in &targets {
        assert!(
            names.contains(&format!("term/roce-v2.{extension}").as_str()),
            "redirected to term/{{slug}}.{extension}, which the site does not write"
        );
        assert!(htaccess.contains(&format!(" .{extension}\n")), "{htaccess}");
    }
    // N-Triples only for the whole vocabulary's download, never at a term's IRI.
    assert!(!htaccess.contains(".nt [R=303"), "{htaccess}");
    assert!(htaccess.contains("AddType application/n-triples .nt\n"));
    assert!(names.contains(&"download/glossary.nt"));

    // The same cards in another order, as one JSON Lines file: the same site, byte for byte.
    let other = scratch("site", "shuffled");
    let mut lines: Vec<String> = std::fs::read_dir(root().join("data"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            let card: Value = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
            card.to_string()
        })
        .collect();
    lines.sort();
    lines.reverse();
    std::fs::write(other.join("cards.jsonl"), lines.join("\n")).unwrap();
    std::fs::copy(
        root().join("data/glossgraph.toml"),
        other.join("glossgraph.toml"),
    )
    .unwrap();
    site(&other.join("cards.jsonl"), &other.join("site"));
    let again = tree(&other.join("site"));
    assert_eq!(again.len(), files.len());
    for ((a, x), (b, y)) in files.iter().zip(&again) {
        assert_eq!(a, b);
        assert!(x == y, "{a} differs");
    }

    // Written again into the same folder: replaced whole, nothing left beside it.
    std::fs::write(other.join("site/stale.html"), "old").unwrap();
    site(&other.join("cards.jsonl"), &other.join("site"));
    assert!(!other.join("site/stale.html").exists());
    let beside: Vec<String> = std::fs::read_dir(&other)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        beside.iter().all(|n| !n.starts_with('.')),
        "left beside the site: {beside:?}"
    );
}

#[test]
fn serve_answers_each_format_at_a_terms_iri() {
    let server = Served::start(&[]);
    let iri = server.url("/term/roce-v2");
    for (accept, media, location, starts) in [
        ("text/turtle", "text/turtle", "/term/roce-v2.ttl", "@prefix"),
        (
            "application/ld+json",
            "application/ld+json",
            "/term/roce-v2.jsonld",
            "{",
        ),
        (
            "application/rdf+xml",
            "application/rdf+xml",
            "/term/roce-v2.rdf",
            "<?xml",
        ),
        (
            "application/n-triples",
            "application/n-triples",
            "/term/roce-v2.nt",
            "<https://glossgraph.example/rdma-storage/term/roce-v2>",
        ),
        (
            "application/rdf+xml;q=0.5, text/turtle",
            "text/turtle",
            "/term/roce-v2.ttl",
            "@prefix",
        ),
    ] {
        let Answer {
            status,
            headers,
            body,
        } = Request::get(&iri).header("Accept", accept).send();
        assert_eq!(status, 200, "{accept}: {headers}");
        assert!(
            headers.contains(&format!("content-type: {media}")),
            "{headers}"
        );
        assert!(headers.contains("vary: accept"), "{headers}");
        assert!(
            headers.contains(&format!("content-location: {location}")),
            "{headers}"
        );
        assert!(body.starts_with(starts), "{accept}: {body}");
        assert!(body.contains("RoCEv2"), "{body}");
    }
    // A browser is sent to the page, where its relative links resolve.
    let answer = Request::get(&iri)
        .header("Accept", "text/html,*/*;q=0.8")
        .send();
    assert_eq!(answer.status, 303);
    assert!(answer.headers.contains("location: /term/roce-v2/"));
    let page = Request::get(&server.url("/term/roce-v2/")).send();
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<h1>RoCEv2</h1>"), "{}", page.body);
    // The site's other files, as `glossgraph site` writes them.
    let index = Request::get(&server.url("/")).send();
    assert_eq!(index.status, 200);
    assert!(index.headers.contains("text/html"));
    assert_eq!(
        index.body,
        std::fs::read_to_string(sample_site().join("index.html")).unwrap()
    );
    let css = Request::get(&server.url("/site.css")).send();
    assert_eq!(css.status, 200);
    assert_eq!(
        css.body,
        std::fs::read_to_string(sample_site().join("site.css")).unwrap()
    );
    // An unknown slug: the 404 page, with the nearest terms.
    let Answer { status, body, .. } = Request::get(&server.url("/term/roce-v3")).send();
    assert_eq!(status, 404);
    assert!(
        body.contains("<a href=\"/term/roce-v1/index.html\">RoCEv1</a>"),
        "{body}"
    );
    assert!(
        body.contains("<a href=\"/term/roce-v2/index.html\">RoCEv2</a>"),
        "{body}"
    );
}

/// Issue 46, item 17: counts of one are singular ("(1 links)" was written).
#[test]
fn a_count_of_one_is_singular() {
    let dir = sample_site();
    let mut ones = 0;
    for entry in std::fs::read_dir(dir.join("topic")).unwrap() {
        let page = entry.unwrap().path().join("index.html");
        let Ok(text) = std::fs::read_to_string(&page) else {
            continue;
        };
        assert!(!text.contains("(1 links)"), "{}", page.display());
        ones += text.matches("(1 link)").count();
    }
    assert!(ones > 0, "the sample has topics linked once");
    // A glossary of one term: one term on the index, the topics' list and the topic's page.
    let one = scratch("site", "site-one-term");
    std::fs::create_dir(one.join("cards")).unwrap();
    std::fs::write(one.join("cards/solo.json"), crate::util::card("solo", &[])).unwrap();
    site(&one.join("cards"), &one.join("site"));
    let read = |path: &str| std::fs::read_to_string(one.join("site").join(path)).unwrap();
    assert!(read("index.html").contains("<p class=\"lead\">1 term.</p>"));
    assert!(read("topic/index.html").contains("(1 term)"));
    assert!(read("topic/solo/index.html").contains("<p class=\"lead\">1 term · "));
}

/// The A–Z index of `terms` (one card each, nothing linked) written by `site --language
/// language`: the letters' sections in order, each with its terms, and the bars' names.
fn letters_of(language: &str, terms: &[&str]) -> (Vec<(String, Vec<String>)>, Vec<String>) {
    let dir = scratch("site", &format!("letters-{language}"));
    let cards: String = terms
        .iter()
        .enumerate()
        .map(|(i, term)| {
            format!(
                "{{\"slug\":\"t{i}\",\"term\":\"{term}\",\"definition\":\"{term} is a word.\"}}\n"
            )
        })
        .collect();
    let input = dir.join("cards.jsonl");
    std::fs::write(&input, cards).unwrap();
    let out = dir.join("site");
    let run = crate::util::glossgraph_command()
        .args([
            "site",
            input.to_str().unwrap(),
            "--language",
            language,
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    let (code, _, stderr) = outcome(&run);
    assert_eq!(code, 0, "{stderr}");
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    let sections = page
        .split("<section class=\"letter\"")
        .skip(1)
        .map(|section| {
            let label = section.split("</h2>").next().unwrap();
            let label = label.rsplit('>').next().unwrap().to_owned();
            let terms = section
                .split("/index.html\">")
                .skip(1)
                .map(|rest| rest.split('<').next().unwrap().to_owned())
                .collect();
            (label, terms)
        })
        .collect();
    let bars = page
        .split("<nav class=\"letters\" aria-label=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap().to_owned())
        .collect();
    (sections, bars)
}

/// Issue 50: the index sorts and groups letters as the glossary's language does.
#[test]
fn the_index_lists_letters_as_the_language_sorts_them() {
    let terms = [
        "Zeitung",
        "Ägyptologie",
        "Apfel",
        "Öl",
        "Ozean",
        "Яблоко",
        "Арбуз",
        "電気",
    ];
    let (sections, bars) = letters_of("de", &terms);
    let labels: Vec<&str> = sections.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(labels, ["A", "O", "Z", "А", "Я", "電"]);
    assert_eq!(sections[0].1, ["Ägyptologie", "Apfel"]);
    assert_eq!(sections[1].1, ["Öl", "Ozean"]);
    // Cyrillic and Han letters have bars of their own, named in the page's language.
    assert_eq!(bars, ["Anfangsbuchstaben", "Kyrillisch", "Han"]);
    // Swedish: Å, Ä and Ö are letters of their own, after Z.
    let (sections, _) = letters_of("sv", &["Ål", "Zebra", "Äpple", "Apa", "Öga"]);
    let labels: Vec<&str> = sections.iter().map(|(l, _)| l.as_str()).collect();
    assert_eq!(labels, ["A", "Z", "Å", "Ä", "Ö"]);
}
