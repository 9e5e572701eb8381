//! What the documents show is what glossgraph does today: the query examples of README.md,
//! docs/sparql.md and `query --help` order the rows they limit, and say to draw a picture
//! with the program the DOT names; the images in docs/ are what `scripts/docs-images.sh`
//! draws with today's glossgraph. (docs/rdf.md's examples are checked in `rdf_docs.rs`.)

use std::fs;
use std::path::Path;

use crate::util::{outcome, root, run_in, scratch};

/// The queries of `glossgraph query '…'` examples in `text`, with the rest of their line.
fn query_examples(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|line| {
            let (_, rest) = line.split_once("glossgraph query '")?;
            let (query, after) = rest.split_once('\'')?;
            Some((query.to_owned(), after.to_owned()))
        })
        .collect()
}

/// The query examples of README.md, docs/sparql.md and `query --help` order the rows they
/// limit, and draw pictures with the program the DOT names (issue 23, item 7).
#[test]
fn the_query_examples_of_the_readme_docs_and_help_order_what_they_limit() {
    let readme = fs::read_to_string(root().join("docs/guide/querying.md")).unwrap();
    let docs = fs::read_to_string(root().join("docs/sparql.md")).unwrap();
    let (_, help, _) = outcome(&run_in(root(), &["query", "--help"], None));
    let mut examples = query_examples(&readme);
    assert!(!examples.is_empty(), "README.md has query examples");
    examples.extend(query_examples(&docs));
    examples.extend(query_examples(&help));
    for (query, after) in &examples {
        if let Some(limit) = query.find("LIMIT") {
            // Rows picked by LIMIT without ORDER BY are any rows.
            let order = query.find("ORDER BY").unwrap_or(usize::MAX);
            assert!(order < limit, "ORDER BY before LIMIT: {query}");
            let var = query[order + 8..].split_whitespace().next().unwrap();
            let var = var.trim_start_matches('?');
            let (code, csv, stderr) =
                outcome(&run_in(root(), &["query", query, "--results", "csv"], None));
            assert_eq!(code, 0, "{query}: {stderr}");
            let mut lines = csv.lines();
            let header: Vec<&str> = lines.next().unwrap().split(',').collect();
            let column = header.iter().position(|h| *h == var).unwrap();
            let values: Vec<&str> = lines.map(|l| l.split(',').nth(column).unwrap()).collect();
            assert!(values.len() > 1, "{query}: {csv}");
            assert!(values.windows(2).all(|w| w[0] <= w[1]), "{query}: {csv}");
        }
        // A picture is drawn with the program the DOT file names.
        if after.contains("--results dot |") {
            let (code, dot, stderr) =
                outcome(&run_in(root(), &["query", query, "--results", "dot"], None));
            assert_eq!(code, 0, "{stderr}");
            let program = dot
                .lines()
                .next()
                .unwrap()
                .split("Render: ")
                .nth(1)
                .unwrap()
                .split(" -T")
                .next()
                .unwrap();
            assert!(
                after.contains(&format!("| {program} -T")),
                "{query}{after}: the DOT says to render with `{program}`"
            );
        }
    }
}

/// The images `scripts/docs-images.sh` draws: `(image, glossgraph arguments)`, read from its
/// list between `<<'IMAGES'` and `IMAGES`.
fn docs_images() -> Vec<(String, Vec<String>)> {
    let script = fs::read_to_string(root().join("scripts/docs-images.sh"))
        .expect("scripts/docs-images.sh regenerates the images in docs/");
    let list = script
        .split_once("<<'IMAGES'\n")
        .expect("a list of images")
        .1
        .split_once("\nIMAGES\n")
        .expect("the end of the list")
        .0;
    list.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut words = l.split_whitespace().map(str::to_owned);
            let image = words.next().unwrap();
            (image, words.collect())
        })
        .collect()
}

/// Every SVG in docs/ is on the list of `scripts/docs-images.sh`, and is what glossgraph draws
/// today (issue 23, item 8).
#[test]
fn the_images_in_the_docs_are_what_glossgraph_draws_today() {
    let images = docs_images();
    // Every SVG under docs/ is on the script's list.
    for entry in fs::read_dir(root().join("docs")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".svg") {
            let path = format!("docs/{name}");
            assert!(
                images.iter().any(|(image, _)| *image == path),
                "{path} is not drawn by scripts/docs-images.sh"
            );
        }
    }
    let dir = scratch("docs", "docs-images");
    for (image, args) in images {
        let fresh = dir.join(Path::new(&image).file_name().unwrap());
        let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
        all.extend(["--output", fresh.to_str().unwrap()]);
        let (code, _, stderr) = outcome(&run_in(root(), &all, None));
        assert_eq!(code, 0, "{all:?}: {stderr}");
        assert!(
            fs::read(&fresh).unwrap() == fs::read(root().join(&image)).unwrap(),
            "{image} is stale: run scripts/docs-images.sh"
        );
    }
}
