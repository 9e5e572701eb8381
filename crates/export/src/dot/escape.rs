//! DOT's quoted strings and HTML-like labels: escaping per attribute, and the cut at
//! [`MAX_QUOTED`] bytes that never splits an escape.

use super::*;

/// Text inside an HTML-like label: XML-escaped, line breaks as `<br/>`.
pub(super) fn html_text(out: &mut impl Write, text: &str) -> Result<(), ExportError> {
    for c in text.chars() {
        match c {
            '&' => out.write_all(b"&amp;")?,
            '<' => out.write_all(b"&lt;")?,
            '>' => out.write_all(b"&gt;")?,
            '"' => out.write_all(b"&quot;")?,
            '\n' => out.write_all(b"<br/>")?,
            c if c.is_control() => {}
            c => write!(out, "{c}")?,
        }
    }
    Ok(())
}

pub(super) fn truncate_chars(text: &str, max: usize, out: &mut String) {
    out.clear();
    match text.char_indices().nth(max) {
        None => out.push_str(text),
        Some((i, _)) => {
            out.push_str(&text[..i]);
            out.push_str(ELLIPSIS);
        }
    }
}

/// How a quoted string is escaped (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Escape {
    /// A node id: only `"`, `\` and line breaks.
    Id,
    /// A label: Graphviz unescapes once and decodes entities.
    Label,
    /// A tooltip or URL: Graphviz unescapes twice and decodes entities.
    Tooltip,
}

/// Writes `text` as a DOT quoted string, escaped for `how`, cut to [`MAX_QUOTED`] bytes.
pub(super) fn quoted(
    out: &mut impl Write,
    buf: &mut String,
    text: &str,
    how: Escape,
) -> Result<(), ExportError> {
    escape_quoted(text, how, buf);
    out.write_all(b"\"")?;
    out.write_all(buf.as_bytes())?;
    out.write_all(b"\"")?;
    Ok(())
}

/// Escapes `text` into `out` (cleared first); if the result would pass [`MAX_QUOTED`] bytes,
/// it is cut after the last whole character that leaves room for `…`. Because the cut falls
/// between the escapes of two characters, it never leaves half an escape or a lone backslash.
pub(super) fn escape_quoted(text: &str, how: Escape, out: &mut String) {
    out.clear();
    // Most texts need nothing: one vectorisable pass says so, and they are copied whole.
    let special = |b: u8| (b == b'"') | (b == b'\\') | (b == b'&') | (b == b'\n') | (b == b'\r');
    if text.len() <= MAX_QUOTED && !text.bytes().fold(false, |any, b| any | special(b)) {
        out.push_str(text);
        return;
    }
    // Every escape is at most five bytes: when even that many cannot pass the limit, the text
    // is copied a run at a time between the bytes that need one.
    let bytes = text.as_bytes();
    if text.len().saturating_mul(5) <= MAX_QUOTED {
        let mut copied = 0;
        for (i, &b) in bytes.iter().enumerate() {
            if let Some(escape) = escape_of(b, bytes.get(i + 1).copied(), how) {
                out.push_str(&text[copied..i]);
                out.push_str(escape);
                copied = i + 1;
            }
        }
        out.push_str(&text[copied..]);
        return;
    }
    let mut fits = 0;
    for (i, c) in text.char_indices() {
        // Only ASCII is escaped: the first byte of a longer character is never taken for it.
        match escape_of(bytes[i], bytes.get(i + 1).copied(), how) {
            Some(escape) => out.push_str(escape),
            None => out.push(c),
        }
        if out.len() <= MAX_QUOTED - ELLIPSIS.len() {
            fits = out.len();
        } else if out.len() > MAX_QUOTED {
            out.truncate(fits);
            out.push_str(ELLIPSIS);
            return;
        }
    }
}

/// What the byte `b` of a text (followed by `next`) becomes in a quoted string, or `None` when
/// it stays as it is.
pub(super) fn escape_of(b: u8, next: Option<u8>, how: Escape) -> Option<&'static str> {
    Some(match b {
        b'"' => "\\\"",
        b'\\' if how == Escape::Tooltip => "\\\\\\\\",
        b'\\' => "\\\\",
        b'&' if how != Escape::Id => "&amp;",
        b'\n' => "\\n",
        // CR LF is one line break; a lone CR too.
        b'\r' if next == Some(b'\n') => "",
        b'\r' => "\\n",
        _ => return None,
    })
}
