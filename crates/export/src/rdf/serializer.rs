//! One of Oxigraph's serializers set up the way glossgraph writes each RDF format
//! ([`Writer`]), and the byte buffers they write into; [`super::write`] decides what the
//! quads are.

use std::io::{self, Write};

use oxigraph::io::{RdfFormat, RdfSerializer, WriterQuadSerializer};
use oxigraph::model::{QuadRef, TripleRef};

use crate::output::ExportError;
use crate::rdf::lines::LineSerializer;

/// A chunk's bytes, as a serializer writes them.
///
/// Oxigraph's serializers write a literal a character at a time, each character a
/// `write_all` of one to four bytes. Into a plain `Vec` each of those is a call to `memmove`:
/// 11% of the samples of a Turtle export of 100k terms. Short writes are pushed a byte at a
/// time instead.
#[derive(Default)]
pub(super) struct Bytes(pub(super) Vec<u8>);

impl Write for Bytes {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    #[inline]
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        if buf.len() <= 4 {
            for &b in buf {
                self.0.push(b);
            }
        } else {
            self.0.extend_from_slice(buf);
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A [`BufWriter`] that fills its buffer the way [`Bytes`] does, for the formats written by
/// one serializer from start to end (RDF/XML, JSON-LD).
pub(super) struct Buffered<W: Write> {
    bytes: Bytes,
    inner: W,
}

impl<W: Write> Buffered<W> {
    const CAPACITY: usize = 1 << 16;

    pub(super) fn new(inner: W) -> Self {
        Self {
            bytes: Bytes(Vec::with_capacity(Self::CAPACITY)),
            inner,
        }
    }

    fn spill(&mut self) -> io::Result<()> {
        self.inner.write_all(&self.bytes.0)?;
        self.bytes.0.clear();
        Ok(())
    }
}

impl<W: Write> Write for Buffered<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    #[inline]
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.bytes.write_all(buf)?;
        if self.bytes.0.len() >= Self::CAPACITY {
            self.spill()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.spill()?;
        self.inner.flush()
    }
}

/// One of Oxigraph's serializers, set up the way glossgraph writes each format; for N-Triples
/// and N-Quads, [`crate::rdf::lines`], which writes the bytes Oxigraph's would, faster.
///
/// Turtle, TriG and RDF/XML declare the prefixes given (Turtle and TriG write IRIs that no
/// prefix covers, and those containing `#` after a prefix, in full). JSON-LD gets an inline
/// `@context` declaring the same prefixes, so a reader never has to fetch a remote context;
/// its IRIs are written in full (no `@base`: relative references such as `//host/path` for
/// citation URLs would be correct but hard to read and easy to mishandle). The triple formats (Turtle, N-Triples, RDF/XML) drop graph
/// names; TriG, N-Quads and JSON-LD keep them.
pub struct Writer<W: Write> {
    inner: Inner<W>,
    dataset: bool,
    count: u64,
}

enum Inner<W: Write> {
    /// N-Triples and N-Quads: the same bytes as Oxigraph's serializers (see
    /// [`crate::rdf::lines`]).
    Lines(LineSerializer<W>),
    Rdf(WriterQuadSerializer<W>),
    RdfXml(WriterQuadSerializer<XmlCarriageReturns<W>>),
    // Oxigraph's format-independent serializer drops the prefixes of JSON-LD.
    JsonLd(oxjsonld::WriterJsonLdSerializer<W>),
}

impl<W: Write> Writer<W> {
    /// A writer of `format` into `w`, declaring `prefixes` as (name, namespace).
    ///
    /// # Errors
    /// A namespace that is not an IRI (impossible with a checked [`Config`]'s base).
    pub fn new(format: RdfFormat, prefixes: &[(&str, String)], w: W) -> Result<Self, ExportError> {
        let bad = |e: oxigraph::model::IriParseError| ExportError::Unwritable(e.to_string());
        let inner = if matches!(format, RdfFormat::JsonLd { .. }) {
            let mut s = oxjsonld::JsonLdSerializer::new();
            for (name, namespace) in prefixes {
                s = s.with_prefix(*name, namespace.as_str()).map_err(bad)?;
            }
            Inner::JsonLd(s.for_writer(w))
        } else {
            let mut s = RdfSerializer::from_format(format);
            for (name, namespace) in prefixes {
                s = s.with_prefix(*name, namespace.as_str()).map_err(bad)?;
            }
            if matches!(format, RdfFormat::NTriples | RdfFormat::NQuads) {
                // No prefixes in these formats: Oxigraph's serializers ignore them too.
                Inner::Lines(LineSerializer::new(w, format == RdfFormat::NQuads))
            } else if format == RdfFormat::RdfXml {
                Inner::RdfXml(s.for_writer(XmlCarriageReturns(w)))
            } else {
                Inner::Rdf(s.for_writer(w))
            }
        };
        Ok(Self {
            inner,
            dataset: format.supports_datasets(),
            count: 0,
        })
    }

    /// Writes one quad (its triple, in a triple format).
    ///
    /// # Errors
    /// Those of the underlying writer.
    pub fn quad(&mut self, quad: QuadRef<'_>) -> io::Result<()> {
        self.count += 1;
        match &mut self.inner {
            Inner::Lines(s) => s.quad(quad),
            Inner::JsonLd(s) => s.serialize_quad(quad),
            Inner::Rdf(s) if self.dataset => s.serialize_quad(quad),
            Inner::Rdf(s) => s.serialize_triple(TripleRef::from(quad)),
            Inner::RdfXml(s) => s.serialize_triple(TripleRef::from(quad)),
        }
    }

    /// Ends the document; returns the writer and the number of quads written.
    ///
    /// # Errors
    /// Those of the underlying writer.
    pub fn finish(self) -> io::Result<(W, u64)> {
        let w = match self.inner {
            Inner::Lines(s) => s.finish()?,
            Inner::JsonLd(s) => s.finish()?,
            Inner::Rdf(s) => s.finish()?,
            Inner::RdfXml(s) => s.finish()?.0,
        };
        Ok((w, self.count))
    }
}

/// Writes every carriage return as the character reference `&#13;`.
///
/// XML parsers turn a literal CR (or CR LF) in text into LF, so a CR in a label would not
/// survive a trip through RDF/XML; Oxigraph's RDF/XML writer leaves it raw. The writer itself
/// never emits CR (it indents with LF and tabs), and IRIs cannot hold one, so every CR in its
/// output comes from a literal's text, where the reference means the same character.
struct XmlCarriageReturns<W>(W);

impl<W: Write> Write for XmlCarriageReturns<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut rest = buf;
        while let Some(i) = rest.iter().position(|&b| b == b'\r') {
            self.0.write_all(&rest[..i])?;
            self.0.write_all(b"&#13;")?;
            rest = &rest[i + 1..];
        }
        self.0.write_all(rest)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}
