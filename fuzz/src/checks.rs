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
/// imports into cards that check clean, exported as Turtle, imports back as the same cards
/// (a vocabulary as a vocabulary).
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
    // A vocabulary not written by glossgraph comes back as one, with `import --vocabulary`:
    // its concepts may keep their published IRIs, which the mapping of glossgraph's own
    // exports has no place for (docs/guide/importing.md). glossgraph's own export comes back
    // as one, whatever its report says (IRIs repaired or left out).
    let options = read::ReadOptions {
        vocabulary: imported.vocabulary,
        ..read::ReadOptions::default()
    };
    let again = read::read_with(&turtle, RdfFormat::Turtle, "export", &options)
        .unwrap_or_else(|e| panic!("glossgraph's own export does not import: {e}"));
    assert_eq!(
        again.cards, imported.cards,
        "the round trip changed the cards"
    );
}

/// The most pages one input is cut into.
const MAX_PAGES: usize = 16;

/// `import DIR` of a documentation site's Markdown pages with YAML or TOML front matter
/// (`glossgraph::docsite::read_pages`, what `import` calls once it has listed the folder):
/// the first byte picks the settings (bit 0: the Kubernetes site's `term-link` patterns;
/// bit 1: a `site` to make links absolute against), the rest is the pages, split at NUL
/// bytes, each a file name on its first line (`.md` is added) and the page after it. Never
/// a panic, and when the pages are read:
///
/// - each page is a card or a skipped section page, and the cards have slugs of their own;
/// - each card, written as `import` writes it (with the front-matter keys it keeps), is a
///   file `fmt` leaves as it is, and loads back as that card, nothing lost;
/// - the cards, with the settings `import` writes beside them, go through `check`.
pub fn pages(data: &[u8]) {
    use glossgraph::card::rules::is_slug;
    use glossgraph::config::{ImportSettings, OneOrMany};
    use glossgraph::docsite::{config_for, read_pages, Mapping};
    use std::collections::BTreeMap;
    use std::path::{Path, PathBuf};

    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    // The four settings, made once: the pattern is compiled for each, not for each input.
    static MAPPINGS: [std::sync::OnceLock<Mapping>; 4] = [const { std::sync::OnceLock::new() }; 4];
    let mapping = MAPPINGS[usize::from(selector & 3)].get_or_init(|| {
        let settings = ImportSettings {
            // The Kubernetes shortcode, its attributes in either order.
            term_link: (selector & 1 == 1).then(|| {
                OneOrMany::Many(vec![
                    r#"\{\{<\s*glossary_tooltip\s+(?:text="(?P<text>[^"]*)"\s+)?term_id="(?P<slug>[^"]+)"[^>]*>\}\}"#
                        .to_owned(),
                    r#"\{\{<\s*glossary_tooltip\s+term_id="(?P<slug>[^"]+)"\s+text="(?P<text>[^"]*)"[^>]*>\}\}"#
                        .to_owned(),
                ])
            }),
            site: (selector & 2 == 2).then(|| "https://example.org/docs/".to_owned()),
            ..ImportSettings::default()
        };
        Mapping::new(Some(&settings), "fuzz").expect("the fuzz target's settings")
    });
    // The folder: a file name to its bytes (a name given twice keeps its first page).
    let mut folder: BTreeMap<PathBuf, &[u8]> = BTreeMap::new();
    for page in rest.split(|&b| b == 0).take(MAX_PAGES) {
        let (name, text) = match page.iter().position(|&b| b == b'\n') {
            Some(at) => (&page[..at], &page[at + 1..]),
            None => (page, &page[..0]),
        };
        let name: String = String::from_utf8_lossy(name)
            .chars()
            .filter(|c| !matches!(c, '/' | '\\' | '\0'))
            .take(40)
            .collect();
        folder
            .entry(PathBuf::from(format!("{name}.md")))
            .or_insert(text);
    }
    let read = |file: &Path| -> std::io::Result<Vec<u8>> { Ok(folder[file].to_vec()) };
    let files: Vec<PathBuf> = folder.keys().cloned().collect();
    let Ok(imported) = read_pages(files, &read, mapping) else {
        return;
    };
    assert_eq!(
        imported.cards.len() + imported.skipped.len(),
        folder.len(),
        "a page is neither a card nor skipped"
    );
    let mut slugs = std::collections::BTreeSet::new();
    let mut written = Vec::new();
    for (draft, kept) in &imported.cards {
        assert!(is_slug(&draft.slug), "`{}` is no slug", draft.slug);
        assert!(slugs.insert(&draft.slug), "two cards are `{}`", draft.slug);
        let mut card = draft.clone();
        card.skos
            .extra
            .extend(kept.iter().map(|(k, v)| (k.clone(), v.clone())));
        let mut file = Vec::new();
        card.write_json(&mut file, true).expect("a card is written");
        file.push(b'\n');
        let file = String::from_utf8(file).expect("a card is written as UTF-8");
        let name = format!("{}.json", card.slug);
        let formatted = fmt::format(&file, Layout::of(&name, &file))
            .unwrap_or_else(|e| panic!("{name}: an imported card is not JSON to fmt: {e}"));
        assert_eq!(formatted, file, "{name}: fmt changes an imported card");
        let loaded = load::load_str(&name, &file);
        let [back] = loaded.cards.as_slice() else {
            panic!("{name}: {} cards load from one", loaded.cards.len());
        };
        assert_eq!(
            back.card.to_json(false),
            card.to_json(false),
            "{name}: the card loads back otherwise"
        );
        written.push(card.to_json(false));
    }
    let config = config_for(Config::default(), &imported.statuses);
    let text = written.join("\n");
    let _ = check::check(
        load::load_str("cards.jsonl", &text),
        &config,
        Options::default(),
    );
}

/// `serve`'s reader of requests and writer of answers, over what a client sends on one
/// connection (`glossgraph::sparql::serve::exchange`): the first byte picks how many bytes
/// each read hands over (1 to 16,384), the second the body limit (0 to 16,320 bytes), the
/// rest is the stream. Never a panic, and:
///
/// - what is written back is a run of whole, well-formed answers (a status line, header
///   fields, a body framed by its `Content-Length` or its chunks, `100 Continue` before
///   some), one per request the handler was given, and at most one more, a refusal, which
///   closes the connection; nothing follows an answer that says `connection: close`;
/// - the handler is never given a body past the limit;
/// - the reader never holds more of the input at once than the larger of the head limit
///   and the body limit, plus one read.
pub fn http(data: &[u8]) {
    use glossgraph::sparql::serve::{exchange, MAX_HEAD, READ_SIZE};
    use oxhttp::model::{Body, Method, Request, Response, StatusCode};
    use std::cell::RefCell;
    use std::io::Read;

    let Some((&[step, limit], input)) = data.split_first_chunk::<2>() else {
        return;
    };
    let step = 1 << (step % 15);
    let max_body = usize::from(limit) * 64;
    let methods = RefCell::new(Vec::new());
    let handler = |request: &mut Request<Body>| {
        let mut body = Vec::new();
        request
            .body_mut()
            .read_to_end(&mut body)
            .expect("a body read whole");
        assert!(
            body.len() <= max_body,
            "a body of {} bytes passed the limit of {max_body}",
            body.len()
        );
        methods.borrow_mut().push(request.method().clone());
        let text = format!("{} {} {}\n", request.method(), request.uri(), body.len());
        let path = request.uri().path();
        let response = Response::builder();
        if path.starts_with("/stream") {
            // No length: chunked, or to the end of the connection for HTTP/1.0.
            response.body(Body::from_read(std::io::Cursor::new(text.into_bytes())))
        } else if path.starts_with("/empty") {
            response.status(StatusCode::NO_CONTENT).body(Body::empty())
        } else {
            response.body(Body::from(text))
        }
        .expect("a response")
    };
    let exchanged = exchange(input, step, max_body, &handler);
    let bound = max_body.max(MAX_HEAD) + READ_SIZE;
    assert!(
        exchanged.most_held <= bound,
        "the reader held {} bytes at once, past {bound}",
        exchanged.most_held
    );
    let methods = methods.into_inner();
    let mut rest = exchanged.written.as_slice();
    let mut answered = 0;
    while !rest.is_empty() {
        let answer = Answer::parse(rest, methods.get(answered) == Some(&Method::HEAD))
            .unwrap_or_else(|e| {
                panic!(
                    "answer {answered}: {e}: {:?}",
                    String::from_utf8_lossy(&rest[..rest.len().min(400)])
                )
            });
        rest = &rest[answer.length..];
        if answer.status == 100 {
            continue;
        }
        answered += 1;
        if answered > methods.len() {
            // The connection layer's own answer to a request it refused.
            assert!(
                answer.close && (400..=599).contains(&answer.status),
                "an answer no request was handed for: {answer:?}"
            );
        }
        assert!(
            !answer.close || rest.is_empty(),
            "{} bytes follow an answer that closes the connection",
            rest.len()
        );
    }
    assert!(
        (methods.len()..=methods.len() + 1).contains(&answered),
        "{} answers to {} requests handled",
        answered,
        methods.len()
    );
}

/// One answer read back from the bytes `serve` wrote.
#[derive(Debug)]
struct Answer {
    status: u16,
    /// It says `connection: close`.
    close: bool,
    /// Its length in bytes, head and body.
    length: usize,
}

impl Answer {
    /// The answer at the start of `bytes` (`head_only`: to a `HEAD`, so without a body), as a
    /// client reads it: httparse for the head, then the body by its framing.
    fn parse(bytes: &[u8], head_only: bool) -> Result<Answer, String> {
        let mut headers = [httparse::EMPTY_HEADER; 64];
        let mut response = httparse::Response::new(&mut headers);
        let head = match response.parse(bytes) {
            Ok(httparse::Status::Complete(n)) => n,
            Ok(httparse::Status::Partial) => return Err("a head cut short".into()),
            Err(e) => return Err(format!("a malformed head ({e})")),
        };
        if response.version != Some(1) {
            return Err("not HTTP/1.1".into());
        }
        let status = response.code.ok_or("no status")?;
        if !(100..=599).contains(&status) || response.reason.is_none_or(str::is_empty) {
            return Err(format!("a bad status line ({status})"));
        }
        if status == 100 {
            return if response.headers.is_empty() {
                Ok(Answer {
                    status,
                    close: false,
                    length: head,
                })
            } else {
                Err("a 100 with header fields".into())
            };
        }
        let field = |name: &str| -> Vec<String> {
            response
                .headers
                .iter()
                .filter(|h| h.name.eq_ignore_ascii_case(name))
                .map(|h| String::from_utf8_lossy(h.value).to_ascii_lowercase())
                .collect()
        };
        let (lengths, codings) = (field("content-length"), field("transfer-encoding"));
        let close = field("connection").iter().any(|c| c == "close");
        if field("date").len() != 1 || field("server").len() != 1 {
            return Err("not one Date and one Server".into());
        }
        if lengths.len() > 1 || codings.len() > 1 || !lengths.is_empty() && !codings.is_empty() {
            return Err("an ambiguous framing".into());
        }
        let mut at = head;
        if head_only || status == 204 || status == 304 {
            return if codings.is_empty() && (status != 204 || lengths.is_empty()) {
                Ok(Answer {
                    status,
                    close,
                    length: at,
                })
            } else {
                Err("a bodiless answer framed as having a body".into())
            };
        }
        if let Some(length) = lengths.first() {
            let n: usize = length.parse().map_err(|_| "a bad Content-Length")?;
            if bytes.len() < at + n {
                return Err(format!("a body of {} bytes for {n}", bytes.len() - at));
            }
            at += n;
        } else if let Some(coding) = codings.first() {
            if coding != "chunked" {
                return Err(format!("Transfer-Encoding {coding}"));
            }
            loop {
                let Ok(httparse::Status::Complete((used, size))) =
                    httparse::parse_chunk_size(&bytes[at..])
                else {
                    return Err("a malformed chunk size".into());
                };
                at += used;
                let size = usize::try_from(size).map_err(|_| "a huge chunk")?;
                if size == 0 {
                    break;
                }
                if bytes.len() < at + size + 2 || &bytes[at + size..at + size + 2] != b"\r\n" {
                    return Err("a chunk cut short".into());
                }
                at += size + 2;
            }
            if !bytes[at..].starts_with(b"\r\n") {
                return Err("no end after the last chunk".into());
            }
            at += 2;
        } else if close {
            // Framed by the end of the connection (HTTP/1.0).
            at = bytes.len();
        } else {
            return Err("a body with no framing on a kept connection".into());
        }
        Ok(Answer {
            status,
            close,
            length: at,
        })
    }
}

/// The parameters of saved queries (`glossgraph query --saved NAME --param NAME=VALUE`, and
/// `--param` of a typed query, read as RDF terms): the first byte picks a saved query (and
/// whether its arguments are bound as its header declares or as a typed query's), the rest
/// is the arguments, a line each. Binding them is refused with an error, or:
///
/// - each value becomes one RDF term that carries it whole: a literal whose text is the
///   value, or an IRI that is the value or ends with it (a term's or a status's);
/// - the query, with the values written into its expressions, is the query bound to
///   stand-in values with each stand-in's term replaced by the value's, nothing else
///   changed; that text parses as SPARQL, to the stand-ins' query read back the same way
///   with the values in their places; and the variables bound before the query runs are the
///   values' terms. No value becomes syntax.
pub fn params(data: &[u8]) {
    use glossgraph::sparql::saved::{self, ALL};
    use oxigraph::model::{Literal, NamedNode, Term};

    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let query = ALL[usize::from(selector) % ALL.len()];
    let declared = usize::from(selector) / ALL.len() % 2 == 0;
    let args: Vec<String> = text
        .split('\n')
        .filter(|a| !a.is_empty())
        .take(8)
        .map(str::to_owned)
        .collect();
    let store = empty_store();
    let bound = if declared {
        query.bind(&args, store.iris())
    } else {
        saved::bind_adhoc(&args)
    };
    let Ok(bound) = bound else {
        return;
    };
    assert_eq!(bound.len(), args.len(), "an argument was dropped");
    for ((_, term), arg) in bound.iter().zip(&args) {
        let (_, value) = arg.split_once('=').expect("a bound argument has a value");
        // A typed query's value that starts like a term is read as one; else it is text.
        let parsed = !declared && value.starts_with(['<', '"']);
        let carried = match term {
            _ if parsed => true,
            Term::Literal(l) => l.value() == value,
            Term::NamedNode(n) => declared && n.as_str().ends_with(value),
            _ => false,
        };
        assert!(carried, "`{arg}` became {term}");
    }
    let prepared = store
        .prepare(query.text)
        .unwrap_or_else(|e| panic!("{}: {e}", query.name));
    let with = |values: &[(oxigraph::model::Variable, Term)]| {
        values
            .iter()
            .try_fold(prepared.clone(), |p, (v, t)| p.bind(v.clone(), t.clone()))
    };
    let Ok(real) = with(&bound) else {
        return;
    };
    // The same bindings with stand-ins of the same kinds, which no query text holds.
    let stand_ins: Vec<(oxigraph::model::Variable, Term)> = bound
        .iter()
        .enumerate()
        .map(|(i, (v, t))| {
            let name = format!("glossgraph-stand-in-{i}");
            let stand_in: Term = match t {
                Term::Literal(l) => match l.language() {
                    Some(lang) => Literal::new_language_tagged_literal_unchecked(name, lang).into(),
                    None => Literal::new_typed_literal(name, l.datatype()).into(),
                },
                Term::NamedNode(_) => NamedNode::new_unchecked(format!("urn:{name}")).into(),
                other => other.clone(),
            };
            (v.clone(), stand_in)
        })
        .collect();
    let marked = with(&stand_ins).expect("stand-ins bind where the values did");
    let swaps: Vec<(String, String)> = stand_ins
        .iter()
        .zip(&bound)
        .map(|((_, s), (_, t))| (s.to_string(), t.to_string()))
        .collect();
    let expected = swapped(&marked.query().to_string(), &swaps);
    let written = real.query().to_string();
    assert_eq!(written, expected, "a value changed the query's shape");
    // Read back as SPARQL, it is still the stand-ins' query with the values in their places
    // (the parser rewrites the text the same way for both, but for the random names it
    // gives the variables and blank nodes it makes).
    let reread = |text: &str| {
        store
            .prepare(text)
            .unwrap_or_else(|e| panic!("the bound query is not SPARQL: {e}\n{text}"))
            .query()
            .to_string()
    };
    assert_eq!(
        made_names_numbered(&reread(&written)),
        made_names_numbered(&swapped(&reread(&marked.query().to_string()), &swaps)),
        "the bound query reads back otherwise"
    );
    assert_eq!(real.bindings(), bound.as_slice());
}

/// `text` with every occurrence of each `swaps` pair's first string replaced by its second,
/// in one pass (a replacement is never searched again).
fn swapped(text: &str, swaps: &[(String, String)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let next = swaps
            .iter()
            .filter_map(|(from, to)| rest.find(from.as_str()).map(|at| (at, from, to)))
            .min_by_key(|(at, _, _)| *at);
        let Some((at, from, to)) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..at]);
        out.push_str(to);
        rest = &rest[at + from.len()..];
    }
}

/// `text` with the names the SPARQL parser makes up (`?` or `_:` and a random 128-bit number
/// in hexadecimal, 16 digits or more, without leading zeros) numbered in their order of
/// appearance instead.
fn made_names_numbered(text: &str) -> String {
    let mut names: Vec<&str> = Vec::new();
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(['?', '_']) {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        let sigil = if from.starts_with("_:") { 2 } else { 1 };
        let digits = from[sigil..]
            .bytes()
            .take_while(u8::is_ascii_hexdigit)
            .count();
        let ends = from
            .as_bytes()
            .get(sigil + digits)
            .is_none_or(|b| !b.is_ascii_alphanumeric() && *b != b'_');
        if (16..=32).contains(&digits) && ends && (sigil == 2 || from.starts_with('?')) {
            let name = &from[sigil..sigil + digits];
            let n = names.iter().position(|k| *k == name).unwrap_or_else(|| {
                names.push(name);
                names.len() - 1
            });
            out.push_str(&from[..sigil]);
            out.push_str(&format!("made{n}"));
            rest = &from[sigil + digits..];
        } else {
            out.push_str(&from[..1]);
            rest = &from[1..];
        }
    }
    out.push_str(rest);
    out
}

/// A store of no cards, under the default settings: queries are prepared against its
/// prefixes, and parameters bound with its IRIs.
fn empty_store() -> &'static glossgraph::sparql::GlossaryStore {
    static STORE: std::sync::OnceLock<glossgraph::sparql::GlossaryStore> =
        std::sync::OnceLock::new();
    STORE.get_or_init(|| {
        glossgraph::sparql::GlossaryStore::new(
            &glossgraph::Glossary::new(Vec::new()),
            &Config::default(),
        )
        .expect("an empty store")
    })
}

/// The readers of glossaries kept in one file (`sources`): the first byte picks the shape
/// (a YAML, a TOML, a Markdown or a reStructuredText file), the rest is the file. Never a
/// panic; each card has a slug of its own, made a slug; each, written as JSON, loads back
/// as that card; the cards go through `check`.
pub fn sources(data: &[u8]) {
    use glossgraph::card::rules::is_slug;
    use glossgraph::sources::{read_text, Shape};
    use std::path::Path;

    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let (name, shape) = match selector & 3 {
        0 => ("g.yaml", Shape::Data),
        1 => ("g.toml", Shape::Data),
        2 => ("g.md", Shape::MarkdownFile),
        _ => ("g.rst", Shape::Rst),
    };
    let config = Config::default();
    let read = read_text(Path::new(name), shape, text, &config);
    let mut slugs = std::collections::BTreeSet::new();
    let mut lines = String::new();
    for (_, card) in &read.cards {
        assert!(is_slug(&card.slug), "{name}: `{}` is no slug", card.slug);
        assert!(
            slugs.insert(card.slug.clone()),
            "{name}: `{}` twice",
            card.slug
        );
        let json = card.to_json(false);
        let loaded = load::load_str("card.json", &json);
        assert_eq!(loaded.cards.len(), 1, "{name}: {json}");
        lines.push_str(&json);
        lines.push('\n');
    }
    if !lines.is_empty() {
        check::check(
            load::load_str("g.jsonl", &lines),
            &read.config,
            Options::default(),
        );
    }
}

/// `import` of TBX (v3 or v2): never a panic; cards that check clean, exported as TBX v3,
/// read back with the same values in every field TBX holds.
pub fn tbx(data: &[u8]) {
    let Ok(imported) = glossgraph::tbx::read::read(data, "fuzz") else {
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
    let mut out = Vec::new();
    let view = glossgraph::export::drawing::View::default();
    let format = glossgraph::export::Format::Tbx;
    glossgraph::export::write(&checked.glossary, &imported.config, format, &view, &mut out)
        .expect("a checked glossary exports");
    let again = glossgraph::tbx::read::read(&out, "export")
        .unwrap_or_else(|e| panic!("glossgraph's own TBX does not import: {e}"));
    // What TBX holds of a card: a stranger's data categories, its notes in other languages
    // and a term taken from another language are not written back.
    let held = |c: &glossgraph::Draft| {
        (
            c.slug.clone(),
            c.term.clone(),
            c.aliases.clone(),
            c.definition.clone(),
            c.note.clone(),
            c.related.clone(),
            c.superseded_by.clone(),
            c.citations.clone(),
            c.status.as_deref() == Some("deprecated"),
        )
    };
    let before: Vec<_> = checked
        .glossary
        .cards()
        .iter()
        .map(|c| held(&c.draft()))
        .collect();
    let after: Vec<_> = again.cards.iter().map(held).collect();
    assert_eq!(before, after, "the round trip changed the cards");
}

/// The spreadsheet reader (the first byte picks CSV, TSV, XLSX or ODS): never a panic, each
/// card a slug of its own that loads as one card; and a CSV sheet that checks clean, written
/// as glossgraph writes a sheet, reads back to the same cards.
pub fn sheets(data: &[u8]) {
    use glossgraph::card::rules::is_slug;
    use glossgraph::sheet::Kind;
    use glossgraph::sources::{read_bytes, Shape};
    use std::path::Path;

    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let (name, kind) = match selector & 3 {
        0 => ("g.csv", Kind::Csv),
        1 => ("g.tsv", Kind::Tsv),
        2 => ("g.xlsx", Kind::Xlsx),
        _ => ("g.ods", Kind::Ods),
    };
    let config = Config::default();
    let read = read_bytes(Path::new(name), Shape::Sheet(kind), rest, &config);
    let mut slugs = std::collections::BTreeSet::new();
    let mut lines = String::new();
    for (_, card) in &read.cards {
        assert!(is_slug(&card.slug), "{name}: `{}` is no slug", card.slug);
        assert!(
            slugs.insert(card.slug.clone()),
            "{name}: `{}` twice",
            card.slug
        );
        let json = card.to_json(false);
        assert_eq!(
            load::load_str("card.json", &json).cards.len(),
            1,
            "{name}: {json}"
        );
        lines.push_str(&json);
        lines.push('\n');
    }
    if lines.is_empty() || !read.problems.is_empty() {
        return;
    }
    let checked = check::check(
        load::load_str("g.jsonl", &lines),
        &read.config,
        Options::default(),
    );
    if checked.report.is_failure(false) {
        return;
    }
    let mut out = Vec::new();
    let view = glossgraph::export::drawing::View::default();
    let format = glossgraph::export::Format::SheetCsv;
    if glossgraph::export::write(&checked.glossary, &read.config, format, &view, &mut out).is_err()
    {
        panic!("{name}: a glossary that checks clean is not written as a sheet");
    }
    let again = read_bytes(
        Path::new("again.csv"),
        Shape::Sheet(Kind::Csv),
        &out,
        &read.config,
    );
    let cards = |g: &glossgraph::Glossary| -> Vec<String> {
        g.cards().iter().map(|c| c.to_json(false)).collect()
    };
    let mut back: Vec<String> = again.cards.iter().map(|(_, c)| c.to_json(false)).collect();
    back.sort();
    let mut before = cards(&checked.glossary);
    before.sort();
    assert_eq!(
        before, back,
        "{name}: the sheet glossgraph wrote reads back otherwise"
    );
}
