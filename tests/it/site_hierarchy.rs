//! The website of a glossary with a hierarchy (issues 48 and 50): each page's broader and
//! narrower terms and its breadcrumb, the tree of the whole vocabulary split into pages of
//! bounded depth (a chain of 20,000 levels too), and the pages of a vocabulary that keeps its
//! published IRIs at those IRIs' paths. (Chromium, axe-core, the Nu HTML Checker and
//! LinkChecker read these sites in `consumers/site.rs`.)

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use glossgraph::config::Config;
use glossgraph::site::{self, Plan, Site};
use glossgraph::Glossary;

use crate::site::{sample_site, site};
use crate::util::fixtures::checked_with;
use crate::util::http::Request;
use crate::util::scratch;
use crate::util::server::Served;

/// One card as a JSON line.
fn card(slug: &str, term: &str, broader: &[&str], narrower: &[&str]) -> String {
    let mut card = serde_json::json!({
        "slug": slug,
        "term": term,
        "definition": format!("{term}, as the fixture defines it."),
    });
    if !broader.is_empty() {
        card["broader"] = serde_json::json!(broader);
    }
    if !narrower.is_empty() {
        card["narrower"] = serde_json::json!(narrower);
    }
    card.to_string()
}

/// A glossary of three levels (a JSON Lines file, its settings beside it): Science above Astronomy and Physics, Astrophysics under both
/// of them, Mechanics under Physics; Science under a concept of another vocabulary, and
/// Lexicon outside the hierarchy.
pub(crate) fn three_levels(dir: &Path) -> PathBuf {
    let cards = [
        card(
            "science",
            "Science",
            &["https://other.example/knowledge"],
            &["astronomy", "physics"],
        ),
        card("astronomy", "Astronomy", &["science"], &["astrophysics"]),
        card(
            "physics",
            "Physics",
            &["science"],
            &["astrophysics", "mechanics"],
        ),
        card(
            "astrophysics",
            "Astrophysics",
            &["astronomy", "physics"],
            &[],
        ),
        card("mechanics", "Mechanics", &["physics"], &[]),
        card("lexicon", "Lexicon", &[], &[]),
    ];
    // Issue 61: mappings, to another vocabulary and to a concept of this one.
    let mut cards = cards;
    cards[3] = cards[3].replacen(
        '{',
        "{\"mappings\":{\"exactMatch\":[\"https://other.example/astrophysics\"],\
         \"relatedMatch\":[\"https://vocab.example/sciences/term/mechanics\"]},",
        1,
    );
    let folder = dir.join("cards");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("cards.jsonl"), cards.join("\n")).unwrap();
    std::fs::write(
        folder.join("glossgraph.toml"),
        "base = \"https://vocab.example/sciences/\"\ntitle = \"Sciences\"\n",
    )
    .unwrap();
    folder.join("cards.jsonl")
}

/// The three-level glossary's site, written once per test run.
pub(crate) fn hierarchy_site() -> PathBuf {
    static MADE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    MADE.get_or_init(|| {
        let dir = scratch("site", "hierarchy");
        let out = dir.join("site");
        site(&three_levels(&dir), &out);
        out
    })
    .clone()
}

/// The `<main>` of a page.
pub(crate) fn main_of(page: &str) -> &str {
    let from = page.find("<main").expect("a main element");
    let to = page.find("</main>").expect("the end of main");
    &page[from..to]
}

/// How deep `tag` elements nest at most in `html`.
pub(crate) fn nesting(html: &str, tag: &str) -> usize {
    let (open, close) = (format!("<{tag}"), format!("</{tag}>"));
    let (mut depth, mut most) = (0usize, 0usize);
    let mut at = 0;
    while let Some(found) = html[at..].find('<') {
        let rest = &html[at + found..];
        if rest.starts_with(&close) {
            depth -= 1;
        } else if rest.starts_with(&open) && rest[open.len()..].starts_with(['>', ' ']) {
            depth += 1;
            most = most.max(depth);
        }
        at += found + 1;
    }
    assert_eq!(depth, 0, "unbalanced <{tag}>");
    most
}

/// How deep elements nest at most in `html`, as a browser's parser builds them (void
/// elements and those closed at once do not nest).
fn element_depth(html: &str) -> usize {
    const VOID: [&str; 6] = ["meta", "link", "br", "img", "input", "hr"];
    let (mut stack, mut most): (Vec<String>, usize) = (Vec::new(), 0);
    let mut at = 0;
    while let Some(found) = html[at..].find('<') {
        let rest = &html[at + found + 1..];
        at += found + 1;
        if rest.starts_with('!') {
            continue;
        }
        let end = rest.find(|c: char| c == '>' || c.is_whitespace()).unwrap();
        if let Some(name) = rest[..end].strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name), "misnested </{name}>");
        } else if !VOID.contains(&&rest[..end]) {
            stack.push(rest[..end].to_owned());
            most = most.max(stack.len());
        }
    }
    assert!(stack.is_empty(), "left open: {stack:?}");
    most
}

#[test]
fn each_page_links_its_broader_and_narrower_terms_and_the_tree_nests_three_levels() {
    let dir = hierarchy_site();
    let read = |path: &str| std::fs::read_to_string(dir.join(path)).unwrap();

    let physics = read("term/physics/index.html");
    let main = main_of(&physics);
    assert!(
        main.contains(
            "<dt>Broader</dt><dd><ul><li><a href=\"../science/index.html\">Science</a></li></ul></dd>"
        ),
        "{main}"
    );
    assert!(
        main.contains(
            "<dt>Narrower</dt><dd><ul><li><a href=\"../astrophysics/index.html\">Astrophysics</a></li><li><a href=\"../mechanics/index.html\">Mechanics</a></li></ul></dd>"
        ),
        "{main}"
    );
    assert!(
        main.contains("<a href=\"../../tree/index.html#t-physics\">Its place in the tree</a>"),
        "{main}"
    );
    // A concept outside the glossary: an external link to its IRI.
    let science = read("term/science/index.html");
    assert!(
        main_of(&science).contains(
            "<a href=\"https://other.example/knowledge\" rel=\"external noopener\">https://other.example/knowledge</a>"
        ),
        "{science}"
    );
    // Astrophysics is under Astronomy and Physics: both broader; its first breadcrumb follows
    // its first place in the tree (Astronomy before Physics, A–Z), the second its other path
    // (issue 61), each a schema.org BreadcrumbList too.
    let astrophysics = read("term/astrophysics/index.html");
    let main = main_of(&astrophysics);
    assert!(
        main.contains("<li><a href=\"../astronomy/index.html\">Astronomy</a></li><li><a href=\"../physics/index.html\">Physics</a></li>"),
        "{main}"
    );
    assert!(
        main.contains(
            "<nav class=\"breadcrumb\" aria-label=\"Breadcrumb\">\n<ol><li><a href=\"../science/index.html\">Science</a></li><li><a href=\"../astronomy/index.html\">Astronomy</a></li><li aria-current=\"page\">Astrophysics</li></ol>\n\
             <ol><li><a href=\"../science/index.html\">Science</a></li><li><a href=\"../physics/index.html\">Physics</a></li><li>Astrophysics</li></ol>\n</nav>"
        ),
        "{main}"
    );
    // Its mappings, as links: another vocabulary's concept by its IRI, a concept of the
    // glossary as its page, by its label (issue 61).
    assert!(
        main.contains(
            "<h2 id=\"mappings\">In other vocabularies</h2>\n<dl class=\"links\">\n\
             <dt>Exact match</dt><dd><ul><li><a href=\"https://other.example/astrophysics\" rel=\"external noopener\">https://other.example/astrophysics</a></li></ul></dd>\n\
             <dt>Related match</dt><dd><ul><li><a href=\"../mechanics/index.html\">Mechanics</a></li></ul></dd>"
        ),
        "{main}"
    );
    assert_eq!(
        astrophysics
            .matches("\"@type\": \"BreadcrumbList\"")
            .count(),
        2
    );
    assert!(
        astrophysics.contains("\"item\": \"https://vocab.example/sciences/term/physics\""),
        "{astrophysics}"
    );
    // A top concept has no breadcrumb, a term outside the hierarchy no hierarchy section.
    assert!(!science.contains("class=\"breadcrumb\""));
    let lexicon = read("term/lexicon/index.html");
    assert!(!lexicon.contains("id=\"hierarchy\""), "{lexicon}");

    // The tree: Science, its two narrower terms, theirs; Astrophysics under each.
    let tree = read("tree/index.html");
    let main = main_of(&tree);
    assert_eq!(nesting(main, "ul"), 3, "{main}");
    assert_eq!(main.matches("<details").count(), 3, "{main}");
    assert_eq!(main.matches(">Astrophysics</a>").count(), 2, "{main}");
    assert_eq!(main.matches("id=\"t-astrophysics\"").count(), 1, "{main}");
    assert!(main.contains("<p class=\"lead\">2 top concepts,"), "{main}");
    let order: Vec<usize> = [
        ">Lexicon<",
        ">Science<",
        ">Astronomy<",
        ">Physics<",
        ">Mechanics<",
    ]
    .iter()
    .map(|t| {
        main.find(t)
            .unwrap_or_else(|| panic!("{t} not in the tree"))
    })
    .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    // Linked from every page's header; listed in the sitemap.
    for page in ["index.html", "term/lexicon/index.html", "topic/index.html"] {
        let depth = page.matches('/').count();
        assert!(
            read(page).contains(&format!(
                "<li><a href=\"{}tree/index.html\">Hierarchy</a></li>",
                "../".repeat(depth)
            )),
            "{page}"
        );
    }
    assert!(read("sitemap.xml").contains("<loc>https://vocab.example/sciences/tree/</loc>"));
    assert!(read("site.css").contains(".breadcrumb"));
}

#[test]
fn a_glossary_without_hierarchy_has_no_tree_nor_its_style() {
    let dir = sample_site();
    assert!(!dir.join("tree").exists());
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(!index.contains("tree/index.html"));
    let css = std::fs::read_to_string(dir.join("site.css")).unwrap();
    assert!(!css.contains(".breadcrumb"));
    let search = std::fs::read_to_string(dir.join("search-index.js")).unwrap();
    assert!(!search.contains("glossgraphPages"));
}

/// A chain of `n` levels: `t00000` (Level 0) at the top, each next one narrower, checked.
pub(crate) fn chain(n: usize) -> (Glossary, Config) {
    let slug = |i: usize| format!("t{i:05}");
    let lines: Vec<String> = (0..n)
        .map(|i| {
            let up = if i == 0 { vec![] } else { vec![slug(i - 1)] };
            let down = if i + 1 == n {
                vec![]
            } else {
                vec![slug(i + 1)]
            };
            let up: Vec<&str> = up.iter().map(String::as_str).collect();
            let down: Vec<&str> = down.iter().map(String::as_str).collect();
            card(&slug(i), &format!("Level {i}"), &up, &down)
        })
        .collect();
    let config = Config::default();
    let glossary = checked_with("chain.jsonl", &lines.join("\n"), &config);
    (glossary, config)
}

#[test]
fn a_chain_of_twenty_thousand_levels_is_a_tree_of_small_pages_made_in_seconds() {
    let n = 20_000;
    let (glossary, config) = chain(n);
    // The topic map is the site's, whatever the hierarchy: made before the clock starts.
    glossary.map();
    let started = Instant::now();
    let plan = Plan::new(&glossary, &config);
    let site = Site::new(&glossary, &config, &plan);
    let pages: Vec<String> = site
        .shared_paths()
        .into_iter()
        .filter(|p| p.starts_with("tree/"))
        .collect();
    let levels = site::tree::LEVELS;
    // 100 levels on the first page, 99 more on each page after (its first row is the term
    // it continues).
    assert_eq!(pages.len(), 1 + (n - levels).div_ceil(levels - 1));
    let mut largest = 0;
    for path in &pages {
        let page = site.get(path).unwrap().expect(path);
        let html = String::from_utf8(page.bytes).unwrap();
        largest = largest.max(html.len());
        assert!(html.len() < 32 * 1024, "{path}: {} bytes", html.len());
        assert!(nesting(main_of(&html), "ul") <= levels, "{path}");
        // Far from where Blink's parser stops nesting (512).
        assert!(element_depth(&html) <= 3 * levels + 10, "{path}");
    }
    let last = site.get("term/t19999/index.html").unwrap().unwrap();
    let last = String::from_utf8(last.bytes).unwrap();
    let elapsed = started.elapsed();
    // The breadcrumb: the top, a gap, the last three.
    assert!(
        last.contains(
            "<ol><li><a href=\"../t00000/index.html\">Level 0</a></li><li>…</li><li><a href=\"../t19996/index.html\">Level 19996</a></li><li><a href=\"../t19997/index.html\">Level 19997</a></li><li><a href=\"../t19998/index.html\">Level 19998</a></li><li aria-current=\"page\">Level 19999</li></ol>"
        ),
        "{last}"
    );
    // Its place in the tree: the last page.
    assert!(
        last.contains(&format!(
            "<a href=\"../../tree/{}/index.html#t-t19999\">Its place in the tree</a>",
            pages.len() - 1
        )),
        "{last}"
    );
    // A debug build on a busy machine takes about a second; ten leaves room.
    assert!(
        elapsed < Duration::from_secs(10),
        "the tree of the chain took {elapsed:?}"
    );
    eprintln!(
        "the tree of a {n}-level chain: {} pages, the largest {largest} bytes, in {:.2} s",
        pages.len(),
        elapsed.as_secs_f64()
    );
}

/// A vocabulary whose concepts keep their published IRIs in the namespace that is its base,
/// as `import` writes one: `162` and `163` there, and a card whose own IRI is elsewhere.
pub(crate) fn namespaced(dir: &Path) -> PathBuf {
    let folder = dir.join("cards");
    std::fs::create_dir_all(&folder).unwrap();
    let mut outside: serde_json::Value =
        serde_json::from_str(&card("outside", "Outside", &["162"], &[])).unwrap();
    outside["iri"] = "https://elsewhere.example/c/1".into();
    let cards = [
        card("162", "Black holes", &[], &["163", "outside"]),
        card("163", "Kerr black holes", &["162"], &[]),
        outside.to_string(),
    ];
    std::fs::write(folder.join("cards.jsonl"), cards.join("\n")).unwrap();
    std::fs::write(
        folder.join("glossgraph.toml"),
        "base = \"http://vocab.example/uat/\"\nnamespace = \"http://vocab.example/uat/\"\n",
    )
    .unwrap();
    folder.join("cards.jsonl")
}

#[test]
fn a_vocabulary_with_its_own_namespace_has_its_pages_at_its_iris() {
    let dir = scratch("site", "namespace");
    let cards = namespaced(&dir);
    let out = dir.join("site");
    site(&cards, &out);
    let read = |path: &str| std::fs::read_to_string(out.join(path)).unwrap();
    for file in [
        "162/index.html",
        "162.ttl",
        "162.jsonld",
        "162.rdf",
        "163/index.html",
    ] {
        assert!(out.join(file).is_file(), "no {file}");
    }
    // The card whose IRI is outside the base keeps its page in term/.
    assert!(out.join("term/outside/index.html").is_file());
    assert_eq!(std::fs::read_dir(out.join("term")).unwrap().count(), 4);
    assert!(!out.join("term/162").exists());
    let page = read("163/index.html");
    assert!(page.contains("<link rel=\"canonical\" href=\"http://vocab.example/uat/163\">"));
    assert!(page.contains("<link rel=\"alternate\" type=\"text/turtle\" href=\"../163.ttl\">"));
    assert!(
        page.contains("<a href=\"../162/index.html\">Black holes</a>"),
        "{page}"
    );
    assert!(page.contains("<link rel=\"stylesheet\" href=\"../site.css\">"));
    let outside = read("term/outside/index.html");
    assert!(
        outside.contains("<a href=\"../../162/index.html\">Black holes</a>"),
        "{outside}"
    );
    assert!(read("162/index.html").contains("<a href=\"../term/outside/index.html\">Outside</a>"));
    assert!(read("index.html").contains("<a href=\"162/index.html\">Black holes</a>"));
    assert!(read("tree/index.html").contains("<a href=\"../163/index.html\">Kerr black holes</a>"));
    assert!(read("162.ttl").contains("<http://vocab.example/uat/162>"));
    let sitemap = read("sitemap.xml");
    assert!(sitemap.contains("<loc>http://vocab.example/uat/162/</loc>"));
    assert!(sitemap.contains("<loc>http://vocab.example/uat/term/outside/</loc>"));
    // Apache negotiates at any path whose Turtle is beside it (the pages in term/ keep their
    // own rules).
    let htaccess = read(".htaccess");
    assert!(
        htaccess.contains(
            "RewriteCond %{HTTP_ACCEPT} text/turtle\nRewriteCond %{REQUEST_FILENAME}.ttl -f\nRewriteRule ^(.*[^/])$ $1.ttl [R=303,L]\n"
        ),
        "{htaccess}"
    );
    assert!(htaccess.contains(
        "RewriteCond %{REQUEST_FILENAME}.ttl -f\nRewriteRule ^(.*[^/])$ $1/ [R=303,L]\n"
    ));
    // The search and the map find the pages where they are.
    let search = read("search-index.js");
    assert!(
        search.contains("window.glossgraphPages = {\"162\":\"162\",\"163\":\"163\"};"),
        "{search}"
    );
    assert!(read("search.js").contains("window.glossgraphPages"));
    assert!(
        read("map.html").contains("\"pages\":\"\",\"paths\":[\"162\",\"163\",\"term/outside\"]")
    );

    // `serve` answers each format at the IRI's path, and sends a browser to the page.
    let server = Served::start(&[cards.to_str().unwrap()]);
    let answer = Request::get(&server.url("/162"))
        .header("Accept", "text/turtle")
        .send();
    assert_eq!(answer.status, 200, "{}", answer.headers);
    assert!(
        answer.headers.contains("content-location: /162.ttl"),
        "{}",
        answer.headers
    );
    assert!(answer.body.contains("Black holes"));
    let answer = Request::get(&server.url("/162"))
        .header("Accept", "text/html")
        .send();
    assert_eq!(answer.status, 303);
    assert!(
        answer.headers.contains("location: /162/"),
        "{}",
        answer.headers
    );
    let page = Request::get(&server.url("/162/")).send();
    assert_eq!(page.status, 200);
    assert_eq!(page.body, read("162/index.html"));
    assert_eq!(Request::get(&server.url("/term/162/")).send().status, 404);
    assert_eq!(
        Request::get(&server.url("/tree/")).send().body,
        read("tree/index.html")
    );
}

/// Issue 61: a classification's notations are shown before the labels (the page's title and
/// heading, the breadcrumb, the narrower list, the tree), and order the tree and the lists:
/// `5/2` before `5/10`, as numbers, though "Zoology" is after "Acoustics" A–Z (and after a
/// `.` as decimals); a term without a notation comes after those with one.
#[test]
fn notations_are_shown_and_order_the_tree() {
    let dir = scratch("site", "notations");
    let cards = [
        r#"{"slug": "science", "term": "Science", "definition": "d", "notations": [{"value": "5"}], "narrower": ["acoustics", "zoology", "misc"]}"#,
        r#"{"slug": "acoustics", "term": "Acoustics", "definition": "d", "notations": [{"value": "5/10"}], "broader": ["science"]}"#,
        r#"{"slug": "zoology", "term": "Zoology", "definition": "d", "notations": [{"value": "5/2"}], "broader": ["science"]}"#,
        r#"{"slug": "misc", "term": "Miscellany", "definition": "d", "broader": ["science"]}"#,
    ];
    let folder = dir.join("cards");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("cards.jsonl"), cards.join("\n")).unwrap();
    let out = dir.join("site");
    site(&folder.join("cards.jsonl"), &out);
    let read = |path: &str| std::fs::read_to_string(out.join(path)).unwrap();
    let zoology = read("term/zoology/index.html");
    assert!(zoology.contains("<title>5/2 Zoology · "), "{zoology}");
    assert!(
        zoology.contains("<h1><span class=\"notation\">5/2</span> <span>Zoology</span></h1>"),
        "{zoology}"
    );
    assert!(
        zoology.contains(
            "<ol><li><a href=\"../science/index.html\"><span class=\"notation\">5</span> <span>Science</span></a></li>\
             <li aria-current=\"page\"><span class=\"notation\">5/2</span> Zoology</li></ol>"
        ),
        "{zoology}"
    );
    let science = read("term/science/index.html");
    assert!(
        science.contains(
            "<dt>Narrower</dt><dd><ul>\
             <li><a href=\"../zoology/index.html\"><span class=\"notation\">5/2</span> <span>Zoology</span></a></li>\
             <li><a href=\"../acoustics/index.html\"><span class=\"notation\">5/10</span> <span>Acoustics</span></a></li>\
             <li><a href=\"../misc/index.html\">Miscellany</a></li></ul></dd>"
        ),
        "{science}"
    );
    let tree = read("tree/index.html");
    let at = |label: &str| {
        tree.find(label)
            .unwrap_or_else(|| panic!("{label}: {tree}"))
    };
    assert!(at(">Zoology<") < at(">Acoustics<"), "{tree}");
    assert!(at(">Acoustics<") < at(">Miscellany<"), "{tree}");
    // The A–Z index keeps the labels' order.
    let index = read("index.html");
    assert!(
        index.find(">Acoustics<").unwrap() < index.find(">Zoology<").unwrap(),
        "{index}"
    );
}

/// A "ladder" of 20,000 terms, each narrower than the two before it: its paths to the top
/// double with each level. Looking for every breadcrumb path of each term cost up to 10,000
/// steps a term, quadratic in the depth (19 CPU-s for the site of 5,000 terms, about five
/// minutes for 20,000); at 256 steps a term, every page is made in seconds, the tree's path
/// first and more paths beside it where the search finds them within its steps.
#[test]
fn a_ladder_of_twenty_thousand_terms_has_its_breadcrumbs_in_bounded_time() {
    let n: usize = 20_000;
    let slug = |i: usize| format!("t{i:05}");
    let lines: Vec<String> = (0..n)
        .map(|i: usize| {
            let up: Vec<String> = [i.checked_sub(1), i.checked_sub(2)]
                .into_iter()
                .flatten()
                .map(slug)
                .collect();
            let down: Vec<String> = [i + 1, i + 2]
                .into_iter()
                .filter(|&j| j < n)
                .map(slug)
                .collect();
            let up: Vec<&str> = up.iter().map(String::as_str).collect();
            let down: Vec<&str> = down.iter().map(String::as_str).collect();
            card(&slug(i), &format!("Rung {i}"), &up, &down)
        })
        .collect();
    let config = Config::default();
    let glossary = checked_with("ladder.jsonl", &lines.join("\n"), &config);
    glossary.map();
    let started = Instant::now();
    let plan = Plan::new(&glossary, &config);
    let site = Site::new(&glossary, &config, &plan);
    let mut paths_of_a_deep_term = 0;
    for i in 0..n {
        let page = site
            .get(&format!("term/{}/index.html", slug(i)))
            .unwrap()
            .unwrap();
        let html = String::from_utf8(page.bytes).unwrap();
        let lists = html.matches("\"BreadcrumbList\"").count();
        assert!(
            (1..=site::tree::MAX_PATHS).contains(&lists) || i < 2,
            "{}: {lists}",
            slug(i)
        );
        if i == 50 {
            paths_of_a_deep_term = lists;
        }
    }
    let elapsed = started.elapsed();
    // A term 50 rungs down has more than one path within the steps.
    assert!(paths_of_a_deep_term > 1, "{paths_of_a_deep_term}");
    // Far above what it takes (seconds); the quadratic search took minutes.
    assert!(elapsed < Duration::from_secs(60), "{elapsed:?}");
}
