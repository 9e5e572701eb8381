//! Measures the topic map of a glossary, for `benches/map.sh`: the time of the topic
//! detection and of the whole map (topics and layout), the modularity of the topics, their
//! normalised mutual information with planted topics, and the layout's neighbourhood
//! preservation and label overlaps. Also writes the graph as the peers read it.
//!
//! Usage:
//!   map_quality CARDS [PLANTED.tsv] --edges OUT.tsv --dot OUT.dot
//!       prints `glossgraph topics_s=… modularity=… nmi=… map_s=… np=… overlaps=…`
//!   map_quality score EDGES.tsv POSITIONS.tsv
//!       prints `np=…` for positions laid out by another program (one `id x y` per line)

use std::collections::HashMap;
use std::io::Write;
use std::time::Instant;

use glossgraph::map::{layout, topics};
use glossgraph::{check, config::Config, load};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("score") {
        score(&args[1], &args[2]);
        return;
    }
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .map(|i| args[i + 1].clone())
    };
    let cards = &args[0];
    let planted = args.get(1).filter(|a| !a.starts_with("--"));
    let input = load::Input::parse(cards);
    let glossary = check::check(
        load::load(&input).expect("readable cards"),
        &Config::default(),
        check::Options::default(),
    )
    .glossary;
    let n = glossary.graph().node_count();
    let edges: Vec<(u32, u32, f64)> = glossary
        .edges()
        .map(|(a, b, link)| (a.index() as u32, b.index() as u32, link.weight()))
        .collect();

    let started = Instant::now();
    let csr = topics::Csr::from_edges(n, edges.iter().copied());
    let community = topics::communities(&csr, 1.0);
    let topics_s = started.elapsed().as_secs_f64();
    let modularity = topics::modularity(&csr, &community, 1.0);
    let nmi = planted.map_or(f64::NAN, |path| {
        let text = std::fs::read_to_string(path).expect("planted topics");
        let by_slug: HashMap<&str, u32> = text
            .lines()
            .filter_map(|l| l.split_once('\t'))
            .map(|(s, t)| (s, t.parse().expect("a topic number")))
            .collect();
        let truth: Vec<u32> = (0..n)
            .map(|i| by_slug[glossary.slug(petgraph::graph::NodeIndex::new(i))])
            .collect();
        topics::nmi(&community, &truth)
    });

    let started = Instant::now();
    let m = glossary.map();
    let map_s = started.elapsed().as_secs_f64();
    let positions: Vec<(f64, f64)> = (0..n).map(|i| m.position(i)).collect();
    let np = layout::neighbourhood_preservation(&edges, &positions);
    let boxes: Vec<layout::Node> = (0..n)
        .map(|i| {
            let (width, height) = m.size(i);
            layout::Node { width, height }
        })
        .collect();
    let overlaps = layout::overlaps(&boxes, &positions);
    println!(
        "glossgraph n={n} edges={} topics={} topics_s={topics_s:.3} modularity={modularity:.4} \
         nmi={nmi:.4} map_s={map_s:.3} np={np:.4} overlaps={overlaps}",
        edges.len(),
        m.topics().len()
    );

    if let Some(path) = flag("--edges") {
        let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
        writeln!(out, "{n}").unwrap();
        for (a, b, w) in &edges {
            writeln!(out, "{a}\t{b}\t{w}").unwrap();
        }
        if let Some(path) = planted {
            let text = std::fs::read_to_string(path).unwrap();
            let by_slug: HashMap<&str, &str> =
                text.lines().filter_map(|l| l.split_once('\t')).collect();
            let mut truth = std::io::BufWriter::new(
                std::fs::File::create(flag("--edges").unwrap() + ".truth").unwrap(),
            );
            for i in 0..n {
                let slug = glossary.slug(petgraph::graph::NodeIndex::new(i));
                writeln!(truth, "{}", by_slug[slug]).unwrap();
            }
        }
    }
    if let Some(path) = flag("--dot") {
        // The same graph with the same label boxes, for sfdp.
        let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
        writeln!(
            out,
            "graph g {{\n  node [shape=box, fixedsize=true, label=\"\"];"
        )
        .unwrap();
        for (i, b) in boxes.iter().enumerate() {
            writeln!(
                out,
                "  {i} [width={:.3}, height={:.3}];",
                b.width / 72.0,
                b.height / 72.0
            )
            .unwrap();
        }
        for (a, b, _) in &edges {
            writeln!(out, "  {a} -- {b};").unwrap();
        }
        writeln!(out, "}}").unwrap();
    }
}

/// Neighbourhood preservation of positions written by another program.
fn score(edges: &str, positions: &str) {
    let text = std::fs::read_to_string(edges).unwrap();
    let mut lines = text.lines();
    let n: usize = lines.next().unwrap().parse().unwrap();
    let edges: Vec<(u32, u32, f64)> = lines
        .map(|l| {
            let mut f = l.split('\t');
            (
                f.next().unwrap().parse().unwrap(),
                f.next().unwrap().parse().unwrap(),
                f.next().unwrap().parse().unwrap(),
            )
        })
        .collect();
    let mut positions_of = vec![(0.0, 0.0); n];
    for l in std::fs::read_to_string(positions).unwrap().lines() {
        let f: Vec<&str> = l.split_whitespace().collect();
        let i: usize = f[0].parse().unwrap();
        positions_of[i] = (f[1].parse().unwrap(), f[2].parse().unwrap());
    }
    let np = layout::neighbourhood_preservation(&edges, &positions_of);
    println!("np={np:.4}");
}
