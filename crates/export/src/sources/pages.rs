//! A documentation site's glossary pages, in one language or several: Hugo's language folders
//! (`content/en/…`, `content/de/…`, any language a BCP 47 tag names) and its `name.<lang>.md`
//! pages are one glossary, each translation on the term whose page has the same file name or
//! the same `translationKey`.
//!
//! The folders of a glossary's languages are found from the folder given: its subfolders named
//! by a language (`content/` holding `en/`, `de/`), or, when the folder given lies in a
//! language's folder (`content/en/docs/reference/glossary`), the same path in that folder's
//! siblings named by a language (`content/de/docs/reference/glossary`). Each language's pages
//! are read as [`docsite`] reads one folder; the main language's are the terms. The main
//! language is the glossary's (`--language`, `language` in glossgraph.toml) when the site has
//! it, else the site's own (`defaultContentLanguage` in its Hugo settings), else the first.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::card::skos::Language;
use crate::config::Config;
use crate::docsite::{self, Mapping};
use glossgraph_core::language::site_tag;
use glossgraph_core::load::SourceProblem;

/// The language folders of the site `dir` is the glossary folder of, by tag; empty when the
/// glossary has one folder (`dir`), whatever languages its pages' names give.
pub(super) fn language_folders(dir: &Path) -> BTreeMap<String, PathBuf> {
    let below = tagged_children(dir);
    if !below.is_empty() {
        return below;
    }
    // `dir` inside a language's folder: the same path in the other languages' folders.
    for (depth, ancestor) in dir.ancestors().enumerate().take(8) {
        let Some(tag) = ancestor
            .file_name()
            .and_then(|n| site_tag(&n.to_string_lossy()))
        else {
            continue;
        };
        let Some(parent) = ancestor.parent() else {
            break;
        };
        let inner: PathBuf = dir
            .components()
            .skip(dir.components().count() - depth)
            .collect();
        let mut found: BTreeMap<String, PathBuf> = tagged_siblings(parent)
            .into_iter()
            .map(|(tag, folder)| (tag, folder.join(&inner)))
            .filter(|(_, folder)| holds_pages(folder))
            .collect();
        if found.len() > 1 {
            found.insert(tag, dir.to_owned());
            return found;
        }
        break;
    }
    BTreeMap::new()
}

/// The subfolders of `dir` named by a language that hold pages.
fn tagged_children(dir: &Path) -> BTreeMap<String, PathBuf> {
    tagged_siblings(dir)
        .into_iter()
        .filter(|(_, folder)| holds_pages(folder))
        .collect()
}

/// The subfolders of `dir` named by a language, by tag.
fn tagged_siblings(dir: &Path) -> BTreeMap<String, PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return BTreeMap::new();
    };
    entries
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .filter_map(|e| Some((site_tag(&e.file_name().to_string_lossy())?, e.path())))
        .collect()
}

/// Whether the folder `dir` holds a Markdown page.
pub(super) fn holds_pages(dir: &Path) -> bool {
    docsite::markdown_files(dir).is_ok_and(|files| !files.is_empty())
}

/// The glossary's pages, by language: the folders' pages under their folder's tag (`None` for
/// the one folder of a glossary in one), a page named `name.<tag>.md` under its own.
fn pages_by_language(
    dir: &Path,
    problems: &mut Vec<SourceProblem>,
) -> BTreeMap<Option<String>, Vec<PathBuf>> {
    let folders = language_folders(dir);
    let folders: Vec<(Option<String>, PathBuf)> = if folders.is_empty() {
        vec![(None, dir.to_owned())]
    } else {
        folders.into_iter().map(|(t, p)| (Some(t), p)).collect()
    };
    let mut by_language: BTreeMap<Option<String>, Vec<PathBuf>> = BTreeMap::new();
    for (tag, folder) in folders {
        let files = match docsite::markdown_files(&folder) {
            Ok(files) => files,
            Err(found) => {
                problems.extend(found.into_iter().map(|p| problem(&p, false)));
                continue;
            }
        };
        for file in files {
            let suffix = file
                .file_stem()
                .and_then(|s| s.to_str())
                .and_then(|s| s.rsplit_once('.'))
                .and_then(|(_, suffix)| site_tag(suffix));
            by_language
                .entry(suffix.or_else(|| tag.clone()))
                .or_default()
                .push(file);
        }
    }
    by_language
}

/// A docsite problem as a source problem.
fn problem(p: &docsite::Problem, left_out: bool) -> SourceProblem {
    SourceProblem {
        file: p.file.display().to_string(),
        line: p.line.map_or(0, |l| l as u32),
        column: u32::from(p.line.is_some()),
        message: p.message.clone(),
        left_out,
    }
}

/// The pages of the glossary folder `dir`, every language's, read with `mapping`: the main
/// language's cards, each with its translations, the main language, and the problems of the
/// pages and what was left out (but the main language's section pages, which
/// [`docsite::Imported::skipped`] lists).
pub struct Read {
    pub imported: docsite::Imported,
    /// The main language's tag, when the site names its languages.
    pub language: Option<String>,
    pub problems: Vec<SourceProblem>,
}

/// Reads the glossary folder `dir` with `mapping`, `config` naming the main language.
pub fn read(dir: &Path, mapping: &Mapping, config: &Config) -> Read {
    let mut problems = Vec::new();
    let mut by_language = pages_by_language(dir, &mut problems);
    let main = main_language(&by_language, config, dir);
    let read = |files: Vec<PathBuf>| {
        docsite::read_pages_keeping(files, &|file| std::fs::read(file), mapping)
    };
    let mut imported = read(by_language.remove(&main).unwrap_or_default());
    // A page named `name.<tag>.md` beside plain `name.md` pages: a translation of the pages
    // around it, whose language is the main one.
    let translations: Vec<(String, Vec<PathBuf>)> = by_language
        .into_iter()
        .filter_map(|(tag, files)| Some((tag?, files)))
        .collect();
    let slugs_by_key = translation_keys(&imported);
    for (tag, files) in translations {
        let translated = read(files);
        problems.extend(translated.problems.iter().map(|p| problem(p, false)));
        problems.extend(translated.skipped.iter().map(|file| left_out(file)));
        for (card, kept) in translated.cards {
            let key = kept.get("translationKey").and_then(Value::as_str);
            // The page's name, without its language (`pod.fr.md` translates `pod.md`).
            let named = translated
                .pages
                .get(&card.slug)
                .and_then(|file| file.file_stem()?.to_str())
                .map(|stem| match stem.rsplit_once('.') {
                    Some((name, suffix)) if site_tag(suffix).is_some() => docsite::slugify(name),
                    _ => card.slug.clone(),
                });
            let slug = key
                .and_then(|k| slugs_by_key.get(k))
                .cloned()
                .or(named)
                .unwrap_or_else(|| card.slug.clone());
            let Some((target, _)) = imported.cards.iter_mut().find(|(c, _)| c.slug == slug) else {
                let file = translated
                    .pages
                    .get(&card.slug)
                    .map_or_else(String::new, |p| p.display().to_string());
                problems.push(SourceProblem {
                    file,
                    line: 0,
                    column: 0,
                    message: format!(
                        "a `{tag}` page that translates no term: no page of the main language \
                         has its name (`{slug}`) or its translationKey; left out"
                    ),
                    left_out: true,
                });
                continue;
            };
            let mut language = Language {
                term: Some(card.term.clone()),
                aliases: card.aliases.clone(),
                ..Language::default()
            };
            if !card.definition.trim().is_empty() {
                language.definition = Some(card.definition.clone());
            }
            if !card.note.trim().is_empty() {
                language
                    .notes
                    .insert("scopeNote".into(), vec![card.note.clone()]);
            }
            target.skos.languages.insert(tag.clone(), language);
        }
        imported.statuses.extend(translated.statuses);
    }
    problems.splice(0..0, imported.problems.iter().map(|p| problem(p, false)));
    Read {
        imported,
        language: main,
        problems,
    }
}

/// A section or listing page, left out.
pub(super) fn left_out(file: &Path) -> SourceProblem {
    SourceProblem {
        file: file.display().to_string(),
        line: 0,
        column: 0,
        message: "a section or listing page (its name starts with `_` or is `index`, or its \
                  front matter sets `layout`), not a term: left out"
            .into(),
        left_out: true,
    }
}

/// The slug of each main-language page by its `translationKey`.
fn translation_keys(imported: &docsite::Imported) -> BTreeMap<String, String> {
    imported
        .cards
        .iter()
        .filter_map(|(card, kept)| {
            let key = kept.get("translationKey")?.as_str()?;
            Some((key.to_owned(), card.slug.clone()))
        })
        .collect()
}

/// The main language among the site's: the glossary's when the site has it, else the site's
/// default (Hugo's `defaultContentLanguage`), else the first by tag; `None` (the pages of no
/// language's folder) when some pages are of none.
fn main_language(
    by_language: &BTreeMap<Option<String>, Vec<PathBuf>>,
    config: &Config,
    dir: &Path,
) -> Option<String> {
    if by_language.contains_key(&None) {
        return None;
    }
    let has = |tag: &str| by_language.contains_key(&Some(tag.to_owned()));
    if has(&config.language) {
        return Some(config.language.clone());
    }
    if let Some(tag) = hugo_default_language(dir).filter(|t| has(t)) {
        return Some(tag);
    }
    by_language.keys().next().cloned().flatten()
}

/// `defaultContentLanguage` of the Hugo site `dir` lies in: from the settings file
/// (`hugo.toml`, `config.toml`, `hugo.yaml`, `config.yaml`, …) of the nearest folder above it
/// that has one.
fn hugo_default_language(dir: &Path) -> Option<String> {
    const FILES: [&str; 8] = [
        "hugo.toml",
        "hugo.yaml",
        "hugo.yml",
        "config.toml",
        "config.yaml",
        "config.yml",
        "config/_default/hugo.toml",
        "config/_default/config.toml",
    ];
    let pattern =
        regex::Regex::new(r#"(?m)^\s*defaultContentLanguage\s*[:=]\s*["']?([A-Za-z0-9_-]+)"#)
            .ok()?;
    for folder in dir.ancestors().take(8) {
        for name in FILES {
            let Ok(text) = std::fs::read_to_string(folder.join(name)) else {
                continue;
            };
            if let Some(found) = pattern.captures(&text) {
                return site_tag(&found[1]);
            }
        }
    }
    None
}
