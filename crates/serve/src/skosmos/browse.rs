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

    /// `{vocid}/labelStatistics`: how many labels of each kind, for each of the
    /// vocabulary's languages (0 where it has none), by tag; each language named (`literal`)
    /// in the language `lang` asks for ([`language_name`]), as Skosmos answers it.
    pub fn label_statistics(&self, params: &Params, site: &str) -> Result<Value, RestError> {
        let lang = self.lang(params)?;
        let mut counts: BTreeMap<&str, [usize; 3]> = self
            .languages
            .iter()
            .filter(|l| !l.is_empty())
            .map(|l| (l.as_str(), [0; 3]))
            .collect();
        // Labels without a language are in none of the vocabulary's languages.
        for l in self.labels.iter().filter(|l| !l.lang.is_empty()) {
            counts.entry(&l.lang).or_default()[l.kind as usize] += 1;
        }
        let languages: Vec<Value> = counts
            .into_iter()
            .map(|(tag, n)| {
                json!({
                    "language": tag,
                    "literal": language_name(tag, lang),
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
                "literal": { "@id": "rdfs:label", "@language": lang },
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

    /// A group's label in `lang` (the tag or one it starts, `en` for `en-GB`), as Skosmos's
    /// `langMatches` picks it.
    fn group_label<'g>(group: &'g crate::site::VocabularyGroup, lang: &str) -> Option<&'g str> {
        let lang = lang.to_ascii_lowercase();
        group
            .labels
            .iter()
            .find(|(tag, _)| {
                *tag == lang
                    || tag
                        .strip_prefix(lang.as_str())
                        .is_some_and(|r| r.starts_with('-'))
            })
            .map(|(_, text)| text.as_str())
    }

    /// Whether `iri` is one of the vocabulary's groups, and which.
    fn group_at(&self, iri: &str) -> Option<usize> {
        self.groups.iter().position(|g| g.iri == iri)
    }

    /// `{vocid}/groups`: the groups with a label in `lang`, by label, each with the groups it
    /// holds (`childGroups`), whether it has members, and its notation, as Skosmos lists a
    /// vocabulary's groups.
    pub fn groups(&self, _index: &Index, params: &Params) -> Result<Value, RestError> {
        let lang = self.lang(params)?;
        let mut list: Vec<(String, Value)> = self
            .groups
            .iter()
            .filter_map(|g| {
                let label = Self::group_label(g, lang)?;
                let mut v = json!({ "uri": g.iri, "prefLabel": label });
                let children: Vec<&str> = g
                    .members
                    .iter()
                    .chain(&g.sub_groups)
                    .filter(|m| self.group_at(m).is_some())
                    .map(String::as_str)
                    .collect::<BTreeSet<_>>()
                    .into_iter()
                    .collect();
                if !children.is_empty() {
                    v["childGroups"] = json!(children);
                }
                v["hasMembers"] = json!(!g.members.is_empty());
                if let Some(n) = g.notations.first() {
                    v["notation"] = json!(n);
                }
                Some((label.to_lowercase(), v))
            })
            .collect();
        list.sort_by(|a, b| a.0.cmp(&b.0));
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
        let groups: Vec<Value> = list.into_iter().map(|x| x.1).collect();
        Ok(json!({ "@context": ctx, "uri": "", "groups": groups }))
    }

    /// `{vocid}/groupMembers`: a group's members (its `skos:member`s, and the groups whose
    /// `iso-thes:superGroup` it is), the concepts and groups of the vocabulary, deprecated
    /// concepts left out; by label, as Skosmos lists them, or in their order for an ordered
    /// collection. A group without such members is unknown (404), as in Skosmos.
    pub fn group_members(&self, index: &Index, params: &Params) -> Result<Value, RestError> {
        let uri = required(params, "uri")?;
        let lang = self.lang(params)?;
        let not_found = || RestError::not_found("Could not find group");
        let at = self.group_at(uri).ok_or_else(not_found)?;
        let group = &self.groups[at];
        let mut iris: Vec<&str> = group.members.iter().map(String::as_str).collect();
        for (i, g) in self.groups.iter().enumerate() {
            if g.parents.contains(&at) && !iris.contains(&g.iri.as_str()) && i != at {
                iris.push(&g.iri);
            }
        }
        let mut members: Vec<(String, Value)> = Vec::new();
        for iri in iris {
            let (labels, types, notation, has_members): (Vec<(&str, &str)>, Vec<String>, _, _) =
                if let Some(c) = index.concept(iri).filter(|c| {
                    index.concepts[*c as usize].iri == iri
                        && index.concepts[*c as usize].status.as_deref() != Some("deprecated")
                }) {
                    let concept = &index.concepts[c as usize];
                    let labels = concept
                        .labels
                        .iter()
                        .filter_map(|(tag, (pref, _))| pref.as_deref().map(|p| (tag.as_str(), p)))
                        .collect();
                    (
                        labels,
                        vec!["skos:Concept".to_owned()],
                        concept.notations.first().cloned(),
                        false,
                    )
                } else if let Some(g) = self.group_at(iri).map(|g| &self.groups[g]) {
                    let labels = g
                        .labels
                        .iter()
                        .map(|(tag, text)| (tag.as_str(), text.as_str()))
                        .collect();
                    let types = g.types.iter().map(|t| super::short(t)).collect();
                    (
                        labels,
                        types,
                        g.notations.first().cloned(),
                        !g.members.is_empty(),
                    )
                } else {
                    continue;
                };
            let wanted = lang.to_ascii_lowercase();
            let label = labels
                .iter()
                .find(|(tag, _)| {
                    tag.eq_ignore_ascii_case(&wanted)
                        || tag
                            .to_ascii_lowercase()
                            .strip_prefix(wanted.as_str())
                            .is_some_and(|r| r.starts_with('-'))
                })
                .map(|(_, text)| (*text).to_owned())
                .or_else(|| labels.first().map(|(tag, text)| format!("{text} ({tag})")));
            let is_super = self
                .group_at(iri)
                .is_some_and(|g| self.groups.iter().any(|x| x.parents.contains(&g)));
            let mut v = json!({
                "uri": iri,
                "isSuper": is_super,
                "hasMembers": has_members,
                "type": types,
            });
            if let Some(label) = &label {
                v["prefLabel"] = json!(label);
            }
            if let Some(n) = notation {
                v["notation"] = json!(n);
            }
            members.push((label.unwrap_or_default().to_lowercase(), v));
        }
        if members.is_empty() {
            return Err(not_found());
        }
        if !group.ordered {
            members.sort_by(|a, b| a.0.cmp(&b.0));
        }
        let mut ctx = context();
        ctx.insert("prefLabel".into(), json!("skos:prefLabel"));
        ctx.insert("members".into(), json!("skos:member"));
        ctx.insert("@language".into(), json!(lang));
        let members: Vec<Value> = members.into_iter().map(|x| x.1).collect();
        Ok(json!({ "@context": ctx, "uri": uri, "members": members }))
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

/// Languages by their names in English, sorted by tag: the 36 whose names in themselves the
/// website knows ([`crate::site::languages::native_name`]), and Catalan, Icelandic, Latin,
/// Norwegian (Bokmål, Nynorsk), Northern Sami, Serbian and Welsh.
const ENGLISH_NAMES: [(&str, &str); 44] = [
    ("ar", "Arabic"),
    ("bg", "Bulgarian"),
    ("bn", "Bangla"),
    ("ca", "Catalan"),
    ("cs", "Czech"),
    ("cy", "Welsh"),
    ("da", "Danish"),
    ("de", "German"),
    ("el", "Greek"),
    ("en", "English"),
    ("es", "Spanish"),
    ("et", "Estonian"),
    ("fa", "Persian"),
    ("fi", "Finnish"),
    ("fr", "French"),
    ("ga", "Irish"),
    ("he", "Hebrew"),
    ("hi", "Hindi"),
    ("hr", "Croatian"),
    ("hu", "Hungarian"),
    ("is", "Icelandic"),
    ("it", "Italian"),
    ("ja", "Japanese"),
    ("ko", "Korean"),
    ("la", "Latin"),
    ("lt", "Lithuanian"),
    ("lv", "Latvian"),
    ("mt", "Maltese"),
    ("nb", "Norwegian Bokmål"),
    ("nl", "Dutch"),
    ("nn", "Norwegian Nynorsk"),
    ("pl", "Polish"),
    ("pt", "Portuguese"),
    ("ro", "Romanian"),
    ("ru", "Russian"),
    ("se", "Northern Sami"),
    ("sk", "Slovak"),
    ("sl", "Slovenian"),
    ("sr", "Serbian"),
    ("sv", "Swedish"),
    ("tr", "Turkish"),
    ("uk", "Ukrainian"),
    ("ur", "Urdu"),
    ("zh", "Chinese"),
];

/// The name of the language `tag` in the language `lang`, as Skosmos's `labelStatistics`
/// gives it (Punic's, from CLDR): in English when `lang` is English, in itself when `lang`
/// is that language; otherwise, and for a language neither table holds, the tag itself
/// (CLDR's names in every language are not carried here).
pub fn language_name(tag: &str, lang: &str) -> String {
    let primary = |t: &str| {
        t.split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    let (tag_primary, lang_primary) = (primary(tag), primary(lang));
    let found = if lang_primary == "en" {
        ENGLISH_NAMES
            .binary_search_by(|&(t, _)| t.cmp(tag_primary.as_str()))
            .ok()
            .map(|i| ENGLISH_NAMES[i].1)
    } else if lang_primary == tag_primary {
        crate::site::languages::native_name(tag)
    } else {
        None
    };
    found.map_or_else(|| tag.to_owned(), str::to_owned)
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
    fn languages_are_named_in_english_or_in_themselves() {
        assert!(ENGLISH_NAMES.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(language_name("fi", "en"), "Finnish");
        assert_eq!(language_name("en-GB", "en"), "English");
        assert_eq!(language_name("de", "de"), "Deutsch");
        assert_eq!(language_name("de", "fi"), "de");
        assert_eq!(language_name("qya", "en"), "qya");
    }

    #[test]
    fn dates_keep_a_time_as_skosmos_writes_it() {
        let d = |t| timestamp(PartialDate::parse(t).unwrap());
        assert_eq!(d("2024-03-05"), "2024-03-05T00:00:00+0000");
        assert_eq!(d("2024-03"), "2024-03-01T00:00:00+0000");
        assert_eq!(d("2024"), "2024-01-01T00:00:00+0000");
    }
}
