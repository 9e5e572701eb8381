//! Card texts read again for the checker's report: the findings of a glossary resolved card
//! by card, each file opened once and read front to back.

use std::fs;
use std::io::{BufReader, Read};

use super::*;

/// Reads card texts again, like [`Sources::card_text`], keeping the current file open.
#[derive(Debug)]
pub struct CardTexts<'a> {
    sources: &'a Sources,
    /// The open source, and the byte of its file the reader is at.
    file: Option<(SourceId, BufReader<fs::File>, u64)>,
    /// The card of `text`, and whether it could be read.
    last: Option<(Origin, bool)>,
    text: String,
}

/// How much of a file [`CardTexts`] reads at once: cards with findings lie close together on
/// a glossary with many, and a read per card would cost a system call each.
const CARD_TEXTS_BUFFER: usize = 1 << 20;

impl<'a> CardTexts<'a> {
    /// A reader with nothing open yet.
    pub(super) fn new(sources: &'a Sources) -> Self {
        CardTexts {
            sources,
            file: None,
            last: None,
            text: String::new(),
        }
    }

    /// The text of the card from `origin`, or `None` when it cannot be read again.
    pub fn get(&mut self, origin: Origin) -> Option<&str> {
        let source = self.sources.get(origin.source);
        if source.path.is_none() {
            // Standard input is kept whole: no copy (a derived card's text is not kept).
            let start = origin.offset as usize;
            return self
                .sources
                .memory(origin.source)?
                .get(start..start + origin.len as usize);
        }
        if self.last.is_none_or(|(o, _)| o != origin) {
            let read = self.read(origin).is_some();
            self.last = Some((origin, read));
        }
        match self.last {
            Some((_, true)) => Some(&self.text),
            _ => None,
        }
    }

    /// Reads the card from `origin` (of a file) into `text`.
    fn read(&mut self, origin: Origin) -> Option<()> {
        use std::io::{Seek, SeekFrom};
        let source = self.sources.get(origin.source);
        let path = source.path.as_ref()?;
        if self
            .file
            .as_ref()
            .is_none_or(|(id, _, _)| *id != origin.source)
        {
            self.file = None;
            let file = fs::File::open(path).ok()?;
            self.file = Some((
                origin.source,
                BufReader::with_capacity(CARD_TEXTS_BUFFER, file),
                0,
            ));
        }
        let (_, reader, at) = self.file.as_mut()?;
        let start = origin.offset + 3 * u64::from(source.bom);
        // Forward within the buffer costs nothing; anywhere else, a seek.
        let moved = match start.checked_sub(*at) {
            Some(ahead) if *at != u64::MAX => {
                i64::try_from(ahead).is_ok_and(|ahead| reader.seek_relative(ahead).is_ok())
            }
            _ => reader.seek(SeekFrom::Start(start)).is_ok(),
        };
        // Until the card is read whole, the position is unknown.
        *at = u64::MAX;
        if !moved {
            return None;
        }
        // The buffer goes from `text` to `bytes` and back, without a copy.
        let mut bytes = std::mem::take(&mut self.text).into_bytes();
        bytes.clear();
        bytes.resize(origin.len as usize, 0);
        reader.read_exact(&mut bytes).ok()?;
        *at = start + u64::from(origin.len);
        self.text = String::from_utf8(bytes).ok()?;
        Some(())
    }
}
