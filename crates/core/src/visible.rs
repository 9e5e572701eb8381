//! Text from cards shown to people: every character that could steer a terminal written as
//! an escape, so that a hostile card (`"related": ["x\u001b[2Jy"]`) can neither clear a
//! reviewer's screen, colour the output nor rearrange a line.
//!
//! One predicate ([`steers`]) and two ways to show a text: [`visible`] for a value shown on
//! its own (the diff's `"old"` → `"new"`, where a backslash is doubled too, so that escapes
//! and real backslashes cannot be confused), [`printable`] for a message that quotes values
//! among words of its own (the check report, `fix`'s and `fmt`'s lines, error messages),
//! whose backslashes are left as they are. Every human-readable output goes through one of
//! them where it is written; JSON, SARIF and the other machine formats escape by their own
//! rules.

use std::borrow::Cow;

/// Whether `c` could move the cursor, colour the terminal, reorder the line or hide itself:
/// C0 and C1 controls (line breaks and tabs included), DEL, and the Unicode formatting
/// characters that steer bidirectional text or take no room (zero-width spaces and joiners,
/// directional marks, embeddings, overrides and isolates, the Arabic letter mark, the
/// byte-order mark).
pub fn steers(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}' | '\u{061c}')
}

/// `s` with every character that [`steers`] written as an escape (`\n`, `\r`, `\t`,
/// `\u{001b}`), and a backslash doubled: for a value shown on its own.
pub fn visible(s: &str) -> Cow<'_, str> {
    escaped(s, true)
}

/// `s` with every character that [`steers`] written as an escape, backslashes kept: for a
/// message that quotes values of a card, a file name or an error.
pub fn printable(s: &str) -> Cow<'_, str> {
    escaped(s, false)
}

fn escaped(s: &str, backslash: bool) -> Cow<'_, str> {
    let hostile = |c: char| (backslash && c == '\\') || steers(c);
    if !s.contains(hostile) {
        return s.into();
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\\' if backslash => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if steers(c) => out.push_str(&format!("\\u{{{:04x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_characters_are_escaped() {
        assert_eq!(visible("plain É 🎉"), "plain É 🎉");
        assert_eq!(
            visible("a\x1b[31mred\u{202e}b\nc\\d\u{9b}"),
            "a\\u{001b}[31mred\\u{202e}b\\nc\\\\d\\u{009b}"
        );
        assert_eq!(
            printable("`x\x1b[2Jy` in C:\\cards\t\u{7f}"),
            "`x\\u{001b}[2Jy` in C:\\cards\\t\\u{007f}"
        );
        assert!(matches!(printable("nothing to do"), Cow::Borrowed(_)));
    }

    #[test]
    fn what_steers_is_every_control_and_the_invisible_formatting() {
        for c in [
            '\0', '\x1b', '\n', '\x7f', '\u{85}', '\u{9b}', '\u{200b}', '\u{202e}', '\u{2066}',
            '\u{feff}',
        ] {
            assert!(steers(c), "{c:?}");
            assert!(!printable(&c.to_string()).contains(c), "{c:?}");
        }
        for c in ['a', ' ', 'é', '日', '😀', '\u{301}', '\\'] {
            assert!(!steers(c), "{c:?}");
        }
    }
}
