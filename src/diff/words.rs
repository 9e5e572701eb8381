//! Word-level differences between two texts, for the definitions and notes of `diff`.
//!
//! A text is cut into tokens — runs of letters and digits, runs of white space, and every
//! other character on its own — so that a changed comma or a changed word shows as itself.
//! The common head and tail are taken off first; what is left in the middle is aligned by a
//! longest common subsequence. That table grows with the product of the two middles, so past
//! [`MAX_CELLS`] (two whole, unrelated long texts) the middle is given as deleted and
//! inserted whole: still exact, only coarser. Concatenating the `Same` and `Del` spans gives
//! the old text back, the `Same` and `Ins` spans the new one.

/// Largest LCS table (cells) before the middle is given whole: 16 MiB of `u32`.
pub const MAX_CELLS: usize = 1 << 22;

/// What a span of text does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Op {
    /// In both texts.
    Same,
    /// Only in the old text.
    Del,
    /// Only in the new text.
    Ins,
}

/// A run of tokens with the same [`Op`].
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Span {
    pub op: Op,
    pub text: String,
}

/// The spans that turn `old` into `new`, adjacent spans of one op merged.
///
/// # Complexity
/// Linear in the texts outside their changed middle; the middle costs the product of its
/// two token counts, at most [`MAX_CELLS`].
///
/// ```
/// use glossgraph::diff::words::{words, Op};
///
/// let spans = words("carries packets over UDP.", "carries frames over UDP/IP.");
/// let of = |op| -> Vec<&str> {
///     spans.iter().filter(|s| s.op == op).map(|s| s.text.as_str()).collect()
/// };
/// assert_eq!(of(Op::Del), ["packets"]);
/// assert_eq!(of(Op::Ins), ["frames", "/IP"]);
/// ```
pub fn words(old: &str, new: &str) -> Vec<Span> {
    let a = tokens(old);
    let b = tokens(new);
    let head = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let mut spans = Spans::default();
    for t in &a[..head] {
        spans.push(Op::Same, t);
    }
    let (ma, mb) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    let cells = (ma.len() + 1).saturating_mul(mb.len() + 1);
    if cells <= MAX_CELLS {
        align(ma, mb, &mut spans);
    } else {
        for t in ma {
            spans.push(Op::Del, t);
        }
        for t in mb {
            spans.push(Op::Ins, t);
        }
    }
    for t in &a[a.len() - tail..] {
        spans.push(Op::Same, t);
    }
    spans.0
}

/// Aligns two token lists by their longest common subsequence. The walk goes backwards, so
/// that of equally long alignments the one matching tokens as late as possible wins: an
/// insertion then joins the text before it (`Second{+, longer+} paragraph`, not
/// `Second{+,+} {+longer +}paragraph`). Deletions come before insertions.
fn align(a: &[&str], b: &[&str], spans: &mut Spans) {
    let width = b.len() + 1;
    // lcs[i * width + j]: the longest common subsequence of a[..i] and b[..j].
    let mut lcs = vec![0u32; (a.len() + 1) * width];
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            lcs[i * width + j] = if a[i - 1] == b[j - 1] {
                lcs[(i - 1) * width + j - 1] + 1
            } else {
                lcs[(i - 1) * width + j].max(lcs[i * width + j - 1])
            };
        }
    }
    let mut backwards: Vec<(Op, &str)> = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (a.len(), b.len());
    while i > 0 || j > 0 {
        if i > 0 && j > 0 && a[i - 1] == b[j - 1] {
            backwards.push((Op::Same, a[i - 1]));
            i -= 1;
            j -= 1;
        } else if j > 0 && (i == 0 || lcs[i * width + j - 1] >= lcs[(i - 1) * width + j]) {
            backwards.push((Op::Ins, b[j - 1]));
            j -= 1;
        } else {
            backwards.push((Op::Del, a[i - 1]));
            i -= 1;
        }
    }
    for (op, token) in backwards.into_iter().rev() {
        spans.push(op, token);
    }
}

/// Spans being built: a token joins the last span when the op is the same.
#[derive(Default)]
struct Spans(Vec<Span>);

impl Spans {
    fn push(&mut self, op: Op, token: &str) {
        match self.0.last_mut() {
            Some(last) if last.op == op => last.text.push_str(token),
            _ => self.0.push(Span {
                op,
                text: token.to_owned(),
            }),
        }
    }
}

/// The tokens of `text`: runs of alphanumerics, runs of white space, single other characters.
fn tokens(text: &str) -> Vec<&str> {
    #[derive(PartialEq)]
    enum Class {
        Word,
        Space,
        Other,
    }
    let class = |c: char| {
        if c.is_alphanumeric() {
            Class::Word
        } else if c.is_whitespace() {
            Class::Space
        } else {
            Class::Other
        }
    };
    let mut out = Vec::new();
    let mut start = 0;
    let mut current: Option<Class> = None;
    for (i, c) in text.char_indices() {
        let k = class(c);
        let joins = matches!(&current, Some(prev) if *prev == k && k != Class::Other);
        if !joins && i > start {
            out.push(&text[start..i]);
            start = i;
        }
        if !joins && i == start {
            current = Some(k);
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rebuild(spans: &[Span], skip: Op) -> String {
        spans
            .iter()
            .filter(|s| s.op != skip)
            .map(|s| s.text.as_str())
            .collect()
    }

    #[test]
    fn tokens_are_words_spaces_and_single_marks() {
        assert_eq!(
            tokens("RoCE v2,  über\t«x»"),
            ["RoCE", " ", "v2", ",", "  ", "über", "\t", "«", "x", "»"]
        );
        assert_eq!(tokens(""), Vec::<&str>::new());
    }

    #[test]
    fn both_texts_are_given_back() {
        let cases = [
            ("", "new text"),
            ("old text", ""),
            ("a b c d", "a x c d e"),
            ("same", "same"),
            (
                "Ethernet <b>&amp;</b>\n\nNext",
                "Ethernet <i>&amp;</i>\r\n\nNext 🎉",
            ),
        ];
        for (old, new) in cases {
            let spans = words(old, new);
            assert_eq!(rebuild(&spans, Op::Ins), old);
            assert_eq!(rebuild(&spans, Op::Del), new);
        }
    }

    #[test]
    fn a_changed_word_is_that_word() {
        let spans = words("lossless Ethernet fabric", "lossy Ethernet fabric");
        assert_eq!(
            spans,
            [
                Span {
                    op: Op::Del,
                    text: "lossless".into()
                },
                Span {
                    op: Op::Ins,
                    text: "lossy".into()
                },
                Span {
                    op: Op::Same,
                    text: " Ethernet fabric".into()
                },
            ]
        );
    }

    #[test]
    fn long_unrelated_texts_are_replaced_whole() {
        let old = "a ".repeat(3000);
        let new = "b ".repeat(3000);
        let spans = words(&old, &new);
        // All of one, all of the other, and the shared final space.
        let ops: Vec<Op> = spans.iter().map(|s| s.op).collect();
        assert_eq!(ops, [Op::Del, Op::Ins, Op::Same]);
        assert_eq!(rebuild(&spans, Op::Ins), old);
        assert_eq!(rebuild(&spans, Op::Del), new);
    }
}
