//! The methods of Skosmos's REST API that browse the vocabulary rather than search it: a
//! concept's place among the others (top concepts, broader and narrower, the hierarchy), the
//! alphabetical index, the statistics, the changes, the groups and the mappings.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use glossgraph_core::card::PartialDate;
use serde_json::{json, Map, Value};

use super::{
    context, count_param, page, param, required, Kind, Params, RestError, Vocabulary, CHANGES,
    MAX_HITS, MAX_TRANSITIVE,
};
use crate::rdf::vocab::{dcterms, rdfs, skos, skosmos};
use crate::reconcile::index::{Index, Link};
use crate::reconcile::text::normalize;

impl Vocabulary {
    /// `{vocid}/topConcepts`: the concepts of a scheme with no broader concept in it.
    pub fn top_concepts(&self, index: &Index, params: &Params) -> Result<Value, RestError> {
        let lang = self.lang(params)?;
        let scheme = match param(params, "scheme") {
            Some(s) => index
                .schemes
                .iter()
                .position(|x| x.iri == s)
                .ok_or_else(|| RestError::not_found("Could not find concept scheme"))?,
            None => 0,
        };
        let scheme_iri = &index.schemes[scheme].iri;
        let mut tops: Vec<(String, Value)> = (0..index.concepts.len() as u32)
            .filter(|&c| {
                index.concepts[c as usize]
                    .schemes
                    .contains(&(scheme as u32))
            })
            .filter(|&c| Self::is_top(index, c))
            .map(|c| {
                let concept = &index.concepts[c as usize];
                let label = self.pref(index, c, lang).unwrap_or_default();
                let mut v = json!({
                    "uri": concept.iri,
                    "topConceptOf": scheme_iri,
                    "label": label,
                    "hasChildren": Self::has_children(index, c),
                });
                if let Some(n) = concept.notations.first() {
                    v["notation"] = json!(n);
                }
                (normalize(label), v)
            })
            .collect();
        tops.sort_by(|a, b| a.0.cmp(&b.0));
        let mut c = context();
        c.insert("onki".into(), json!(skosmos::ONKI));
        c.insert("topconcepts".into(), json!("skos:hasTopConcept"));
        c.insert("notation".into(), json!("skos:notation"));
        c.insert("label".into(), json!("skos:prefLabel"));
        c.insert("@language".into(), json!(lang));
        Ok(json!({
            "@context": c,
            "uri": scheme_iri,
            "topconcepts": tops.into_iter().map(|t| t.1).collect::<Vec<_>>(),
        }))
    }

    /// `broader`, `narrower`, `related`: a concept's direct links, with labels.
    pub fn links(&self, index: &Index, params: &Params, name: &str) -> Result<Value, RestError> {
        let c = self.concept(index, params)?;
        let lang = self.lang(params)?;
        let concept = &index.concepts[c as usize];
        let links = match name {
            "broader" => &concept.broader,
            "narrower" => &concept.narrower,
            _ => &concept.related,
        };
        let list: Vec<Value> = links.iter().map(|l| self.linked(index, l, lang)).collect();
        let mut ctx = context();
        ctx.insert("prefLabel".into(), json!("skos:prefLabel"));
        ctx.insert(name.into(), json!(format!("skos:{name}")));
        ctx.insert("@language".into(), json!(lang));
        let mut v = Map::new();
        v.insert("@context".into(), Value::Object(ctx));
        v.insert("uri".into(), json!(concept.iri));
        v.insert(name.into(), Value::Array(list));
        Ok(Value::Object(v))
    }

    /// `broaderTransitive`, `narrowerTransitive`: the concept and every one above (below) it,
    /// by IRI, each with its direct links that way.
    pub fn transitive_links(
        &self,
        index: &Index,
        params: &Params,
        broader: bool,
    ) -> Result<Value, RestError> {
        let c = self.concept(index, params)?;
        let lang = self.lang(params)?;
        let limit = match count_param(params, "limit")? {
            Some(0) => return Err(RestError::bad("Invalid limit parameter")),
            Some(n) => n.min(MAX_TRANSITIVE),
            None => MAX_TRANSITIVE,
        };
        let (direct, name) = if broader {
            ("broader", "broaderTransitive")
        } else {
            ("narrower", "narrowerTransitive")
        };
        let way = |x: &crate::reconcile::index::Concept| -> Vec<u32> {
            let links = if broader { &x.broader } else { &x.narrower };
            links
                .iter()
                .filter_map(|l| match l {
                    Link::Concept(n) => Some(*n),
                    Link::Outside(_) => None,
                })
                .collect()
        };
        let mut out = Map::new();
        let mut todo = std::collections::VecDeque::from([c]);
        let mut seen = HashSet::from([c]);
        while let Some(at) = todo.pop_front() {
            if out.len() >= limit {
                break;
            }
            let concept = &index.concepts[at as usize];
            let mut v = json!({ "uri": concept.iri });
            if let Some(label) = self.pref(index, at, lang) {
                v["prefLabel"] = json!(label);
            }
            let next = way(concept);
            if !next.is_empty() {
                v[direct] = json!(next
                    .iter()
                    .map(|n| index.concepts[*n as usize].iri.as_str())
                    .collect::<Vec<_>>());
            }
            for n in next {
                if seen.insert(n) {
                    todo.push_back(n);
                }
            }
            out.insert(concept.iri.clone(), v);
        }
        let mut ctx = context();
        ctx.insert("prefLabel".into(), json!("skos:prefLabel"));
        ctx.insert(
            direct.into(),
            json!({ "@id": format!("skos:{direct}"), "@type": "@id" }),
        );
        ctx.insert(
            name.into(),
            json!({ "@id": format!("skos:{name}"), "@container": "@index" }),
        );
        ctx.insert("@language".into(), json!(lang));
        let mut v = Map::new();
        v.insert("@context".into(), Value::Object(ctx));
        v.insert("uri".into(), json!(index.concepts[c as usize].iri));
        v.insert(name.into(), Value::Object(out));
        Ok(Value::Object(v))
    }

    /// `{vocid}/children`: the narrower concepts, each saying whether it has its own.
    pub fn children(&self, index: &Index, params: &Params) -> Result<Value, RestError> {
        let c = self.concept(index, params)?;
        let lang = self.lang(params)?;
        let narrower = self.child_list(index, c, lang, "prefLabel");
        let mut ctx = context();
        ctx.insert("prefLabel".into(), json!("skos:prefLabel"));
        ctx.insert("narrower".into(), json!("skos:narrower"));
        ctx.insert("notation".into(), json!("skos:notation"));
        ctx.insert("hasChildren".into(), json!("onki:hasChildren"));
        ctx.insert("@language".into(), json!(lang));
        Ok(json!({
            "@context": ctx,
            "uri": index.concepts[c as usize].iri,
            "narrower": narrower,
        }))
    }

    fn child_list(&self, index: &Index, c: u32, lang: &str, key: &str) -> Vec<Value> {
        let mut list: Vec<(String, Value)> = index.concepts[c as usize]
            .narrower
            .iter()
            .filter_map(|l| match l {
                Link::Concept(n) => Some(*n),
                Link::Outside(_) => None,
            })
            .map(|n| {
                let child = &index.concepts[n as usize];
                let label = self.pref(index, n, lang).unwrap_or_default();
                let mut v =
                    json!({ "uri": child.iri, "hasChildren": Self::has_children(index, n) });
                v[key] = json!(label);
                if let Some(notation) = child.notations.first() {
                    v["notation"] = json!(notation);
                }
                (normalize(label), v)
            })
            .collect();
        list.sort_by(|a, b| a.0.cmp(&b.0));
        list.into_iter().map(|x| x.1).collect()
    }

    /// `{vocid}/hierarchy`: the concept and every one above it, each with its children, the
    /// top ones with their scheme: what a hierarchy view opens at.
    pub fn hierarchy(&self, index: &Index, params: &Params) -> Result<Value, RestError> {
        let c = self.concept(index, params)?;
        let lang = self.lang(params)?;
        let mut above: Vec<u32> = self
            .transitive(index, c, |x| &x.broader)
            .into_iter()
            .collect();
        above.push(c);
        above.sort_unstable();
        above.truncate(MAX_TRANSITIVE);
        let mut out = Map::new();
        for at in above {
            let concept = &index.concepts[at as usize];
            let mut v = json!({ "uri": concept.iri });
            if let Some(label) = self.pref(index, at, lang) {
                v["prefLabel"] = json!(label);
            }
            if let Some(n) = concept.notations.first() {
                v["notation"] = json!(n);
            }
            let broader: Vec<&str> = concept
                .broader
                .iter()
                .filter_map(|l| match l {
                    Link::Concept(b) => Some(index.concepts[*b as usize].iri.as_str()),
                    Link::Outside(_) => None,
                })
                .collect();
            if broader.is_empty() {
                let tops: Vec<&str> = concept
                    .schemes
                    .iter()
                    .map(|s| index.schemes[*s as usize].iri.as_str())
                    .collect();
                if let Some(top) = tops.first() {
                    v["top"] = json!(top);
                }
                v["tops"] = json!(tops);
            } else {
                v["broader"] = json!(broader);
            }
            v["hasChildren"] = json!(Self::has_children(index, at));
            let children = self.child_list(index, at, lang, "label");
            if !children.is_empty() {
                v["narrower"] = json!(children);
            }
            out.insert(concept.iri.clone(), v);
        }
        let mut ctx = context();
        for (k, val) in [
            ("onki", json!(skosmos::ONKI)),
            ("prefLabel", json!("skos:prefLabel")),
            ("notation", json!("skos:notation")),
            (
                "narrower",
                json!({ "@id": "skos:narrower", "@type": "@id" }),
            ),
            ("broader", json!({ "@id": "skos:broader", "@type": "@id" })),
            (
                "broaderTransitive",
                json!({ "@id": "skos:broaderTransitive", "@container": "@index" }),
            ),
            ("top", json!({ "@id": "skos:topConceptOf", "@type": "@id" })),
            (
                "tops",
                json!({ "@id": "skos:topConceptOf", "@type": "@id" }),
            ),
            ("hasChildren", json!("onki:hasChildren")),
            ("@language", json!(lang)),
        ] {
            ctx.insert(k.into(), val);
        }
        Ok(json!({
            "@context": ctx,
            "uri": index.concepts[c as usize].iri,
            "broaderTransitive": out,
        }))
    }

    /// The letter of the alphabetical index a label is under: its first letter in capitals,
    /// `0-9` for a digit, `!*` for anything else.
    fn letter(text: &str) -> String {
        match text.chars().next() {
            Some(c) if c.is_ascii_digit() => "0-9".into(),
            Some(c) if c.is_alphabetic() => c.to_uppercase().collect(),
            _ => "!*".into(),
        }
    }

    /// `{vocid}/index/`: the letters the labels in a language start with.
    pub fn index_letters(&self, params: &Params) -> Result<Value, RestError> {
        let lang = self.lang(params)?;
        let mut letters = BTreeSet::new();
        let mut others = BTreeSet::new();
        // The letters of the preferred labels, as Skosmos lists them; an alternative label
        // is listed under its letter, but opens none.
        for l in self
            .labels
            .iter()
            .filter(|l| l.kind == Kind::Pref && *l.lang == *lang)
        {
            let letter = Self::letter(&l.text);
            if letter == "!*" || letter == "0-9" {
                others.insert(letter);
            } else {
                letters.insert(letter);
            }
        }
        let list: Vec<String> = letters.into_iter().chain(others).collect();
        let mut ctx = context();
        ctx.insert(
            "indexLetters".into(),
            json!({ "@id": "skosmos:indexLetters", "@container": "@list", "@language": lang }),
        );
        Ok(json!({ "@context": ctx, "uri": "", "indexLetters": list }))
    }

    /// `{vocid}/index/{letter}`: the concepts with a label under `letter` (`limit`, `offset`).
    pub fn index_concepts(
        &self,
        index: &Index,
        letter: &str,
        params: &Params,
    ) -> Result<Value, RestError> {
        let lang = self.lang(params)?;
        let (offset, limit) = page(params, MAX_HITS);
        let wanted = letter.to_uppercase();
        let list: Vec<Value> = self
            .labels
            .iter()
            .filter(|l| l.kind != Kind::Hidden && *l.lang == *lang)
            .filter(|l| Self::letter(&l.text) == wanted)
            .skip(offset)
            .take(limit)
            .map(|l| {
                let concept = &index.concepts[l.concept as usize];
                let mut v = json!({ "uri": concept.iri, "localname": concept.slug });
                if l.kind == Kind::Alt {
                    v["altLabel"] = json!(l.text);
                    if let Some(p) = self.pref(index, l.concept, lang) {
                        v["prefLabel"] = json!(p);
                    }
                } else {
                    v["prefLabel"] = json!(l.text);
                }
                v["lang"] = json!(l.lang);
                v
            })
            .collect();
        let mut ctx = context();
        ctx.insert(
            "indexConcepts".into(),
            json!({ "@id": "skosmos:indexConcepts", "@container": "@list" }),
        );
        Ok(json!({ "@context": ctx, "uri": "", "indexConcepts": list }))
    }

    /// `{vocid}/vocabularyStatistics`: how many concepts, and how many deprecated.
    pub fn statistics(
        &self,
        index: &Index,
        params: &Params,
        site: &str,
    ) -> Result<Value, RestError> {
        let lang = self.lang(params)?;
        let deprecated = index
            .concepts
            .iter()
            .filter(|c| c.status.as_deref() == Some("deprecated"))
            .count();
        Ok(json!({
            "@context": {
                "rdfs": rdfs::NS,
                "skos": skos::NS,
                "void": skosmos::VOID,
                "onki": skosmos::ONKI,
                "uri": "@id",
                "id": "onki:vocabularyIdentifier",
                "concepts": "void:classPartition",
                "label": "rdfs:label",
                "class": { "@id": "void:class", "@type": "@id" },
                "subTypes": { "@id": "void:class", "@type": "@id" },
                "count": "void:entities",
                "@language": lang,
                "@base": format!("{site}/rest/v1/{}/", self.id),
            },
            "uri": "",
            "id": self.id,
            "title": self.title,
            "concepts": {
                "class": skos::CONCEPT.as_str(),
                "label": "Concept",
                "count": index.concepts.len(),
                "deprecatedCount": deprecated,
            },
            "subTypes": [],
        }))
    }

    /// `{vocid}/labelStatistics`: how many labels of each kind, by language.
    pub fn label_statistics(&self, params: &Params, site: &str) -> Result<Value, RestError> {
        self.lang(params)?;
        let mut counts: BTreeMap<&str, [usize; 3]> = BTreeMap::new();
        for l in &self.labels {
            counts.entry(&l.lang).or_default()[l.kind as usize] += 1;
        }
        let languages: Vec<Value> = counts
            .into_iter()
            .map(|(lang, n)| {
                json!({
                    "language": lang,
                    "properties": [
                        { "property": "skos:prefLabel", "labels": n[0] },
                        { "property": "skos:altLabel", "labels": n[1] },
                        { "property": "skos:hiddenLabel", "labels": n[2] },
                    ],
                })
            })
            .collect();
        Ok(json!({
            "@context": {
                "rdfs": rdfs::NS,
                "skos": skos::NS,
                "void": skosmos::VOID,
                "void-ext": skosmos::VOID_EXT,
                "onki": skosmos::ONKI,
                "uri": "@id",
                "id": "onki:vocabularyIdentifier",
                "languages": "void-ext:languagePartition",
                "language": "void-ext:language",
                "properties": "void:propertyPartition",
                "labels": "void:triples",
                "@base": format!("{site}/rest/v1/{}/", self.id),
            },
            "uri": "",
            "id": self.id,
            "title": self.title,
            "languages": languages,
        }))
    }

    /// `{vocid}/new` and `{vocid}/modified`: the concepts by the date they were made
    /// (changed), newest first.
    pub fn changes(
        &self,
        index: &Index,
        params: &Params,
        modified: bool,
    ) -> Result<Value, RestError> {
        let lang = self.lang(params)?;
        let (offset, limit) = page(params, CHANGES);
        let mut dated: Vec<(PartialDate, u32)> = self
            .extra
            .iter()
            .enumerate()
            .filter_map(|(i, e)| {
                if modified { e.updated } else { e.created }.map(|d| (d, i as u32))
            })
            .collect();
        dated.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let list: Vec<Value> = dated
            .into_iter()
            .skip(offset)
            .take(limit)
            .map(|(date, c)| {
                json!({
                    "uri": index.concepts[c as usize].iri,
                    "prefLabel": self.pref(index, c, lang).unwrap_or_default(),
                    "date": timestamp(date),
                })
            })
            .collect();
        let mut ctx = context();
        ctx.insert("@language".into(), json!(lang));
        ctx.insert("prefLabel".into(), json!("skos:prefLabel"));
        ctx.insert("xsd".into(), json!(crate::rdf::vocab::xsd::NS));
        ctx.insert(
            "date".into(),
            json!({ "@id": dcterms::DATE.as_str(), "@type": format!("{}dateTime", crate::rdf::vocab::xsd::NS) }),
        );
        Ok(json!({ "@context": ctx, "changeList": list }))
    }

    /// `{vocid}/groups`: the glossary's concept groups — none yet (cards have no groups).
    pub fn groups(&self, params: &Params) -> Result<Value, RestError> {
        let lang = self.lang(params)?;
        let mut ctx = context();
        for (k, v) in [
            ("onki", json!(skosmos::ONKI)),
            ("prefLabel", json!("skos:prefLabel")),
            ("groups", json!("onki:hasGroup")),
            (
                "childGroups",
                json!({ "@id": "skos:member", "@type": "@id" }),
            ),
            ("hasMembers", json!("onki:hasMembers")),
            ("@language", json!(lang)),
        ] {
            ctx.insert(k.into(), v);
        }
        Ok(json!({ "@context": ctx, "uri": "", "groups": [] }))
    }

    /// `{vocid}/groupMembers`: no group has members, so every group is unknown (404), as
    /// Skosmos answers a group without members.
    pub fn group_members(&self, params: &Params) -> Result<Value, RestError> {
        required(params, "uri")?;
        self.lang(params)?;
        Err(RestError::not_found("Could not find group"))
    }

    /// `{vocid}/mappings`: a concept's mappings to other vocabularies, in JSKOS.
    pub fn mappings(&self, index: &Index, params: &Params) -> Result<Value, RestError> {
        let c = self.concept(index, params)?;
        let lang = self.lang(params)?;
        let concept = &index.concepts[c as usize];
        let mut from = json!({ "memberSet": [{ "uri": concept.iri }] });
        if let Some(label) = self.pref(index, c, lang) {
            from["memberSet"][0]["prefLabel"] = json!({ lang: label });
        }
        let mappings: Vec<Value> = self.extra[c as usize]
            .mappings
            .iter()
            .flat_map(|(kind, iris)| iris.iter().map(move |iri| (kind, iri)))
            .map(|(kind, iri)| {
                json!({
                    "type": [format!("{}{kind}", skos::NS)],
                    "uri": iri,
                    "prefLabel": { lang: iri },
                    "from": from,
                    "to": { "memberSet": [{ "uri": iri }] },
                    "hrefLink": iri,
                    "description": format!("{kind}"),
                })
            })
            .collect();
        Ok(json!({ "mappings": mappings, "graph": [] }))
    }
}

/// A card's date as Skosmos writes a change's (`Y-m-d\TH:i:sO`): a day alone starts at
/// midnight UTC; a month or a year alone, on its first day.
fn timestamp(date: PartialDate) -> String {
    let text = date.text();
    let text = text.as_str();
    let full = match text.len() {
        4 => format!("{text}-01-01"),
        7 => format!("{text}-01"),
        _ => text.to_owned(),
    };
    format!("{full}T00:00:00+0000")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_keep_a_time_as_skosmos_writes_it() {
        let d = |t| timestamp(PartialDate::parse(t).unwrap());
        assert_eq!(d("2024-03-05"), "2024-03-05T00:00:00+0000");
        assert_eq!(d("2024-03"), "2024-03-01T00:00:00+0000");
        assert_eq!(d("2024"), "2024-01-01T00:00:00+0000");
    }
}
