//! Where cards go, as `--out` names it (`generate`, `import`), and the two one-file forms:
//! JSON Lines and a JSON array.

use std::borrow::Borrow;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use crate::card::Draft;

/// Where generated or imported cards go, as named on the command line (`--out`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    /// `-`: JSON Lines on standard output.
    Stdout,
    /// A path ending in `.jsonl` or `.ndjson`: one card per line.
    JsonLines(PathBuf),
    /// A path ending in `.json`: one JSON array of the cards, each pretty-printed.
    JsonArray(PathBuf),
    /// Any other path: a folder with one pretty-printed `<slug>.json` per card.
    Folder(PathBuf),
}

impl Output {
    pub fn parse(arg: &str) -> Self {
        if arg == "-" {
            Output::Stdout
        } else if arg.ends_with(".jsonl") || arg.ends_with(".ndjson") {
            Output::JsonLines(arg.into())
        } else if arg.ends_with(".json") {
            Output::JsonArray(arg.into())
        } else {
            Output::Folder(arg.into())
        }
    }
}

/// Writes `cards` as JSON Lines, the form of [`Output::JsonLines`] and [`Output::Stdout`]:
/// one compact card per line, in the order given.
///
/// # Errors
/// Those of `w`.
pub fn write_json_lines<C: Borrow<Draft>>(
    cards: impl IntoIterator<Item = C>,
    w: impl Write,
) -> io::Result<()> {
    let mut w = BufWriter::with_capacity(1 << 16, w);
    for card in cards {
        card.borrow().write_json(&mut w, false)?;
        w.write_all(b"\n")?;
    }
    w.flush()
}

/// Writes `cards` as one JSON array, the form of [`Output::JsonArray`]: each card
/// pretty-printed as in a folder of cards.
///
/// # Errors
/// Those of `w`.
pub fn write_json_array<C: Borrow<Draft>>(
    cards: impl IntoIterator<Item = C>,
    w: impl Write,
) -> io::Result<()> {
    let mut w = BufWriter::with_capacity(1 << 16, w);
    w.write_all(b"[")?;
    for (i, card) in cards.into_iter().enumerate() {
        w.write_all(if i == 0 { b"\n" } else { b",\n" })?;
        card.borrow().write_json(&mut w, true)?;
    }
    w.write_all(b"\n]\n")?;
    w.flush()
}
