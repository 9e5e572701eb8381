//! Escaping for the XML formats (GraphML, GEXF, the site's sitemap): text and attribute values, by byte class: `&`, `<`, `>` and CR always
//! as references, and in attribute values also `"`, TAB and LF (XML parsers normalise them
//! away otherwise); a character XML 1.0 cannot carry stops the writer with an error naming
//! the term and field. Plain text, the usual case, costs little more than one pass.
//!
//! Written here rather than taken from quick-xml's `escape` module: that escapes the five
//! markup characters only, so a TAB or LF in an attribute value
//! would come back from any XML parser as a space (attribute-value normalisation), and a
//! control character XML 1.0 forbids would be written as it is, making the file unreadable;
//! both cases are in the hostile-text tests of GraphML and GEXF.
//!
//! Also here: [`inside`], which brings a writer to the indentation of a place in a document,
//! so that GraphML and TBX render their elements a chunk at a time on every core.

use std::io::Write;

use quick_xml::events::{BytesStart, Event};
use quick_xml::Writer;

use crate::output::ExportError;

/// Where a text comes from, to name it in an error.
#[derive(Clone, Copy)]
pub(crate) struct Origin<'a> {
    pub slug: &'a str,
    pub field: &'static str,
}

/// The place of `field` of the term `slug`.
pub(crate) fn origin<'a>(slug: &'a str, field: &'static str) -> Origin<'a> {
    Origin { slug, field }
}

/// What a byte needs in element content (`TEXT`) and attribute values (`ATTR`): 0 nothing,
/// 1 a reference, 2 a look at the character (a control XML forbids, or the first byte of
/// U+FFFE/U+FFFF).
const fn byte_classes(attribute: bool) -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = 2;
        b += 1;
    }
    table[b'\r' as usize] = 1;
    table[b'&' as usize] = 1;
    table[b'<' as usize] = 1;
    table[b'>' as usize] = 1;
    table[0xEF] = 2;
    if attribute {
        table[b'"' as usize] = 1;
        table[b'\t' as usize] = 1;
        table[b'\n' as usize] = 1;
    } else {
        table[b'\t' as usize] = 0;
        table[b'\n' as usize] = 0;
    }
    table
}

pub(crate) const TEXT: [u8; 256] = byte_classes(false);
pub(crate) const ATTR: [u8; 256] = byte_classes(true);

/// Escapes `text` by `classes`, handing `emit` the result as runs: stretches of `text` that
/// need nothing, and references. Plain text is one run, `text` itself; blocks of 32 bytes
/// are screened branch-free first, so it costs little more than a pass over the bytes.
pub(crate) fn escape_runs(
    text: &str,
    at: Origin,
    classes: &[u8; 256],
    mut emit: impl FnMut(&str) -> std::io::Result<()>,
) -> Result<(), ExportError> {
    const BLOCK: usize = 32;
    // A superset of what either table marks, without table look-ups, so that the compiler
    // can test many bytes at once.
    let suspect = |bytes: &[u8]| {
        let maybe = |b: u8| {
            (b < 0x20) | (b == b'&') | (b == b'<') | (b == b'>') | (b == b'"') | (b == 0xEF)
        };
        bytes.iter().fold(false, |any, &b| any | maybe(b))
    };
    let bytes = text.as_bytes();
    // Most texts (slugs, terms, list items) need nothing: one pass over them says so.
    if !suspect(bytes) {
        emit(text)?;
        return Ok(());
    }
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        if i % BLOCK == 0 && i + BLOCK <= bytes.len() && !suspect(&bytes[i..i + BLOCK]) {
            i += BLOCK;
            continue;
        }
        let b = bytes[i];
        let reference = match classes[b as usize] {
            0 => {
                i += 1;
                continue;
            }
            1 => match b {
                b'&' => "&amp;",
                b'<' => "&lt;",
                b'>' => "&gt;",
                b'"' => "&quot;",
                b'\t' => "&#9;",
                b'\n' => "&#10;",
                _ => "&#13;",
            },
            _ => {
                let forbidden = if b == 0xEF {
                    bytes.get(i + 1) == Some(&0xBF) && matches!(bytes.get(i + 2), Some(0xBE | 0xBF))
                } else {
                    true
                };
                if !forbidden {
                    i += 1;
                    continue;
                }
                let c = text[i..].chars().next().unwrap_or_default();
                return Err(ExportError::Unwritable(format!(
                    "term `{}`: `{}` holds the character U+{:04X}, which XML 1.0 cannot carry \
                     (`glossgraph check` reports it as invalid-char)",
                    at.slug, at.field, c as u32
                )));
            }
        };
        if copied < i {
            emit(&text[copied..i])?;
        }
        emit(reference)?;
        i += 1;
        copied = i;
    }
    if copied < bytes.len() || bytes.is_empty() {
        emit(&text[copied..])?;
    }
    Ok(())
}

/// A sink that drops what is written until it is opened: lets a writer be brought to the
/// indentation of a place in the document without writing what leads there ([`inside`]).
pub(crate) struct Muted<'a> {
    out: &'a mut Vec<u8>,
    open: bool,
}

impl<'a> Muted<'a> {
    /// A sink appending to `out` once opened.
    pub(crate) fn closed(out: &'a mut Vec<u8>) -> Self {
        Self { out, open: false }
    }
}

impl Write for Muted<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if self.open {
            self.out.extend_from_slice(bytes);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// `xml`, writing to a closed [`Muted`] sink, brought inside the elements `path` as if each
/// had just been opened, then opened: what it writes next is byte for byte what the writer of
/// the whole document writes there. Lets a chunk of elements be rendered on its own
/// ([`crate::output::write_chunks`]) with the indentation of its place.
pub(crate) fn inside<'a>(mut xml: Writer<Muted<'a>>, path: &[&str]) -> Writer<Muted<'a>> {
    for &name in path {
        // Writing to a `Muted` sink cannot fail.
        let _ = xml.write_event(Event::Start(BytesStart::new(name)));
    }
    xml.get_mut().open = true;
    xml
}

/// The escaper of the site's XML templates (`templates/site/*.xml`, named in `askama.toml`):
/// values by [`ATTR`], so that they are safe in element content and in attribute values in
/// double quotes alike, and `'` as `&#39;` too, since the sitemaps protocol asks for all five
/// markup characters to be escaped. A character XML 1.0 cannot carry fails the rendering
/// (none can reach the sitemap, whose values are IRIs and slugs).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Xml;

impl askama::filters::Escaper for Xml {
    fn write_escaped_str<W: std::fmt::Write>(&self, mut dest: W, text: &str) -> std::fmt::Result {
        for (i, piece) in text.split('\'').enumerate() {
            if i > 0 {
                dest.write_str("&#39;")?;
            }
            let broken = |_| std::io::Error::other("the template's output failed");
            escape_runs(piece, origin("", "a site's XML file"), &ATTR, |run| {
                dest.write_str(run).map_err(broken)
            })
            .map_err(|_| std::fmt::Error)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Escapes `text` into `out` (cleared first) by `classes`; returns whether anything needed
    /// escaping (when not, `out` is left empty and `text` can be written as it is).
    fn escape_into(
        text: &str,
        at: Origin,
        classes: &[u8; 256],
        out: &mut String,
    ) -> Result<bool, ExportError> {
        out.clear();
        let mut escaped = false;
        escape_runs(text, at, classes, |run| {
            // Text that needs nothing comes back whole, as `text` itself.
            escaped |= !std::ptr::eq(run, text);
            out.push_str(run);
            Ok(())
        })?;
        if !escaped {
            out.clear();
        }
        Ok(escaped)
    }

    #[test]
    fn escaping_long_texts_matches_escaping_byte_by_byte() {
        let naive = |text: &str, attribute: bool| {
            let mut out = String::new();
            for c in text.chars() {
                match c {
                    '&' => out.push_str("&amp;"),
                    '<' => out.push_str("&lt;"),
                    '>' => out.push_str("&gt;"),
                    '\r' => out.push_str("&#13;"),
                    '"' if attribute => out.push_str("&quot;"),
                    '\t' if attribute => out.push_str("&#9;"),
                    '\n' if attribute => out.push_str("&#10;"),
                    c => out.push(c),
                }
            }
            out
        };
        let at = origin("x", "note");
        let pieces = [
            "plain words ",
            "é",
            "😀",
            "\n",
            "\t",
            "\r",
            "&",
            "<",
            ">",
            "\"",
            "\u{FFFD}",
            "]]>",
        ];
        // Every piece at every offset of the first blocks, inside texts of every length.
        for (k, piece) in pieces.iter().enumerate() {
            for offset in 0..70 {
                let text = format!(
                    "{}{piece}{}",
                    "a".repeat(offset),
                    "b".repeat((offset * 7 + k) % 40)
                );
                for (classes, attribute) in [(&TEXT, false), (&ATTR, true)] {
                    let mut runs = String::new();
                    escape_runs(&text, at, classes, |run| {
                        runs.push_str(run);
                        Ok(())
                    })
                    .unwrap();
                    assert_eq!(runs, naive(&text, attribute), "{text:?}");
                }
            }
        }
        let late = format!("{}\u{1}", "a".repeat(100));
        assert!(escape_runs(&late, at, &TEXT, |_| Ok(())).is_err());
    }

    #[test]
    fn escaping_keeps_every_character_that_xml_can_carry() {
        let at = origin("x", "term");
        let escape_text = |text: &str, at| {
            let mut out = String::new();
            escape_into(text, at, &TEXT, &mut out)
                .map(|changed| if changed { out } else { text.to_owned() })
        };
        assert_eq!(
            escape_text("a\r\n\t\"]]>&<", at).unwrap(),
            "a&#13;\n\t\"]]&gt;&amp;&lt;"
        );
        let mut attr = String::new();
        assert!(escape_into("a\t\n\"", at, &ATTR, &mut attr).unwrap());
        assert_eq!(attr, "a&#9;&#10;&quot;");
        assert!(!escape_into("plain é 😀\n\t", at, &TEXT, &mut String::new()).unwrap());
        let e = escape_text("bad\u{1}", at).unwrap_err().to_string();
        assert_eq!(
            e,
            "term `x`: `term` holds the character U+0001, which XML 1.0 cannot carry \
             (`glossgraph check` reports it as invalid-char)"
        );
        assert!(escape_text("\u{FFFF}", at).is_err());
    }

    #[test]
    fn the_templates_escaper_escapes_the_five_markup_characters_and_refuses_the_rest() {
        use askama::filters::Escaper;
        let escaped = |text: &str| {
            let mut out = String::new();
            Xml.write_escaped_str(&mut out, text).map(|()| out)
        };
        assert_eq!(
            escaped("https://x.example/it's&<a>\"b\"/\t").unwrap(),
            "https://x.example/it&#39;s&amp;&lt;a&gt;&quot;b&quot;/&#9;"
        );
        assert_eq!(escaped("''").unwrap(), "&#39;&#39;");
        assert_eq!(escaped("é").unwrap(), "é");
        assert!(escaped("a\u{1}").is_err());
    }
}
