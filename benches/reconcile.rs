//! Reconciliation benchmark: the label index of a generated glossary, and a batch of 1,000
//! messy labels reconciled against it, in the library and through `serve`'s `/reconcile`.
//!
//! ```sh
//! cargo bench --bench reconcile -- 10000
//! cargo bench --bench reconcile -- 100000 --runs 9
//! ```
//!
//! Generates TERMS terms (seeded, as `glossgraph generate --seed 1`), builds the index
//! (timed: what `serve` adds to loading a glossary), then makes a batch of 1,000 queries from
//! the cards — a quarter each the preferred label in upper case, an alternative label, a
//! preferred label with one letter changed (a typo), and words no label has — and runs it
//! RUNS times (median): in [`Service::reconcile`], and POSTed as a form to a server on a
//! loopback port. Prints the figures and how many labels came back as the right concept's
//! `match`.

use std::time::{Duration, Instant};

use glossgraph::config::Config;
use glossgraph::generate::{Generator, Params};
use glossgraph::sparql::reconcile::Service;
use glossgraph::sparql::{serve, GlossaryStore};
use glossgraph::{Card, Glossary};
use serde_json::{json, Map, Value};

const BATCH: usize = 1000;

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let terms: u32 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(10_000);
    let runs: usize = args.iter().position(|a| a == "--runs").map_or(5, |i| {
        args.get(i + 1)
            .and_then(|n| n.parse().ok())
            .expect("--runs N")
    });
    let config = Config::default();
    let generator = Generator::new(Params::new(terms)).unwrap();
    let glossary = Glossary::new(generator.cards().map(Card::from).collect());

    let t = Instant::now();
    let service = Service::new(&glossary, &config);
    let index = t.elapsed();
    eprintln!("indexed {terms} terms in {:.1} ms", ms(index));

    let (batch, expected) = messy_batch(&glossary);
    let text = Value::Object(batch).to_string();
    let mut times = Vec::new();
    let mut answer = Value::Null;
    for _ in 0..runs {
        let t = Instant::now();
        answer = service.reconcile(&text).unwrap();
        times.push(t.elapsed());
    }
    let library = median(times);
    let kinds = ["upper case", "alternative", "typo", "unknown"];
    let mut matched = [0usize; 4];
    let mut first = [0usize; 4];
    for (i, slug) in expected.iter().enumerate() {
        let top = &answer[format!("q{i}")]["result"][0];
        let is = |s: &str| top["id"] == json!(s);
        match slug {
            Some(slug) if is(slug) => {
                first[i % 4] += 1;
                matched[i % 4] += usize::from(top["match"] == json!(true));
            }
            None if top["match"] != json!(true) => first[i % 4] += 1,
            _ => {}
        }
    }

    let store = GlossaryStore::new(&glossary, &config).unwrap();
    let running = serve::start(
        glossary.clone(),
        store,
        serve::Options {
            bind: "127.0.0.1:0".parse().unwrap(),
            max_body: 16 << 20,
            ..serve::Options::default()
        },
    )
    .unwrap();
    let url = format!("http://{}/reconcile", running.addr());
    let agent = ureq::Agent::config_builder()
        .timeout_global(Some(Duration::from_secs(120)))
        .build()
        .new_agent();
    let mut times = Vec::new();
    let mut bytes = 0;
    for _ in 0..runs {
        let t = Instant::now();
        let body = agent
            .post(&url)
            .send_form([("queries", text.as_str())])
            .unwrap()
            .body_mut()
            .read_to_string()
            .unwrap();
        times.push(t.elapsed());
        bytes = body.len();
    }
    let http = median(times);
    running.shutdown(Duration::from_secs(5));

    println!("| terms | index ms | batch of {BATCH}, library ms | over HTTP ms | answer bytes |");
    println!("|---:|---:|---:|---:|---:|");
    println!(
        "| {terms} | {:.1} | {:.1} | {:.1} | {bytes} |",
        ms(index),
        ms(library),
        ms(http)
    );
    println!();
    for (k, kind) in kinds.iter().enumerate() {
        println!(
            "- {kind}: {} of {} the right concept first ({} of them `match`)",
            first[k],
            BATCH / 4,
            matched[k]
        );
    }
}

/// A batch of messy labels from the cards, and the slug each should find (`None`: nothing).
fn messy_batch(glossary: &Glossary) -> (Map<String, Value>, Vec<Option<String>>) {
    let cards = glossary.cards();
    let mut batch = Map::new();
    let mut expected = Vec::new();
    let step = (cards.len() / BATCH).max(1);
    for i in 0..BATCH {
        let card = &cards[(i * step + i / 4) % cards.len()];
        let (query, slug) = match i % 4 {
            0 => (card.term().to_uppercase(), Some(card.slug())),
            1 => match card.aliases().first() {
                Some(alias) => (alias.to_owned(), Some(card.slug())),
                None => (card.term().to_lowercase(), Some(card.slug())),
            },
            2 => {
                let mut chars: Vec<char> = card.term().chars().collect();
                let at = chars.len() / 2;
                chars[at] = if chars[at] == 'x' { 'y' } else { 'x' };
                (chars.into_iter().collect(), Some(card.slug()))
            }
            _ => (format!("qzxv wqjk {i}"), None),
        };
        batch.insert(format!("q{i}"), json!({ "query": query }));
        expected.push(slug.map(str::to_owned));
    }
    (batch, expected)
}
