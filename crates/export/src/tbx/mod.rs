//! TBX, the term base format of translators' tools (ISO 30042), both ways: [`write`] writes
//! TBX-Basic in TBX v3 (ISO 30042:2019, `<tbx>`) or in the older TBX v2 (`<martif>`, which
//! translate-toolkit, and through it Weblate and Pootle, read); [`read`] reads either back
//! into cards.
//!
//! A card is one concept entry: its id is the slug behind [`ID_PREFIX`] (an XML ID may not
//! start with a digit, a slug may), a language section for the main language and one for
//! each of `languages`, a term section per label (the preferred term, the aliases as admitted
//! terms, every label of a `deprecated` card as a deprecated term, of a card that others
//! supersede as a superseded term, `administrativeStatus`), the definition and the note of
//! each language section, each citation as a `source` (its title) with an
//! `externalCrossReference` (its URL, the text its id), the topic as the entry's `subjectField`, related terms as
//! cross-references (`crossReference`, an IRI outside the glossary as an
//! `externalCrossReference`) and the superseding terms as cross-references of the
//! superseded term sections. The two versions differ in element names only ([`Version`]),
//! so one writer serves both.
//!
//! The header's source description names glossgraph and the base IRI ([`SOURCE`]): a file
//! that has it is read back as glossgraph wrote it (ids are slugs, the subject field is
//! the derived topic); any other TBX is read as a stranger's term base.

use crate::Format;

pub mod read;
mod write;

pub use write::write;

/// Which TBX.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    /// TBX v3, ISO 30042:2019: `<tbx>`, `<conceptEntry>`, `<langSec>`, `<termSec>`.
    V3,
    /// TBX v2, ISO 30042:2008: `<martif>`, `<termEntry>`, `<langSet>`, `<tig>`.
    V2,
}

impl Version {
    /// The version an export format writes.
    pub fn of(format: Format) -> Option<Self> {
        match format {
            Format::Tbx => Some(Version::V3),
            Format::Tbx2 => Some(Version::V2),
            _ => None,
        }
    }

    /// The element names of this version: root, header, concept entry, language section,
    /// term section.
    pub(crate) fn names(self) -> Names {
        match self {
            Version::V3 => Names {
                root: "tbx",
                header: "tbxHeader",
                entry: "conceptEntry",
                language: "langSec",
                term: "termSec",
            },
            Version::V2 => Names {
                root: "martif",
                header: "martifHeader",
                entry: "termEntry",
                language: "langSet",
                term: "tig",
            },
        }
    }
}

/// The element names that differ between the versions.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Names {
    pub root: &'static str,
    pub header: &'static str,
    pub entry: &'static str,
    pub language: &'static str,
    pub term: &'static str,
}

/// The namespace of TBX v3 (ISO 30042, edition 2); TBX v2 has none.
pub const NAMESPACE_V3: &str = "urn:iso:std:iso:30042:ed-2";

/// What the concept entries' ids start with, before the slug.
pub const ID_PREFIX: &str = "c-";

/// The start of the header's source description in a file glossgraph wrote; the base IRI
/// follows.
pub const SOURCE: &str = "Exported by glossgraph from the glossary at ";

/// What the note of a citation's source says before the day it was read.
pub const ACCESSED: &str = "accessed ";

/// The values of `administrativeStatus` (TBX-Basic's picklist).
pub mod status {
    pub const PREFERRED: &str = "preferredTerm-admn-sts";
    pub const ADMITTED: &str = "admittedTerm-admn-sts";
    pub const DEPRECATED: &str = "deprecatedTerm-admn-sts";
    pub const SUPERSEDED: &str = "supersededTerm-admn-sts";
}
