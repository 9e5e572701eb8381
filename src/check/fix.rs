//! `check --fix`: the fixes the rules attach to their findings, applied to the cards' files.
//!
//! Safe fixes add what a one-way link lacks: the mirror of a `related`, `supersedes` or
//! `supersededBy` link, at the end of the other card's list (never a removal). Unsafe fixes
//! guess what was meant, and are applied only when asked: a dangling link replaced by the
//! one slug close enough to be its typo, a misspelled key renamed to the one field it is
//! close to. Each changed file is written whole in the canonical form of `glossgraph fmt`;
//! files no fix touches are not written.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::report::Report;
use crate::diag::{Edit, Fix, Origin};
use crate::fmt::{self, Json, Layout};

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
    #[error("{}: changed while it was checked; run `glossgraph check --fix` again", path.display())]
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
    let mut seen = std::collections::HashSet::new();
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
            let start = usize::try_from(origin.offset).map_err(|_| changed())?;
            let whole = text
                .get(start..start + origin.len as usize)
                .ok_or_else(changed)?;
            // A card file's card runs to the end of the file, white space and all.
            let span = whole.trim_end();
            let end = start + span.len();
            let mut value = fmt::parse(span, 0).map_err(|_| changed())?;
            let mut said = Vec::new();
            // Text replaced from its end to its start, so that the places of the others hold.
            let mut edits = edits.clone();
            edits.sort_by_key(|e| match e {
                Edit::ReplaceText { at, .. } => std::cmp::Reverse(*at),
                _ => std::cmp::Reverse(usize::MAX),
            });
            for edit in edits {
                if apply(&mut value, edit) {
                    said.push(edit.to_string());
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
        done.reverse();
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default();
        let formatted = fmt::format(&text, Layout::of(&name, &text)).map_err(|_| changed())?;
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

/// Applies `edit` to `card`; false when it no longer applies (the value is there already, the
/// entry or key is not what the finding saw, the new key is taken).
fn apply(card: &mut Json, edit: &Edit) -> bool {
    let Json::Object(members) = card else {
        return false;
    };
    match edit {
        Edit::Append { key, value } => {
            let entry = Json::String(value.clone());
            match members.iter_mut().find(|(k, _)| k == key) {
                Some((_, Json::Array(items))) if !items.contains(&entry) => {
                    items.push(entry);
                    true
                }
                Some(_) => false,
                None => {
                    members.push(((*key).to_owned(), Json::Array(vec![entry])));
                    true
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
                    return false;
                }
                // A list that names the target already keeps it once.
                let to = Json::String(to.clone());
                if items.contains(&to) {
                    items.remove(*index);
                } else {
                    items[*index] = to;
                }
                true
            }
            _ => false,
        },
        Edit::ReplaceText { key, at, from, to } => {
            match members.iter_mut().find(|(k, _)| k == key) {
                Some((_, Json::String(text)))
                    if text.get(*at..at + from.len()) == Some(from.as_str()) =>
                {
                    text.replace_range(*at..at + from.len(), to);
                    true
                }
                _ => false,
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
                return false;
            };
            if object.iter().any(|(k, _)| k == to) {
                return false;
            }
            match object.iter_mut().find(|(k, _)| k == from) {
                Some((key, _)) => {
                    key.clone_from(to);
                    true
                }
                None => false,
            }
        }
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
        assert!(apply(&mut c, &append));
        assert!(!apply(&mut c, &append), "never twice");
        let made = Edit::Append {
            key: "supersededBy",
            value: "d".into(),
        };
        assert!(apply(&mut c, &made));
        let replace = Edit::Replace {
            key: "related",
            index: 0,
            from: "b".into(),
            to: "bb".into(),
        };
        assert!(apply(&mut c, &replace));
        assert!(!apply(&mut c, &replace), "the entry is no longer `b`");
        let rename = Edit::Rename {
            pointer: "/Definition".into(),
            to: "definition".into(),
        };
        assert!(apply(&mut c, &rename));
        assert!(!apply(&mut c, &rename));
        assert!(apply(
            &mut c,
            &Edit::Rename {
                pointer: "/citations/0/titel".into(),
                to: "title".into(),
            }
        ));
        assert_eq!(
            serde_json::to_string(&c).unwrap(),
            r#"{"slug":"a","related":["bb","c"],"definition":"x","citations":[{"title":"t"}],"supersededBy":["d"]}"#
        );
    }
}
