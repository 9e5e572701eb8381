//! Reading any SKOS vocabulary (not written by glossgraph) into cards.
//!
//! Where the reader of glossgraph's own exports ([`super::Reading`]) refuses whatever its
//! mapping does not produce, this one takes what a published thesaurus holds and says, by
//! predicate with counts, what it could not keep ([`Report`]). Cards are made for the
//! resources typed `skos:Concept` or a subclass the file declares; each concept's slug comes
//! from its local name, else its notation, else its label, made unique in IRI order. The
//! glossary's main language is `--language`, else the scheme's `dcterms:language`, else the
//! language of the scheme's title or label, else the language most prefLabels have.
//!
//! What goes where (fields of [`crate::card::skos::Skos`]): labels and notes by language,
//! hierarchy by slug (or IRI outside the file), mappings, notations with their datatype,
//! `owl:deprecated` as status `deprecated`, `dcterms:replaces`/`isReplacedBy` as supersession,
//! `dcterms:modified` as `updated` (to the day), SKOS-XL labels as plain labels, notes that
//! are resources by their `rdf:value` or `rdfs:comment`.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use oxigraph::model::{Literal, Term};

use super::{SubjectKey, Triples};
use crate::card::skos::{Language, Notation};
use crate::card::{Draft, PartialDate};
use crate::config::{self, Config};
use crate::rdf::vocab::{self, dcterms, owl, rdf, rdfs, skos, skosxl, xsd};

/// What an import could not keep, and what it changed on the way.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// Triples read into cards or settings (or derived from them, as `skos:inScheme`).
    pub kept: usize,
    /// Triples not kept, by predicate: how many, on how many subjects.
    pub not_kept: BTreeMap<String, (usize, usize)>,
    /// What was changed to fit (a repaired IRI, a dropped control character), one line each.
    pub warnings: Vec<String>,
}

impl Report {
    /// The summary line: `kept 31,077 triples; not kept: 12 foaf:depiction on 12 subjects`.
    pub fn summary(&self) -> String {
        let mut out = format!("kept {} triples", thousands(self.kept));
        if self.not_kept.is_empty() {
            out.push_str("; every triple was kept");
            return out;
        }
        out.push_str("; not kept: ");
        let parts: Vec<String> = self
            .not_kept
            .iter()
            .map(|(p, (n, subjects))| {
                format!(
                    "{} {p} on {} {}",
                    thousands(*n),
                    thousands(*subjects),
                    if *subjects == 1 {
                        "subject"
                    } else {
                        "subjects"
                    }
                )
            })
            .collect();
        out.push_str(&parts.join(", "));
        out
    }

    /// How many triples were not kept.
    pub fn dropped(&self) -> usize {
        self.not_kept.values().map(|(n, _)| n).sum()
    }
}

fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Options of a SKOS import.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The main language (`--language`), instead of the one found in the file.
    pub language: Option<String>,
}

/// The cards and settings of the SKOS vocabulary in `triples`, and what was not kept.
/// `None` when the file holds no concept at all.
pub(super) fn read(triples: &Triples, options: &Options) -> Option<(Vec<Draft>, Config, Report)> {
    let mut reader = Reader::new(triples);
    let concepts = reader.concepts();
    if concepts.is_empty() {
        return None;
    }
    let schemes = reader.typed(&HashSet::from([skos::CONCEPT_SCHEME.as_str()]));
    let language = reader.language(&schemes, &concepts, options);
    let slugs = slugs(triples, &concepts);
    let namespace = namespace(&concepts, &slugs);
    let mut config = Config {
        language: language.clone(),
        ..Config::default()
    };
    let scheme = schemes.first().cloned();
    config.base = match (&namespace, &scheme) {
        (Some(ns), _) if ns.ends_with('/') || ns.ends_with('#') => ns.clone(),
        (_, Some(s)) if s.ends_with('/') || s.ends_with('#') => s.clone(),
        (_, Some(s)) => format!("{s}/"),
        _ => config.base,
    };
    let free = free_base(&config.base, &concepts);
    if free != config.base {
        reader.warnings.push(format!(
            "a concept's IRI is one glossgraph would give the scheme, its vocabulary or a \
             status under <{}>: the glossary's own IRIs go under <{free}> instead",
            config.base
        ));
        config.base = free;
    }
    if let Some(s) = &scheme {
        if *s != config.base {
            config.scheme = Some(s.clone());
        }
    }
    config.namespace = namespace.clone().filter(|ns| {
        // `{base}term/{slug}` is the default; say the namespace only when it differs.
        *ns != format!("{}term/", config.base)
    });
    // Every scheme's own triples: the title is kept, the rest counted.
    for (i, s) in schemes.iter().enumerate() {
        let key = SubjectKey::Iri(s.clone());
        let Some(values) = triples.get(&key) else {
            continue;
        };
        for (p, o) in values {
            let title = [dcterms::TITLE, skos::PREF_LABEL, rdfs::LABEL]
                .iter()
                .any(|t| t.as_str() == p);
            if p == rdf::TYPE.as_str()
                || p == skos::HAS_TOP_CONCEPT.as_str()
                || p == dcterms::LANGUAGE.as_str()
                || (title && i == 0)
            {
                if title && config.title == Config::default().title {
                    if let Term::Literal(l) = o {
                        config.title = l.value().to_owned();
                    }
                }
                reader.kept += 1;
            } else {
                reader.not_kept(p, &key);
            }
        }
    }
    let mut cards = Vec::with_capacity(concepts.len());
    for iri in &concepts {
        let card = reader.card(iri, &slugs, &language, namespace.as_deref());
        cards.push(card);
    }
    reader.leftovers(&concepts, &schemes);
    cards.sort_by(|a, b| a.slug.cmp(&b.slug));
    mirror(&mut cards);
    let mut not_kept = BTreeMap::new();
    for (p, (n, subjects)) in reader.dropped {
        not_kept.insert(vocab_name(&p), (n, subjects.len()));
    }
    config.statuses = config::KNOWN_STATUSES
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    let report = Report {
        kept: reader.kept,
        not_kept,
        warnings: reader.warnings,
    };
    Some((cards, config, report))
}

/// States every link between two cards on both of them, as glossgraph's cards do (a
/// vocabulary often states `broader` on one side only): `related` both ways, `broader`
/// mirrored by `narrower`, `supersedes` by `supersededBy`. Lists stay sorted.
fn mirror(cards: &mut [Draft]) {
    let index: HashMap<String, usize> = cards
        .iter()
        .enumerate()
        .map(|(i, c)| (c.slug.clone(), i))
        .collect();
    let mut add: Vec<(usize, u8, String)> = Vec::new();
    for card in cards.iter() {
        let lists: [(&Vec<String>, u8); 5] = [
            (&card.related, 0),
            (&card.skos.broader, 1),
            (&card.skos.narrower, 2),
            (&card.supersedes, 3),
            (&card.superseded_by, 4),
        ];
        for (list, kind) in lists {
            for other in list {
                if let Some(&j) = index.get(other) {
                    let back = match kind {
                        0 => 0,
                        1 => 2,
                        2 => 1,
                        3 => 4,
                        _ => 3,
                    };
                    add.push((j, back, card.slug.clone()));
                }
            }
        }
    }
    for (j, kind, slug) in add {
        let card = &mut cards[j];
        let list = match kind {
            0 => &mut card.related,
            1 => &mut card.skos.broader,
            2 => &mut card.skos.narrower,
            3 => &mut card.supersedes,
            _ => &mut card.superseded_by,
        };
        list.push(slug);
    }
    for card in cards.iter_mut() {
        for list in [
            &mut card.related,
            &mut card.skos.broader,
            &mut card.skos.narrower,
            &mut card.supersedes,
            &mut card.superseded_by,
        ] {
            list.sort_unstable();
            list.dedup();
        }
    }
}

/// An IRI as the report shows it: a prefixed name in a known namespace, else `<iri>`.
fn vocab_name(iri: &str) -> String {
    let known = vocab::PREFIXES.iter().copied().chain([
        ("skosxl", skosxl::NS),
        ("foaf", "http://xmlns.com/foaf/0.1/"),
        ("dc", "http://purl.org/dc/elements/1.1/"),
    ]);
    for (prefix, ns) in known {
        if let Some(local) = iri.strip_prefix(ns) {
            if !local.is_empty() && !local.contains(['/', '#']) {
                return format!("{prefix}:{local}");
            }
        }
    }
    format!("<{iri}>")
}

struct Reader<'t> {
    triples: &'t Triples,
    /// Subjects whose triples were all consumed as part of another (a note node, a SKOS-XL
    /// label).
    consumed: BTreeSet<SubjectKey>,
    kept: usize,
    /// Predicate → (triples, subjects).
    dropped: BTreeMap<String, (usize, BTreeSet<SubjectKey>)>,
    warnings: Vec<String>,
}

/// Whether `iri` is the `gx:` term `name` of some glossgraph export (`{base}ns#name`, or
/// `{base}ns/name` under a base ending in `#`).
fn is_gx(iri: &str, name: &str) -> bool {
    iri.strip_suffix(name)
        .is_some_and(|ns| ns.ends_with("ns#") || ns.ends_with("#ns/"))
}

/// The local name of an IRI: after its last `/` or `#`.
fn local_name(iri: &str) -> &str {
    iri.rsplit(['/', '#']).next().unwrap_or(iri)
}

/// `text` with each `%XX` escape turned back into its byte (invalid UTF-8 replaced), so
/// that `..%2F..%2Fetc` is seen as the `../../etc` it stands for and slugified as such.
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match (
            bytes[i],
            bytes.get(i + 1).copied().and_then(hex),
            bytes.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `text` as a slug: ASCII letters and digits lowercased, every other run of characters one
/// hyphen, at most 60 characters; empty when nothing is left.
fn slugify(text: &str) -> String {
    crate::card::rules::slugify(text, 60)
}

/// A slug for every concept, unique: from the local name, else the notation, else the
/// label, else `concept`; a taken slug gets `-2`, `-3`… in IRI order.
fn slugs(triples: &Triples, concepts: &[String]) -> HashMap<String, String> {
    let mut taken: HashSet<String> = HashSet::new();
    let mut next: HashMap<String, usize> = HashMap::new();
    let mut out = HashMap::new();
    for iri in concepts {
        let values = triples
            .get(&SubjectKey::Iri(iri.clone()))
            .map_or(&[][..], Vec::as_slice);
        let first = |p: &str| {
            let mut found: Vec<&str> = values
                .iter()
                .filter(|(q, _)| q == p)
                .filter_map(|(_, o)| match o {
                    Term::Literal(l) => Some(l.value()),
                    _ => None,
                })
                .collect();
            found.sort_unstable();
            found.first().map(|s| slugify(s)).unwrap_or_default()
        };
        let mut slug = slugify(&percent_decoded(local_name(iri)));
        for p in [skos::NOTATION, skos::PREF_LABEL, rdfs::LABEL] {
            if slug.is_empty() {
                slug = first(p.as_str());
            }
        }
        if slug.is_empty() {
            slug = "concept".to_owned();
        }
        // The next suffix to try for each slug: 20,000 concepts of one name take linear
        // time, not one probe per concept before them.
        let n = next.entry(slug.clone()).or_insert(2);
        let mut unique = slug.clone();
        while taken.contains(&unique) {
            unique = format!("{slug}-{n}");
            *n += 1;
        }
        taken.insert(unique.clone());
        out.insert(iri.clone(), unique);
    }
    out
}

/// A base IRI for the glossary's own IRIs — the scheme's (when the file names none), the
/// vocabulary's `{base}ns`, the statuses' `{base}status/…` — that no concept's IRI takes:
/// `preferred`, else `{preferred}glossgraph/`, `{preferred}glossgraph-2/`… A concept at the
/// namespace itself (an empty local name, `http://x.example/v/`) would otherwise be written
/// as the scheme too, and one named `ns` as the vocabulary.
fn free_base(preferred: &str, concepts: &[String]) -> String {
    let taken = |base: &str| {
        concepts.iter().any(|iri| {
            iri.strip_prefix(base).is_some_and(|rest| {
                rest.is_empty()
                    || rest == "ns"
                    || rest.starts_with("ns#")
                    || rest.starts_with("ns/")
                    || rest.starts_with("status/")
            })
        })
    };
    let mut base = preferred.to_owned();
    let mut n = 1;
    while taken(&base) {
        base = if n == 1 {
            format!("{preferred}glossgraph/")
        } else {
            format!("{preferred}glossgraph-{n}/")
        };
        n += 1;
    }
    base
}

/// The namespace most concepts' IRIs share as `{namespace}{slug}`, if at least half do.
fn namespace(concepts: &[String], slugs: &HashMap<String, String>) -> Option<String> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for iri in concepts {
        if let Some(ns) = iri.strip_suffix(slugs[iri].as_str()) {
            *counts.entry(ns).or_default() += 1;
        }
    }
    let (ns, n) = counts
        .into_iter()
        .max_by_key(|&(ns, n)| (n, std::cmp::Reverse(ns)))?;
    (2 * n >= concepts.len() && !ns.is_empty()).then(|| ns.to_owned())
}

/// The text of a literal without the characters a card refuses (XML 1.0's forbidden ones and
/// other control characters but tab, line feed and carriage return).
fn clean(text: &str) -> (String, bool) {
    let bad = |c: char| {
        (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{FFFE}' || c == '\u{FFFF}'
    };
    if text.chars().any(bad) {
        (text.chars().filter(|&c| !bad(c)).collect(), true)
    } else {
        (text.to_owned(), false)
    }
}

impl<'t> Reader<'t> {
    fn new(triples: &'t Triples) -> Self {
        Self {
            triples,
            consumed: BTreeSet::new(),
            kept: 0,
            dropped: BTreeMap::new(),
            warnings: Vec::new(),
        }
    }

    fn not_kept(&mut self, predicate: &str, subject: &SubjectKey) {
        let entry = self.dropped.entry(predicate.to_owned()).or_default();
        entry.0 += 1;
        entry.1.insert(subject.clone());
    }

    /// The IRIs of the subjects typed with one of `classes`, sorted.
    fn typed(&self, classes: &HashSet<&str>) -> Vec<String> {
        self.triples
            .iter()
            .filter_map(|(key, values)| match key {
                SubjectKey::Iri(iri)
                    if values.iter().any(|(p, o)| {
                        p == rdf::TYPE.as_str()
                            && matches!(o, Term::NamedNode(n) if classes.contains(n.as_str()))
                    }) =>
                {
                    Some(iri.clone())
                }
                _ => None,
            })
            .collect()
    }

    /// The concepts: resources typed `skos:Concept` or a subclass of it the file declares.
    ///
    /// The subclasses are found from `skos:Concept` down, each `rdfs:subClassOf` followed
    /// once: linear in the triples however deep a file nests its classes.
    fn concepts(&self) -> Vec<String> {
        let mut subclasses: HashMap<&str, Vec<&str>> = HashMap::new();
        for (key, values) in self.triples {
            let SubjectKey::Iri(iri) = key else { continue };
            for (p, o) in values {
                if let Term::NamedNode(n) = o {
                    if p == rdfs::SUB_CLASS_OF.as_str() {
                        subclasses.entry(n.as_str()).or_default().push(iri);
                    }
                }
            }
        }
        let mut classes = HashSet::from([skos::CONCEPT.as_str()]);
        let mut next = vec![skos::CONCEPT.as_str()];
        while let Some(class) = next.pop() {
            for &sub in subclasses.get(class).map_or(&[][..], Vec::as_slice) {
                if classes.insert(sub) {
                    next.push(sub);
                }
            }
        }
        self.typed(&classes)
    }

    /// The main language (see the module documentation).
    fn language(&self, schemes: &[String], concepts: &[String], options: &Options) -> String {
        if let Some(l) = &options.language {
            return l.clone();
        }
        let values = |iri: &String| {
            self.triples
                .get(&SubjectKey::Iri(iri.clone()))
                .map_or(&[][..], Vec::as_slice)
        };
        for s in schemes {
            for (p, o) in values(s) {
                if p == dcterms::LANGUAGE.as_str() {
                    let tag = match o {
                        Term::Literal(l) => l.value().to_owned(),
                        Term::NamedNode(n) => local_name(n.as_str()).to_owned(),
                        Term::BlankNode(_) => continue,
                    };
                    if Literal::new_language_tagged_literal("", tag.as_str()).is_ok()
                        && tag.len() <= 3
                    {
                        return tag.to_ascii_lowercase();
                    }
                }
            }
            for p in [dcterms::TITLE, skos::PREF_LABEL, rdfs::LABEL] {
                for (q, o) in values(s) {
                    if q == p.as_str() {
                        if let Term::Literal(l) = o {
                            if let Some(tag) = l.language() {
                                return tag.to_owned();
                            }
                        }
                    }
                }
            }
        }
        let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
        for c in concepts {
            for (p, o) in values(c) {
                if p == skos::PREF_LABEL.as_str() {
                    if let Term::Literal(l) = o {
                        if let Some(tag) = l.language() {
                            *counts.entry(tag).or_default() += 1;
                        }
                    }
                }
            }
        }
        counts
            .into_iter()
            .max_by_key(|&(tag, n)| (n, std::cmp::Reverse(tag)))
            .map_or_else(|| Config::default().language, |(tag, _)| tag.to_owned())
    }

    /// The text of a note or label value: a literal, or a resource with an `rdf:value`,
    /// `rdfs:comment` or `skosxl:literalForm` (whose triples are then consumed); with its
    /// language tag (`""` for none).
    fn text_of(&mut self, o: &Term, concept: &str) -> Option<(String, String)> {
        let literal = match o {
            Term::Literal(l) => l.clone(),
            Term::NamedNode(_) | Term::BlankNode(_) => {
                let key = match o {
                    Term::NamedNode(n) => SubjectKey::Iri(n.as_str().to_owned()),
                    Term::BlankNode(b) => SubjectKey::Blank(b.as_str().to_owned()),
                    Term::Literal(_) => return None,
                };
                let values = self.triples.get(&key)?;
                let found = [rdf::VALUE, skosxl::LITERAL_FORM, rdfs::COMMENT]
                    .iter()
                    .find_map(|p| {
                        values.iter().find_map(|(q, o)| match o {
                            Term::Literal(l) if q == p.as_str() => Some(l.clone()),
                            _ => None,
                        })
                    })?;
                // The node's text is kept; its other statements (creator, date) are not.
                for (q, o) in values {
                    let text = matches!(o, Term::Literal(l) if *l == found);
                    if text || q == rdf::TYPE.as_str() {
                        self.kept += 1;
                    } else {
                        self.not_kept(q, &key);
                    }
                }
                self.consumed.insert(key);
                found
            }
        };
        let (text, changed) = clean(literal.value());
        if changed {
            self.warnings.push(format!(
                "<{concept}>: a control character the card refuses was dropped from `{}`",
                text.chars().take(40).collect::<String>()
            ));
        }
        Some((text, literal.language().unwrap_or("").to_owned()))
    }

    /// The card of the concept `iri`.
    fn card(
        &mut self,
        iri: &str,
        slugs: &HashMap<String, String>,
        main: &str,
        namespace: Option<&str>,
    ) -> Draft {
        let key = SubjectKey::Iri(iri.to_owned());
        let values: &[(String, Term)] = self.triples.get(&key).map_or(&[], Vec::as_slice);
        let slug = slugs[iri].clone();
        let mut card = Draft {
            slug: slug.clone(),
            ..Draft::default()
        };
        if namespace.is_none_or(|ns| format!("{ns}{slug}") != iri) {
            card.skos.iri = Some(iri.to_owned());
        }
        let is_main = |tag: &str| tag.eq_ignore_ascii_case(main);
        // Labels and notes by (property, language).
        let mut texts: BTreeMap<(&'static str, String), Vec<String>> = BTreeMap::new();
        let label_kinds: [(&str, &str); 6] = [
            (skos::PREF_LABEL.as_str(), "pref"),
            (skos::ALT_LABEL.as_str(), "alt"),
            (skos::HIDDEN_LABEL.as_str(), "hidden"),
            (skosxl::PREF_LABEL.as_str(), "pref"),
            (skosxl::ALT_LABEL.as_str(), "alt"),
            (skosxl::HIDDEN_LABEL.as_str(), "hidden"),
        ];
        let mut rdfs_labels: Vec<String> = Vec::new();
        let mut deprecated = false;
        for (p, o) in values {
            let p = p.as_str();
            // A label or a note: a text in a language, kept by its kind.
            let text_kind = label_kinds
                .iter()
                .find(|(q, _)| *q == p)
                .map(|&(_, kind)| kind)
                .or_else(|| {
                    crate::card::skos::NOTE_KINDS
                        .into_iter()
                        .find(|k| skos::note_property(k).is_some_and(|q| q.as_str() == p))
                });
            if let Some(kind) = text_kind {
                match self.text_of(o, iri) {
                    Some((text, tag)) => {
                        self.kept += 1;
                        texts.entry((kind, tag)).or_default().push(text);
                    }
                    None => self.not_kept(p, &key),
                }
                continue;
            }
            if let Some(kind) = crate::card::skos::MAPPING_KINDS
                .iter()
                .find(|k| skos::mapping_property(k).is_some_and(|q| q.as_str() == p))
            {
                if let Term::NamedNode(n) = o {
                    self.kept += 1;
                    card.skos
                        .mappings
                        .entry((*kind).to_owned())
                        .or_default()
                        .push(n.as_str().to_owned());
                } else {
                    self.not_kept(p, &key);
                }
                continue;
            }
            let target = |o: &Term| match o {
                Term::NamedNode(n) => Some(
                    slugs
                        .get(n.as_str())
                        .cloned()
                        .ok_or_else(|| n.as_str().to_owned()),
                ),
                _ => None,
            };
            match p {
                _ if p == rdf::TYPE.as_str()
                    || p == skos::IN_SCHEME.as_str()
                    || p == skos::TOP_CONCEPT_OF.as_str() =>
                {
                    self.kept += 1;
                }
                _ if p == skos::BROADER.as_str() || p == skos::NARROWER.as_str() => {
                    let list = if p == skos::BROADER.as_str() {
                        &mut card.skos.broader
                    } else {
                        &mut card.skos.narrower
                    };
                    match target(o) {
                        Some(Ok(slug)) | Some(Err(slug)) => {
                            self.kept += 1;
                            list.push(slug);
                        }
                        None => self.not_kept(p, &key),
                    }
                }
                _ if p == skos::RELATED.as_str()
                    || p == dcterms::REPLACES.as_str()
                    || p == dcterms::IS_REPLACED_BY.as_str() =>
                {
                    let list = if p == skos::RELATED.as_str() {
                        &mut card.related
                    } else if p == dcterms::REPLACES.as_str() {
                        &mut card.supersedes
                    } else {
                        &mut card.superseded_by
                    };
                    // A slug only: a concept outside the file is not kept here.
                    match target(o) {
                        Some(Ok(slug)) => {
                            self.kept += 1;
                            list.push(slug);
                        }
                        _ => self.not_kept(p, &key),
                    }
                }
                _ if p == skos::NOTATION.as_str() => match o {
                    // glossgraph's own slug notation (`gx:Slug`), when its export is read
                    // back as a vocabulary: the slug, not a notation of the concept.
                    Term::Literal(l) if is_gx(l.datatype().as_str(), "Slug") => self.kept += 1,
                    Term::Literal(l) => {
                        self.kept += 1;
                        let datatype = (l.language().is_none() && l.datatype() != xsd::STRING)
                            .then(|| l.datatype().as_str().to_owned());
                        card.skos.notations.push(Notation {
                            value: l.value().to_owned(),
                            datatype,
                        });
                    }
                    _ => self.not_kept(p, &key),
                },
                _ if p == owl::DEPRECATED.as_str() => {
                    self.kept += 1;
                    if matches!(o, Term::Literal(l) if l.value() == "true" || l.value() == "1") {
                        deprecated = true;
                    }
                }
                _ if p == dcterms::MODIFIED.as_str() => {
                    let date = match o {
                        Term::Literal(l) => {
                            l.value().get(..10).and_then(|d| PartialDate::parse(d).ok())
                        }
                        _ => None,
                    };
                    match date {
                        Some(d) if card.updated.is_none_or(|u| d > u) => {
                            self.kept += 1;
                            card.updated = Some(d);
                        }
                        Some(_) => self.kept += 1,
                        None => self.not_kept(p, &key),
                    }
                }
                // An unknown card field in glossgraph's export: `{"name": value}` as JSON.
                _ if is_gx(p, "extra") => {
                    let parsed = match o {
                        Term::Literal(l) if l.datatype() == rdf::JSON => {
                            serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(
                                l.value(),
                            )
                            .ok()
                        }
                        _ => None,
                    };
                    match parsed {
                        Some(fields) => {
                            self.kept += 1;
                            card.skos.extra.extend(fields);
                        }
                        None => self.not_kept(p, &key),
                    }
                }
                _ if p == rdfs::LABEL.as_str() => match o {
                    Term::Literal(l) if l.language().is_none_or(is_main) => {
                        self.kept += 1;
                        rdfs_labels.push(clean(l.value()).0);
                    }
                    _ => self.not_kept(p, &key),
                },
                _ => self.not_kept(p, &key),
            }
        }
        if deprecated {
            card.status = Some("deprecated".to_owned());
        }
        // Labels and notes into the card: the main language on top, the others by tag.
        for ((kind, tag), mut list) in texts {
            list.sort_unstable();
            list.dedup();
            let main_language = is_main(&tag);
            match kind {
                "pref" if main_language => {
                    let mut list = list.into_iter();
                    card.term = list.next().unwrap_or_default();
                    for extra in list {
                        self.warnings.push(format!(
                            "<{iri}>: a second skos:prefLabel in `{tag}` (SKOS S14), `{extra}`, is not kept"
                        ));
                        self.kept -= 1;
                        self.not_kept(skos::PREF_LABEL.as_str(), &key);
                    }
                }
                "alt" if main_language => card.aliases = list,
                "hidden" if main_language => card.skos.hidden_aliases = list,
                "definition" if main_language => {
                    let mut list = list.into_iter();
                    card.definition = list.next().unwrap_or_default();
                    let rest: Vec<String> = list.collect();
                    if !rest.is_empty() {
                        card.skos.notes.insert("definition".into(), rest);
                    }
                }
                note if main_language => {
                    card.skos.notes.insert(note.to_owned(), list);
                }
                _ => {
                    let l: &mut Language = card.skos.languages.entry(tag.clone()).or_default();
                    match kind {
                        "pref" => {
                            let mut list = list.into_iter();
                            l.term = list.next();
                            for extra in list {
                                self.warnings.push(format!(
                                    "<{iri}>: a second skos:prefLabel in `{tag}` (SKOS S14), `{extra}`, is not kept"
                                ));
                                self.kept -= 1;
                                self.not_kept(skos::PREF_LABEL.as_str(), &key);
                            }
                        }
                        "alt" => l.aliases = list,
                        "hidden" => l.hidden_aliases = list,
                        "definition" => {
                            let mut list = list.into_iter();
                            l.definition = list.next();
                            let rest: Vec<String> = list.collect();
                            if !rest.is_empty() {
                                l.notes.insert("definition".into(), rest);
                            }
                        }
                        note => {
                            l.notes.insert(note.to_owned(), list);
                        }
                    }
                }
            }
        }
        // An alias repeating the term (SKOS S13) is not an alias: the term holds it already.
        let term = card.term.clone();
        if card.aliases.contains(&term) {
            card.aliases.retain(|a| *a != term);
            self.warnings.push(format!(
                "<{iri}>: skos:altLabel `{term}` repeats the prefLabel (SKOS S13) and is not kept"
            ));
            self.kept -= 1;
            self.not_kept(skos::ALT_LABEL.as_str(), &key);
        }
        // No prefLabel in the main language: an rdfs:label, another language's prefLabel,
        // the notation or the local name stands for the term.
        if card.term.is_empty() {
            rdfs_labels.sort_unstable();
            let other = card.skos.languages.values().find_map(|l| l.term.clone());
            let notation = card.skos.notations.first().map(|n| n.value.clone());
            let (term, from) = if !rdfs_labels.is_empty() {
                (rdfs_labels.remove(0), "rdfs:label")
            } else if let Some(other) = other {
                (other, "language")
            } else if let Some(notation) = notation {
                (notation, "notation")
            } else {
                (local_name(iri).to_owned(), "localName")
            };
            card.term = if term.trim().is_empty() {
                slug.clone()
            } else {
                term
            };
            card.skos.term_from = Some(from.to_owned());
            self.warnings.push(format!(
                "<{iri}>: no skos:prefLabel in `{main}`; the term is `{}`",
                card.term
            ));
        }
        // An rdfs:label that is not the term has no place in the card.
        for _ in &rdfs_labels {
            self.kept -= 1;
            self.not_kept(rdfs::LABEL.as_str(), &key);
        }
        for list in [
            &mut card.related,
            &mut card.supersedes,
            &mut card.superseded_by,
            &mut card.skos.broader,
            &mut card.skos.narrower,
        ] {
            list.sort_unstable();
            list.dedup();
        }
        for list in card.skos.mappings.values_mut() {
            list.sort_unstable();
            list.dedup();
        }
        card.skos.notations.sort_unstable();
        card.skos.notations.dedup();
        card
    }

    /// Counts the triples of every subject that is neither a concept, a scheme, nor a node
    /// read as part of one.
    fn leftovers(&mut self, concepts: &[String], schemes: &[String]) {
        let skip: BTreeSet<SubjectKey> = concepts
            .iter()
            .chain(schemes)
            .map(|iri| SubjectKey::Iri(iri.clone()))
            .chain(self.consumed.iter().cloned())
            .collect();
        let triples = self.triples;
        for (key, values) in triples {
            if skip.contains(key) {
                continue;
            }
            for (p, _) in values {
                self.not_kept(p, key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_from_local_names_are_safe_and_unique() {
        assert_eq!(slugify("Foo_Bar 12"), "foo-bar-12");
        assert_eq!(slugify("../../etc/passwd"), "etc-passwd");
        assert_eq!(
            percent_decoded("..%2F..%2fetc%2Fpasswd"),
            "../../etc/passwd"
        );
        assert_eq!(percent_decoded("%2e%2e%2f%C3%A9t%C3%A9"), "../été");
        assert_eq!(percent_decoded("100%"), "100%");
        assert_eq!(percent_decoded("%zz%4"), "%zz%4");
        assert_eq!(percent_decoded("%FF"), "\u{FFFD}");
        assert_eq!(slugify("été"), "t");
        assert_eq!(slugify("日本"), "");
        assert_eq!(local_name("http://x.example/a/b#c"), "c");
        assert_eq!(thousands(31077), "31,077");
    }

    #[test]
    fn the_glossarys_own_iris_go_where_no_concept_is() {
        let concepts = |iris: &[&str]| iris.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        let ns = "http://x.example/v/";
        assert_eq!(free_base(ns, &concepts(&["http://x.example/v/a"])), ns);
        // A concept at the namespace, one named `ns`, one under `status/`.
        for taken in [
            "http://x.example/v/",
            "http://x.example/v/ns",
            "http://x.example/v/status/x",
        ] {
            assert_eq!(
                free_base(ns, &concepts(&["http://x.example/v/a", taken])),
                "http://x.example/v/glossgraph/"
            );
        }
        assert_eq!(
            free_base(
                ns,
                &concepts(&["http://x.example/v/", "http://x.example/v/glossgraph/"])
            ),
            "http://x.example/v/glossgraph-2/"
        );
        // `nsa` and `statuses` are not the vocabulary's nor a status's.
        assert_eq!(
            free_base(
                ns,
                &concepts(&["http://x.example/v/nsa", "http://x.example/v/statuses"])
            ),
            ns
        );
    }

    #[test]
    fn slugs_of_one_name_are_numbered_in_iri_order() {
        let concepts: Vec<String> = [
            "http://x.example/1/a",
            "http://x.example/2/a",
            "http://x.example/3/a",
            "http://x.example/a-2",
            "http://x.example/..%2F",
            "http://x.example/.",
        ]
        .map(str::to_owned)
        .to_vec();
        let slugs = slugs(&Triples::new(), &concepts);
        let got: Vec<&str> = concepts.iter().map(|c| slugs[c].as_str()).collect();
        assert_eq!(got, ["a", "a-2", "a-3", "a-2-2", "concept", "concept-2"]);
        assert_eq!(thousands(12), "12");
    }
}
