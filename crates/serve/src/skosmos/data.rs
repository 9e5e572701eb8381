//! A concept's `data` in the JSON-LD Skosmos answers: compacted by hand with Skosmos's
//! `@context`, so that the keys are the ones its clients read (`prefLabel`, `broader`, `uri`,
//! `lang`, `value`), not whatever a generic compaction would pick.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::{short, PREFIXES};

/// The terms of the `@context` of a concept's `data`, each with the IRI it stands for.
const DATA_TERMS: [(&str, &str, &str); 17] = [
    ("label", "rdfs", "label"),
    ("prefLabel", "skos", "prefLabel"),
    ("altLabel", "skos", "altLabel"),
    ("hiddenLabel", "skos", "hiddenLabel"),
    ("broader", "skos", "broader"),
    ("narrower", "skos", "narrower"),
    ("related", "skos", "related"),
    ("inScheme", "skos", "inScheme"),
    ("exactMatch", "skos", "exactMatch"),
    ("closeMatch", "skos", "closeMatch"),
    ("broadMatch", "skos", "broadMatch"),
    ("narrowMatch", "skos", "narrowMatch"),
    ("relatedMatch", "skos", "relatedMatch"),
    ("definition", "skos", "definition"),
    ("notation", "skos", "notation"),
    ("topConceptOf", "skos", "topConceptOf"),
    ("scopeNote", "skos", "scopeNote"),
];

/// A concept's `data` as Skosmos compacts it: `{"@context", "graph": [nodes]}`, a node per
/// subject by IRI, each predicate by its context term (else `skos:x`, `dct:x`…, else the
/// IRI), a value an `{"uri"}`, a `{"lang", "value"}`, a string, or a `{"type", "value"}`,
/// several values an array.
pub fn data_json(triples: &[oxigraph::model::Triple]) -> Value {
    use oxigraph::model::{NamedOrBlankNode, Term};
    let mut context = Map::new();
    for (prefix, ns) in PREFIXES {
        context.insert(prefix.into(), json!(ns));
    }
    for (k, v) in [
        ("uri", "@id"),
        ("type", "@type"),
        ("lang", "@language"),
        ("value", "@value"),
        ("graph", "@graph"),
    ] {
        context.insert(k.into(), json!(v));
    }
    for (term, prefix, local) in DATA_TERMS {
        context.insert(term.into(), json!(format!("{prefix}:{local}")));
    }
    let key = |iri: &str| -> String {
        let short = short(iri);
        DATA_TERMS
            .iter()
            .find(|(_, p, l)| short.strip_prefix(p).and_then(|s| s.strip_prefix(':')) == Some(l))
            .map_or(short, |(term, _, _)| (*term).to_owned())
    };
    let mut nodes: BTreeMap<String, BTreeMap<String, Vec<Value>>> = BTreeMap::new();
    for t in triples {
        let NamedOrBlankNode::NamedNode(s) = &t.subject else {
            continue;
        };
        let node = nodes.entry(s.as_str().to_owned()).or_default();
        let p = t.predicate.as_str();
        if p == crate::rdf::vocab::rdf::TYPE.as_str() {
            if let Term::NamedNode(o) = &t.object {
                node.entry("type".into())
                    .or_default()
                    .push(json!(short(o.as_str())));
            }
            continue;
        }
        let value = match &t.object {
            Term::NamedNode(o) => json!({ "uri": short(o.as_str()) }),
            Term::Literal(l) => match l.language() {
                Some(lang) => json!({ "lang": lang, "value": l.value() }),
                None if l.datatype() == crate::rdf::vocab::xsd::STRING => json!(l.value()),
                None => json!({ "type": short(l.datatype().as_str()), "value": l.value() }),
            },
            _ => continue,
        };
        node.entry(key(p)).or_default().push(value);
    }
    let graph: Vec<Value> = nodes
        .into_iter()
        .map(|(uri, props)| {
            let mut v = Map::new();
            v.insert("uri".into(), json!(uri));
            for (k, mut values) in props {
                values.sort_by_key(ToString::to_string);
                values.dedup();
                let one = values.len() == 1;
                v.insert(
                    k,
                    if one {
                        values.remove(0)
                    } else {
                        Value::Array(values)
                    },
                );
            }
            Value::Object(v)
        })
        .collect();
    json!({ "@context": context, "graph": graph })
}
