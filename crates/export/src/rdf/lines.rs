//! N-Triples and N-Quads written directly: the bytes of Oxigraph's serializers, without their
//! cost.
//!
//! The line-based formats have one way to write a statement: `<s> <p> o <g> .` and a newline,
//! an IRI as itself between angle brackets, a literal quoted with a handful of escapes.
//! Oxigraph's serializers write it through `core::fmt`, a literal a character at a time, each
//! character a call into the writer: on an N-Triples export of 100k generated terms that
//! formatting was most of the writer's time: the export of N-Triples alone went from 14.94 s
//! to 11.62 s wall and 6.24 to 4.96 CPU-s with this writer (measured when
//! it was written; BENCHMARKS.md, "RDF: N-Triples and Turtle", has today's figures). This writer copies
//! the runs of a literal that need no escape whole, and writes every statement into a buffer
//! of its own before handing the buffer to the output.
//!
//! **Oxigraph stays the reference.** Every rule here is Oxigraph's (`oxrdf`'s
//! `print_quoted_str` and its `Display` of terms, `oxttl`'s line serializers), and the tests
//! hold the two byte for byte: here on every Unicode scalar value in every kind of literal,
//! in `tests/it/rdf.rs` on whole exports of generated glossaries full of hostile text. A term
//! this writer has no fast path for (a blank node, a directional literal, an RDF 1.2 triple
//! term; the mapping makes none) is written by Oxigraph's own `Display`.

use std::io::{self, Write};

use oxigraph::model::vocab::{rdf, xsd};
use oxigraph::model::{GraphNameRef, LiteralRef, NamedOrBlankNodeRef, QuadRef, TermRef};

/// Buffered bytes handed to the output past this size (and at the end).
const SPILL: usize = 1 << 16;

/// A serializer of N-Triples (`graphs` false: graph names are dropped) or N-Quads.
pub(crate) struct LineSerializer<W: Write> {
    out: W,
    graphs: bool,
    buf: Vec<u8>,
}

impl<W: Write> LineSerializer<W> {
    pub(crate) fn new(out: W, graphs: bool) -> Self {
        Self {
            out,
            graphs,
            buf: Vec::with_capacity(SPILL + 4096),
        }
    }

    /// Writes one statement: its triple, and its graph name in N-Quads unless it is the
    /// default graph.
    pub(crate) fn quad(&mut self, quad: QuadRef<'_>) -> io::Result<()> {
        let buf = &mut self.buf;
        match quad.subject {
            NamedOrBlankNodeRef::NamedNode(n) => push_iri(buf, n.as_str()),
            other => write!(buf, "{other}")?,
        }
        buf.push(b' ');
        push_iri(buf, quad.predicate.as_str());
        buf.push(b' ');
        match quad.object {
            TermRef::NamedNode(n) => push_iri(buf, n.as_str()),
            TermRef::Literal(l) => push_literal(buf, l)?,
            other => write!(buf, "{other}")?,
        }
        if self.graphs {
            match quad.graph_name {
                GraphNameRef::DefaultGraph => {}
                GraphNameRef::NamedNode(n) => {
                    buf.push(b' ');
                    push_iri(buf, n.as_str());
                }
                other => write!(buf, " {other}")?,
            }
        }
        buf.extend_from_slice(b" .\n");
        if buf.len() >= SPILL {
            self.out.write_all(buf)?;
            buf.clear();
        }
        Ok(())
    }

    /// Writes what is buffered; returns the output.
    pub(crate) fn finish(mut self) -> io::Result<W> {
        self.out.write_all(&self.buf)?;
        Ok(self.out)
    }
}

/// `<iri>`: Oxigraph writes an IRI as it is.
fn push_iri(buf: &mut Vec<u8>, iri: &str) {
    buf.push(b'<');
    buf.extend_from_slice(iri.as_bytes());
    buf.push(b'>');
}

/// A literal as Oxigraph's `Display` writes it: `"value"`, `"value"@language` or
/// `"value"^^<datatype>`.
fn push_literal(buf: &mut Vec<u8>, literal: LiteralRef<'_>) -> io::Result<()> {
    let datatype = literal.datatype();
    match literal.language() {
        Some(language) if datatype == rdf::LANG_STRING => {
            push_quoted(buf, literal.value());
            buf.push(b'@');
            buf.extend_from_slice(language.as_bytes());
        }
        // A directional language-tagged string (RDF 1.2).
        Some(_) => write!(buf, "{literal}")?,
        None if datatype == xsd::STRING => push_quoted(buf, literal.value()),
        None => {
            push_quoted(buf, literal.value());
            buf.extend_from_slice(b"^^");
            push_iri(buf, datatype.as_str());
        }
    }
    Ok(())
}

/// Whether byte `b` may start something [`push_quoted`] escapes: a control character, a
/// quote, a backslash, DEL, or the lead byte of U+FFFE and U+FFFF.
const fn special(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\' || b == 0x7F || b == 0xEF
}

/// `text` between double quotes, escaped as `oxrdf::print_quoted_str` does: `\b \t \n \f \r
/// \" \\` by name, the other C0 controls, DEL, U+FFFE and U+FFFF as `\uXXXX` (upper-case
/// hex), every other character as itself.
fn push_quoted(buf: &mut Vec<u8>, text: &str) {
    // Whole blocks are screened branch-free first (the compiler vectorises the fold), and
    // copied whole when they hold nothing to escape: the common case, plain text.
    const BLOCK: usize = 16;
    let bytes = text.as_bytes();
    buf.reserve(bytes.len() + 2);
    buf.push(b'"');
    // bytes[copied..at] are plain, not yet copied.
    let (mut copied, mut at) = (0, 0);
    while at < bytes.len() {
        if let Some(block) = bytes.get(at..at + BLOCK) {
            if !block.iter().fold(false, |any, &b| any | special(b)) {
                at += BLOCK;
                continue;
            }
        }
        let end = (at + BLOCK).min(bytes.len());
        while at < end {
            let b = bytes[at];
            if !special(b) {
                at += 1;
                continue;
            }
            let (escape, len): (&[u8], usize) = match b {
                b'\x08' => (b"\\b", 1),
                b'\t' => (b"\\t", 1),
                b'\n' => (b"\\n", 1),
                b'\x0C' => (b"\\f", 1),
                b'\r' => (b"\\r", 1),
                b'"' => (b"\\\"", 1),
                b'\\' => (b"\\\\", 1),
                0xEF => match bytes.get(at + 1..at + 3) {
                    Some([0xBF, 0xBE]) => (b"\\uFFFE", 3),
                    Some([0xBF, 0xBF]) => (b"\\uFFFF", 3),
                    // Any other character starting with 0xEF is written as itself.
                    _ => {
                        at += 1;
                        continue;
                    }
                },
                // The other C0 controls and DEL.
                _ => {
                    buf.extend_from_slice(&bytes[copied..at]);
                    const HEX: &[u8; 16] = b"0123456789ABCDEF";
                    buf.extend_from_slice(b"\\u00");
                    buf.push(HEX[usize::from(b >> 4)]);
                    buf.push(HEX[usize::from(b & 0xF)]);
                    at += 1;
                    copied = at;
                    continue;
                }
            };
            buf.extend_from_slice(&bytes[copied..at]);
            buf.extend_from_slice(escape);
            at += len;
            copied = at;
        }
    }
    buf.extend_from_slice(&bytes[copied..]);
    buf.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxigraph::io::{RdfFormat, RdfSerializer};
    use oxigraph::model::{BlankNodeRef, NamedNodeRef, TripleRef};

    /// The statements' N-Triples or N-Quads as Oxigraph writes them, and as this writer does.
    fn both(quads: &[QuadRef<'_>], graphs: bool) -> (Vec<u8>, Vec<u8>) {
        let format = if graphs {
            RdfFormat::NQuads
        } else {
            RdfFormat::NTriples
        };
        let mut reference = RdfSerializer::from_format(format).for_writer(Vec::new());
        let mut ours = LineSerializer::new(Vec::new(), graphs);
        for &q in quads {
            if graphs {
                reference.serialize_quad(q).unwrap();
            } else {
                reference.serialize_triple(TripleRef::from(q)).unwrap();
            }
            ours.quad(q).unwrap();
        }
        (reference.finish().unwrap(), ours.finish().unwrap())
    }

    /// Every Unicode scalar value, in runs of `per_text` characters, so that each escape lands
    /// at every position of a screened block.
    fn every_character(per_text: usize) -> Vec<String> {
        let all: Vec<char> = (0..=0x10FFFF_u32).filter_map(char::from_u32).collect();
        all.chunks(per_text).map(|c| c.iter().collect()).collect()
    }

    #[test]
    fn every_character_is_written_as_oxigraph_writes_it_in_every_kind_of_literal() {
        let s = NamedNodeRef::new_unchecked("https://example.org/s");
        let p = NamedNodeRef::new_unchecked("https://example.org/p");
        let g = GraphNameRef::NamedNode(NamedNodeRef::new_unchecked("https://example.org/g"));
        let dt = NamedNodeRef::new_unchecked("https://example.org/type");
        for per_text in [7, 4093] {
            let texts = every_character(per_text);
            let mut quads = Vec::new();
            for text in &texts {
                for object in [
                    LiteralRef::new_simple_literal(text),
                    LiteralRef::new_language_tagged_literal_unchecked(text, "en"),
                    LiteralRef::new_typed_literal(text, dt),
                    LiteralRef::new_typed_literal(text, xsd::STRING),
                    LiteralRef::new_typed_literal(text, rdf::LANG_STRING),
                ] {
                    quads.push(QuadRef::new(s, p, object, g));
                }
            }
            for graphs in [false, true] {
                let (reference, ours) = both(&quads, graphs);
                assert!(reference.len() > 4_000_000);
                // Compared line by line first, so that a failure shows the line.
                let pairs = reference
                    .split(|&b| b == b'\n')
                    .zip(ours.split(|&b| b == b'\n'));
                for (n, (a, b)) in pairs.enumerate() {
                    assert!(
                        a == b,
                        "line {}, {per_text} per text:\nOxigraph: {}\nours:     {}",
                        n + 1,
                        String::from_utf8_lossy(a),
                        String::from_utf8_lossy(b)
                    );
                }
                assert!(reference == ours, "{per_text} per text");
            }
        }
    }

    #[test]
    fn escapes_and_term_kinds_match_oxigraph() {
        let texts = [
            "",
            "\"",
            "\\",
            "\u{8}\t\n\u{C}\r",
            "\u{0}\u{1}\u{1F}\u{7F}",
            "\u{FFFD}\u{FFFE}\u{FFFF}\u{FEFF}\u{EFFF}",
            "ends with \u{FFFE}",
            "ï¿ are U+00EF U+00BF, not bytes: \u{FFFD}",
            "\"\"\"triple\"\"\" and ''' and a \\n that is not a newline",
            "😀👩\u{200D}💻 שלום\u{200F} 队列 e\u{301}",
            "\u{2028}\u{2029}\u{85}\u{A0}",
        ];
        let s = NamedNodeRef::new_unchecked("https://example.org/ünï/s?a=b&c#frag");
        let b = BlankNodeRef::new_unchecked("b0");
        let p = NamedNodeRef::new_unchecked("https://example.org/p");
        let mut quads = Vec::new();
        for text in texts {
            for graph in [
                GraphNameRef::DefaultGraph,
                GraphNameRef::NamedNode(p),
                GraphNameRef::BlankNode(b),
            ] {
                quads.push(QuadRef::new(
                    s,
                    p,
                    LiteralRef::new_simple_literal(text),
                    graph,
                ));
                quads.push(QuadRef::new(
                    b,
                    p,
                    LiteralRef::new_simple_literal(text),
                    graph,
                ));
                quads.push(QuadRef::new(s, p, b, graph));
                quads.push(QuadRef::new(s, p, s, graph));
            }
        }
        for graphs in [false, true] {
            let (reference, ours) = both(&quads, graphs);
            assert_eq!(
                String::from_utf8(ours).unwrap(),
                String::from_utf8(reference).unwrap()
            );
        }
    }

    #[test]
    fn long_output_is_handed_on_in_order() {
        let s = NamedNodeRef::new_unchecked("https://example.org/s");
        let texts: Vec<String> = (0..20_000).map(|i| format!("text {i}")).collect();
        let quads: Vec<QuadRef<'_>> = texts
            .iter()
            .map(|t| {
                QuadRef::new(
                    s,
                    s,
                    LiteralRef::new_simple_literal(t),
                    GraphNameRef::DefaultGraph,
                )
            })
            .collect();
        let (reference, ours) = both(&quads, true);
        assert!(ours.len() > 4 * SPILL);
        assert!(reference == ours);
    }
}
