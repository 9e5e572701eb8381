//! CSV and TSV, RFC 4180 both: a cell holding the delimiter, a quote or a line break is
//! quoted, with `"` doubled. A row is a record, not a line (a quoted cell may hold line
//! breaks), so that `B12` is the twelfth record, the row a spreadsheet shows. Written in
//! UTF-8 without a byte-order mark, records ending in LF; read with or without a mark,
//! records ending in LF or CRLF, with `,` or `;` (as Excel writes CSV where the decimal
//! mark is a comma) told from the header.

use std::io::{BufWriter, Write};

use super::{cell_too_long, too_many_rows, Table, TableError, MAX_CELL, MAX_ROWS};
use crate::output::ExportError;

/// The delimiter of a CSV file: `;` when its first line holds more of them than of `,`
/// (outside quotes), else `,`.
pub(super) fn sniff(text: &str) -> char {
    let (mut commas, mut semicolons, mut quoted) = (0, 0, false);
    for c in text.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => commas += 1,
            ';' if !quoted => semicolons += 1,
            '\n' if !quoted => break,
            _ => {}
        }
    }
    if semicolons > commas {
        ';'
    } else {
        ','
    }
}

/// Reads the records of `text`, cells split on `delimiter`.
pub(super) fn read(text: &str, delimiter: char) -> Result<Table, TableError> {
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut row: Vec<String> = Vec::new();
    let mut cell = String::new();
    let mut chars = text.chars().peekable();
    // Whether the cell began with a quote, is inside its quotes, and whether the record
    // has anything in it (a blank line is no record).
    let (mut quoted, mut inside, mut any) = (false, false, false);
    let at = |rows: &Vec<Vec<String>>, row: &Vec<String>| {
        Table::default().cell(row.len(), rows.len() + 1)
    };
    while let Some(c) = chars.next() {
        if cell.len() > MAX_CELL {
            return Err(cell_too_long(at(&rows, &row)));
        }
        if inside {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    cell.push('"');
                } else {
                    inside = false;
                }
            } else {
                cell.push(c);
            }
            continue;
        }
        match c {
            '"' if cell.is_empty() && !quoted => {
                (quoted, inside, any) = (true, true, true);
            }
            c if c == delimiter => {
                row.push(std::mem::take(&mut cell));
                (quoted, any) = (false, true);
            }
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' => {
                if any || !cell.is_empty() {
                    row.push(std::mem::take(&mut cell));
                    end_row(&mut rows, &mut row)?;
                }
                (quoted, any) = (false, false);
            }
            c => {
                // Text after a closing quote is kept, as spreadsheets keep it.
                cell.push(c);
                any = true;
            }
        }
    }
    if inside {
        return Err(TableError::new(
            at(&rows, &row),
            "a quoted cell that is never closed: a `\"` is missing",
        ));
    }
    if cell.len() > MAX_CELL {
        return Err(cell_too_long(at(&rows, &row)));
    }
    if any || !cell.is_empty() {
        row.push(cell);
        end_row(&mut rows, &mut row)?;
    }
    Ok(Table {
        sheet: None,
        rows,
        prefixes: Vec::new(),
    })
}

/// Ends the record `row`: kept without its trailing empty cells.
fn end_row(rows: &mut Vec<Vec<String>>, row: &mut Vec<String>) -> Result<(), TableError> {
    if rows.len() >= MAX_ROWS {
        return Err(too_many_rows(Table::default().cell(0, rows.len() + 1)));
    }
    while row.last().is_some_and(String::is_empty) {
        row.pop();
    }
    rows.push(std::mem::take(row));
    Ok(())
}

/// Writes `rows`, cells separated by `delimiter`.
pub(super) fn write(
    rows: &[Vec<String>],
    delimiter: char,
    w: impl Write,
) -> Result<(), ExportError> {
    let mut out = BufWriter::with_capacity(1 << 16, w);
    let mut buf = String::new();
    for row in rows {
        buf.clear();
        for (k, cell) in row.iter().enumerate() {
            if k > 0 {
                buf.push(delimiter);
            }
            let quote = cell.contains([delimiter, '"', '\n', '\r']);
            if quote {
                buf.push('"');
                buf.push_str(&cell.replace('"', "\"\""));
                buf.push('"');
            } else {
                buf.push_str(cell);
            }
        }
        buf.push('\n');
        out.write_all(buf.as_bytes())?;
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(text: &str, delimiter: char) -> Vec<Vec<String>> {
        read(text, delimiter).unwrap().rows
    }

    #[test]
    fn quoted_cells_hold_delimiters_quotes_and_line_breaks() {
        let text = "a,b,c\r\n\"x,1\",\"say \"\"hi\"\"\",\"two\nlines\"\n\n1,,\n";
        assert_eq!(
            rows(text, ','),
            [
                vec!["a", "b", "c"],
                vec!["x,1", "say \"hi\"", "two\nlines"],
                vec!["1"]
            ]
        );
        let mut out = Vec::new();
        let table = rows(text, ',');
        write(&table, ',', &mut out).unwrap();
        assert_eq!(rows(std::str::from_utf8(&out).unwrap(), ','), table);
    }

    #[test]
    fn the_delimiter_is_told_from_the_header() {
        assert_eq!(sniff("slug;prefLabel@de;\"a,b\"\n"), ';');
        assert_eq!(sniff("slug,prefLabel@en\na;b;c;d\n"), ',');
    }

    #[test]
    fn an_unclosed_quote_and_a_long_cell_are_refused_at_their_cell() {
        let err = read("a,b\n1,\"2\n", ',').unwrap_err();
        assert_eq!(err.at, "B2");
        let long = format!("a,b\n1,{}\n", "x".repeat(MAX_CELL + 2));
        let err = read(&long, ',').unwrap_err();
        assert_eq!(err.at, "B2");
        assert!(err.message.contains("MiB"), "{}", err.message);
    }
}
