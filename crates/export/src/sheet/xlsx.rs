//! XLSX (Office Open XML, ISO/IEC 29500): the few parts of a workbook of one sheet, written
//! by hand, and the sheet of a workbook read with quick-xml.
//!
//! Written: the content types, the relationships, the workbook naming one sheet
//! ([`super::SHEET_NAME`]), a style sheet with a bold font for the header, and the sheet:
//! every cell an inline string (no shared-string table to build, no number or date for
//! Excel to reinterpret: `079` stays `079`, `2024-01` stays text), the header row frozen,
//! the columns given a readable width. Parts are deflated, the zip deterministic
//! ([`super::zip`]).
//!
//! Read: the sheets the workbook lists, by its relationships, each parsed as it inflates
//! (the small parts are inflated whole); shared strings, inline
//! strings, numbers, booleans and formulas' cached values as their text; Excel's `_x000D_`
//! escapes decoded. A date in Excel is a number (days since 1900, or 1904) in a cell whose
//! style shows it as a date: such a cell reads as its day, `YYYY-MM-DD`, the way ODS gives
//! its `office:date-value` (the number formats of the style sheet say which styles are
//! dates). Each part is inflated within [`super::MAX_FILE`], each cell within
//! [`super::MAX_CELL`], rows within [`super::MAX_ROWS`], and an entity other than XML's
//! five is an error (none is ever expanded).

use std::collections::HashMap;
use std::io::Write;

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use super::zip::{self, Method};
use super::{
    cell_in, cell_too_long, column_name, parse_reference, too_many_rows, Table, TableError,
    MAX_CELL, MAX_FILE, MAX_ROWS, SHEET_NAME,
};
use crate::output::ExportError;
use crate::xml::{escape_runs, origin, ATTR, TEXT};

/// Excel's last column, XFD.
const MAX_COLUMNS: usize = 16_384;

const MAIN: &str = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS: &str = "http://schemas.openxmlformats.org/package/2006/relationships";
const OFFICE_RELATIONSHIPS: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/// One sheet of a workbook to write.
pub(super) struct Sheet<'a> {
    pub(super) name: &'a str,
    pub(super) rows: &'a [Vec<String>],
    /// The index (from 0) of the header row: bold, and the rows above it and it frozen.
    pub(super) header: usize,
}

/// Writes `rows` (the header first) as a workbook of one sheet, [`SHEET_NAME`].
pub(super) fn write(rows: &[Vec<String>], w: impl Write) -> Result<(), ExportError> {
    let sheet = Sheet {
        name: SHEET_NAME,
        rows,
        header: 0,
    };
    write_book(&[sheet], 0, w)
}

/// Writes `sheets` as a workbook, the sheet `active` (from 0) the one it opens on.
pub(super) fn write_book(
    sheets: &[Sheet<'_>],
    active: usize,
    w: impl Write,
) -> Result<(), ExportError> {
    let mut content_types = String::from(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>"#,
    );
    let mut listed = String::new();
    let mut workbook_rels = format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="{RELATIONSHIPS}">"#
    );
    for (i, sheet) in sheets.iter().enumerate() {
        let n = i + 1;
        content_types.push_str(&format!(
            r#"<Override PartName="/xl/worksheets/sheet{n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>"#
        ));
        let mut name = String::new();
        escape_runs(sheet.name, origin("", "a sheet's name"), &ATTR, |run| {
            name.push_str(run);
            Ok(())
        })?;
        listed.push_str(&format!(
            r#"<sheet name="{name}" sheetId="{n}" r:id="rId{n}"/>"#
        ));
        workbook_rels.push_str(&format!(
            r#"<Relationship Id="rId{n}" Type="{OFFICE_RELATIONSHIPS}/worksheet" Target="worksheets/sheet{n}.xml"/>"#
        ));
    }
    content_types.push_str(r#"<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>"#);
    workbook_rels.push_str(&format!(
        r#"<Relationship Id="rId{}" Type="{OFFICE_RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>"#,
        sheets.len() + 1
    ));
    let rels = format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="{RELATIONSHIPS}"><Relationship Id="rId1" Type="{OFFICE_RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>"#
    );
    let view = if active == 0 {
        String::new()
    } else {
        format!(r#"<bookViews><workbookView activeTab="{active}"/></bookViews>"#)
    };
    let workbook = format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="{MAIN}" xmlns:r="{OFFICE_RELATIONSHIPS}">{view}<sheets>{listed}</sheets></workbook>"#
    );
    let styles = format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="{MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>"#
    );
    let xml: Vec<Vec<u8>> = sheets
        .iter()
        .enumerate()
        .map(|(i, sheet)| sheet_xml(sheet, i == active))
        .collect::<Result<_, _>>()?;
    let names: Vec<String> = (1..=sheets.len())
        .map(|n| format!("xl/worksheets/sheet{n}.xml"))
        .collect();
    let mut parts: Vec<(&str, &[u8], Method)> = vec![
        (
            "[Content_Types].xml",
            content_types.as_bytes(),
            Method::Deflated,
        ),
        ("_rels/.rels", rels.as_bytes(), Method::Deflated),
        ("xl/workbook.xml", workbook.as_bytes(), Method::Deflated),
        (
            "xl/_rels/workbook.xml.rels",
            workbook_rels.as_bytes(),
            Method::Deflated,
        ),
        ("xl/styles.xml", styles.as_bytes(), Method::Deflated),
    ];
    for (name, sheet) in names.iter().zip(&xml) {
        parts.push((name, sheet, Method::Deflated));
    }
    zip::write(&parts, w)?;
    Ok(())
}

/// The XML of `sheet`; `selected`: the sheet the workbook opens on.
fn sheet_xml(sheet: &Sheet<'_>, selected: bool) -> Result<Vec<u8>, ExportError> {
    let rows = sheet.rows;
    let width = rows.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let mut out = Vec::with_capacity(rows.len() * 256);
    let split = sheet.header + 1;
    let selected = if selected { r#" tabSelected="1""# } else { "" };
    write!(
        out,
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="{MAIN}"><sheetViews><sheetView{selected} workbookViewId="0"><pane ySplit="{split}" topLeftCell="A{}" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews><cols><col min="1" max="{width}" width="28" customWidth="1"/></cols><sheetData>"#,
        split + 1
    )?;
    for (i, row) in rows.iter().enumerate() {
        let number = i + 1;
        write!(out, r#"<row r="{number}">"#)?;
        let slug = row.first().map_or("", String::as_str);
        for (k, cell) in row.iter().enumerate() {
            if cell.is_empty() {
                continue;
            }
            let style = if i == sheet.header || i == 0 {
                r#" s="1""#
            } else {
                ""
            };
            write!(
                out,
                r#"<c r="{}{number}" t="inlineStr"{style}><is><t"#,
                column_name(k)
            )?;
            if cell.starts_with(char::is_whitespace) || cell.ends_with(char::is_whitespace) {
                out.extend_from_slice(br#" xml:space="preserve""#);
            }
            out.push(b'>');
            let cell = escape_x(cell);
            escape_runs(&cell, origin(slug, "a cell of the sheet"), &TEXT, |run| {
                out.extend_from_slice(run.as_bytes());
                Ok(())
            })?;
            out.extend_from_slice(b"</t></is></c>");
        }
        out.extend_from_slice(b"</row>");
    }
    out.extend_from_slice(b"</sheetData></worksheet>");
    Ok(out)
}

/// An error of the part `part` of the workbook.
fn part_error(part: &str, message: impl std::fmt::Display) -> TableError {
    TableError::new(part, message.to_string())
}

/// Reads the sheet named `wanted`, else the first whose header names a term, else the
/// first.
pub(super) fn read(bytes: &[u8], wanted: Option<&str>) -> Result<Table, TableError> {
    let entries = zip::entries(bytes).map_err(|e| part_error("", e))?;
    let part = |name: &str| -> Result<Option<Vec<u8>>, TableError> {
        match entries.iter().find(|e| e.name == name) {
            Some(entry) => zip::read(bytes, entry, MAX_FILE)
                .map(Some)
                .map_err(|e| part_error(name, e)),
            None => Ok(None),
        }
    };
    let workbook = part("xl/workbook.xml")?
        .ok_or_else(|| part_error("", "is no XLSX workbook: it has no xl/workbook.xml"))?;
    let (sheets, date1904) = sheets_of(&workbook).map_err(|e| part_error("xl/workbook.xml", e))?;
    let rels = part("xl/_rels/workbook.xml.rels")?.unwrap_or_default();
    let targets = targets_of(&rels).map_err(|e| part_error("xl/_rels/workbook.xml.rels", e))?;
    let shared_name = targets
        .iter()
        .find(|(_, (ty, _))| ty.ends_with("/sharedStrings"))
        .map_or_else(
            || "xl/sharedStrings.xml".to_owned(),
            |(_, (_, t))| t.clone(),
        );
    let shared = match part(&shared_name)? {
        Some(xml) => shared_strings(&xml).map_err(|e| part_error(&shared_name, e))?,
        None => Vec::new(),
    };
    let styles_name = targets
        .iter()
        .find(|(_, (ty, _))| ty.ends_with("/styles"))
        .map_or_else(|| "xl/styles.xml".to_owned(), |(_, (_, t))| t.clone());
    let dates = Dates {
        styles: match part(&styles_name)? {
            Some(xml) => date_styles(&xml).map_err(|e| part_error(&styles_name, e))?,
            None => Vec::new(),
        },
        date1904,
    };
    let mut tables = Vec::new();
    for (name, id) in &sheets {
        if !super::to_read(name, wanted) {
            continue;
        }
        let Some((_, target)) = targets.get(id) else {
            continue;
        };
        // A sheet is read as it inflates, never held whole.
        let Some(entry) = entries.iter().find(|e| e.name == *target) else {
            continue;
        };
        let xml = zip::open(bytes, entry, MAX_FILE).map_err(|e| part_error(target, e))?;
        let xml = std::io::BufReader::with_capacity(1 << 16, xml);
        tables.push(sheet_rows(xml, name, target, &shared, &dates)?);
    }
    super::pick(tables, wanted, "an XLSX workbook")
}

/// The value of the attribute `name` (by its local name) of `e`.
fn attribute(e: &BytesStart, name: &[u8]) -> Result<Option<String>, String> {
    for a in e.attributes() {
        let a = a.map_err(|e| e.to_string())?;
        if a.key.local_name().as_ref() == name {
            return a
                .unescape_value()
                .map(|v| Some(v.into_owned()))
                .map_err(|e| e.to_string());
        }
    }
    Ok(None)
}

/// The sheets of the workbook: name and relationship id, in order; and whether its dates
/// count from 1904 (`<workbookPr date1904="1"/>`, old Excel for the Mac's) rather than 1900.
fn sheets_of(xml: &[u8]) -> Result<(Vec<(String, String)>, bool), String> {
    let mut reader = Reader::from_reader(xml);
    let mut buf = Vec::new();
    let mut sheets = Vec::new();
    let mut date1904 = false;
    loop {
        match reader
            .read_event_into(&mut buf)
            .map_err(|e| e.to_string())?
        {
            Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == b"sheet" => {
                if let (Some(name), Some(id)) = (attribute(&e, b"name")?, attribute(&e, b"id")?) {
                    sheets.push((name, id));
                }
            }
            Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == b"workbookPr" => {
                date1904 = attribute(&e, b"date1904")?.is_some_and(|v| v == "1" || v == "true");
            }
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    Ok((sheets, date1904))
}

/// What a workbook says of its dates: which cell styles show a number as a date (by the
/// style's index, `s` of a cell), and whether the numbers count from 1904.
#[derive(Debug, Default)]
struct Dates {
    styles: Vec<bool>,
    date1904: bool,
}

impl Dates {
    /// The date the number `value` of a cell of style `style` stands for, `YYYY-MM-DD`; `None`
    /// when the style shows no date, or the number is no day Excel can show.
    fn of(&self, style: Option<usize>, value: &str) -> Option<String> {
        if !self.styles.get(style?).copied().unwrap_or(false) {
            return None;
        }
        serial_date(value.trim().parse().ok()?, self.date1904)
    }
}

/// Whether the number format `code` shows a date: a day or a year in it, outside quoted
/// text, escaped characters and `[…]` (colours, conditions, elapsed hours).
fn is_date_format(code: &str) -> bool {
    let (mut quoted, mut bracket, mut escaped) = (false, false, false);
    for c in code.chars() {
        match c {
            _ if escaped => escaped = false,
            '\\' if !quoted => escaped = true,
            '"' => quoted = !quoted,
            '[' if !quoted => bracket = true,
            ']' if !quoted => bracket = false,
            'd' | 'D' | 'y' | 'Y' | 'e' if !quoted && !bracket => return true,
            _ => {}
        }
    }
    false
}

/// The built-in number formats that show a date: 14–17 and 22 (`m/d/yyyy`, `d-mmm-yy`,
/// `d-mmm`, `mmm-yy`, `m/d/yyyy h:mm`), and the East Asian ones, 27–36 and 50–58.
fn is_date_format_id(id: u32) -> bool {
    matches!(id, 14..=17 | 22 | 27..=36 | 50..=58)
}

/// Of the style sheet `xml`, whether each cell style (`<cellXfs>`'s `<xf>`, in order) shows
/// a date.
fn date_styles(xml: &[u8]) -> Result<Vec<bool>, String> {
    let mut reader = Reader::from_reader(xml);
    let mut buf = Vec::new();
    let mut custom: HashMap<u32, bool> = HashMap::new();
    let mut styles = Vec::new();
    let mut in_cell_xfs = false;
    loop {
        let event = reader
            .read_event_into(&mut buf)
            .map_err(|e| e.to_string())?;
        match event {
            Event::Start(ref e) | Event::Empty(ref e) => match e.local_name().as_ref() {
                b"numFmt" => {
                    let id = attribute(e, b"numFmtId")?.and_then(|i| i.parse().ok());
                    let code = attribute(e, b"formatCode")?.unwrap_or_default();
                    if let Some(id) = id {
                        custom.insert(id, is_date_format(&code));
                    }
                }
                b"cellXfs" => in_cell_xfs = matches!(event, Event::Start(_)),
                b"xf" if in_cell_xfs => {
                    let id: u32 = attribute(e, b"numFmtId")?
                        .and_then(|i| i.parse().ok())
                        .unwrap_or(0);
                    styles.push(
                        custom
                            .get(&id)
                            .copied()
                            .unwrap_or_else(|| is_date_format_id(id)),
                    );
                }
                _ => {}
            },
            Event::End(e) if e.local_name().as_ref() == b"cellXfs" => in_cell_xfs = false,
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    Ok(styles)
}

/// The day of Excel's serial number `serial` (its fraction, the time, left out), as
/// `YYYY-MM-DD`: days since 1899-12-31, counting the 29 February 1900 that Lotus 1-2-3
/// believed in and Excel keeps (serial 60, refused, as is 0, "1900-01-00"); with
/// `date1904`, days since 1904-01-01. `None` outside 1900 (1904) to 9999.
fn serial_date(serial: f64, date1904: bool) -> Option<String> {
    if !(0.0..2_958_466.0).contains(&serial) {
        return None;
    }
    let whole = serial.floor() as i64;
    // Days since 1970-01-01.
    let days = if date1904 {
        whole - 24_107
    } else {
        match whole {
            0 | 60 => return None,
            1..=59 => whole - 25_568,
            _ => whole - 25_569,
        }
    };
    // From days to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year <= 9999).then(|| format!("{year:04}-{month:02}-{day:02}"))
}

/// The relationships of the workbook: id to (type, part name).
fn targets_of(xml: &[u8]) -> Result<HashMap<String, (String, String)>, String> {
    let mut reader = Reader::from_reader(xml);
    let mut buf = Vec::new();
    let mut targets = HashMap::new();
    loop {
        match reader
            .read_event_into(&mut buf)
            .map_err(|e| e.to_string())?
        {
            Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == b"Relationship" => {
                let id = attribute(&e, b"Id")?.unwrap_or_default();
                let ty = attribute(&e, b"Type")?.unwrap_or_default();
                let target = attribute(&e, b"Target")?.unwrap_or_default();
                let part = match target.strip_prefix('/') {
                    Some(absolute) => absolute.to_owned(),
                    None => format!("xl/{target}"),
                };
                targets.insert(id, (ty, part));
            }
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    Ok(targets)
}

/// Whether `text` at its start is an escape of Excel's: `_x`, four hexadecimal digits, `_`.
fn is_escape(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() >= 7
        && b.starts_with(b"_x")
        && b[2..6].iter().all(u8::is_ascii_hexdigit)
        && b[6] == b'_'
}

/// `text` with what would read as an escape of Excel's kept literal, as Excel keeps it:
/// `_x0041_` is written `_x005F_x0041_`.
fn escape_x(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains("_x") {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 7);
    for (i, c) in text.char_indices() {
        if c == '_' && is_escape(&text[i..]) {
            out.push_str("_x005F");
        }
        out.push(c);
    }
    std::borrow::Cow::Owned(out)
}

/// Excel's escapes of characters XML cannot carry, `_x000D_`, decoded.
fn unescape_x(text: &str) -> String {
    if !text.contains("_x") {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("_x") {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let code = tail
            .get(2..6)
            .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
            .filter(|_| tail.as_bytes().get(6) == Some(&b'_'))
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .and_then(char::from_u32);
        match code {
            Some(c) => {
                out.push(c);
                rest = &tail[7..];
            }
            None => {
                out.push_str("_x");
                rest = &tail[2..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The shared strings: each `<si>`'s text, its runs joined, its phonetic runs left out.
fn shared_strings(xml: &[u8]) -> Result<Vec<String>, String> {
    let mut reader = Reader::from_reader(xml);
    let mut buf = Vec::new();
    let mut strings = Vec::new();
    let (mut current, mut in_t, mut phonetic) = (String::new(), false, false);
    loop {
        match reader
            .read_event_into(&mut buf)
            .map_err(|e| e.to_string())?
        {
            Event::Start(e) => match e.local_name().as_ref() {
                b"si" => current.clear(),
                b"t" => in_t = true,
                b"rPh" => phonetic = true,
                _ => {}
            },
            Event::End(e) => match e.local_name().as_ref() {
                b"si" => strings.push(unescape_x(&current)),
                b"t" => in_t = false,
                b"rPh" => phonetic = false,
                _ => {}
            },
            Event::Empty(e) if e.local_name().as_ref() == b"si" => strings.push(String::new()),
            Event::Text(t) if in_t && !phonetic => {
                current.push_str(&t.unescape().map_err(|e| e.to_string())?);
                if current.len() > MAX_CELL {
                    return Err(format!(
                        "a shared string of more than {} MiB: refused",
                        MAX_CELL >> 20
                    ));
                }
            }
            Event::CData(t) if in_t && !phonetic => {
                current.push_str(&String::from_utf8_lossy(&t));
            }
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    Ok(strings)
}

/// The rows of the sheet `name` in `xml` (the workbook's part `part`), read as it comes; a
/// number in a cell of a date style as its date.
fn sheet_rows(
    xml: impl std::io::BufRead,
    name: &str,
    part: &str,
    shared: &[String],
    dates: &Dates,
) -> Result<Table, TableError> {
    let sheet = Some(name);
    let mut reader = Reader::from_reader(xml);
    let mut buf = Vec::new();
    let mut rows: Vec<Vec<String>> = Vec::new();
    let (mut row, mut column) = (0usize, 0usize);
    let mut cells: Vec<String> = Vec::new();
    let mut kind = String::new();
    let mut style: Option<usize> = None;
    let mut value = String::new();
    let (mut in_value, mut in_inline) = (false, false);
    let at_row = |rows: usize| cell_in(sheet, 0, rows + 1);
    let xml_error = |e: String, row: usize, column: usize| {
        TableError::new(
            cell_in(sheet, column, row.max(1)),
            format!("is not well-formed XML: {e}"),
        )
    };
    loop {
        let event = reader.read_event_into(&mut buf).map_err(|e| match e {
            // The part's inflating failed: a zip bomb, broken data.
            quick_xml::Error::Io(e) => part_error(part, e),
            e => xml_error(e.to_string(), row, column),
        })?;
        match event {
            Event::Start(ref e) | Event::Empty(ref e) if e.local_name().as_ref() == b"row" => {
                row = match attribute(e, b"r").map_err(|m| xml_error(m, row, 0))? {
                    Some(r) => r
                        .parse()
                        .map_err(|_| xml_error(format!("row number `{r}`"), row, 0))?,
                    None => row + 1,
                };
                if row > MAX_ROWS {
                    return Err(too_many_rows(cell_in(sheet, 0, row)));
                }
                if row <= rows.len() {
                    return Err(TableError::new(
                        at_row(rows.len()),
                        format!(
                            "row {row} comes after row {}: rows are out of order",
                            rows.len()
                        ),
                    ));
                }
                rows.resize(row - 1, Vec::new());
                cells.clear();
                column = 0;
                if let Event::Empty(_) = event {
                    rows.push(Vec::new());
                }
            }
            Event::End(e) if e.local_name().as_ref() == b"row" => {
                while cells.last().is_some_and(String::is_empty) {
                    cells.pop();
                }
                rows.push(std::mem::take(&mut cells));
            }
            Event::Start(ref e) | Event::Empty(ref e) if e.local_name().as_ref() == b"c" => {
                let reference = attribute(e, b"r").map_err(|m| xml_error(m, row, column))?;
                column = match reference.as_deref().and_then(parse_reference) {
                    Some((c, _)) => c,
                    None => cells.len(),
                };
                if column >= MAX_COLUMNS {
                    return Err(TableError::new(
                        cell_in(sheet, column, row),
                        format!("a column past {MAX_COLUMNS}: refused"),
                    ));
                }
                kind = attribute(e, b"t")
                    .map_err(|m| xml_error(m, row, column))?
                    .unwrap_or_default();
                style = attribute(e, b"s")
                    .map_err(|m| xml_error(m, row, column))?
                    .and_then(|s| s.parse().ok());
                value.clear();
                if let Event::Empty(_) = event {
                    continue_cell(&mut cells, column, String::new());
                }
            }
            Event::End(e) if e.local_name().as_ref() == b"c" => {
                let text = match kind.as_str() {
                    "s" => {
                        let index: usize = value.trim().parse().map_err(|_| {
                            xml_error(format!("shared string index `{value}`"), row, column)
                        })?;
                        shared.get(index).cloned().ok_or_else(|| {
                            xml_error(format!("shared string {index} does not exist"), row, column)
                        })?
                    }
                    "b" => if value.trim() == "1" { "TRUE" } else { "FALSE" }.to_owned(),
                    "" | "n" => dates
                        .of(style, &value)
                        .unwrap_or_else(|| unescape_x(&value)),
                    _ => unescape_x(&value),
                };
                continue_cell(&mut cells, column, text);
            }
            Event::Start(e) => match e.local_name().as_ref() {
                b"v" => in_value = true,
                b"is" => in_inline = true,
                b"t" if in_inline => in_value = true,
                _ => {}
            },
            Event::End(e) => match e.local_name().as_ref() {
                b"v" | b"t" => in_value = false,
                b"is" => in_inline = false,
                _ => {}
            },
            Event::Text(t) if in_value => {
                let text = t
                    .unescape()
                    .map_err(|e| xml_error(e.to_string(), row, column))?;
                value.push_str(&text);
                if value.len() > MAX_CELL {
                    return Err(cell_too_long(cell_in(sheet, column, row)));
                }
            }
            Event::CData(t) if in_value => value.push_str(&String::from_utf8_lossy(&t)),
            Event::DocType(_) => {
                return Err(TableError::new(
                    format!("{name} (its XML)"),
                    "declares a document type: refused (a sheet needs none, and its entities \
                     are never expanded)",
                ))
            }
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    while rows.last().is_some_and(Vec::is_empty) {
        rows.pop();
    }
    Ok(Table {
        sheet: Some(name.to_owned()),
        rows,
        prefixes: Vec::new(),
    })
}

/// Puts `text` at `column` of the row being read.
fn continue_cell(cells: &mut Vec<String>, column: usize, text: String) {
    if cells.len() <= column {
        cells.resize(column + 1, String::new());
    }
    cells[column] = text;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_workbook_written_reads_back_cell_for_cell() {
        let rows = vec![
            vec![
                "slug".to_owned(),
                "prefLabel@en".into(),
                "definition@en".into(),
            ],
            vec!["a".into(), " A & <b> ".into(), "two\nlines".into()],
            vec!["b".into(), String::new(), "x_x0041_".into()],
        ];
        let mut out = Vec::new();
        write(&rows, &mut out).unwrap();
        let table = read(&out, None).unwrap();
        assert_eq!(table.sheet.as_deref(), Some(SHEET_NAME));
        // `_x0041_` would read as Excel's escape of `A`: it is written escaped itself.
        assert_eq!(table.rows, rows);
        assert_eq!(unescape_x("a_x000D_b_x12_"), "a\rb_x12_");
    }

    #[test]
    fn a_number_in_a_date_style_reads_as_its_day() {
        assert_eq!(serial_date(45_352.0, false).as_deref(), Some("2024-03-01"));
        assert_eq!(serial_date(45_352.75, false).as_deref(), Some("2024-03-01"));
        assert_eq!(serial_date(1.0, false).as_deref(), Some("1900-01-01"));
        assert_eq!(serial_date(59.0, false).as_deref(), Some("1900-02-28"));
        // Lotus 1-2-3's 29 February 1900, and Excel's 0 January.
        assert_eq!(serial_date(60.0, false), None);
        assert_eq!(serial_date(0.0, false), None);
        assert_eq!(serial_date(61.0, false).as_deref(), Some("1900-03-01"));
        assert_eq!(
            serial_date(2_958_465.0, false).as_deref(),
            Some("9999-12-31")
        );
        assert_eq!(serial_date(2_958_466.0, false), None);
        assert_eq!(serial_date(-1.0, false), None);
        assert_eq!(serial_date(0.0, true).as_deref(), Some("1904-01-01"));
        assert_eq!(serial_date(43_890.0, true).as_deref(), Some("2024-03-01"));

        let styles = format!(
            r#"<styleSheet xmlns="{MAIN}"><numFmts count="3"><numFmt numFmtId="164" formatCode="yyyy\-mm\-dd"/><numFmt numFmtId="165" formatCode="0.00&quot; days&quot;"/><numFmt numFmtId="166" formatCode="[Red]0"/></numFmts><cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="6"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="166"/><xf numFmtId="20"/></cellXfs></styleSheet>"#
        );
        let dates = date_styles(styles.as_bytes()).unwrap();
        // General, m/d/yyyy, yyyy-mm-dd, `0.00" days"`, `[Red]0`, h:mm.
        assert_eq!(dates, [false, true, true, false, false, false]);
        let dates = Dates {
            styles: dates,
            date1904: false,
        };
        let xml = format!(
            r#"<worksheet xmlns="{MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>slug</t></is></c><c r="B1" t="inlineStr"><is><t>updated</t></is></c></row><row r="2"><c r="A2" s="1"><v>7</v></c><c r="B2" s="2"><v>45352</v></c><c r="C2" s="3"><v>45352</v></c><c r="D2" s="1"><v>60</v></c><c r="E2" s="1" t="s"><v>0</v></c></row></sheetData></worksheet>"#
        );
        let table =
            sheet_rows(xml.as_bytes(), "Terms", "s.xml", &["x".to_owned()], &dates).unwrap();
        // A number without a date style stays a number; Excel's 1900-02-29 stays 60; a
        // shared string of a date style stays text.
        assert_eq!(
            table.rows[1],
            ["1900-01-07", "2024-03-01", "45352", "60", "x"]
        );
    }

    #[test]
    fn a_row_past_the_bound_is_refused_at_its_cell() {
        let xml = format!(
            r#"<worksheet xmlns="{MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>slug</t></is></c></row><row r="{}"><c r="B{0}"><v>1</v></c></row></sheetData></worksheet>"#,
            MAX_ROWS + 1
        );
        let err =
            sheet_rows(xml.as_bytes(), "Concepts", "s.xml", &[], &Dates::default()).unwrap_err();
        assert_eq!(err.at, format!("Concepts!A{}", MAX_ROWS + 1));
    }
}
