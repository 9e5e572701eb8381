//! `check --fix`: the fixes the rules attach to their findings, applied to the cards' files.
//!
//! Safe fixes add what a one-way link lacks: the mirror of a `related`, `supersedes` or
//! `supersededBy` link, at the end of the other card's list (never removing an entry); and
//! they remove a file's byte-order mark, which the loader ignores and JSON forbids. Unsafe
//! fixes guess what was meant, and are applied only when asked: a dangling link replaced by
//! the one slug close enough to be its typo, a misspelled key renamed to the one field it is
//! close to. Each changed file is written whole in the canonical form of `glossgraph fmt` (as
//! far as it is JSON); files no fix touches are not written.
//!
//! A fix acts only on what it can see. A card that may hold a list under a misspelled key
//! (`relatd`) gets no safe fix to that list, which would add a second list beside the first
//! ([`hold_back`]); with `--unsafe-fixes` the key is renamed first (merged into the list it
//! meant when the card has both), then the mirrors go to the one list.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use super::report::Report;
use crate::card::{meant_field, meant_field_of, FIELDS, LIST_FIELDS};
use crate::diag::{Edit, Finding, Fix, Origin, Place, Rule};
use crate::fmt::{self, Json, Layout};

/// The fixes of `findings` that add to a list of a card that also has a key most likely
/// meaning that list (an `unknown-field` with a did-you-mean): unsafe when renaming that key
/// is itself a fix (`--unsafe-fixes` applies the rename first), else removed (nothing can
/// tell which list to add to). Their hints say why.
///
/// `renames` says whether the renames are offered at all: with `unknown-field` off
/// (`[rules]`), the finding that carries a rename is not reported, and the fixes it would
/// have made unsafe are removed instead.
pub(super) fn hold_back(findings: &mut [Finding], renames: bool) {
    // (card, list) → whether a fix renames the misspelled key to the list.
    let mut hidden: HashMap<(Origin, &'static str), (String, bool)> = HashMap::new();
    for f in findings.iter().filter(|f| f.rule == Rule::UnknownField) {
        let Place::Card { origin, pointer } = &f.place else {
            continue;
        };
        let Some(key) = pointer.strip_prefix('/').filter(|k| !k.contains('/')) else {
            continue;
        };
        let key = key.replace("~1", "/").replace("~0", "~");
        let (meant, renamed) = match f.fix.as_deref().map(|fix| &fix.edit) {
            Some(Edit::Rename { to, .. }) => match FIELDS.iter().find(|f| *f == to) {
                Some(field) => (*field, renames),
                None => continue,
            },
            // The decoder's guess was among the fields the card lacks; any field that close
            // is enough to hold a fix back.
            _ => match meant_field(&key, &FIELDS) {
                Some((field, _)) => (field, false),
                None => continue,
            },
        };
        if LIST_FIELDS.contains(&meant) {
            let entry = hidden.entry((*origin, meant)).or_insert((key, renamed));
            entry.1 &= renamed;
        }
    }
    if hidden.is_empty() {
        return;
    }
    for f in findings.iter_mut() {
        let Some(fix) = f.fix.as_deref_mut() else {
            continue;
        };
        let Edit::Append { key: list, .. } = &fix.edit else {
            continue;
        };
        let Some((key, renamed)) = hidden.get(&(fix.card, *list)) else {
            continue;
        };
        let why = format!("its `{key}` is most likely `{list}`: rename it first");
        f.hint = Some(match f.hint.take() {
            Some(hint) => format!("{hint} ({why})"),
            None => why,
        });
        if *renamed {
            fix.safe = false;
        } else {
            f.fix = None;
        }
    }
}

/// A file the fixes change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixedFile {
    pub path: PathBuf,
    pub before: String,
    pub after: String,
    /// What was done, in the order of the cards in the file: "`a`: added `b` to `related`".
    pub done: Vec<String>,
}

impl FixedFile {
    /// The change as a unified diff (`--- a/{name}`, `+++ b/{name}`, as `git diff` and
    /// `patch -p1` read it), `name` being the file as the user named it.
    pub fn diff(&self, name: &str) -> String {
        similar::TextDiff::from_lines(&self.before, &self.after)
            .unified_diff()
            .header(&format!("a/{name}"), &format!("b/{name}"))
            .to_string()
    }

    /// Writes the fixed text over the file, whole or not at all.
    ///
    /// # Errors
    /// The file cannot be written (it is then as it was).
    pub fn write(&self) -> std::io::Result<()> {
        use std::io::Write as _;
        crate::output::replace_file(&self.path, |w| w.write_all(self.after.as_bytes()))
    }
}

/// What `--fix` would do.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    pub files: Vec<FixedFile>,
    /// Fixes applied (a fix that several findings share counts once).
    pub applied: usize,
    /// Unsafe fixes left out (without `--unsafe-fixes`).
    pub unsafe_left: usize,
    /// The fixes whose findings the plan removes: those applied, and those whose change is
    /// made by another (a mirror a merged list holds already).
    done: HashSet<(Origin, Edit)>,
}

impl Plan {
    /// `report` without the findings the plan's fixes remove: what `--fix` would leave. (The
    /// check after the fixes may find more: a typo replaced by a term that does not link
    /// back is a one-way link.)
    pub fn leave(&self, report: &mut Report) {
        report.findings.retain(|f| {
            f.fix
                .as_deref()
                .is_none_or(|fix| !self.done.contains(&(fix.card, fix.edit.clone())))
        });
    }

    /// The plan as JSON: `{"written", "applied", "unsafe", "files": [{"file", "changes",
    /// "diff"}]}`, `written` false for a dry run, `unsafe` the fixes left out without
    /// `--unsafe-fixes`, each file as `name` names it, its changes card by card and its unified
    /// diff.
    pub fn to_json(&self, written: bool, name: impl Fn(&Path) -> String) -> serde_json::Value {
        let files: Vec<serde_json::Value> = self
            .files
            .iter()
            .map(|file| {
                let name = name(&file.path);
                serde_json::json!({
                    "file": name,
                    "changes": file.done,
                    "diff": file.diff(&name),
                })
            })
            .collect();
        serde_json::json!({
            "written": written,
            "applied": self.applied,
            "unsafe": self.unsafe_left,
            "files": files,
        })
    }
}

/// Why the fixes could not be planned.
#[derive(Debug, thiserror::Error)]
pub enum FixError {
    #[error("{}: cannot read: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The file changed since it was checked: a card is not where the check found it.
    #[error("{}: changed while it was checked", path.display())]
    Changed { path: PathBuf },
}

/// The number of fixes of `report`'s findings, safe and unsafe (each fix counted once).
pub fn available(report: &Report) -> (usize, usize) {
    let fixes = fixes_of(report);
    let safe = fixes.iter().filter(|f| f.safe).count();
    (safe, fixes.len() - safe)
}

/// The distinct fixes of `report`'s findings, in report order.
fn fixes_of(report: &Report) -> Vec<&Fix> {
    let mut seen = HashSet::new();
    report
        .findings
        .iter()
        .filter_map(|f| f.fix.as_deref())
        .filter(|fix| seen.insert((fix.card, &fix.edit)))
        .collect()
}

/// The files `report`'s fixes change and how: safe fixes, and unsafe ones with
/// `unsafe_fixes`. Nothing is written. Fixes to cards read from standard input are left out.
///
/// # Errors
/// A file cannot be read, or no longer holds its cards where the check found them.
pub fn plan(report: &Report, unsafe_fixes: bool) -> Result<Plan, FixError> {
    let mut plan = Plan::default();
    let mut by_file: BTreeMap<&PathBuf, BTreeMap<Origin, Vec<&Edit>>> = BTreeMap::new();
    for fix in fixes_of(report) {
        if !fix.safe && !unsafe_fixes {
            plan.unsafe_left += 1;
            continue;
        }
        if let Some(path) = &fix.path {
            by_file
                .entry(path)
                .or_default()
                .entry(fix.card)
                .or_default()
                .push(&fix.edit);
        }
    }
    for (path, cards) in by_file {
        let read = |source| FixError::Read {
            path: path.clone(),
            source,
        };
        let before = std::fs::read_to_string(path).map_err(read)?;
        let (bom, body) = match before.strip_prefix('\u{feff}') {
            Some(rest) => ("\u{feff}", rest),
            None => ("", before.as_str()),
        };
        let changed = || FixError::Changed { path: path.clone() };
        let mut text = body.to_owned();
        let mut done = Vec::new();
        // From the last card to the first, so that the offsets of those before stay true.
        for (origin, edits) in cards.iter().rev() {
            let edits: Vec<&Edit> = edits.iter().copied().filter(|e| !e.is_of_file()).collect();
            if edits.is_empty() {
                continue;
            }
            let start = usize::try_from(origin.offset).map_err(|_| changed())?;
            let whole = text
                .get(start..start + origin.len as usize)
                .ok_or_else(changed)?;
            // A card file's card runs to the end of the file, white space and all.
            let span = whole.trim_end();
            let end = start + span.len();
            let mut value = fmt::parse(span, 0).map_err(|_| changed())?;
            let mut said = Vec::new();
            // Renames first: a list added to goes to the list the card meant. Text is
            // replaced from its end to its start, so that the places of the others hold.
            let renames = edits.iter().filter(|e| matches!(e, Edit::Rename { .. }));
            let mut others: Vec<&&Edit> = edits
                .iter()
                .filter(|e| !matches!(e, Edit::Rename { .. }))
                .collect();
            others.sort_by_key(|e| match e {
                Edit::ReplaceText { at, .. } => std::cmp::Reverse(*at),
                _ => std::cmp::Reverse(usize::MAX),
            });
            for edit in renames.chain(others) {
                if let Some(done) = apply(&mut value, edit) {
                    said.push(done);
                    plan.done.insert((*origin, (*edit).clone()));
                }
            }
            for edit in &edits {
                if holds(&value, edit) {
                    plan.done.insert((*origin, (*edit).clone()));
                }
            }
            if said.is_empty() {
                continue;
            }
            plan.applied += said.len();
            let slug = slug_of(&value).unwrap_or_else(|| format!("line {}", origin.line));
            done.push(format!("`{slug}`: {}", said.join(", ")));
            let compact = serde_json::to_string(&value).expect("a JSON value serializes");
            text.replace_range(start..end, &compact);
        }
        let drop_bom = cards
            .iter()
            .find(|(_, edits)| edits.contains(&&Edit::DropByteOrderMark));
        let bom = if let (Some((file, _)), false) = (drop_bom, bom.is_empty()) {
            plan.applied += 1;
            plan.done.insert((*file, Edit::DropByteOrderMark));
            done.push(Edit::DropByteOrderMark.to_string());
            ""
        } else {
            bom
        };
        done.reverse();
        if done.is_empty() {
            continue;
        }
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default();
        // A file with a line that is not JSON (JSON Lines) cannot be formatted: its fixed
        // cards are written in place, compact, the rest as it was.
        let formatted = fmt::format(&text, Layout::of(&name, &text)).unwrap_or(text);
        let after = format!("{bom}{formatted}");
        if after != before {
            plan.files.push(FixedFile {
                path: path.clone(),
                before,
                after,
                done,
            });
        }
    }
    Ok(plan)
}

/// The card's slug, when it has one.
fn slug_of(card: &Json) -> Option<String> {
    match member(card, "slug")? {
        Json::String(slug) => Some(slug.clone()),
        _ => None,
    }
}

/// The first member `key` of an object.
fn member<'a>(object: &'a Json, key: &str) -> Option<&'a Json> {
    match object {
        Json::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
        _ => None,
    }
}

/// Whether `card` is as an append `edit` would make it (the mirror is in the list).
fn holds(card: &Json, edit: &Edit) -> bool {
    let (Edit::Append { key, value }, Json::Object(members)) = (edit, card) else {
        return false;
    };
    let entry = Json::String(value.clone());
    members
        .iter()
        .any(|(k, v)| k == key && matches!(v, Json::Array(items) if items.contains(&entry)))
}

/// Whether the object `members` has a key it does not know that most likely means `field`
/// (as the card decoder guesses: see [`meant_field_of`]).
fn misspells(members: &[(String, Json)], field: &str) -> bool {
    let has = |f: &str| members.iter().any(|(k, _)| k == f);
    members
        .iter()
        .filter(|(k, _)| !FIELDS.contains(&k.as_str()))
        .any(|(k, _)| {
            meant_field_of(k, &FIELDS, &LIST_FIELDS, has).is_some_and(|(meant, _)| meant == field)
        })
}

/// Applies `edit` to `card` and says what it did; `None` when it no longer applies (the value
/// is there already, the entry or key is not what the finding saw, the new key is taken by a
/// value that is not a list to merge with, a list would be made beside a key that most
/// likely is that list misspelled).
fn apply(card: &mut Json, edit: &Edit) -> Option<String> {
    let Json::Object(members) = card else {
        return None;
    };
    let done = edit.to_string();
    match edit {
        Edit::Append { key, value } => {
            let entry = Json::String(value.clone());
            let hidden = misspells(members, key);
            match members.iter_mut().find(|(k, _)| k == key) {
                Some((_, Json::Array(items))) if !items.contains(&entry) => {
                    items.push(entry);
                    Some(done)
                }
                Some(_) => None,
                None if hidden => None,
                None => {
                    members.push(((*key).to_owned(), Json::Array(vec![entry])));
                    Some(done)
                }
            }
        }
        Edit::Replace {
            key,
            index,
            from,
            to,
        } => match members.iter_mut().find(|(k, _)| k == key) {
            Some((_, Json::Array(items))) => {
                if items.get(*index) != Some(&Json::String(from.clone())) {
                    return None;
                }
                // A list that names the target already keeps it once.
                let to = Json::String(to.clone());
                if items.contains(&to) {
                    items.remove(*index);
                } else {
                    items[*index] = to;
                }
                Some(done)
            }
            _ => None,
        },
        Edit::ReplaceText { key, at, from, to } => {
            match members.iter_mut().find(|(k, _)| k == key) {
                Some((_, Json::String(text)))
                    if text.get(*at..at + from.len()) == Some(from.as_str()) =>
                {
                    text.replace_range(*at..at + from.len(), to);
                    Some(done)
                }
                _ => None,
            }
        }
        Edit::Rename { pointer, to } => {
            let parts: Vec<String> = pointer
                .split('/')
                .skip(1)
                .map(|p| p.replace("~1", "/").replace("~0", "~"))
                .collect();
            let object = match parts.as_slice() {
                [_] => Some(members),
                [list, index, _] => members
                    .iter_mut()
                    .find(|(k, _)| k == list)
                    .and_then(|(_, v)| match v {
                        Json::Array(items) => items.get_mut(index.parse::<usize>().ok()?),
                        _ => None,
                    })
                    .and_then(|v| match v {
                        Json::Object(m) => Some(m),
                        _ => None,
                    }),
                _ => None,
            };
            let (Some(object), Some(from)) = (object, parts.last()) else {
                return None;
            };
            let at = object.iter().position(|(k, _)| k == from)?;
            let Some(into) = object.iter().position(|(k, _)| k == to) else {
                object[at].0.clone_from(to);
                return Some(done);
            };
            // The card has the list it meant too: the two are one list, the entries of the
            // misspelled one added at the end of the other's (those it lacks, in their order).
            let (Json::Array(_), Json::Array(_)) = (&object[at].1, &object[into].1) else {
                return None;
            };
            let (_, extra) = object.remove(at);
            let into = if into > at { into - 1 } else { into };
            if let (Json::Array(extra), Json::Array(items)) = (extra, &mut object[into].1) {
                for item in extra {
                    if !items.contains(&item) {
                        items.push(item);
                    }
                }
            }
            Some(format!("merged `{from}` into `{to}`"))
        }
        // The file's, not the card's: see `plan`.
        Edit::DropByteOrderMark => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Json {
        fmt::parse(text, 0).unwrap()
    }

    #[test]
    fn each_edit_applies_once_and_only_to_what_the_finding_saw() {
        let mut c =
            card(r#"{"slug":"a","related":["b"],"Definition":"x","citations":[{"titel":"t"}]}"#);
        let append = Edit::Append {
            key: "related",
            value: "c".into(),
        };
        assert!(apply(&mut c, &append).is_some());
        assert!(apply(&mut c, &append).is_none(), "never twice");
        let made = Edit::Append {
            key: "supersededBy",
            value: "d".into(),
        };
        assert!(apply(&mut c, &made).is_some());
        let replace = Edit::Replace {
            key: "related",
            index: 0,
            from: "b".into(),
            to: "bb".into(),
        };
        assert!(apply(&mut c, &replace).is_some());
        assert!(
            apply(&mut c, &replace).is_none(),
            "the entry is no longer `b`"
        );
        let rename = Edit::Rename {
            pointer: "/Definition".into(),
            to: "definition".into(),
        };
        assert!(apply(&mut c, &rename).is_some());
        assert!(apply(&mut c, &rename).is_none());
        assert!(apply(
            &mut c,
            &Edit::Rename {
                pointer: "/citations/0/titel".into(),
                to: "title".into(),
            }
        )
        .is_some());
        assert_eq!(
            serde_json::to_string(&c).unwrap(),
            r#"{"slug":"a","related":["bb","c"],"definition":"x","citations":[{"title":"t"}],"supersededBy":["d"]}"#
        );
    }

    #[test]
    fn a_list_is_never_made_beside_its_misspelling_and_a_rename_merges_into_it() {
        let mut c = card(r#"{"slug":"x","relatd":["b","c"],"note":"n"}"#);
        let append = Edit::Append {
            key: "related",
            value: "d".into(),
        };
        assert_eq!(apply(&mut c, &append), None, "no `related` beside `relatd`");
        let rename = Edit::Rename {
            pointer: "/relatd".into(),
            to: "related".into(),
        };
        assert_eq!(
            apply(&mut c, &rename).as_deref(),
            Some("renamed `relatd` to `related`")
        );
        assert!(apply(&mut c, &append).is_some());
        assert_eq!(
            serde_json::to_string(&c).unwrap(),
            r#"{"slug":"x","related":["b","c","d"],"note":"n"}"#
        );

        // Both lists: one list, the misspelled one's entries after the other's, once.
        let mut c = card(r#"{"slug":"x","related":["c","d"],"relatd":["b","c"]}"#);
        assert_eq!(
            apply(&mut c, &rename).as_deref(),
            Some("merged `relatd` into `related`")
        );
        assert_eq!(
            serde_json::to_string(&c).unwrap(),
            r#"{"slug":"x","related":["c","d","b"]}"#
        );
        // A text is not a list: left as it is.
        let mut c = card(r#"{"slug":"x","related":"c","relatd":["b"]}"#);
        assert_eq!(apply(&mut c, &rename), None);
    }
}
