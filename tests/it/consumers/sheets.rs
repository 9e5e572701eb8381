//! The spreadsheets judged by the programs their users have (issue 63; driver
//! `tests/consumers/sheets_judge.py`): openpyxl opens the XLSX export and reads every cell
//! of it as glossgraph wrote it, its header frozen and bold; and voc4cat, whose users keep
//! vocabularies in its XLSX template, makes no concept, preferred or alternative label,
//! definition or broader link of its own template that glossgraph does not make of it.

use std::process::Command;

use glossgraph::config::Config;
use glossgraph::export::{self, drawing, Format};
use glossgraph::{check, load};
use serde_json::Value;

use crate::util::{root, scratch};

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
    assert_eq!(
        report["concepts"].as_array().map(Vec::len),
        Some(3),
        "{report}"
    );
    assert_eq!(report["lacking"], serde_json::json!([]), "{report}");
}
