//! The properties the fuzz targets hold glossgraph's parsers of foreign files to, beyond "no
//! panic". Each function takes the raw input and panics when a property fails; libFuzzer
//! keeps such an input as a crash, and `cargo test` replays every saved one.

use glossgraph::check::{self, Options};
use glossgraph::config::Config;
use glossgraph::fmt::{self, Layout};
use glossgraph::load;
use glossgraph::rdf::{read, write};
use oxigraph::io::RdfFormat;

/// The card loader (a folder's file, an array, JSON Lines) and the checker: never a panic;
/// a glossary that checks clean formats to a fixed point that checks to the same cards.
pub fn cards(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for name in ["card.json", "cards.jsonl"] {
        let config = Config::default();
        let checked = check::check(load::load_str(name, text), &config, Options::default());
        if checked.report.is_failure(false) {
            continue;
        }
        let Ok(formatted) = fmt::format(text, Layout::of(name, text)) else {
            panic!("{name}: a glossary that checks is not JSON to fmt");
        };
        let again = check::check(
            load::load_str(name, &formatted),
            &config,
            Options::default(),
        );
        assert!(
            !again.report.is_failure(false),
            "{name}: fmt made a valid glossary invalid"
        );
        let terms = |g: &glossgraph::Glossary| -> Vec<String> {
            g.cards().iter().map(|c| c.to_json(false)).collect()
        };
        assert_eq!(
            terms(&checked.glossary),
            terms(&again.glossary),
            "{name}: fmt changed a card"
        );
    }
}

/// `fmt`: never a panic; what it formats formats to itself.
pub fn fmt(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for name in ["card.json", "cards.jsonl"] {
        let layout = Layout::of(name, text);
        if let Ok(once) = fmt::format(text, layout) {
            let twice = fmt::format(&once, Layout::of(name, &once))
                .unwrap_or_else(|e| panic!("{name}: fmt's own output does not parse: {e}"));
            assert_eq!(once, twice, "{name}: fmt is not at a fixed point");
        }
    }
}

/// The RDF formats `import` reads, chosen by the input's first byte.
const EXTENSIONS: [&str; 6] = ["ttl", "nt", "rdf", "jsonld", "trig", "nq"];

/// `import` of RDF in the six syntaxes (the first byte picks one): never a panic, and what it
/// imports into cards that check clean, exported as Turtle, imports back as the same cards.
pub fn rdf(data: &[u8]) {
    let Some((&selector, body)) = data.split_first() else {
        return;
    };
    let extension = EXTENSIONS[usize::from(selector) % EXTENSIONS.len()];
    let format = RdfFormat::from_extension(extension).expect("a known extension");
    let Ok(imported) = read::read(body, format, "fuzz") else {
        return;
    };
    let text: Vec<String> = imported.cards.iter().map(|c| c.to_json(false)).collect();
    let text = format!("[{}]", text.join(","));
    let checked = check::check(
        load::load_str("cards.json", &text),
        &imported.config,
        Options::default(),
    );
    if checked.report.is_failure(false) {
        return;
    }
    let mut turtle = Vec::new();
    write::write(
        &checked.glossary,
        &imported.config,
        RdfFormat::Turtle,
        &mut turtle,
    )
    .expect("a checked glossary exports");
    let again = read::read(&turtle, RdfFormat::Turtle, "export")
        .unwrap_or_else(|e| panic!("glossgraph's own export does not import: {e}"));
    assert_eq!(
        again.cards, imported.cards,
        "the round trip changed the cards"
    );
}
