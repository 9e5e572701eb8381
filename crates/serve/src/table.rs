//! The answer as aligned columns, for a person at a terminal.
//!
//! IRIs are shortened with the glossary's prefixes (`term:roce-v2`), literals show their text
//! only, long or multi-line values are cut to one line of at most [`MAX_WIDTH`] characters.
//! This loses information on purpose: programs get CSV, TSV, JSON or XML instead.

use std::io::{self, Write};

use oxigraph::model::{NamedOrBlankNode, Term};

use super::Answer;

/// The widest a cell may be, in characters.
pub const MAX_WIDTH: usize = 60;

/// Writes `answer` as a table.
pub fn write(answer: &Answer, prefixes: &[(&str, String)], mut w: impl Write) -> io::Result<()> {
    let (header, rows): (Vec<String>, Vec<Vec<String>>) = match answer {
        Answer::Boolean(b) => return writeln!(w, "{b}"),
        Answer::Solutions(s) => (
            s.variables.iter().map(|v| v.as_str().to_owned()).collect(),
            s.rows
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|t| t.as_ref().map_or(String::new(), |t| cell(t, prefixes)))
                        .collect()
                })
                .collect(),
        ),
        Answer::Graph(triples) => (
            vec!["subject".into(), "predicate".into(), "object".into()],
            triples
                .iter()
                .map(|t| {
                    let subject = match &t.subject {
                        NamedOrBlankNode::NamedNode(n) => Term::from(n.clone()),
                        NamedOrBlankNode::BlankNode(b) => Term::from(b.clone()),
                        #[allow(unreachable_patterns)]
                        other => Term::from(oxigraph::model::Literal::from(other.to_string())),
                    };
                    vec![
                        cell(&subject, prefixes),
                        cell(&t.predicate.clone().into(), prefixes),
                        cell(&t.object, prefixes),
                    ]
                })
                .collect(),
        ),
    };
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in &rows {
        for (width, value) in widths.iter_mut().zip(row) {
            *width = (*width).max(value.chars().count());
        }
    }
    let line = |w: &mut dyn Write, cells: &[String]| -> io::Result<()> {
        let mut text = String::new();
        for (i, (value, width)) in cells.iter().zip(&widths).enumerate() {
            if i > 0 {
                text.push_str("  ");
            }
            text.push_str(value);
            if i + 1 < cells.len() {
                text.extend(std::iter::repeat_n(' ', width - value.chars().count()));
            }
        }
        writeln!(w, "{}", text.trim_end())
    };
    line(&mut w, &header)?;
    let rules: Vec<String> = widths.iter().map(|n| "─".repeat(*n)).collect();
    line(&mut w, &rules)?;
    for row in &rows {
        line(&mut w, row)?;
    }
    let n = rows.len();
    writeln!(w, "({n} {})", if n == 1 { "row" } else { "rows" })
}

/// One value, shortened for a table cell.
fn cell(term: &Term, prefixes: &[(&str, String)]) -> String {
    let text = match term {
        Term::NamedNode(n) => shorten(n.as_str(), prefixes),
        Term::BlankNode(b) => format!("_:{}", b.as_str()),
        Term::Literal(l) => l.value().to_owned(),
        #[allow(unreachable_patterns)]
        other => other.to_string(),
    };
    let long = text.chars().count() > MAX_WIDTH;
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if long && count == MAX_WIDTH - 1 {
            out.push('…');
            return out;
        }
        match c {
            '\n' | '\r' => out.push('⏎'),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// `prefix:local` when a namespace matches, else `<iri>`.
fn shorten(iri: &str, prefixes: &[(&str, String)]) -> String {
    prefixes
        .iter()
        .filter(|(_, ns)| iri.starts_with(ns.as_str()) && iri.len() > ns.len())
        .max_by_key(|(_, ns)| ns.len())
        .map_or_else(
            || format!("<{iri}>"),
            |(name, ns)| format!("{name}:{}", &iri[ns.len()..]),
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solutions;
    use oxigraph::model::{Literal, NamedNode, Variable};

    #[test]
    fn columns_line_up_and_iris_are_shortened() {
        let prefixes = [("term", "https://g.example/term/".to_owned())];
        let answer = Answer::Solutions(Solutions {
            variables: vec![
                Variable::new_unchecked("t"),
                Variable::new_unchecked("label"),
            ],
            rows: vec![
                vec![
                    Some(NamedNode::new_unchecked("https://g.example/term/roce-v2").into()),
                    Some(Literal::new_language_tagged_literal_unchecked("RoCE v2", "en").into()),
                ],
                vec![
                    Some(NamedNode::new_unchecked("https://other.example/x").into()),
                    Some(Literal::from("two\nlines").into()),
                ],
                vec![None, Some(Literal::from("x".repeat(100)).into())],
            ],
        });
        let mut out = Vec::new();
        write(&answer, &prefixes, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let long = format!("{}…", "x".repeat(59));
        let expected = [
            format!("t{}label", " ".repeat(26)),
            format!("{}  {}", "─".repeat(25), "─".repeat(60)),
            format!("term:roce-v2{}RoCE v2", " ".repeat(15)),
            "<https://other.example/x>  two⏎lines".to_owned(),
            format!("{}{long}", " ".repeat(27)),
            "(3 rows)".to_owned(),
        ];
        assert_eq!(text.lines().collect::<Vec<_>>(), expected);
    }
}
