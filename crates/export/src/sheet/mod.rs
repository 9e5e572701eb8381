//! A glossary as a spreadsheet: a row per term, a column per field and per language
//! (`prefLabel@en`, `definition@de`), in CSV, TSV, XLSX or ODS, both ways. This module
//! holds the formats (a sheet as a [`Table`] of texts, read and written) and the columns
//! ([`columns`]: what each header means, and a card as a row); turning the rows of a sheet
//! read in place back into cards is `sources::sheet`, beside the other shapes.
//!
//! Every reader is bounded, because a sheet comes from anywhere: at most [`MAX_ROWS`] rows,
//! [`MAX_CELL`] bytes in a cell, [`MAX_FILE`] bytes of a file or of a part of a zip
//! (declared or inflated). Past a bound the reader stops at once with a [`TableError`]
//! naming the cell (`B12`, `Concepts!B12` in a workbook), so that a zip bomb, a sheet of a
//! million rows or a 100 MB cell costs neither the time nor the memory it asks for.
//!
//! XLSX and ODS are zip files of a few XML parts: written by hand ([`zip`], the parts in
//! [`xlsx`] and [`ods`]) on miniz_oxide's deflate and the quick-xml the other XML readers
//! use, rather than by a spreadsheet crate that would bring styles, charts and formulas,
//! and their build time, for a table of texts.

pub mod columns;
mod csv;
mod ods;
pub mod voc4cat;
mod xlsx;
mod zip;

use std::io::Write;
use std::path::Path;

use crate::config::Config;
use crate::output::ExportError;
use crate::Glossary;

/// The most rows a sheet may have, its header included: past it, a sheet is refused. Five
/// times what a glossary kept in a sheet reaches, and half of Excel's 1,048,576.
pub const MAX_ROWS: usize = 500_000;

/// The most bytes a cell may hold: Excel holds 32,767 characters in a cell; a definition
/// past a mebibyte is no definition.
pub const MAX_CELL: usize = 1 << 20;

/// The most bytes of a sheet's file, or of one part of a workbook once inflated.
pub const MAX_FILE: u64 = 256 << 20;

/// The formats of a sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Csv,
    Tsv,
    Xlsx,
    Ods,
}

impl Kind {
    /// The kind of the file at `path`, by its extension.
    pub fn of(path: &Path) -> Option<Self> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match extension.as_str() {
            "csv" => Kind::Csv,
            "tsv" | "tab" => Kind::Tsv,
            "xlsx" | "xlsm" => Kind::Xlsx,
            "ods" => Kind::Ods,
            _ => return None,
        })
    }
}

/// The rows of one sheet, as texts: the first is the header. Trailing empty cells of a row
/// are not kept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Table {
    /// The sheet's name in a workbook; `None` for CSV and TSV.
    pub sheet: Option<String>,
    pub rows: Vec<Vec<String>>,
    /// The prefixes of a workbook's `Prefixes` sheet (voc4cat's), to expand the CURIEs
    /// its IRIs are written as (`ex:0000001`); prefix and namespace.
    pub prefixes: Vec<(String, String)>,
}

impl Table {
    /// The name of the cell at `column` (from 0) of `row` (from 1): `B12`, or `Concepts!B12`
    /// in a workbook (the sheet's name quoted when it has a space, as spreadsheets write it).
    pub fn cell(&self, column: usize, row: usize) -> String {
        cell_in(self.sheet.as_deref(), column, row)
    }
}

/// The name of a cell of `sheet` (see [`Table::cell`]).
pub fn cell_in(sheet: Option<&str>, column: usize, row: usize) -> String {
    let name = format!("{}{row}", column_name(column));
    match sheet {
        Some(sheet) if sheet.contains([' ', '!', '\'']) => {
            format!("'{}'!{name}", sheet.replace('\'', "''"))
        }
        Some(sheet) => format!("{sheet}!{name}"),
        None => name,
    }
}

/// The letters of the column at `index` (from 0): `A` … `Z`, `AA` …
pub fn column_name(index: usize) -> String {
    let mut n = index + 1;
    let mut letters = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        letters.push(b'A' + rem as u8);
        n = (n - 1) / 26;
    }
    letters.reverse();
    String::from_utf8(letters).unwrap_or_default()
}

/// The index (from 0) of the column named by the letters at the start of `reference`
/// (`B12` → 1), and the row number after them; `None` when it is no cell reference.
pub(crate) fn parse_reference(reference: &str) -> Option<(usize, usize)> {
    let letters = reference
        .bytes()
        .take_while(u8::is_ascii_alphabetic)
        .count();
    if letters == 0 || letters > 3 {
        return None;
    }
    let mut column = 0usize;
    for b in reference[..letters].bytes() {
        column = column * 26 + usize::from(b.to_ascii_uppercase() - b'A' + 1);
    }
    let row = reference[letters..].parse().ok()?;
    Some((column - 1, row))
}

/// Why a sheet cannot be read, and where: `at` is a cell (`B12`, `Concepts!B12`) or, for
/// a workbook that is no workbook, the part of it (empty for the file as a whole).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct TableError {
    pub at: String,
    pub message: String,
}

impl TableError {
    pub(crate) fn new(at: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            at: at.into(),
            message: message.into(),
        }
    }
}

/// Whether the workbook's sheet `name` is to be read, when `wanted` is asked for: it, and
/// the sheet of prefixes.
pub(crate) fn to_read(name: &str, wanted: Option<&str>) -> bool {
    wanted.is_none_or(|w| w == name) || name.eq_ignore_ascii_case(PREFIXES)
}

/// The sheet of a workbook that holds prefixes, as voc4cat's template has it.
const PREFIXES: &str = "Prefixes";

/// Of the sheets `tables` of a workbook (`kind`, for messages), the one holding the terms
/// ([`columns::choose`]), with the prefixes of its `Prefixes` sheet.
pub(crate) fn pick(
    tables: Vec<Table>,
    wanted: Option<&str>,
    kind: &str,
) -> Result<Table, TableError> {
    let names: Vec<String> = tables.iter().filter_map(|t| t.sheet.clone()).collect();
    let prefixes = tables
        .iter()
        .find(|t| {
            t.sheet
                .as_deref()
                .is_some_and(|n| n.eq_ignore_ascii_case(PREFIXES))
        })
        .map(prefixes_of)
        .unwrap_or_default();
    match columns::choose(tables, wanted) {
        Some(mut table) => {
            table.prefixes = prefixes;
            Ok(table)
        }
        None => {
            Err(TableError::new(
                "",
                match wanted {
                    Some(w) => {
                        format!(
                    "has no sheet `{w}` (`sheet` in [source] of glossgraph.toml); it has {}",
                    names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
                )
                    }
                    None => format!("is {kind} without a sheet"),
                },
            ))
        }
    }
}

/// The prefixes of a sheet of prefixes: the rows under a header `Prefix`, `Namespace`.
fn prefixes_of(table: &Table) -> Vec<(String, String)> {
    let is = |cell: Option<&String>, name: &str| {
        cell.is_some_and(|c| c.trim().eq_ignore_ascii_case(name))
    };
    let Some(header) = table
        .rows
        .iter()
        .position(|r| is(r.first(), "prefix") && is(r.get(1), "namespace"))
    else {
        return Vec::new();
    };
    table.rows[header + 1..]
        .iter()
        .filter_map(|r| Some((r.first()?.trim().to_owned(), r.get(1)?.trim().to_owned())))
        .filter(|(p, n)| !p.is_empty() && !n.is_empty())
        .collect()
}

/// A cell past [`MAX_CELL`] bytes.
pub(crate) fn cell_too_long(at: String) -> TableError {
    TableError::new(
        at,
        format!(
            "a cell of more than {} MiB: refused (a sheet's cell holds a term's text)",
            MAX_CELL >> 20
        ),
    )
}

/// A sheet past [`MAX_ROWS`] rows.
pub(crate) fn too_many_rows(at: String) -> TableError {
    TableError::new(
        at,
        format!("more than {MAX_ROWS} rows: refused (a glossary that large is kept as term cards)"),
    )
}

/// Reads the sheet in `bytes`, of `kind`; `separator` is the column separator of CSV
/// (`None`: told from the header, `,` or `;`); `sheet` the workbook's sheet to read (`None`:
/// the first whose header names a column glossgraph reads, else the first).
///
/// # Errors
/// A [`TableError`] at the cell or part that cannot be read, or that is past a bound.
pub fn read(
    bytes: &[u8],
    kind: Kind,
    separator: Option<char>,
    sheet: Option<&str>,
) -> Result<Table, TableError> {
    match kind {
        Kind::Csv | Kind::Tsv => {
            let text = utf8(bytes)?;
            let delimiter = match (kind, separator) {
                (Kind::Tsv, _) => '\t',
                (_, Some(c)) => c,
                _ => csv::sniff(text),
            };
            csv::read(text, delimiter)
        }
        Kind::Xlsx => xlsx::read(bytes, sheet),
        Kind::Ods => ods::read(bytes, sheet),
    }
}

/// `bytes` as UTF-8 without a byte-order mark, or an error at the row of the first bad byte.
fn utf8(bytes: &[u8]) -> Result<&str, TableError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        let row = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        TableError::new(
            format!("row {row}"),
            format!("is not UTF-8 (byte {at} of the file); save it as UTF-8"),
        )
    })
}

/// Writes `glossary` as a sheet of `kind`: a row per term ([`columns::rows`]).
///
/// # Errors
/// Those of `w`; [`ExportError::Unwritable`] for a character XML 1.0 cannot carry (XLSX,
/// ODS).
pub fn write(
    glossary: &Glossary,
    config: &Config,
    kind: Kind,
    w: impl Write,
) -> Result<(), ExportError> {
    let rows = columns::rows(glossary, config);
    match kind {
        Kind::Csv => csv::write(&rows, ',', w),
        Kind::Tsv => csv::write(&rows, '\t', w),
        Kind::Xlsx => xlsx::write(&rows, w),
        Kind::Ods => ods::write(&rows, w),
    }
}

/// Writes `glossary` as the workbook of voc4cat's template ([`voc4cat`]).
///
/// # Errors
/// Those of `w`; [`ExportError::Unwritable`] for a character XML 1.0 cannot carry.
pub fn write_voc4cat(
    glossary: &Glossary,
    config: &Config,
    w: impl Write,
) -> Result<(), ExportError> {
    voc4cat::write(glossary, config, w)
}

/// The name of the one sheet glossgraph writes in a workbook.
pub const SHEET_NAME: &str = "Terms";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_as_spreadsheets_name_them() {
        assert_eq!(column_name(0), "A");
        assert_eq!(column_name(25), "Z");
        assert_eq!(column_name(26), "AA");
        assert_eq!(column_name(701), "ZZ");
        assert_eq!(column_name(702), "AAA");
        assert_eq!(parse_reference("AA12"), Some((26, 12)));
        assert_eq!(cell_in(Some("Concepts"), 1, 12), "Concepts!B12");
        assert_eq!(cell_in(Some("My terms"), 1, 12), "'My terms'!B12");
        assert_eq!(cell_in(None, 1, 12), "B12");
    }
}
