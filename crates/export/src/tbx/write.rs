//! The TBX writer: the header, then one concept entry per card in slug order, streamed
//! through quick-xml, indented by two spaces, every text escaped by `crate::xml` (so that a
//! carriage return or a tab comes back as it was, and a character XML cannot carry stops
//! the writer naming the term).

use std::io::{BufWriter, Write};

use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::Writer;

use super::{status, Names, Version, ACCESSED, ID_PREFIX, NAMESPACE_V3, SOURCE};
use crate::card::skos::is_iri;
use crate::card::Cite;
use crate::config::Config;
use crate::graph::UNKNOWN;
use crate::output::{self, ExportError};
use crate::xml::{escape_runs, origin, Muted, Origin, ATTR, TEXT};
use crate::Glossary;

/// Writes `glossary` as TBX-Basic in `version` to `w`, the entries a chunk at a time on every
/// core ([`output::write_chunks`]), in order.
///
/// # Errors
/// Those of `w`, and a text holding a character XML 1.0 cannot carry.
pub fn write(
    glossary: &Glossary,
    config: &Config,
    version: Version,
    w: impl Write + Send,
) -> Result<(), ExportError> {
    write_in_chunks(glossary, config, version, w, ENTRIES_PER_CHUNK)
}

/// Entries rendered together: a few hundred kilobytes of TBX, small beside the glossary.
const ENTRIES_PER_CHUNK: usize = 256;

fn write_in_chunks(
    glossary: &Glossary,
    config: &Config,
    version: Version,
    w: impl Write + Send,
    per_chunk: usize,
) -> Result<(), ExportError> {
    let names = version.names();
    let mut head = Tbx::new(BufWriter::with_capacity(1 << 16, w), names);
    head.head(config, version)?;
    let mut w = head.xml.into_inner();
    // Where the entries stand: every chunk is rendered with the indentation of that place.
    let body = [names.root, "text", "body"];
    let (cards, map) = (glossary.cards(), glossary.map());
    output::write_chunks(&mut w, cards.len(), per_chunk, |range, buf| {
        let mut out = Tbx::inside(buf, names, &body);
        for i in range {
            output::warm_ahead(glossary, i);
            out.entry(glossary, config, i, &map.topic_of(i).name)?;
        }
        Ok(())
    })?;
    let mut tail = Vec::new();
    let mut out = Tbx::inside(&mut tail, names, &body);
    out.end("body")?;
    out.end("text")?;
    out.end(names.root)?;
    tail.push(b'\n');
    w.write_all(&tail)?;
    w.flush()?;
    Ok(())
}

struct Tbx<W: Write> {
    xml: Writer<W>,
    names: Names,
    /// Scratch space for start tags and for escaped text, kept from element to element.
    tag: String,
    text: String,
}

impl<W: Write> Tbx<W> {
    fn new(w: W, names: Names) -> Self {
        Self {
            xml: Writer::new_with_indent(w, b' ', 2),
            names,
            tag: String::new(),
            text: String::new(),
        }
    }
}

impl<'a> Tbx<Muted<'a>> {
    /// A writer appending to `out` as if it stood inside the elements `path`, just opened.
    fn inside(out: &'a mut Vec<u8>, names: Names, path: &[&str]) -> Self {
        let mut this = Tbx::new(Muted::closed(out), names);
        this.xml = crate::xml::inside(this.xml, path);
        this
    }
}

/// The place of the glossary's own texts, in errors.
const GLOSSARY: Origin<'static> = Origin {
    slug: "(glossary)",
    field: "title",
};

impl<W: Write> Tbx<W> {
    /// The declaration, the root with the main language, the header and the opening of the
    /// body.
    fn head(&mut self, config: &Config, version: Version) -> Result<(), ExportError> {
        self.xml
            .write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
        let lang = config.language.as_str();
        let mut root: Vec<(&str, &str)> = vec![("type", "TBX-Basic")];
        if version == Version::V3 {
            root.extend([
                ("style", "dca"),
                ("xml:lang", lang),
                ("xmlns", NAMESPACE_V3),
            ]);
        } else {
            root.push(("xml:lang", lang));
        }
        self.start(self.names.root, &root, GLOSSARY)?;
        self.start(self.names.header, &[], GLOSSARY)?;
        self.start("fileDesc", &[], GLOSSARY)?;
        self.start("titleStmt", &[], GLOSSARY)?;
        self.element("title", &[], &config.title, GLOSSARY)?;
        self.end("titleStmt")?;
        self.start("sourceDesc", &[], GLOSSARY)?;
        let source = format!("{SOURCE}{}", config.base);
        self.element("p", &[], &source, GLOSSARY)?;
        self.end("sourceDesc")?;
        self.end("fileDesc")?;
        self.end(self.names.header)?;
        self.start("text", &[], GLOSSARY)?;
        self.start("body", &[], GLOSSARY)?;
        Ok(())
    }

    /// The concept entry of card `i`, in the topic named `topic`.
    fn entry(
        &mut self,
        glossary: &Glossary,
        config: &Config,
        i: usize,
        topic: &str,
    ) -> Result<(), ExportError> {
        let card = &glossary.cards()[i];
        let slug = card.slug();
        let id = format!("{ID_PREFIX}{slug}");
        self.start(self.names.entry, &[("id", &id)], origin(slug, "slug"))?;
        let at = origin(slug, "topic");
        self.element("descrip", &[("type", "subjectField")], topic, at)?;
        let related = card.related().iter().zip(glossary.link_targets(0, i));
        for (target, &to) in related {
            self.cross_reference(glossary, target, to, origin(slug, "related"))?;
        }
        let deprecated = card.status() == Some("deprecated");
        let superseded = !card.superseded_by().is_empty();
        let (first, rest) = match (deprecated, superseded) {
            (true, _) => (status::DEPRECATED, status::DEPRECATED),
            (false, true) => (status::SUPERSEDED, status::SUPERSEDED),
            (false, false) => (status::PREFERRED, status::ADMITTED),
        };
        // The main language: the card's own fields.
        self.start(self.names.language, &[("xml:lang", &config.language)], at)?;
        self.element(
            "descrip",
            &[("type", "definition")],
            card.definition(),
            origin(slug, "definition"),
        )?;
        self.element("note", &[], card.note(), origin(slug, "note"))?;
        for cite in card.citations().iter() {
            self.citation(cite, origin(slug, "citations"))?;
        }
        let labels = std::iter::once(card.term()).chain(card.aliases().iter());
        for (n, label) in labels.enumerate() {
            let status = if n == 0 { first } else { rest };
            self.term(label, status, origin(slug, "term"))?;
            let by = card.superseded_by().iter().zip(glossary.link_targets(2, i));
            for (target, &to) in by {
                self.cross_reference(glossary, target, to, origin(slug, "supersededBy"))?;
            }
            self.end(self.names.term)?;
        }
        self.end(self.names.language)?;
        // The other languages, by tag; a language with no label has no section (TBX wants a
        // term in each), and its definition is left out.
        for (tag, language) in &card.skos().languages {
            let labels: Vec<&str> = language
                .term
                .iter()
                .chain(&language.aliases)
                .map(String::as_str)
                .collect();
            if labels.is_empty() || tag.is_empty() {
                continue;
            }
            let at = origin(slug, "languages");
            self.start(self.names.language, &[("xml:lang", tag)], at)?;
            let definition = language.definition.as_deref().unwrap_or_default();
            self.element("descrip", &[("type", "definition")], definition, at)?;
            for (n, label) in labels.into_iter().enumerate() {
                let preferred = n == 0 && language.term.is_some();
                let status = match (deprecated, superseded, preferred) {
                    (false, false, true) => status::PREFERRED,
                    (false, false, false) => status::ADMITTED,
                    _ if n == 0 => first,
                    _ => rest,
                };
                self.term(label, status, at)?;
                self.end(self.names.term)?;
            }
            self.end(self.names.language)?;
        }
        self.end(self.names.entry)
    }

    /// A citation: its title as the `source`, its URL an external cross-reference whose
    /// text is the id the note's markers name, the day it was read a note.
    fn citation(&mut self, cite: Cite, at: Origin) -> Result<(), ExportError> {
        self.start("adminGrp", &[], at)?;
        self.element("admin", &[("type", "source")], cite.title, at)?;
        let attributes = [("type", "externalCrossReference"), ("target", cite.url)];
        self.element("xref", &attributes, cite.id, at)?;
        if let Some(date) = cite.accessed {
            self.element("note", &[], &format!("{ACCESSED}{date}"), at)?;
        }
        self.end("adminGrp")
    }

    /// Opens a term section with its term and administrative status.
    fn term(&mut self, label: &str, status: &str, at: Origin) -> Result<(), ExportError> {
        self.start(self.names.term, &[], at)?;
        self.element("term", &[], label, at)?;
        self.element("termNote", &[("type", "administrativeStatus")], status, at)
    }

    /// A cross-reference to the term `target` names (card `to`, as
    /// [`Glossary::link_targets`] resolved it): `ref` to its entry, or `xref` to an IRI
    /// outside the glossary.
    fn cross_reference(
        &mut self,
        glossary: &Glossary,
        target: &str,
        to: u32,
        at: Origin,
    ) -> Result<(), ExportError> {
        let card = (to != UNKNOWN).then(|| &glossary.cards()[to as usize]);
        match card {
            Some(card) if !is_iri(target) => {
                let id = format!("{ID_PREFIX}{target}");
                let attributes = [("type", "crossReference"), ("target", id.as_str())];
                self.element("ref", &attributes, card.term(), at)
            }
            _ => {
                let attributes = [("type", "externalCrossReference"), ("target", target)];
                self.element("xref", &attributes, target, at)
            }
        }
    }

    /// `<name …>text</name>`; nothing when `text` is empty.
    fn element(
        &mut self,
        name: &str,
        attributes: &[(&str, &str)],
        text: &str,
        at: Origin,
    ) -> Result<(), ExportError> {
        if text.is_empty() {
            return Ok(());
        }
        self.start(name, attributes, at)?;
        let mut escaped = std::mem::take(&mut self.text);
        escaped.clear();
        escape_runs(text, at, &TEXT, |run| {
            escaped.push_str(run);
            Ok(())
        })?;
        let written = self
            .xml
            .write_event(Event::Text(BytesText::from_escaped(escaped.as_str())));
        self.text = escaped;
        written?;
        self.end(name)
    }

    /// A start tag, its attribute values escaped.
    fn start(
        &mut self,
        name: &str,
        attributes: &[(&str, &str)],
        at: Origin,
    ) -> Result<(), ExportError> {
        let mut tag = std::mem::take(&mut self.tag);
        tag.clear();
        tag.push_str(name);
        for (key, value) in attributes {
            tag.push(' ');
            tag.push_str(key);
            tag.push_str("=\"");
            escape_runs(value, at, &ATTR, |run| {
                tag.push_str(run);
                Ok(())
            })?;
            tag.push('"');
        }
        let written = self.xml.write_event(Event::Start(BytesStart::from_content(
            tag.as_str(),
            name.len(),
        )));
        self.tag = tag;
        written?;
        Ok(())
    }

    fn end(&mut self, name: &str) -> Result<(), ExportError> {
        self.xml.write_event(Event::End(BytesEnd::new(name)))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glossgraph_core::generate::{Generator, Params};

    #[test]
    fn chunks_of_any_size_write_the_same_bytes() {
        let generator = Generator::new(Params::new(40)).unwrap();
        let mut drafts: Vec<_> = generator.cards().collect();
        // A card with a second language, so that every kind of section is in the chunks.
        drafts[3].skos.languages.insert(
            "de".to_owned(),
            crate::card::skos::Language {
                term: Some("Begriff".to_owned()),
                definition: Some("Ein <Satz> & mehr.".to_owned()),
                ..Default::default()
            },
        );
        let glossary = Glossary::new(drafts.into_iter().map(Into::into).collect());
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        for version in [Version::V3, Version::V2] {
            let write = |per_chunk| {
                let mut out = Vec::new();
                pool.install(|| {
                    write_in_chunks(&glossary, &Config::default(), version, &mut out, per_chunk)
                })
                .unwrap();
                String::from_utf8(out).unwrap()
            };
            let whole = write(usize::MAX);
            assert_eq!(
                whole
                    .matches(&format!("<{} id=", version.names().entry))
                    .count(),
                40
            );
            assert!(whole.contains("Begriff"), "{whole}");
            assert!(whole.ends_with(&format!(
                "</body>\n  </text>\n</{}>\n",
                version.names().root
            )));
            for per_chunk in [1, 2, 7] {
                assert_eq!(
                    write(per_chunk),
                    whole,
                    "{version:?}, {per_chunk} per chunk"
                );
            }
        }
    }
}
