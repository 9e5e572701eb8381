//! Identity rules: slug shape, slug = file name, one card per slug, known status.

use std::path::Path;

use super::at;
use crate::card::rules::{is_slug, slugify};
use crate::config::Config;
use crate::diag::Origin;
use crate::diag::{Finding, Rule};
use crate::load::{LoadedCard, Source, Sources};
use crate::Card;

pub(super) fn card(
    card: &Card,
    origin: Origin,
    source: &Source,
    config: &Config,
    out: &mut Vec<Finding>,
) {
    if !is_slug(card.slug()) {
        let suggestion = slugify(card.slug(), usize::MAX);
        let mut f = at(
            Rule::BadSlug,
            origin,
            "/slug",
            format!(
                "slug `{}` must be lowercase ASCII letters and digits in dash-separated words",
                card.slug()
            ),
        );
        if is_slug(&suggestion) {
            f = f.with_hint(format!("use `{suggestion}`"));
        }
        out.push(f);
    }
    if source.one_card_file {
        let stem = source
            .path
            .as_deref()
            .and_then(Path::file_stem)
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if stem != card.slug() {
            out.push(
                at(
                    Rule::SlugMismatch,
                    origin,
                    "/slug",
                    format!(
                        "slug `{}` does not match the file name `{stem}.json`",
                        card.slug()
                    ),
                )
                .with_hint(format!(
                    "rename the file to `{}.json` or fix the slug",
                    card.slug()
                )),
            );
        }
    }
    if let Some(status) = card.status() {
        if !config.statuses.iter().any(|s| s == status) {
            out.push(
                at(
                    Rule::UnknownStatus,
                    origin,
                    "/status",
                    format!("status `{status}` is not allowed"),
                )
                .with_hint(format!(
                    "use one of {}, or add it to `statuses` in glossgraph.toml",
                    config.statuses.join(", ")
                )),
            );
        }
    }
}

/// Reports every IRI of `card` that is not an absolute IRI (the export would write it as
/// one, and an RDF reader refuse the file): its own `iri`, its schemes, its notations'
/// datatypes, its mappings, and the links that name a concept outside the glossary by IRI.
pub(super) fn iris(card: &Card, origin: Origin, out: &mut Vec<Finding>) {
    let skos = card.skos();
    let mut check = |pointer: String, iri: &str| {
        if let Err(e) = oxigraph::model::NamedNode::new(iri) {
            out.push(at(
                Rule::InvalidIri,
                origin,
                pointer,
                format!("`{iri}` is not an absolute IRI: {e}"),
            ));
        }
    };
    if let Some(iri) = &skos.iri {
        check("/iri".into(), iri);
    }
    for (field, list) in [
        ("inScheme", skos.in_scheme.as_deref()),
        ("topConceptOf", skos.top_concept_of.as_deref()),
    ] {
        for (k, iri) in list.unwrap_or_default().iter().enumerate() {
            check(format!("/{field}/{k}"), iri);
        }
    }
    for (k, notation) in skos.notations.iter().enumerate() {
        if let Some(datatype) = &notation.datatype {
            check(format!("/notations/{k}/datatype"), datatype);
        }
    }
    for (kind, list) in &skos.mappings {
        for (k, iri) in list.iter().enumerate() {
            check(format!("/mappings/{kind}/{k}"), iri);
        }
    }
    // A link names a concept outside the glossary by IRI (a slug never holds `:`).
    let mut links = |field: &str, entries: &mut dyn Iterator<Item = &str>| {
        for (k, entry) in entries.enumerate() {
            if crate::card::skos::is_iri(entry) {
                check(format!("/{field}/{k}"), entry);
            }
        }
    };
    links("broader", &mut skos.broader.iter().map(String::as_str));
    links("narrower", &mut skos.narrower.iter().map(String::as_str));
    links("related", &mut card.related().into_iter());
    links("supersedes", &mut card.supersedes().into_iter());
    links("supersededBy", &mut card.superseded_by().into_iter());
}

/// Reports every card whose slug an earlier card already has, and drops it. `cards` is
/// sorted by slug, stably, so the first card read comes first.
pub(super) fn duplicates(cards: &mut Vec<LoadedCard>, sources: &Sources, out: &mut Vec<Finding>) {
    for pair in cards.windows(2) {
        let (first, card) = (&pair[0], &pair[1]);
        if first.card.slug() == card.card.slug() {
            // A file of many cards is named with the line where the first one starts.
            let source = sources.get(first.origin.source);
            let place = if source.one_card_file {
                format!("in {}", source.name)
            } else {
                format!("at {}:{}", source.name, first.origin.line)
            };
            out.push(at(
                Rule::DuplicateSlug,
                card.origin,
                "/slug",
                format!(
                    "slug `{}` is already used by the card {place}",
                    card.card.slug()
                ),
            ));
        }
    }
    cards.dedup_by(|b, a| a.card.slug() == b.card.slug());
}
