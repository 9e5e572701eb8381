//! The resources a card owns besides its concept, each an IRI-named subject in the card's
//! graph: the paragraphs of its note that cite a source (numbered among all the note's
//! paragraphs, so that a paragraph's IRI does not move when another starts citing), its
//! citations, and its provenance statements.

use std::io;

use oxigraph::model::{GraphNameRef, LiteralRef, NamedNodeRef};

use super::mapping::{date_literal, Mapping, Sink, Subject};
use crate::card::rules::markers;
use crate::card::Cite;
use crate::rdf::vocab::{dcterms, rdf, rdfs, schema, xsd, Part};

/// The paragraphs of a note: the text between blank lines (lines of only spaces, tabs or a
/// carriage return count as blank), without the line breaks around them.
pub fn paragraphs(note: &str) -> impl Iterator<Item = &str> {
    let mut rest = note;
    std::iter::from_fn(move || loop {
        if rest.is_empty() {
            return None;
        }
        let (paragraph, after) = split_paragraph(rest);
        rest = after;
        let paragraph = paragraph.trim_matches(['\n', '\r']);
        if !paragraph.trim().is_empty() {
            return Some(paragraph);
        }
    })
}

/// Splits `text` at its first blank line: (before it, after it).
fn split_paragraph(text: &str) -> (&str, &str) {
    let mut search = 0;
    while let Some(i) = text[search..].find('\n') {
        let line_start = search + i + 1;
        let line_end = text[line_start..]
            .find('\n')
            .map_or(text.len(), |j| line_start + j);
        let line = &text[line_start..line_end];
        if line_end < text.len() && line.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\r')) {
            return (&text[..search + i], &text[line_end + 1..]);
        }
        search = line_start;
    }
    (text, "")
}

impl Mapping<'_> {
    /// The note's cited paragraphs, numbered among all its paragraphs, each with the
    /// citations it cites.
    pub(super) fn paragraphs(
        &self,
        note: &str,
        slug: &str,
        concept: NamedNodeRef<'_>,
        graph: GraphNameRef<'_>,
        citations: &[Cite<'_>],
        out: &mut impl Sink,
    ) -> io::Result<()> {
        let iris = &self.iris;
        let gx = iris.gx();
        let (mut subject, mut iri) = (String::new(), String::new());
        // Markers are found in the whole note (a code block or a link definition may lie
        // across paragraphs), then given to the paragraph they are in.
        let found = markers(note);
        for (n, paragraph) in paragraphs(note).enumerate() {
            let start = paragraph.as_ptr() as usize - note.as_ptr() as usize;
            let mut cited: Vec<&str> = found
                .iter()
                .filter(|m| (start..start + paragraph.len()).contains(&m.at))
                .map(|m| m.id)
                .filter(|id| citations.iter().any(|c| c.id == *id))
                .collect();
            if cited.is_empty() {
                continue;
            }
            cited.sort_unstable();
            cited.dedup();
            let mut s = self.part(&mut subject, slug, Part::Paragraph(n + 1), graph, out);
            s.put(rdf::TYPE, gx.note_paragraph)?;
            s.put(gx.paragraph_of, concept)?;
            s.put(rdf::VALUE, self.text(paragraph))?;
            for id in cited {
                iri.clear();
                iris.push_part(&mut iri, slug, Part::Citation(id));
                s.put(dcterms::REFERENCES, NamedNodeRef::new_unchecked(&iri))?;
            }
        }

        Ok(())
    }

    /// The citation resources of term `slug`.
    pub(super) fn citations(
        &self,
        slug: &str,
        graph: GraphNameRef<'_>,
        citations: &[Cite<'_>],
        out: &mut impl Sink,
    ) -> io::Result<()> {
        let (mut subject, mut date) = (String::new(), String::new());
        for c in citations {
            let mut s = self.part(&mut subject, slug, Part::Citation(c.id), graph, out);
            s.put(rdf::TYPE, dcterms::BIBLIOGRAPHIC_RESOURCE)?;
            s.put(dcterms::IDENTIFIER, LiteralRef::new_simple_literal(c.id))?;
            s.put(dcterms::TITLE, LiteralRef::new_simple_literal(c.title))?;
            match NamedNodeRef::new(c.url) {
                Ok(url) => s.put(schema::URL, url)?,
                // Only in an unchecked glossary: the checker refuses such URLs.
                Err(_) => s.put(
                    schema::URL,
                    LiteralRef::new_typed_literal(c.url, xsd::ANY_URI),
                )?,
            }
            if let Some(d) = c.accessed {
                s.put(self.iris.gx().accessed, date_literal(&mut date, d))?;
            }
        }

        Ok(())
    }

    /// The provenance statements of term `slug`.
    pub(super) fn provenance(
        &self,
        slug: &str,
        graph: GraphNameRef<'_>,
        provenance: &[&str],
        out: &mut impl Sink,
    ) -> io::Result<()> {
        let mut subject = String::new();
        for (n, statement) in provenance.iter().enumerate() {
            let mut s = self.part(&mut subject, slug, Part::Provenance(n + 1), graph, out);
            s.put(rdf::TYPE, dcterms::PROVENANCE_STATEMENT)?;
            s.put(rdfs::LABEL, self.text(statement))?;
        }
        Ok(())
    }

    /// The subject of `part` of term `slug`, in `graph`, its IRI written into `iri`.
    fn part<'s, S: Sink>(
        &self,
        iri: &'s mut String,
        slug: &str,
        part: Part<'_>,
        graph: GraphNameRef<'s>,
        out: &'s mut S,
    ) -> Subject<'s, S> {
        iri.clear();
        self.iris.push_part(iri, slug, part);
        Subject {
            subject: NamedNodeRef::new_unchecked(iri),
            graph,
            out,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_are_split_at_blank_lines() {
        let note = "a [x]\nstill a\n\nb\r\n \r\nc\n\n\n\nd\n";
        assert_eq!(
            paragraphs(note).collect::<Vec<_>>(),
            ["a [x]\nstill a", "b", "c", "d"]
        );
        assert_eq!(paragraphs("").count(), 0);
        assert_eq!(paragraphs("\n\n").count(), 0);
        assert_eq!(paragraphs("one").collect::<Vec<_>>(), ["one"]);
    }
}
