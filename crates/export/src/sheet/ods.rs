//! ODS (OpenDocument, ISO/IEC 26300): a spreadsheet of one table, written by hand, and the
//! tables of a spreadsheet read with quick-xml.
//!
//! Written: `mimetype` first and stored (as the format asks, so that a file can be told by
//! its first bytes), the manifest, `content.xml` (a bold header row marked as the header,
//! every cell a string, a line of a text a paragraph, runs of spaces `<text:s>`) and
//! `settings.xml`, which freezes the header row as LibreOffice does.
//!
//! Read: every `table:table` of `content.xml`, paragraphs joined by line breaks, `<text:s>`,
//! `<text:tab>` and `<text:line-break>` as what they stand for, a date cell as its
//! `office:date-value`. Repeated rows and cells (`table:number-rows-repeated`, the way
//! LibreOffice writes the empty rest of a sheet) are counted, never laid out, until a
//! cell with a value follows them; bounded as XLSX is.

use std::io::Write;

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use super::zip::{self, Method};
use super::{
    cell_in, cell_too_long, too_many_rows, Table, TableError, MAX_CELL, MAX_FILE, MAX_ROWS,
    SHEET_NAME,
};
use crate::output::ExportError;
use crate::xml::{escape_runs, origin, TEXT};

/// The last column of LibreOffice Calc.
const MAX_COLUMNS: usize = 16_384;

const MIMETYPE: &str = "application/vnd.oasis.opendocument.spreadsheet";

/// Writes `rows` (the header first) as a spreadsheet of one table.
pub(super) fn write(rows: &[Vec<String>], w: impl Write) -> Result<(), ExportError> {
    let manifest = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:version="1.2" manifest:media-type="{MIMETYPE}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="settings.xml" manifest:media-type="text/xml"/></manifest:manifest>"#
    );
    let item = |name: &str, ty: &str, value: &str| {
        format!(
            r#"<config:config-item config:name="{name}" config:type="{ty}">{value}</config:config-item>"#
        )
    };
    let frozen: String = [
        item("HorizontalSplitMode", "short", "0"),
        item("VerticalSplitMode", "short", "2"),
        item("HorizontalSplitPosition", "int", "0"),
        item("VerticalSplitPosition", "int", "1"),
        item("ActiveSplitRange", "short", "2"),
        item("PositionLeft", "int", "0"),
        item("PositionRight", "int", "0"),
        item("PositionTop", "int", "0"),
        item("PositionBottom", "int", "1"),
    ]
    .concat();
    let settings = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-settings xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:config="urn:oasis:names:tc:opendocument:xmlns:config:1.0" office:version="1.2"><office:settings><config:config-item-set config:name="ooo:view-settings"><config:config-item-map-indexed config:name="Views"><config:config-item-map-entry>{}<config:config-item-map-named config:name="Tables"><config:config-item-map-entry config:name="{SHEET_NAME}">{frozen}</config:config-item-map-entry></config:config-item-map-named></config:config-item-map-entry></config:config-item-map-indexed></config:config-item-set></office:settings></office:document-settings>"#,
        item("ViewId", "string", "view1")
    );
    let content = content_xml(rows)?;
    let parts: [(&str, &[u8], Method); 4] = [
        ("mimetype", MIMETYPE.as_bytes(), Method::Stored),
        (
            "META-INF/manifest.xml",
            manifest.as_bytes(),
            Method::Deflated,
        ),
        ("content.xml", &content, Method::Deflated),
        ("settings.xml", settings.as_bytes(), Method::Deflated),
    ];
    zip::write(&parts, w)?;
    Ok(())
}

/// `content.xml`.
fn content_xml(rows: &[Vec<String>]) -> Result<Vec<u8>, ExportError> {
    let width = rows.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let mut out = Vec::with_capacity(rows.len() * 256);
    write!(
        out,
        r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.2"><office:automatic-styles><style:style style:name="co1" style:family="table-column"><style:table-column-properties style:column-width="2in"/></style:style><style:style style:name="ce1" style:family="table-cell"><style:text-properties fo:font-weight="bold"/></style:style></office:automatic-styles><office:body><office:spreadsheet><table:table table:name="{SHEET_NAME}"><table:table-column table:style-name="co1" table:number-columns-repeated="{width}"/>"#
    )?;
    for (i, row) in rows.iter().enumerate() {
        if i == 0 {
            out.extend_from_slice(b"<table:table-header-rows>");
        }
        out.extend_from_slice(b"<table:table-row>");
        let slug = row.first().map_or("", String::as_str);
        for cell in row {
            if cell.is_empty() {
                out.extend_from_slice(b"<table:table-cell/>");
                continue;
            }
            let style = if i == 0 {
                r#" table:style-name="ce1""#
            } else {
                ""
            };
            write!(
                out,
                r#"<table:table-cell office:value-type="string"{style}>"#
            )?;
            for line in cell.split('\n') {
                out.extend_from_slice(b"<text:p>");
                paragraph(&mut out, line, slug)?;
                out.extend_from_slice(b"</text:p>");
            }
            out.extend_from_slice(b"</table:table-cell>");
        }
        out.extend_from_slice(b"</table:table-row>");
        if i == 0 {
            out.extend_from_slice(b"</table:table-header-rows>");
        }
    }
    out.extend_from_slice(
        b"</table:table></office:spreadsheet></office:body></office:document-content>",
    );
    Ok(out)
}

/// One line of a cell as a paragraph's content: a space at either end or after another as
/// `<text:s/>`, a TAB as `<text:tab/>` (XML would fold them into one space).
fn paragraph(out: &mut Vec<u8>, line: &str, slug: &str) -> Result<(), ExportError> {
    let text = |t: &str, out: &mut Vec<u8>| {
        escape_runs(t, origin(slug, "a cell of the sheet"), &TEXT, |run| {
            out.extend_from_slice(run.as_bytes());
            Ok(())
        })
    };
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let mut start = 0;
    for (k, &(i, c)) in chars.iter().enumerate() {
        let special = match c {
            '\t' => Some("<text:tab/>"),
            '\r' => Some("&#13;"),
            ' ' if k == 0 || k + 1 == chars.len() || chars[k - 1].1 == ' ' => Some("<text:s/>"),
            _ => None,
        };
        if let Some(markup) = special {
            text(&line[start..i], out)?;
            out.extend_from_slice(markup.as_bytes());
            start = i + c.len_utf8();
        }
    }
    text(&line[start..], out)?;
    Ok(())
}

/// The value of the attribute `name` (by its qualified name) of `e`.
fn attribute(e: &BytesStart, name: &[u8]) -> Result<Option<String>, String> {
    for a in e.attributes() {
        let a = a.map_err(|e| e.to_string())?;
        if a.key.as_ref() == name {
            return a
                .unescape_value()
                .map(|v| Some(v.into_owned()))
                .map_err(|e| e.to_string());
        }
    }
    Ok(None)
}

/// A count attribute (`table:number-rows-repeated`), 1 when absent.
fn repeated(e: &BytesStart, name: &[u8]) -> Result<usize, String> {
    match attribute(e, name)? {
        Some(n) => n.trim().parse().map_err(|_| format!("`{n}` is no count")),
        None => Ok(1),
    }
}

/// Reads the table named `wanted`, else the first whose header names a term, else the
/// first.
pub(super) fn read(bytes: &[u8], wanted: Option<&str>) -> Result<Table, TableError> {
    let entries = zip::entries(bytes).map_err(|e| TableError::new("", e))?;
    let entry = entries
        .iter()
        .find(|e| e.name == "content.xml")
        .ok_or_else(|| TableError::new("", "is no ODS spreadsheet: it has no content.xml"))?;
    let xml = zip::read(bytes, entry, MAX_FILE).map_err(|e| TableError::new("content.xml", e))?;
    super::pick(tables(&xml, wanted)?, wanted, "an ODS spreadsheet")
}

/// The table being read.
struct Reading {
    name: String,
    rows: Vec<Vec<String>>,
    /// Empty rows not yet laid out: laid out when a row with a value follows.
    empty_rows: usize,
    cells: Vec<String>,
    /// Empty cells of the row not yet laid out.
    empty_cells: usize,
    /// How many times the current row and cell repeat.
    row_repeat: usize,
    cell_repeat: usize,
    cell: String,
    in_cell: bool,
    /// Inside a paragraph of the cell: only there is text the cell's.
    in_p: bool,
    /// A value from an attribute (a date), which the cell's text does not replace.
    attribute_value: Option<String>,
    paragraphs: usize,
}

impl Reading {
    fn at(&self) -> String {
        let row = self.rows.len() + self.empty_rows + 1;
        let column = self.cells.len() + self.empty_cells;
        cell_in(Some(&self.name), column, row)
    }
}

/// The tables of `content.xml` (only `wanted`, when named).
fn tables(xml: &[u8], wanted: Option<&str>) -> Result<Vec<Table>, TableError> {
    let mut reader = Reader::from_reader(xml);
    let mut buf = Vec::new();
    let mut tables = Vec::new();
    let mut reading: Option<Reading> = None;
    loop {
        let event = match reader.read_event_into(&mut buf) {
            Ok(event) => event,
            Err(e) => {
                let at = reading
                    .as_ref()
                    .map_or_else(|| "content.xml".to_owned(), Reading::at);
                return Err(TableError::new(at, format!("is not well-formed XML: {e}")));
            }
        };
        match event {
            Event::DocType(_) => {
                return Err(TableError::new(
                    "content.xml",
                    "declares a document type: refused (a spreadsheet needs none, and its \
                     entities are never expanded)",
                ))
            }
            Event::Start(ref e) | Event::Empty(ref e) => {
                let empty = matches!(event, Event::Empty(_));
                open(e, empty, &mut reader, &mut reading, &mut tables, wanted)?;
            }
            Event::Text(t) => {
                if let Some(r) = reading.as_mut().filter(|r| r.in_cell && r.in_p) {
                    let text = t
                        .unescape()
                        .map_err(|e| TableError::new(r.at(), e.to_string()))?;
                    // XML's white space folds into one space, as the format says.
                    let mut space = r.cell.ends_with(' ');
                    for c in text.chars() {
                        if matches!(c, ' ' | '\t' | '\n') {
                            if !space {
                                r.cell.push(' ');
                            }
                            space = true;
                        } else {
                            r.cell.push(c);
                            space = false;
                        }
                    }
                    if r.cell.len() > MAX_CELL {
                        return Err(cell_too_long(r.at()));
                    }
                }
            }
            Event::End(ref e) => match e.name().as_ref() {
                b"text:p" | b"text:h" => {
                    if let Some(r) = reading.as_mut() {
                        r.in_p = false;
                    }
                }
                b"table:table-cell" | b"table:covered-table-cell" => {
                    if let Some(r) = reading.as_mut() {
                        r.in_cell = false;
                        end_cell(r)?;
                    }
                }
                b"table:table-row" => {
                    if let Some(r) = reading.as_mut() {
                        end_row(r)?;
                    }
                }
                b"table:table" => {
                    if let Some(r) = reading.take() {
                        tables.push(Table {
                            sheet: Some(r.name),
                            rows: r.rows,
                            prefixes: Vec::new(),
                        });
                    }
                }
                _ => {}
            },
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    Ok(tables)
}

/// An element opening in `content.xml` (`empty`: it closes at once): a table, a row, a
/// cell, or what a cell's text holds.
fn open(
    e: &BytesStart,
    empty: bool,
    reader: &mut Reader<&[u8]>,
    reading: &mut Option<Reading>,
    tables: &mut Vec<Table>,
    wanted: Option<&str>,
) -> Result<(), TableError> {
    let fail = |r: &Option<Reading>, m: String| {
        TableError::new(
            r.as_ref()
                .map_or_else(|| "content.xml".to_owned(), Reading::at),
            m,
        )
    };
    match e.name().as_ref() {
        b"table:table" => {
            let name = attribute(e, b"table:name")
                .map_err(|m| fail(reading, m))?
                .unwrap_or_default();
            if !super::to_read(&name, wanted) {
                if !empty {
                    skip_table(reader).map_err(|m| TableError::new("content.xml", m))?;
                }
            } else if !empty {
                *reading = Some(Reading {
                    name,
                    rows: Vec::new(),
                    empty_rows: 0,
                    cells: Vec::new(),
                    empty_cells: 0,
                    row_repeat: 1,
                    cell_repeat: 1,
                    cell: String::new(),
                    in_cell: false,
                    in_p: false,
                    attribute_value: None,
                    paragraphs: 0,
                });
            } else {
                tables.push(Table {
                    sheet: Some(name),
                    rows: Vec::new(),
                    prefixes: Vec::new(),
                });
            }
        }
        b"table:table-row" => {
            if let Some(r) = reading.as_mut() {
                r.row_repeat = repeated(e, b"table:number-rows-repeated")
                    .map_err(|m| TableError::new(r.at(), m))?;
                r.cells.clear();
                r.empty_cells = 0;
                if empty {
                    r.empty_rows = r.empty_rows.saturating_add(r.row_repeat);
                }
            }
        }
        b"table:table-cell" | b"table:covered-table-cell" => {
            if let Some(r) = reading.as_mut() {
                r.cell_repeat = repeated(e, b"table:number-columns-repeated")
                    .map_err(|m| TableError::new(r.at(), m))?;
                r.cell.clear();
                r.paragraphs = 0;
                r.attribute_value = attribute(e, b"office:date-value")
                    .map_err(|m| TableError::new(r.at(), m))?
                    .map(|d| d.split('T').next().unwrap_or_default().to_owned());
                if empty {
                    end_cell(r)?;
                } else {
                    r.in_cell = true;
                }
            }
        }
        b"text:p" | b"text:h" => {
            if let Some(r) = reading.as_mut().filter(|r| r.in_cell) {
                if r.paragraphs > 0 {
                    r.cell.push('\n');
                }
                r.paragraphs += 1;
                r.in_p = !empty;
            }
        }
        b"text:s" => {
            if let Some(r) = reading.as_mut().filter(|r| r.in_cell) {
                let n = repeated(e, b"text:c").map_err(|m| TableError::new(r.at(), m))?;
                if r.cell.len() + n > MAX_CELL {
                    return Err(cell_too_long(r.at()));
                }
                r.cell.extend(std::iter::repeat_n(' ', n));
            }
        }
        b"text:tab" => {
            if let Some(r) = reading.as_mut().filter(|r| r.in_cell) {
                r.cell.push('\t');
            }
        }
        b"text:line-break" => {
            if let Some(r) = reading.as_mut().filter(|r| r.in_cell) {
                r.cell.push('\n');
            }
        }
        _ => {}
    }
    Ok(())
}

/// Skips the rest of a table not asked for.
fn skip_table(reader: &mut Reader<&[u8]>) -> Result<(), String> {
    let mut buf = Vec::new();
    let mut depth = 1usize;
    loop {
        match reader
            .read_event_into(&mut buf)
            .map_err(|e| e.to_string())?
        {
            Event::Start(e) if e.name().as_ref() == b"table:table" => depth += 1,
            Event::End(e) if e.name().as_ref() == b"table:table" => {
                depth -= 1;
                if depth == 0 {
                    return Ok(());
                }
            }
            Event::Eof => return Ok(()),
            _ => {}
        }
        buf.clear();
    }
}

/// Ends a cell: its text (trimmed of the space a paragraph's end leaves) laid out as many
/// times as it repeats, an empty one only counted.
fn end_cell(r: &mut Reading) -> Result<(), TableError> {
    let text = r
        .attribute_value
        .take()
        .unwrap_or_else(|| std::mem::take(&mut r.cell));
    if text.is_empty() {
        r.empty_cells = r.empty_cells.saturating_add(r.cell_repeat);
        return Ok(());
    }
    let start = r.cells.len() + r.empty_cells;
    if start.saturating_add(r.cell_repeat) > MAX_COLUMNS {
        return Err(TableError::new(
            r.at(),
            format!("a column past {MAX_COLUMNS}: refused"),
        ));
    }
    r.cells.resize(start, String::new());
    r.empty_cells = 0;
    for _ in 0..r.cell_repeat {
        r.cells.push(text.clone());
    }
    Ok(())
}

/// Ends a row: laid out as many times as it repeats, with the empty rows before it; an empty
/// one only counted.
fn end_row(r: &mut Reading) -> Result<(), TableError> {
    if r.cells.is_empty() {
        r.empty_rows = r.empty_rows.saturating_add(r.row_repeat);
        return Ok(());
    }
    let start = r.rows.len() + r.empty_rows;
    if start.saturating_add(r.row_repeat) > MAX_ROWS {
        return Err(too_many_rows(cell_in(Some(&r.name), 0, MAX_ROWS + 1)));
    }
    r.rows.resize(start, Vec::new());
    r.empty_rows = 0;
    let cells = std::mem::take(&mut r.cells);
    for _ in 1..r.row_repeat {
        r.rows.push(cells.clone());
    }
    r.rows.push(cells);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spreadsheet_written_reads_back_cell_for_cell() {
        let rows = vec![
            vec![
                "slug".to_owned(),
                "prefLabel@en".into(),
                "definition@en".into(),
            ],
            vec!["a".into(), " A  &\t<b> ".into(), "two\nlines".into()],
            vec!["b".into(), String::new(), "c".into()],
        ];
        let mut out = Vec::new();
        write(&rows, &mut out).unwrap();
        assert_eq!(&out[30..38], b"mimetype");
        let table = read(&out, None).unwrap();
        assert_eq!(table.sheet.as_deref(), Some(SHEET_NAME));
        assert_eq!(table.rows, rows);
    }

    #[test]
    fn repeated_empty_rows_are_counted_and_a_repeated_full_row_is_bounded() {
        let xml = |repeat: usize| {
            format!(
                r#"<office:document-content xmlns:office="o" xmlns:table="t" xmlns:text="x"><office:body><office:spreadsheet><table:table table:name="Terms"><table:table-row><table:table-cell><text:p>slug</text:p></table:table-cell></table:table-row><table:table-row table:number-rows-repeated="1048575"><table:table-cell table:number-columns-repeated="16384"/></table:table-row><table:table-row table:number-rows-repeated="{repeat}"><table:table-cell><text:p>a</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet></office:body></office:document-content>"#
            )
        };
        let err = tables(xml(1).as_bytes(), None).unwrap_err();
        assert_eq!(err.at, format!("Terms!A{}", MAX_ROWS + 1));
        let trailing = xml(1).replace(
            r#"<table:table-row table:number-rows-repeated="1048575"><table:table-cell table:number-columns-repeated="16384"/></table:table-row><table:table-row table:number-rows-repeated="1">"#,
            "<table:table-row>",
        );
        let t = tables(trailing.as_bytes(), None).unwrap();
        assert_eq!(t[0].rows, [vec!["slug".to_owned()], vec!["a".to_owned()]]);
    }
}
