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

/// A card as the one-file forms and a folder write it: a [`Draft`], or another shape of a
/// card that writes the JSON its `Draft` would ([`Draft::write_json`]).
pub trait CardJson {
    /// The card's slug: its file's name in a folder.
    fn slug(&self) -> &str;

    /// The card as JSON, pretty-printed (`pretty`) or on one line.
    ///
    /// # Errors
    /// Only those of `w`.
    fn write_card(&self, w: impl Write, pretty: bool) -> io::Result<()>;
}

impl CardJson for Draft {
    fn slug(&self) -> &str {
        &self.slug
    }

    fn write_card(&self, w: impl Write, pretty: bool) -> io::Result<()> {
        self.write_json(w, pretty)
    }
}

impl CardJson for std::borrow::Cow<'_, Draft> {
    fn slug(&self) -> &str {
        &self.slug
    }

    fn write_card(&self, w: impl Write, pretty: bool) -> io::Result<()> {
        self.write_json(w, pretty)
    }
}

/// Anything that lends a [`Draft`], as a [`CardJson`].
struct Lent<C>(C);

impl<C: Borrow<Draft>> CardJson for Lent<C> {
    fn slug(&self) -> &str {
        &self.0.borrow().slug
    }

    fn write_card(&self, w: impl Write, pretty: bool) -> io::Result<()> {
        self.0.borrow().write_json(w, pretty)
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
    write_card_lines(cards.into_iter().map(Lent), w)
}

/// [`write_json_lines`] of any [`CardJson`].
///
/// # Errors
/// Those of `w`.
pub fn write_card_lines<C: CardJson>(
    cards: impl IntoIterator<Item = C>,
    w: impl Write,
) -> io::Result<()> {
    let mut w = BufWriter::with_capacity(1 << 16, w);
    for card in cards {
        card.write_card(&mut w, false)?;
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
    write_card_array(cards.into_iter().map(Lent), w)
}

/// [`write_json_array`] of any [`CardJson`].
///
/// # Errors
/// Those of `w`.
pub fn write_card_array<C: CardJson>(
    cards: impl IntoIterator<Item = C>,
    w: impl Write,
) -> io::Result<()> {
    let mut w = BufWriter::with_capacity(1 << 16, w);
    w.write_all(b"[")?;
    for (i, card) in cards.into_iter().enumerate() {
        w.write_all(if i == 0 { b"\n" } else { b",\n" })?;
        card.write_card(&mut w, true)?;
    }
    w.write_all(b"\n]\n")?;
    w.flush()
}
