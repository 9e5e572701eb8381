//! JSON Lines, one card a line: from text already in memory, or streamed from a file and
//! decoded on every core.
//!
//! A file is read in batches of whole lines, a few megabytes at a time; a window of batches is
//! decoded on rayon's pool (each batch into a `Loaded` of its own) while the next window is
//! read, and the batches are joined in reading order, so cards and findings come out exactly
//! as if the lines had been read one after the other. Memory holds the decoded cards and two
//! windows of text, never the file.

use std::io::{self, BufRead};

use rayon::prelude::*;
use serde::de::DeserializeSeed;

use super::Loaded;
use crate::card::CardSeed;
use crate::diag::{Finding, Place, Rule, SourceId};

/// Lines of a JSON Lines file, read together and decoded together.
struct Batch {
    /// Whole lines, each with its line feed (but the last line of the file).
    text: Vec<u8>,
    /// The 1-based number of the first line.
    first_line: u32,
    /// Byte offset of the first line in the source (after any byte order mark).
    offset: usize,
}

/// A JSON Lines file read a batch at a time.
struct Batches<R> {
    reader: R,
    /// Bytes of text a batch holds (or one line, if longer).
    batch_bytes: usize,
    /// Lines read so far.
    lines: u32,
    /// Bytes read so far, after any byte order mark.
    offset: usize,
    /// Buffers of decoded batches, to be filled again: a fresh megabyte per batch would be
    /// two gigabytes of pages for the kernel to fault in and zero on a million-card file.
    spare: Vec<Vec<u8>>,
}

impl<R: BufRead> Batches<R> {
    /// Reads up to `count` batches; fewer at the end of the file. `first_line` is called on
    /// the file's first line and returns how many bytes to strip from its front.
    fn read(
        &mut self,
        count: usize,
        first_line: &mut dyn FnMut(&str) -> usize,
    ) -> io::Result<Vec<Batch>> {
        let mut batches = Vec::with_capacity(count);
        while batches.len() < count {
            let text = self.spare.pop();
            let mut batch = Batch {
                text: text.unwrap_or_else(|| Vec::with_capacity(self.batch_bytes + (1 << 12))),
                first_line: self.lines + 1,
                offset: self.offset,
            };
            while batch.text.len() < self.batch_bytes {
                let start = batch.text.len();
                if self.reader.read_until(b'\n', &mut batch.text)? == 0 {
                    break;
                }
                self.lines += 1;
                if self.lines == 1 {
                    if let Ok(line) = std::str::from_utf8(&batch.text) {
                        let strip = first_line(line);
                        batch.text.drain(..strip);
                    }
                }
                self.offset += batch.text.len() - start;
            }
            if batch.text.is_empty() {
                self.spare.push(batch.text);
                break;
            }
            batches.push(batch);
        }
        Ok(batches)
    }

    /// Takes back the buffers of decoded batches.
    fn give_back(&mut self, batches: Vec<Batch>) {
        self.spare.extend(batches.into_iter().map(|batch| {
            let mut text = batch.text;
            text.clear();
            text
        }));
    }
}

impl Loaded {
    /// Reads JSON Lines from `reader`, decoding on every core (see the module's comment).
    pub(super) fn stream_lines(
        &mut self,
        id: SourceId,
        reader: impl BufRead + Send,
    ) -> io::Result<()> {
        self.stream_lines_in(id, reader, 1 << 20)
    }

    /// [`Loaded::stream_lines`] with batches of `batch_bytes` of text (or one line, if longer).
    fn stream_lines_in(
        &mut self,
        id: SourceId,
        reader: impl BufRead + Send,
        batch_bytes: usize,
    ) -> io::Result<()> {
        // Batches decoded at once: two a thread, so that a slow batch leaves the others work.
        let window = 2 * rayon::current_num_threads();
        let mut batches = Batches {
            reader,
            batch_bytes,
            lines: 0,
            offset: 0,
            spare: Vec::new(),
        };
        // The first window is read before any decoding: the byte order mark is checked on
        // this thread, so that its finding comes first, as it would line by line.
        let mut bom = |line: &str| line.len() - self.check_bom(id, line).len();
        let mut read = batches.read(window, &mut bom)?;
        // Each batch's cards are kept in a `Loaded` that knows the sources and the hook.
        let (sources, on_card) = (self.sources.clone(), self.on_card.clone());
        let decode = |batch: &Batch| {
            let mut part = Loaded {
                sources: sources.clone(),
                on_card: on_card.clone(),
                ..Loaded::default()
            };
            part.read_batch(id, batch);
            part
        };
        while !read.is_empty() {
            let (parts, next) = rayon::join(
                || read.par_iter().map(decode).collect::<Vec<_>>(),
                || batches.read(window, &mut |_| 0),
            );
            for part in parts {
                self.cards.extend(part.cards);
                self.findings.extend(part.findings);
                self.unreadable.extend(part.unreadable);
            }
            batches.give_back(std::mem::replace(&mut read, next?));
        }
        if batches.lines == 0 {
            self.empty(id);
        }
        Ok(())
    }

    /// Decodes a batch of whole lines (see [`Loaded::stream_lines`]).
    fn read_batch(&mut self, id: SourceId, batch: &Batch) {
        let mut offset = batch.offset;
        for (k, bytes) in lines_inclusive(&batch.text).enumerate() {
            let number = batch.first_line + k as u32;
            match std::str::from_utf8(bytes) {
                Ok(line) => self.read_line(id, line, number, offset),
                Err(e) => {
                    let valid = e.valid_up_to();
                    let column = String::from_utf8_lossy(&bytes[..valid]).chars().count() + 1;
                    self.findings.push(Finding::new(
                        Rule::Encoding,
                        Place::Source {
                            source: id,
                            line: number,
                            column: column as u32,
                        },
                        format!("invalid UTF-8: byte 0x{:02X}", bytes[valid]),
                    ));
                }
            }
            offset += bytes.len();
        }
    }

    /// JSON Lines already in memory.
    pub(super) fn read_lines(&mut self, id: SourceId, text: &str) {
        let mut offset = 0;
        for (n, line) in text.split_inclusive('\n').enumerate() {
            self.read_line(id, line, n as u32 + 1, offset);
            offset += line.len();
        }
    }

    fn read_line(&mut self, id: SourceId, line: &str, number: u32, offset: usize) {
        if line.trim().is_empty() {
            return;
        }
        let mut de = serde_json::Deserializer::from_str(line);
        match CardSeed
            .deserialize(&mut de)
            .and_then(|d| de.end().map(|()| d))
        {
            Ok(decoded) => {
                let len = line.trim_end_matches(['\n', '\r']).len();
                self.keep(id, (number, 1, offset, len), decoded);
            }
            Err(e) => self.broken_card(id, line, number, &e),
        }
    }
}

/// The lines of `text`, each with its line feed (the last may have none): what
/// `split_inclusive(|&b| b == b'\n')` gives, with the line feeds found by `memchr`, many bytes
/// at a time, rather than byte by byte (it was a tenth of the decoding threads' time).
fn lines_inclusive(text: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut ends = memchr::memchr_iter(b'\n', text);
    let mut start = 0;
    std::iter::from_fn(move || {
        if start == text.len() {
            return None;
        }
        let end = ends.next().map_or(text.len(), |i| i + 1);
        let line = &text[start..end];
        start = end;
        Some(line)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Origin;
    use crate::load::Source;

    /// What `text` loads as, streamed as a JSON Lines file `batch_bytes` at a time.
    fn streamed(text: &[u8], batch_bytes: usize) -> Loaded {
        let mut loaded = Loaded::default();
        let id = loaded.sources.add(Source {
            name: "x.jsonl".into(),
            path: None,
            one_card_file: false,
            bom: false,
            derived: false,
        });
        loaded.stream_lines_in(id, text, batch_bytes).unwrap();
        loaded
    }

    #[test]
    fn lines_are_cut_as_split_inclusive_cuts_them() {
        for text in ["", "\n", "a", "a\n", "a\nb", "a\n\nb\n", "\n\n", "ab\r\ncd"] {
            let expected: Vec<&[u8]> = text.as_bytes().split_inclusive(|&b| b == b'\n').collect();
            let got: Vec<&[u8]> = lines_inclusive(text.as_bytes()).collect();
            assert_eq!(got, expected, "{text:?}");
        }
    }

    #[test]
    fn json_lines_decode_the_same_in_batches_of_any_size() {
        let card =
            |s: &str| format!("{{\"slug\":\"{s}\",\"term\":\"{s}\",\"definition\":\"d\"}}\n");
        let mut text = "\u{feff}".as_bytes().to_vec();
        text.extend(card("a").as_bytes());
        text.extend(b"\n{\"slug\": }\n\xff\xfe\n");
        for s in ["b", "c", "d", "e"] {
            text.extend(card(s).as_bytes());
        }
        text.extend(b"{\"slug\":\"f\",\"term\":1,\"definition\":\"d\"}");
        let read = |batch_bytes| {
            let loaded = streamed(&text, batch_bytes);
            let cards: Vec<(String, Origin)> = loaded
                .cards
                .iter()
                .map(|c| (c.card.slug().to_owned(), c.origin))
                .collect();
            (cards, loaded.findings)
        };
        let (cards, findings) = read(1 << 20);
        let slugs: Vec<&str> = cards.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(slugs, ["a", "b", "c", "d", "e", "f"]);
        let b = text
            .windows(11)
            .position(|w| w == b"{\"slug\":\"b\"")
            .unwrap();
        // Offsets count from after the byte order mark.
        assert_eq!((cards[1].1.line, cards[1].1.offset), (5, b as u64 - 3));
        let rules: Vec<&str> = findings.iter().map(|f| f.rule.id()).collect();
        assert_eq!(
            rules,
            ["byte-order-mark", "json-syntax", "encoding", "wrong-type"]
        );
        // One line a batch: more windows than one, read while the one before decodes.
        for batch_bytes in [1, 7, 64, 200] {
            assert_eq!(
                read(batch_bytes),
                (cards.clone(), findings.clone()),
                "{batch_bytes}"
            );
        }
    }

    #[test]
    fn an_empty_stream_is_an_empty_file() {
        let loaded = streamed(b"", 64);
        let rules: Vec<&str> = loaded.findings.iter().map(|f| f.rule.id()).collect();
        assert_eq!(rules, ["empty-file"]);
    }
}
