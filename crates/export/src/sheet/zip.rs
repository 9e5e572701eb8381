//! The zip container of XLSX and ODS, the little of it they use: parts stored or deflated,
//! found through the central directory; no zip64, no encryption, no other method.
//!
//! Written deterministically: the parts in the order given, every date 1980-01-01 00:00
//! (the format's first), so that the same glossary gives the same bytes. Read bounded: a
//! part whose declared size, or whose inflated bytes, pass the limit is refused before
//! more is inflated, so a zip bomb costs at most the limit.

use std::io::{self, Read, Write};

use miniz_oxide::inflate::stream::{inflate, InflateState};
use miniz_oxide::{DataFormat, MZFlush, MZStatus};

/// The CRC-32 (IEEE) table.
const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut n = 0;
    while n < 256 {
        let mut c = n as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 == 1 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        table[n] = c;
        n += 1;
    }
    table
};

fn crc32(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c = CRC_TABLE[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8);
    }
    !c
}

/// How a part is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Method {
    Stored,
    Deflated,
}

/// Writes a zip of `parts` (name, bytes, method) to `w`.
///
/// # Errors
/// Those of `w`; a part of 4 GiB or more (no zip64 here) as an I/O error.
pub(super) fn write(parts: &[(&str, &[u8], Method)], mut w: impl Write) -> std::io::Result<()> {
    let too_large = || std::io::Error::other("a part of the workbook reaches 4 GiB: not written");
    let mut offset = 0u32;
    let mut central = Vec::new();
    for (name, bytes, method) in parts {
        let crc = crc32(bytes);
        let deflated;
        let (data, code): (&[u8], u16) = match method {
            Method::Stored => (bytes, 0),
            Method::Deflated => {
                // Level 1: a sheet's XML shrinks tenfold already, at a fraction of the time.
                deflated = miniz_oxide::deflate::compress_to_vec(bytes, 1);
                (&deflated, 8)
            }
        };
        let size = u32::try_from(bytes.len()).map_err(|_| too_large())?;
        let packed = u32::try_from(data.len()).map_err(|_| too_large())?;
        let name_len = name.len() as u16;
        let common = |out: &mut Vec<u8>| {
            out.extend_from_slice(&20u16.to_le_bytes()); // version needed: 2.0
            out.extend_from_slice(&0x0800u16.to_le_bytes()); // names in UTF-8
            out.extend_from_slice(&code.to_le_bytes());
            out.extend_from_slice(&0u16.to_le_bytes()); // 00:00
            out.extend_from_slice(&0x21u16.to_le_bytes()); // 1980-01-01
            out.extend_from_slice(&crc.to_le_bytes());
            out.extend_from_slice(&packed.to_le_bytes());
            out.extend_from_slice(&size.to_le_bytes());
            out.extend_from_slice(&name_len.to_le_bytes());
        };
        let mut local = Vec::with_capacity(30 + name.len());
        local.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        common(&mut local);
        local.extend_from_slice(&0u16.to_le_bytes()); // no extra field
        local.extend_from_slice(name.as_bytes());
        w.write_all(&local)?;
        w.write_all(data)?;
        central.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        central.extend_from_slice(&20u16.to_le_bytes()); // made by: 2.0
        common(&mut central);
        central.extend_from_slice(&[0; 12]); // extra, comment, disk, attributes
        central.extend_from_slice(&offset.to_le_bytes());
        central.extend_from_slice(name.as_bytes());
        offset = offset
            .checked_add(local.len() as u32)
            .and_then(|o| o.checked_add(packed))
            .ok_or_else(too_large)?;
    }
    w.write_all(&central)?;
    let mut end = Vec::with_capacity(22);
    end.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    end.extend_from_slice(&[0; 4]); // this disk, the directory's disk
    end.extend_from_slice(&(parts.len() as u16).to_le_bytes());
    end.extend_from_slice(&(parts.len() as u16).to_le_bytes());
    end.extend_from_slice(&(central.len() as u32).to_le_bytes());
    end.extend_from_slice(&offset.to_le_bytes());
    end.extend_from_slice(&0u16.to_le_bytes()); // no comment
    w.write_all(&end)
}

/// A part of a zip, as its central directory gives it.
#[derive(Debug, Clone)]
pub(super) struct Entry {
    pub name: String,
    method: u16,
    packed: u64,
    size: u64,
    offset: u64,
}

/// The parts of the zip in `bytes`, by their central directory; `Err` says why it is no
/// zip glossgraph reads.
pub(super) fn entries(bytes: &[u8]) -> Result<Vec<Entry>, String> {
    let no_zip =
        || "is no zip file (no XLSX or ODS workbook): its end record is missing".to_owned();
    // The end record: 22 bytes, and a comment of at most 65,535 after it.
    let from = bytes.len().saturating_sub(22 + 65_535);
    let at = (from..=bytes.len().saturating_sub(22))
        .rev()
        .find(|&i| bytes[i..].starts_with(&0x0605_4b50u32.to_le_bytes()))
        .ok_or_else(no_zip)?;
    let u16_at = |i: usize| -> Option<u16> {
        Some(u16::from_le_bytes(bytes.get(i..i + 2)?.try_into().ok()?))
    };
    let u32_at = |i: usize| -> Option<u32> {
        Some(u32::from_le_bytes(bytes.get(i..i + 4)?.try_into().ok()?))
    };
    let count = u16_at(at + 10).ok_or_else(no_zip)? as usize;
    let start = u32_at(at + 16).ok_or_else(no_zip)? as usize;
    let broken = |what: &str| format!("is a broken zip file: {what}");
    let mut entries = Vec::with_capacity(count.min(1024));
    let mut i = start;
    for _ in 0..count {
        if u32_at(i) != Some(0x0201_4b50) {
            return Err(broken("an entry of its directory is missing"));
        }
        let field = |k: usize| u32_at(i + k).ok_or_else(|| broken("its directory is cut short"));
        let short = |k: usize| u16_at(i + k).ok_or_else(|| broken("its directory is cut short"));
        let method = short(10)?;
        let packed = field(20)?;
        let size = field(24)?;
        let name_len = short(28)? as usize;
        let extra_len = short(30)? as usize;
        let comment_len = short(32)? as usize;
        let offset = field(42)?;
        if packed == u32::MAX || size == u32::MAX || offset == u32::MAX {
            return Err("is a zip64 file, which glossgraph does not read".into());
        }
        let name = bytes
            .get(i + 46..i + 46 + name_len)
            .ok_or_else(|| broken("a name is cut short"))?;
        entries.push(Entry {
            name: String::from_utf8_lossy(name).into_owned(),
            method,
            packed: u64::from(packed),
            size: u64::from(size),
            offset: u64::from(offset),
        });
        i += 46 + name_len + extra_len + comment_len;
    }
    Ok(entries)
}

/// The bytes of the part `entry` of the zip `bytes`, at most `limit` of them; `Err` says
/// why not.
pub(super) fn read(bytes: &[u8], entry: &Entry, limit: u64) -> Result<Vec<u8>, String> {
    let mut part = open(bytes, entry, limit)?;
    // The declared size, within the limit, is the usual size: one allocation.
    let mut out = Vec::with_capacity(usize::try_from(entry.size.min(limit)).unwrap_or(0));
    part.read_to_end(&mut out).map_err(|e| e.to_string())?;
    Ok(out)
}

/// The part `entry` of the zip in `bytes`, to read as it inflates: a large part (a sheet) is
/// never held whole. Reading it fails once more than `limit` bytes come out.
///
/// # Errors
/// A part that declares more than `limit` bytes, has no data where the directory says, or
/// is compressed otherwise than stored or deflated.
pub(super) fn open<'a>(
    bytes: &'a [u8],
    entry: &Entry,
    limit: u64,
) -> Result<Inflating<'a>, String> {
    let mib = limit >> 20;
    if entry.size > limit {
        return Err(format!(
            "declares {} bytes once inflated: refused (at most {mib} MiB a part)",
            entry.size
        ));
    }
    let cut = || "is cut short".to_owned();
    let at = usize::try_from(entry.offset).map_err(|_| cut())?;
    if bytes.get(at..at + 4) != Some(&0x0403_4b50u32.to_le_bytes()[..]) {
        return Err("has no local header where the directory says".into());
    }
    let len = |k: usize| -> Option<usize> {
        Some(u16::from_le_bytes(bytes.get(at + k..at + k + 2)?.try_into().ok()?) as usize)
    };
    let data_at = at + 30 + len(26).ok_or_else(cut)? + len(28).ok_or_else(cut)?;
    let packed = usize::try_from(entry.packed).map_err(|_| cut())?;
    let data = bytes.get(data_at..data_at + packed).ok_or_else(cut)?;
    let state = match entry.method {
        0 => None,
        8 => Some(InflateState::new_boxed(DataFormat::Raw)),
        other => {
            return Err(format!(
                "is compressed with method {other}: glossgraph reads stored and deflated parts"
            ))
        }
    };
    Ok(Inflating {
        input: data,
        state,
        out: 0,
        limit,
        done: false,
    })
}

/// A part of a zip, read as it inflates (or as it is, stored), within a limit.
pub(super) struct Inflating<'a> {
    input: &'a [u8],
    /// `None` for a stored part.
    state: Option<Box<InflateState>>,
    /// The bytes read out so far.
    out: u64,
    limit: u64,
    done: bool,
}

impl Read for Inflating<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() || self.done {
            return Ok(0);
        }
        let broken = || io::Error::other("does not inflate: its deflated data is broken");
        let n = match &mut self.state {
            None => {
                let n = buf.len().min(self.input.len());
                buf[..n].copy_from_slice(&self.input[..n]);
                self.input = &self.input[n..];
                n
            }
            Some(state) => loop {
                let r = inflate(state, self.input, buf, MZFlush::None);
                self.input = &self.input[r.bytes_consumed..];
                match r.status {
                    Ok(MZStatus::StreamEnd) => {
                        self.done = true;
                        break r.bytes_written;
                    }
                    Ok(_) if r.bytes_written > 0 => break r.bytes_written,
                    Ok(_) if r.bytes_consumed > 0 && !self.input.is_empty() => {}
                    // No progress: the data ends before its end, or is no deflate stream.
                    _ => return Err(broken()),
                }
            },
        };
        self.out += n as u64;
        if self.out > self.limit {
            return Err(io::Error::other(format!(
                "inflates past {} MiB: refused (a zip bomb, or a sheet too large)",
                self.limit >> 20
            )));
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zip_written_reads_back_and_its_crc_is_the_standard_one() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        let mut out = Vec::new();
        let big = "row ".repeat(1000);
        write(
            &[
                ("mimetype", b"text/plain", Method::Stored),
                ("a/b.xml", big.as_bytes(), Method::Deflated),
            ],
            &mut out,
        )
        .unwrap();
        let entries = entries(&out).unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[1].name, "a/b.xml");
        assert!(entries[1].packed < entries[1].size);
        assert_eq!(read(&out, &entries[0], 1 << 20).unwrap(), b"text/plain");
        assert_eq!(read(&out, &entries[1], 1 << 20).unwrap(), big.as_bytes());
    }

    #[test]
    fn a_bomb_is_refused_by_its_declared_and_by_its_actual_size() {
        let zeros = vec![0u8; 3 << 20];
        let mut out = Vec::new();
        write(&[("x", &zeros, Method::Deflated)], &mut out).unwrap();
        let entry = entries(&out).unwrap().remove(0);
        // Declared past the limit.
        let err = read(&out, &entry, 1 << 20).unwrap_err();
        assert!(err.contains("declares"), "{err}");
        // Declared small, inflating past it.
        let lying = Entry { size: 10, ..entry };
        let err = read(&out, &lying, 1 << 20).unwrap_err();
        assert!(err.contains("inflates past 1 MiB"), "{err}");
        assert!(entries(b"not a zip at all, just text").is_err());
    }
}
