//! Spreadsheets (issue 63): a glossary written as XLSX, ODS, CSV and TSV reads back with
//! no change to any card field; a sheet of a stranger's template (voc4cat's columns, a row
//! per concept and language) is read in place; and every problem, a bound passed included,
//! names its cell, with nothing written. (openpyxl reading what glossgraph writes is in
//! `consumers/sheets.rs`.)

use std::fs;
use std::path::Path;

use crate::util::fixtures::hostile_cards;
use crate::util::{outcome, root, run_in, scratch};

/// The sheet formats, by the file `export` writes.
const SHEETS: [(&str, &str); 4] = [
    ("xlsx", "glossary.xlsx"),
    ("ods", "glossary.ods"),
    ("sheet-csv", "glossary.sheet.csv"),
    ("sheet-tsv", "glossary.sheet.tsv"),
];

/// Runs glossgraph in `dir`: its exit code and what it printed.
fn run(dir: &Path, args: &[&str]) -> (i32, String) {
    let (code, out, err) = outcome(&run_in(dir, args, None));
    (code, format!("{out}{err}"))
}

#[test]
fn the_sample_a_thesaurus_and_a_glossary_of_every_card_field_read_back_unchanged() {
    let dir = scratch("sheets", "round-trip");
    let every = root().join("tests/fixtures/sheets/every-field/cards.jsonl");
    let data = root().join("data");
    // An imported thesaurus of five languages, Arabic among them (its main one): alternative
    // and hidden labels, notes, notations, a hierarchy, a mapping.
    let thesaurus = root().join("tests/fixtures/sheets/thesaurus.ttl");
    let (code, said) = run(
        &dir,
        &[
            "import",
            thesaurus.to_str().unwrap(),
            "--out",
            "water-cards",
        ],
    );
    assert_eq!(code, 0, "{said}");
    let water = dir.join("water-cards");
    // Texts with the separator of lists, backslashes, quotes, line breaks, markup.
    let hostile = dir.join("hostile.jsonl");
    let lines: Vec<String> = hostile_cards().iter().map(|c| c.to_json(false)).collect();
    fs::write(&hostile, lines.join("\n")).unwrap();
    for (input, out, extra) in [
        (&data, "sample", Some("csv-nodes")),
        (&water, "water", Some("voc4cat")),
        (&every, "every", None),
        (&hostile, "hostile", None),
    ] {
        let formats: Vec<&str> = SHEETS.iter().map(|(f, _)| *f).chain(extra).collect();
        let input = input.to_str().unwrap();
        let (code, said) = run(
            &dir,
            &[
                "export",
                input,
                "--format",
                &formats.join(","),
                "--out",
                out,
                "--quiet",
            ],
        );
        assert_eq!(code, 0, "{said}");
        // The settings beside the sheets, as they are beside the cards.
        if out == "sample" || out == "water" {
            fs::copy(
                Path::new(input).join("glossgraph.toml"),
                dir.join(out).join("glossgraph.toml"),
            )
            .unwrap();
        }
        let mut files: Vec<&str> = SHEETS.iter().map(|(_, file)| *file).collect();
        if out == "sample" {
            // The graph-tools CSV reads back too.
            files.push("glossary.nodes.csv");
        }
        if out == "water" {
            // voc4cat's template holds less (one definition a language, no notation, no
            // hidden label), but every term, by its IRI, in every language.
            let (code, said) = run(&dir, &["diff", input, "water/glossary.voc4cat.xlsx"]);
            assert_eq!(code, 1, "{said}");
            assert!(
                said.contains("(4 terms): 0 added, 0 removed, 0 renamed"),
                "{said}"
            );
            assert!(
                !said.contains("term: ") && !said.contains(" definition: "),
                "{said}"
            );
        }
        for file in files {
            let sheet = format!("{out}/{file}");
            let (code, said) = run(&dir, &["diff", input, &sheet]);
            assert_eq!(code, 0, "{sheet}: {said}");
            assert!(said.contains(", 0 changed,"), "{sheet}: {said}");
        }
    }
    // Deterministic: the same glossary, the same bytes.
    let again = run(
        &dir,
        &[
            "export",
            every.to_str().unwrap(),
            "--format",
            "xlsx,ods",
            "--out",
            "again",
            "--quiet",
        ],
    );
    assert_eq!(again.0, 0, "{}", again.1);
    for file in ["glossary.xlsx", "glossary.ods"] {
        let a = fs::read(dir.join("every").join(file)).unwrap();
        assert_eq!(a, fs::read(dir.join("again").join(file)).unwrap(), "{file}");
    }
}

/// The cards `import` makes of the sheet `file` of the fixtures, by slug.
fn imported(dir: &Path, file: &str) -> serde_json::Map<String, serde_json::Value> {
    let sheet = root().join("tests/fixtures/sheets").join(file);
    let (code, said) = run(
        dir,
        &[
            "import",
            sheet.to_str().unwrap(),
            "--out",
            "cards.jsonl",
            "--force",
        ],
    );
    assert_eq!(code, 0, "{said}");
    fs::read_to_string(dir.join("cards.jsonl"))
        .unwrap()
        .lines()
        .map(|l| {
            let card: serde_json::Value = serde_json::from_str(l).unwrap();
            (card["slug"].as_str().unwrap().to_owned(), card)
        })
        .collect()
}

#[test]
fn a_sheet_is_read_by_its_columns_and_a_template_row_per_language() {
    let dir = scratch("sheets", "read");
    let cards = imported(&dir, "concepts.csv");
    let catalysis = &cards["catalysis"];
    assert_eq!(
        catalysis["aliases"],
        serde_json::json!(["catalytic process", "catalysing"])
    );
    assert_eq!(catalysis["languages"]["de"]["term"], "Katalyse");
    assert_eq!(
        catalysis["notes"]["example"][0],
        "Enzymes catalyse reactions in cells."
    );
    // A column glossgraph does not know stays on the card, under its name.
    assert_eq!(catalysis["Owner"], "Ann");
    // A parent by its label, and by an IRI outside the sheet.
    assert_eq!(
        cards["photocatalysis"]["broader"],
        serde_json::json!(["catalysis"])
    );
    assert_eq!(
        cards["biocatalysis"]["broader"],
        serde_json::json!(["https://example.org/voc/catalysis-types"])
    );
    assert_eq!(
        cards["photocatalysis"]["related"],
        serde_json::json!(["electrocatalysis"])
    );

    // voc4cat's template: a row per concept and language, `IRI (label)` parents.
    let cards = imported(&dir, "voc4cat-concepts.csv");
    assert_eq!(cards.len(), 2, "{cards:?}");
    let catalysis = &cards["0000001"];
    assert_eq!(catalysis["iri"], "voc4cat:0000001");
    assert_eq!(catalysis["term"], "catalysis");
    assert_eq!(catalysis["languages"]["de"]["term"], "Katalyse");
    assert_eq!(
        catalysis["languages"]["de"]["definition"],
        "Die Beschleunigung einer chemischen Reaktion."
    );
    let photo = &cards["0000002"];
    assert_eq!(photo["broader"], serde_json::json!(["0000001"]));
    assert_eq!(photo["notes"]["changeNote"][0], "Added in 2024.");
}

#[test]
fn a_bad_sheet_is_refused_at_its_cells_and_nothing_is_written() {
    let dir = scratch("sheets", "refused");
    let bad = root().join("tests/fixtures/sheets/bad.csv");
    let (code, said) = run(&dir, &["check", bad.to_str().unwrap()]);
    assert_eq!(code, 1, "{said}");
    for place in ["bad.csv: D2", "bad.csv: E3", "bad.csv: A5"] {
        assert!(said.contains(place), "{place}: {said}");
    }
    assert!(said.contains("month 13 does not exist"), "{said}");
    let (code, said) = run(&dir, &["import", bad.to_str().unwrap(), "--out", "never"]);
    assert_eq!(code, 1, "{said}");
    assert!(!dir.join("never").exists());

    // Past the bounds: a cell of 2 MiB, 500,001 rows, a workbook whose part says it inflates
    // to 4 GiB. Each is one located error, at once.
    let long = format!("slug,definition@en\na,{}\n", "x".repeat(2 << 20));
    let rows = format!("slug,prefLabel@en\n{}", "a,A\n".repeat(500_000));
    fs::write(dir.join("long.csv"), long).unwrap();
    fs::write(dir.join("rows.csv"), rows).unwrap();
    fs::write(dir.join("bomb.xlsx"), lying_zip()).unwrap();
    for (file, place, why) in [
        ("long.csv", "long.csv: B2", "a cell of more than 1 MiB"),
        ("rows.csv", "rows.csv: A500001", "more than 500000 rows"),
        (
            "bomb.xlsx",
            "bomb.xlsx: xl/workbook.xml",
            "declares 4294967294 bytes",
        ),
    ] {
        let started = std::time::Instant::now();
        let (code, said) = run(
            &dir,
            &["export", file, "--out", "never", "--format", "turtle"],
        );
        assert_eq!(code, 1, "{file}: {said}");
        assert!(said.contains(place) && said.contains(why), "{file}: {said}");
        assert!(started.elapsed().as_secs() < 30, "{file}");
        assert!(!dir.join("never").exists(), "{file}");
    }
}

/// A zip of one stored part, `xl/workbook.xml`, whose headers say it is 4 GiB once
/// inflated: a bomb by its declared size.
fn lying_zip() -> Vec<u8> {
    let name = b"xl/workbook.xml";
    let data = b"<workbook/>";
    let header = |central: bool| {
        let mut h = Vec::new();
        if central {
            h.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
            h.extend_from_slice(&20u16.to_le_bytes());
        } else {
            h.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        }
        h.extend_from_slice(&20u16.to_le_bytes());
        h.extend_from_slice(&[0; 4]); // flags, method: stored
        h.extend_from_slice(&[0; 4]); // time, date
        h.extend_from_slice(&[0; 4]); // CRC
        h.extend_from_slice(&(data.len() as u32).to_le_bytes());
        h.extend_from_slice(&0xFFFF_FFFEu32.to_le_bytes()); // inflated size: a lie
        h.extend_from_slice(&(name.len() as u16).to_le_bytes());
        h.extend_from_slice(&0u16.to_le_bytes());
        if central {
            h.extend_from_slice(&[0; 10]); // comment, disk, attributes
            h.extend_from_slice(&0u32.to_le_bytes());
        }
        h.extend_from_slice(name);
        h
    };
    let mut zip = header(false);
    zip.extend_from_slice(data);
    let start = zip.len() as u32;
    let central = header(true);
    zip.extend_from_slice(&central);
    zip.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    zip.extend_from_slice(&[0, 0, 0, 0, 1, 0, 1, 0]);
    zip.extend_from_slice(&(central.len() as u32).to_le_bytes());
    zip.extend_from_slice(&start.to_le_bytes());
    zip.extend_from_slice(&0u16.to_le_bytes());
    zip
}
