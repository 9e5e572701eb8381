//! The exit codes of `glossgraph`, in one place (docs/reference/exit-codes.md and the man page
//! say the same):
//! 0 success, 1 findings (the glossary is invalid, the exports differ, a query failed), 2 the
//! tool could not run, 130 `export` was interrupted and cleaned up.

use std::io;

use glossgraph::export::ExportError;

/// The glossary is invalid, or the result differs from what was expected.
pub const FINDINGS: u8 = 1;
/// glossgraph could not run.
pub const FAILURE: u8 = 2;
/// `export` was interrupted (Ctrl-C, SIGTERM) and cleaned up: 128 + SIGINT, as shells say.
pub const INTERRUPTED: u8 = 130;

/// Every exit code and what it means, for the EXIT STATUS section of the man pages.
pub const MEANINGS: [(u8, &str); 4] = [
    (
        0,
        "Success: the glossary is valid (warnings allowed), the export or query succeeded, \
         export --check found no drift.",
    ),
    (
        FINDINGS,
        "The glossary is invalid (or has warnings under --deny-warnings); fmt --check or \
         check --fix --dry-run would change a file (or the fixes would leave the glossary \
         invalid); export --check found drift; a query failed or timed out; export found a \
         published term gone without a tombstone; diff found differences; import read a file \
         that does not parse or does not follow the mapping, pages it cannot read, or (with \
         --strict) a vocabulary it cannot keep whole; push --verify counted other triples \
         than were pushed.",
    ),
    (
        FAILURE,
        "glossgraph could not run: bad arguments, an unreadable input or configuration, a \
         failed write.",
    ),
    (
        INTERRUPTED,
        "export was interrupted (Ctrl-C, SIGTERM) and removed its staging folder. The output \
         folder is as it was or, when the interruption came as the last files were moved in, \
         whole with the new ones (the message says which).",
    ),
];

/// Whether the run failed only because the reader of standard output went away (`| head`):
/// that ends the run quietly, with 0.
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|c| {
            // `ExportError::Io` is transparent: its io::Error is not a link of the chain.
            c.downcast_ref::<io::Error>()
                .or(match c.downcast_ref::<ExportError>() {
                    Some(ExportError::Io(e)) => Some(e),
                    _ => None,
                })
        })
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
