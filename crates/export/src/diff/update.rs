//! `diff --format sparql-update`: the SPARQL 1.1 Update that turns a store holding the old
//! glossary's quads (as `export` writes them to N-Quads or TriG, or `serve` holds them) into
//! one holding the new glossary's.
//!
//! It compares RDF, not cards: a card's graph also depends on its neighbours (a `related` link
//! is written on both terms, a link to a term that is gone is dropped, the scheme's
//! `dcterms:modified` is the latest `updated` of any card), so each named graph of the two
//! exports is computed ([`crate::rdf::write::graphs`]) and compared as a set. A graph that
//! differs gets a `DELETE DATA` of the quads only the old one has and an `INSERT DATA` of the
//! quads only the new one has; a graph that is the same gets nothing. The two glossaries are
//! walked side by side in slug order, one graph of each in memory at a time.
//!
//! The mapping writes no blank nodes, so every quad can go in `DELETE DATA` as it is.

use std::collections::HashSet;
use std::io::{self, Write};

use oxigraph::model::Quad;

use crate::config::Config;
use crate::rdf::write::graphs;
use crate::Glossary;

/// What [`write`] wrote.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Written {
    /// Named graphs that differ.
    pub graphs: usize,
    /// Quads deleted and inserted.
    pub deleted: usize,
    pub inserted: usize,
}

/// Writes the update that turns `old` into `new` (each with its configuration: a changed base
/// IRI changes every graph). Operations are separated by ` ;`; nothing but a comment when the
/// two are the same.
///
/// # Errors
/// Those of `w`.
pub fn write(
    old: (&Glossary, &Config),
    new: (&Glossary, &Config),
    mut w: impl Write,
) -> io::Result<Written> {
    let mut written = Written::default();
    writeln!(
        w,
        "# glossgraph diff: turns a store holding the old glossary's quads into one holding the new one's"
    )?;
    let mut first = true;
    let mut emit = |w: &mut dyn Write, old: &[Quad], new: &[Quad]| -> io::Result<()> {
        let old_set: HashSet<&Quad> = old.iter().collect();
        let new_set: HashSet<&Quad> = new.iter().collect();
        let mut seen = HashSet::new();
        let deleted: Vec<&Quad> = old
            .iter()
            .filter(|q| !new_set.contains(q) && seen.insert(*q))
            .collect();
        let inserted: Vec<&Quad> = new
            .iter()
            .filter(|q| !old_set.contains(q) && seen.insert(*q))
            .collect();
        if deleted.is_empty() && inserted.is_empty() {
            return Ok(());
        }
        written.graphs += 1;
        written.deleted += deleted.len();
        written.inserted += inserted.len();
        for (verb, quads) in [("DELETE", deleted), ("INSERT", inserted)] {
            let Some(q) = quads.first() else {
                continue;
            };
            if !first {
                writeln!(w, " ;")?;
            }
            first = false;
            writeln!(w, "{verb} DATA {{ GRAPH {} {{", q.graph_name)?;
            for q in quads {
                // A triple prints in N-Triples syntax, which SPARQL reads as it is.
                writeln!(w, "  {} {} {} .", q.subject, q.predicate, q.object)?;
            }
            write!(w, "}} }}")?;
        }
        Ok(())
    };
    let mut a = graphs(old.0, old.1).peekable();
    let mut b = graphs(new.0, new.1).peekable();
    // The scheme graph comes first on both sides.
    if let (Some((_, x)), Some((_, y))) = (a.next(), b.next()) {
        emit(&mut w, &x, &y)?;
    }
    loop {
        let order = match (a.peek(), b.peek()) {
            (None, None) => break,
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (Some((i, _)), Some((j, _))) => {
                let x = i.map(|i| old.0.cards()[i].slug());
                let y = j.map(|j| new.0.cards()[j].slug());
                x.cmp(&y)
            }
        };
        match order {
            std::cmp::Ordering::Less => {
                let (_, x) = a.next().expect("peeked");
                emit(&mut w, &x, &[])?;
            }
            std::cmp::Ordering::Greater => {
                let (_, y) = b.next().expect("peeked");
                emit(&mut w, &[], &y)?;
            }
            std::cmp::Ordering::Equal => {
                let (_, x) = a.next().expect("peeked");
                let (_, y) = b.next().expect("peeked");
                emit(&mut w, &x, &y)?;
            }
        }
    }
    if !first {
        writeln!(w)?;
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::glossary_of as glossary;

    #[test]
    fn the_same_glossary_needs_no_update_and_a_change_parses() {
        let config = Config::default();
        let old = glossary(
            "{\"slug\": \"a\", \"term\": \"A\", \"definition\": \"d\", \"related\": [\"b\"]}\n{\"slug\": \"b\", \"term\": \"B\", \"definition\": \"d\"}",
        );
        let new = glossary(
            "{\"slug\": \"a\", \"term\": \"A \\\"quoted\\\"\\n\", \"definition\": \"d\"}\n{\"slug\": \"c\", \"term\": \"C\", \"definition\": \"d\"}",
        );
        let mut out = Vec::new();
        let same = write((&old, &config), (&old, &config), &mut out).unwrap();
        assert_eq!(same, Written::default());
        let mut out = Vec::new();
        let written = write((&old, &config), (&new, &config), &mut out).unwrap();
        // a changed, b gone, c new.
        assert_eq!(written.graphs, 3, "{}", String::from_utf8_lossy(&out));
        let text = String::from_utf8(out).unwrap();
        let parsed = spargebra::SparqlParser::new().parse_update(&text);
        assert!(parsed.is_ok(), "{parsed:?}\n{text}");
    }
}
