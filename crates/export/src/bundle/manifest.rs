//! The manifest of an export folder: every file's size and SHA-256, the counts, the input's
//! hash and the slugs published, read back to find terms that vanished.

use super::*;

/// A writer that counts bytes and hashes them on their way to `inner`.
pub struct Hashing<W> {
    pub(super) inner: W,
    pub(super) hasher: Sha256,
    pub(super) bytes: u64,
}

impl<W: Write> Hashing<W> {
    pub fn new(inner: W) -> Self {
        Self {
            inner,
            hasher: Sha256::new(),
            bytes: 0,
        }
    }

    /// The number of bytes, the hex SHA-256, and the inner writer.
    pub fn finish(self) -> (u64, String, W) {
        (self.bytes, hex(&self.hasher.finalize()), self.inner)
    }
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Size and SHA-256 of one written file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileEntry {
    pub format: Format,
    pub bytes: u64,
    pub sha256: String,
}

/// `manifest.json`: what the folder holds and what it was made from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Manifest {
    pub files: BTreeMap<&'static str, FileEntry>,
    pub terms: usize,
    pub related: usize,
    pub supersedes: usize,
    /// `broader` edges: written only when there are some, so that a glossary without a
    /// hierarchy has the manifest it always had.
    pub broader: usize,
    /// Triples of the RDF export, when an RDF format was written.
    pub triples: Option<u64>,
    /// SHA-256 of the cards in canonical form (see [`input_hash`]).
    pub input_sha256: String,
    /// The slugs of the terms exported, sorted: the term IRIs published, which a later export
    /// must keep (see [`vanished`]).
    pub slugs: Vec<String>,
}

impl Manifest {
    pub(super) fn new(glossary: &Glossary) -> Self {
        let edges = glossary.edge_counts();
        Self {
            files: BTreeMap::new(),
            terms: glossary.cards().len(),
            related: edges.related,
            supersedes: edges.supersedes,
            broader: edges.broader,
            triples: None,
            input_sha256: input_hash(glossary),
            slugs: glossary
                .cards()
                .iter()
                .map(|c| c.slug().to_owned())
                .collect(),
        }
    }

    /// Adds a written file; the triple count is taken from N-Triples, or else from the first
    /// RDF format written (they all write the same triples).
    pub(super) fn record(
        &mut self,
        format: Format,
        bytes: u64,
        sha256: String,
        triples: Option<u64>,
    ) {
        if triples.is_some() && (self.triples.is_none() || format == Format::NTriples) {
            self.triples = triples;
        }
        self.files.insert(
            format.file_name(),
            FileEntry {
                format,
                bytes,
                sha256,
            },
        );
    }

    /// The manifest as JSON: sorted keys, two-space indentation, a final newline.
    pub fn to_json(&self) -> String {
        let files: serde_json::Map<String, serde_json::Value> = self
            .files
            .iter()
            .map(|(name, f)| {
                let entry = serde_json::json!({
                    "format": f.format.name(),
                    "bytes": f.bytes,
                    "sha256": f.sha256,
                });
                ((*name).to_owned(), entry)
            })
            .collect();
        let mut counts = serde_json::json!({
            "terms": self.terms,
            "edges": { "related": self.related, "supersedes": self.supersedes },
        });
        if self.broader > 0 {
            counts["edges"]["broader"] = self.broader.into();
        }
        if let Some(triples) = self.triples {
            counts["triples"] = triples.into();
        }
        let doc = serde_json::json!({
            "generator": format!("glossgraph {}", env!("CARGO_PKG_VERSION")),
            "input": { "sha256": self.input_sha256, "cards": self.terms },
            "counts": counts,
            "files": files,
            "slugs": self.slugs,
        });
        // serde_json's map is a BTreeMap: keys come out sorted.
        let mut text = serde_json::to_string_pretty(&doc).expect("a JSON value serializes");
        text.push('\n');
        text
    }
}

/// A term that an earlier export published and the glossary no longer has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vanished {
    pub slug: String,
    /// Where the manifest records it: a JSON pointer (`/slugs/12`).
    pub pointer: String,
    /// A card that names it in `supersedes`, if one does: the likely rename.
    pub successor: Option<String>,
}

/// The slugs that `out`'s manifest records as exported and that `glossary` has no card for,
/// less those in `allowed`: term IRIs that would stop resolving.
///
/// A term leaves a glossary without breaking its IRI by staying as a *tombstone*: its card
/// kept, with status `obsolete` or `deprecated` and `supersededBy` naming what replaces it.
/// Only a card that is gone counts here; `allowed` is the deliberate way out
/// (`export --allow-removal SLUG`). A folder without a manifest, or with one that records no
/// slugs (written before they were recorded) or that is not JSON, has nothing to keep.
///
/// # Errors
/// The manifest exists but cannot be read.
pub fn vanished(
    glossary: &Glossary,
    out: &Path,
    allowed: &[String],
) -> Result<Vec<Vanished>, ExportError> {
    let path = out.join(MANIFEST);
    // No folder yet, no manifest, or something else in its place: nothing was published
    // there (the writing reports what is in the way).
    if !path.is_file() {
        return Ok(Vec::new());
    }
    let text = fs::read(&path)
        .map_err(|e| ExportError::Unwritable(format!("cannot read `{}`: {e}", path.display())))?;
    let Ok(doc) = serde_json::from_slice::<serde_json::Value>(&text) else {
        return Ok(Vec::new());
    };
    let Some(recorded) = doc.get("slugs").and_then(|s| s.as_array()) else {
        return Ok(Vec::new());
    };
    let mut gone: Vec<Vanished> = recorded
        .iter()
        .enumerate()
        .filter_map(|(i, slug)| Some((i, slug.as_str()?)))
        .filter(|(_, slug)| {
            let cards = glossary.cards();
            cards.binary_search_by(|c| c.slug().cmp(slug)).is_err()
                && !allowed.iter().any(|a| a == slug)
        })
        .map(|(i, slug)| Vanished {
            slug: slug.to_owned(),
            pointer: format!("/slugs/{i}"),
            successor: None,
        })
        .collect();
    if !gone.is_empty() {
        for card in glossary.cards() {
            for old in card.supersedes().iter() {
                if let Some(v) = gone
                    .iter_mut()
                    .find(|v| v.slug == old && v.successor.is_none())
                {
                    v.successor = Some(card.slug().to_owned());
                }
            }
        }
    }
    Ok(gone)
}

/// SHA-256 of the glossary's cards, each as one line of compact JSON, in slug order: the
/// same cards give the same hash whatever files, order or layout they came from.
pub fn input_hash(glossary: &Glossary) -> String {
    let mut hashing = Hashing::new(io::sink());
    for card in glossary.cards() {
        card.write_json(&mut hashing, false)
            .and_then(|()| hashing.write_all(b"\n"))
            .expect("writing to a sink cannot fail");
    }
    hashing.finish().1
}
