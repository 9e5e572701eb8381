//! The spreadsheets judged by the programs their users have (issue 63; driver
//! `tests/consumers/sheets_judge.py`): openpyxl opens the XLSX export and reads every cell
//! of it as glossgraph wrote it, its header frozen and bold; and voc4cat, whose users keep
//! vocabularies in its XLSX template, makes no concept, preferred or alternative label,
//! definition or broader link of its own template that glossgraph does not make of it, and
//! makes of the template glossgraph writes (`--format voc4cat`) every one of glossgraph's
//! own SKOS, but what glossgraph said it left out.

use std::process::Command;

use glossgraph::config::Config;
use glossgraph::export::{self, drawing, Format};
use glossgraph::{check, load};
use serde_json::Value;

use crate::util::{outcome, root, run_in, scratch};

/// What `sheets_judge.py ARGS` prints.
fn judge(args: &[&str]) -> Value {
    let python = root().join("target/test-tools/venv/bin/python");
    assert!(
        python.is_file(),
        "run scripts/install-test-tools.sh (this test needs openpyxl and voc4cat)"
    );
    let run = Command::new(&python)
        .arg(root().join("tests/consumers/sheets_judge.py"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    serde_json::from_slice(&run.stdout).unwrap()
}

#[test]
fn openpyxl_reads_every_cell_of_the_workbook_glossgraph_writes() {
    let dir = scratch("consumers-sheets", "openpyxl");
    let path = root().join("tests/fixtures/sheets/every-field/cards.jsonl");
    let input = load::Input::Path(path.clone());
    let config = Config::resolve(input.config_dir().as_deref(), Default::default()).unwrap();
    let glossary = check::check(load::load(&input).unwrap(), &config, Default::default()).glossary;
    let mut out = Vec::new();
    let view = drawing::View::default();
    export::write(&glossary, &config, Format::Xlsx, &view, &mut out).unwrap();
    let file = dir.join("glossary.xlsx");
    std::fs::write(&file, out).unwrap();
    let read = judge(&["openpyxl", file.to_str().unwrap()]);
    assert_eq!(
        read["sheets"],
        serde_json::json!([glossgraph::sheet::SHEET_NAME])
    );
    assert_eq!(read["frozen"], "A2");
    assert_eq!(read["bold_header"], true);
    let rows = glossgraph::sheet::columns::rows(&glossary, &config);
    assert_eq!(read["rows"], serde_json::json!(rows));
    // Every field's column is there, and the cells with line breaks, quotes and JSON.
    assert!(rows[0].len() > 40, "{:?}", rows[0]);
}

#[test]
fn voc4cat_makes_nothing_of_its_own_template_that_glossgraph_does_not() {
    let dir = scratch("consumers-sheets", "voc4cat");
    let vocabulary = root().join("tests/fixtures/sheets/catalysis.ttl");
    let report = judge(&[
        "voc4cat",
        dir.to_str().unwrap(),
        vocabulary.to_str().unwrap(),
        env!("CARGO_BIN_EXE_glossgraph"),
    ]);
    // Four concepts, one with two parents; labels in three languages.
    assert_eq!(
        report["concepts"].as_array().map(Vec::len),
        Some(4),
        "{report}"
    );
    // 9 preferred labels, 9 definitions, 5 alternative labels, 4 broader links.
    assert_eq!(report["checked"], 27, "{report}");
    assert_eq!(report["lacking"], serde_json::json!([]), "{report}");
}

#[test]
fn voc4cat_makes_of_the_sheet_glossgraph_writes_every_label_definition_and_broader_link() {
    let dir = scratch("consumers-sheets", "voc4cat-reads");
    // A thesaurus of five languages (Arabic its main one), imported; and a glossary of every
    // card field, whose French label has no definition and whose English and German have a
    // further one.
    let thesaurus = root().join("tests/fixtures/sheets/thesaurus.ttl");
    let (code, _, err) = outcome(&run_in(
        &dir,
        &["import", thesaurus.to_str().unwrap(), "--out", "water"],
        None,
    ));
    assert_eq!(code, 0, "{err}");
    let water = format!("water={}", dir.join("water").display());
    let every = format!(
        "every={}",
        root()
            .join("tests/fixtures/sheets/every-field/cards.jsonl")
            .display()
    );
    let report = judge(&[
        "voc4cat-reads",
        dir.to_str().unwrap(),
        env!("CARGO_BIN_EXE_glossgraph"),
        &water,
        &every,
    ]);
    let water = &report["water"];
    assert_eq!(
        water["concepts"].as_array().map(Vec::len),
        Some(4),
        "{water}"
    );
    // 4 concepts × 5 languages of labels and definitions, 11 alternative labels, 3 broader.
    assert_eq!(water["checked"], 54, "{water}");
    assert_eq!(water["lacking"], serde_json::json!([]), "{water}");
    assert!(
        !water["said"].as_str().unwrap().contains("leaves out"),
        "{water}"
    );

    // What voc4cat's SKOS lacks is what glossgraph said it left out, and nothing else.
    let every = &report["every"];
    assert_eq!(
        every["concepts"].as_array().map(Vec::len),
        Some(3),
        "{every}"
    );
    assert!(every["checked"].as_u64().unwrap() > 10, "{every}");
    let lacking: Vec<(String, String)> = every["lacking"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l[1].as_str().unwrap().to_owned(),
                l[3].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        lacking,
        [
            ("skos:prefLabel".to_owned(), "fr".to_owned()),
            ("skos:definition".into(), "en".into()),
            ("skos:definition".into(), "de".into()),
        ],
        "{every}"
    );
    let said = every["said"].as_str().unwrap();
    for left in [
        "catalysis in `fr`: its row, which has no definition",
        "catalysis in `en`: its further definitions",
        "catalysis in `de`: its further definitions",
    ] {
        assert!(said.contains(left), "{left}: {said}");
    }
}

#[test]
fn dates_openpyxl_writes_as_excel_keeps_them_read_as_dates_and_a_bare_number_is_refused() {
    let dir = scratch("consumers-sheets", "dates");
    judge(&["openpyxl-dates", dir.to_str().unwrap()]);
    // Each into a folder of its own, the settings `import` writes beside the cards.
    let import = |book: &str| {
        let out = book.replace(".xlsx", "");
        let (code, _, err) = outcome(&run_in(&dir, &["import", book, "--out", &out], None));
        let mut cards = Vec::new();
        for slug in ["a", "b", "c", "d"] {
            let file = dir.join(&out).join(format!("{slug}.json"));
            if let Ok(text) = std::fs::read_to_string(file) {
                cards.push(serde_json::from_str::<serde_json::Value>(&text).unwrap());
            }
        }
        (code, err, cards)
    };
    // A date, a date and time (its day), a month written as text, Excel's 5 January 1900.
    let (code, err, cards) = import("dates.xlsx");
    assert_eq!(code, 0, "{err}");
    let dates: Vec<(&str, &str)> = cards
        .iter()
        .map(|c| {
            (
                c["updated"].as_str().unwrap(),
                c["firstSeen"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        dates,
        [("2024-03-01", "1900-01-05"), ("2023-12-31", "2023-12")]
    );
    // Counting from 1904, as old Excel for the Mac did: the same days.
    let (code, err, cards) = import("mac.xlsx");
    assert_eq!(code, 0, "{err}");
    assert_eq!(cards[0]["updated"], "2024-03-01");
    assert_eq!(cards[0]["firstSeen"], "1904-01-01");
    // A bare number in a date column is refused at its cell, and nothing written.
    let (code, err, cards) = import("number.xlsx");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("number.xlsx: Terms!D2") && err.contains("`45352` is a number, not a date"),
        "{err}"
    );
    assert!(cards.is_empty() && !dir.join("number").exists());
}
