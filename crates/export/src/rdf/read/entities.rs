//! A bound on what an RDF/XML file's entities may cost, checked before the file is parsed.
//!
//! The RDF/XML parser expands the internal entities of a DOCTYPE as it reads their
//! declarations, each one in full, with no limit: a kilobyte of nine entities, each ten times
//! the one before ("billion laughs"), becomes a gigabyte string before a single triple is
//! read. Foreign vocabularies are a stranger's files, so their entities are measured first,
//! by the parser's own rules (declarations in order, each expanded with those before it), and
//! the file is refused when one entity, or the document with its references expanded,
//! would pass a bound. Entities as RDF/XML files use them — a namespace IRI named once and
//! referred to thousands of times — stay far below it. External entities are never read: the
//! parser has no way to, and a declaration of one (`<!ENTITY x SYSTEM "file:///etc/passwd">`)
//! is refused here, at its line, saying so, rather than by the parser's own puzzling message
//! about quotes. An external DTD (`<!DOCTYPE rdf:RDF SYSTEM "…">`) is not read either, and
//! needs nothing refused: what it would declare is simply not there.

use std::collections::HashMap;

/// The most bytes one entity may expand to.
pub const MAX_ENTITY: u64 = 1 << 20;

/// The most bytes the references of a document may add, whatever its size; a larger document
/// may add [`AMPLIFICATION`] times its own size.
pub const MAX_EXPANSION: u64 = 64 << 20;

/// How many times its own size the references of a large document may add.
pub const AMPLIFICATION: u64 = 8;

/// Why a document's entities are refused: the byte offset of the declaration or of the
/// document's start, and the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    pub offset: usize,
    pub message: String,
}

/// Checks the entities of the RDF/XML document `bytes` against the bounds above.
///
/// # Errors
/// [`Refused`] when an entity, or the document's references together, expand past a bound.
pub fn check(bytes: &[u8]) -> Result<(), Refused> {
    let Some((start, end)) = doctype(bytes) else {
        return Ok(());
    };
    let declared = String::from_utf8_lossy(&bytes[start..end]);
    let mut sizes: HashMap<String, u64> = HashMap::new();
    let mut at = start;
    for part in declared.split('<') {
        let offset = at;
        at += part.len() + 1;
        if let Some((name, source)) = external(part) {
            return Err(Refused {
                offset: offset.saturating_sub(1),
                message: format!(
                    "the entity `{name}` is external ({source}): glossgraph reads no file or URL \
                     a document names, and refuses the document rather than leave a gap in it"
                ),
            });
        }
        let Some((name, value)) = declaration(part) else {
            continue;
        };
        let size = expanded(value, &sizes);
        if size > MAX_ENTITY {
            return Err(Refused {
                offset: offset.saturating_sub(1),
                message: format!(
                    "the entity `{name}` expands to {size} bytes; glossgraph reads entities of \
                     up to {MAX_ENTITY} bytes (an entity that grows by nesting others is the \
                     \"billion laughs\" attack)"
                ),
            });
        }
        sizes.insert(name.to_owned(), size);
    }
    if sizes.is_empty() {
        return Ok(());
    }
    let body = String::from_utf8_lossy(&bytes[end..]);
    let added = expanded(&body, &sizes).saturating_sub(body.len() as u64);
    let bound = MAX_EXPANSION.max(AMPLIFICATION.saturating_mul(bytes.len() as u64));
    if added > bound {
        return Err(Refused {
            offset: start,
            message: format!(
                "the document's entity references expand to {added} more bytes; glossgraph \
                 reads up to {bound} (the larger of {MAX_EXPANSION} bytes and {AMPLIFICATION} \
                 times the file)"
            ),
        });
    }
    Ok(())
}

/// The byte range of the DOCTYPE's declarations, from `<!DOCTYPE` to its closing `>`.
fn doctype(bytes: &[u8]) -> Option<(usize, usize)> {
    let start = memchr::memmem::find(bytes, b"<!DOCTYPE")?;
    // The closing `>` is the first outside quotes and outside the internal subset's brackets.
    let mut quote = None;
    let mut depth = 0usize;
    for (i, &b) in bytes.iter().enumerate().skip(start + 9) {
        match (quote, b) {
            (Some(q), _) if b == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'') => quote = Some(b),
            (None, b'[') => depth += 1,
            (None, b']') => depth = depth.saturating_sub(1),
            (None, b'>') if depth == 0 => return Some((start, i + 1)),
            _ => {}
        }
    }
    Some((start, bytes.len()))
}

/// The name and value of an internal entity declaration (`!ENTITY name "value">`), read as
/// the RDF/XML parser reads it (a parameter entity's `%` skipped, the value in double quotes).
fn declaration(part: &str) -> Option<(&str, &str)> {
    let rest = part.strip_prefix("!ENTITY")?;
    let rest = rest.trim_start();
    let rest = rest.strip_prefix('%').unwrap_or(rest);
    let (name, rest) = rest
        .trim_start()
        .split_once(|c: char| c.is_ascii_whitespace())?;
    let rest = rest.trim_start().strip_prefix('"')?;
    let (value, _) = rest.split_once('"')?;
    Some((name, value))
}

/// The name and source (`SYSTEM "…"` or `PUBLIC "…" "…"`, as written) of an external entity
/// declaration, general or parameter.
fn external(part: &str) -> Option<(&str, &str)> {
    let rest = part.strip_prefix("!ENTITY")?.trim_start();
    let rest = rest.strip_prefix('%').unwrap_or(rest);
    let (name, rest) = rest
        .trim_start()
        .split_once(|c: char| c.is_ascii_whitespace())?;
    let rest = rest.trim_start();
    if !(rest.starts_with("SYSTEM") || rest.starts_with("PUBLIC")) {
        return None;
    }
    // The declaration ends at the first `>` outside its quoted literals.
    let mut quote = None;
    let end = rest
        .char_indices()
        .find(|&(_, c)| match (quote, c) {
            (Some(q), c) if c == q => {
                quote = None;
                false
            }
            (Some(_), _) => false,
            (None, '"' | '\'') => {
                quote = Some(c);
                false
            }
            (None, c) => c == '>',
        })
        .map_or(rest.len(), |(at, _)| at);
    Some((name, rest[..end].trim_end()))
}

/// The length of `text` with each reference to an entity of `sizes` replaced by its
/// expansion (character and predefined references counted as written: they only shrink).
fn expanded(text: &str, sizes: &HashMap<String, u64>) -> u64 {
    let mut total = text.len() as u64;
    let bytes = text.as_bytes();
    for at in memchr::memchr_iter(b'&', bytes) {
        let rest = &text[at + 1..];
        let Some(end) = rest.bytes().take(256).position(|b| b == b';') else {
            continue;
        };
        if let Some(&size) = sizes.get(&rest[..end]) {
            total = total.saturating_add(size).saturating_sub(end as u64 + 2);
        }
    }
    total
}

/// Checks that the RDF/XML document `bytes` is not cut short: the RDF/XML parser stops at
/// the end of the input with elements still open and no error, so a truncated file would
/// import as the part of it that came (a label cut mid-word, the concepts after the cut
/// gone) with nothing said. Other errors are left to the parser, which places them.
///
/// # Errors
/// [`Refused`] at the end of the document, naming the element left open.
pub fn complete(bytes: &[u8]) -> Result<(), Refused> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_reader(bytes);
    let mut open: Vec<Vec<u8>> = Vec::new();
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) => open.push(e.name().as_ref().to_vec()),
            Ok(Event::End(_)) => {
                open.pop();
            }
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(_) => return Ok(()),
        }
    }
    match open.last() {
        None => Ok(()),
        Some(name) => Err(Refused {
            offset: bytes.len(),
            message: format!(
                "the document ends inside <{}>, with {} element{} left open: the file is cut short",
                String::from_utf8_lossy(name),
                open.len(),
                if open.len() == 1 { "" } else { "s" }
            ),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A DOCTYPE of `levels` entities, each `fan` references to the one before.
    fn laughs(levels: usize, fan: usize) -> String {
        let mut doc = String::from("<?xml version=\"1.0\"?>\n<!DOCTYPE rdf:RDF [\n");
        doc.push_str("  <!ENTITY lol0 \"lol\">\n");
        for level in 1..levels {
            let refs = format!("&lol{};", level - 1).repeat(fan);
            doc.push_str(&format!("  <!ENTITY lol{level} \"{refs}\">\n"));
        }
        doc.push_str("]>\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n");
        doc.push_str(&format!("<rdf:Description rdf:about=\"http://e/x\"><rdf:value>&lol{};</rdf:value></rdf:Description></rdf:RDF>\n", levels - 1));
        doc
    }

    #[test]
    fn a_document_cut_short_is_refused_at_its_end() {
        let whole = "<?xml version=\"1.0\"?>\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n<rdf:Description rdf:about=\"http://e/x\"><rdf:value>Alpha</rdf:value></rdf:Description>\n</rdf:RDF>\n";
        assert_eq!(complete(whole.as_bytes()), Ok(()));
        let cut = &whole[..whole.find("pha").unwrap()];
        let refused = complete(cut.as_bytes()).unwrap_err();
        assert_eq!(refused.offset, cut.len());
        assert_eq!(
            refused.message,
            "the document ends inside <rdf:value>, with 3 elements left open: the file is cut short"
        );
        // Entities are not this check's business, nor other errors: the parser's.
        assert_eq!(complete(laughs(3, 2).as_bytes()), Ok(()));
        assert_eq!(complete(b"<a></b>"), Ok(()));
    }

    #[test]
    fn a_billion_laughs_is_refused_at_the_entity_that_passes_the_bound() {
        let doc = laughs(10, 10);
        assert!(doc.len() < 1500, "{}", doc.len());
        let refused = check(doc.as_bytes()).unwrap_err();
        // lol6 is 3,000,000 bytes, the first past a mebibyte.
        assert!(
            refused.message.contains("`lol6` expands to 3000000 bytes"),
            "{refused:?}"
        );
        assert!(
            doc[refused.offset..].starts_with("<!ENTITY lol6 "),
            "{refused:?}"
        );
    }

    #[test]
    fn many_references_to_a_mid_sized_entity_are_refused_as_a_whole() {
        let mut doc = String::from("<!DOCTYPE r [<!ENTITY big \"");
        doc.push_str(&"x".repeat(100_000));
        doc.push_str("\">]><r>");
        doc.push_str(&"&big;".repeat(1_000));
        doc.push_str("</r>");
        let refused = check(doc.as_bytes()).unwrap_err();
        assert!(
            refused.message.contains("expand to 99995000 more bytes"),
            "{refused:?}"
        );
    }

    #[test]
    fn external_entities_are_refused_at_their_declaration() {
        let doc = "<?xml version=\"1.0\"?>\n<!DOCTYPE rdf:RDF [\n  <!ENTITY ns \"http://x.example/\">\n  \
                   <!ENTITY x SYSTEM \"file:///etc/passwd\">\n]>\n<rdf:RDF>&x;</rdf:RDF>";
        let refused = check(doc.as_bytes()).unwrap_err();
        assert!(
            refused
                .message
                .starts_with("the entity `x` is external (SYSTEM \"file:///etc/passwd\")"),
            "{refused:?}"
        );
        assert!(
            doc[refused.offset..].starts_with("<!ENTITY x "),
            "{refused:?}"
        );
        let public =
            "<!DOCTYPE r [<!ENTITY % p PUBLIC \"-//X//EN\" \"http://x.example/p.dtd\"> %p;]><r/>";
        let refused = check(public.as_bytes()).unwrap_err();
        assert!(
            refused.message.starts_with(
                "the entity `p` is external (PUBLIC \"-//X//EN\" \"http://x.example/p.dtd\")"
            ),
            "{refused:?}"
        );
        // An external DTD declares nothing that is read: nothing to refuse.
        assert_eq!(
            check(b"<!DOCTYPE r SYSTEM \"file:///etc/passwd\"><r/>"),
            Ok(())
        );
    }

    #[test]
    fn namespace_entities_as_owl_files_use_them_pass() {
        let mut doc = String::from(
            "<!DOCTYPE rdf:RDF [\n <!ENTITY skos \"http://www.w3.org/2004/02/skos/core#\">\n]>\n<rdf:RDF>",
        );
        for i in 0..10_000 {
            doc.push_str(&format!("<rdf:Description rdf:about=\"&skos;c{i}\"/>"));
        }
        doc.push_str("</rdf:RDF>");
        assert_eq!(check(doc.as_bytes()), Ok(()));
        assert_eq!(check(b"<rdf:RDF/>"), Ok(()));
        // Quotes and brackets inside the subset do not end it early.
        assert_eq!(
            check(b"<!DOCTYPE r [<!ENTITY a \"]>\">]><r>&a;</r>"),
            Ok(())
        );
    }
}
