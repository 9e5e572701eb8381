//! A documentation site's glossary, kept as one Markdown page per term with YAML or TOML
//! front matter (Hugo, Jekyll, MkDocs, Docusaurus), read into cards: `glossgraph import DIR`.
//!
//! Each `*.md` page of the folder (not of its subfolders) is a term, but section and listing
//! pages: names beginning with `_`, `index.md`, and pages whose front matter sets `layout`.
//! The slug is the file's name (as the site finds the page: its `id` may differ), in lower
//! case with `_` and other characters as `-`. Front-matter keys are compared without regard
//! to case (`-` and `_` alike) and map by default as [`Mapping::default`] says; `[import]` in
//! `glossgraph.toml` overrides the keys. Keys the mapping does not take are kept on the card
//! as fields of their own (unknown to glossgraph, which warns about them and keeps them).
//!
//! The body is CommonMark. When the front matter gives no definition, the body's first
//! paragraph (or Hugo's summary, the text before `<!--more-->`) is the definition and the
//! rest the note; the headings the body opens with are passed over, a definition being never
//! a heading. The site's own ways of linking terms, given as patterns (`[import] term-link`),
//! become Markdown term links `[text](../slug/)`, a plural name reaching its term when no
//! page has the name itself; Markdown links such as `[Container](/container/)` are term links
//! already. Other shortcodes are left as text and counted; one inside a link's target loses
//! its spaces (`{{<param%20"version">}}`), or CommonMark would end the target there and leave
//! the link as text. A link to a path of the site that is no term's page (`/docs/…`) leads
//! nowhere off the site: `[import] site` makes it absolute, and the report counts them
//! either way.
//!
//! Everything is read and checked before anything is written: a page that cannot be read
//! (not UTF-8, front matter that does not parse or is too large) is a [`Problem`] naming the
//! file and line, and then no card is written.

mod links;
pub mod yaml;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use crate::card::rules::is_slug;
use crate::card::{Draft, PartialDate};
use crate::config::{Config, ImportSettings, OneOrMany, KNOWN_STATUSES};

use links::{
    count_shortcodes, escape_link_text, replace_matches, shortcodes_in_link_targets, singulars,
    site_links,
};

/// The front-matter keys of each card field, first found first.
#[derive(Debug, Clone)]
pub struct Mapping {
    pub term: Vec<String>,
    pub aliases: Vec<String>,
    pub definition: Vec<String>,
    pub status: Vec<String>,
    pub updated: Vec<String>,
    pub draft: Vec<String>,
    /// The site's ways of linking terms (`[import] term-link`), in the order given.
    pub term_links: Vec<regex::Regex>,
    /// The address the pages are published at, without its last `/`, if set.
    pub site: Option<String>,
}

impl Default for Mapping {
    /// `title` (or `term`) → term; `aka`, `aliases` → aliases; `description`,
    /// `short_description`, `summary` → definition; `status` → status; `lastmod`,
    /// `last_modified`, `updated`, `date` → updated; `draft: true` → status `draft`.
    fn default() -> Self {
        let keys = |k: &[&str]| k.iter().map(|s| (*s).to_owned()).collect();
        Self {
            term: keys(&["title", "term"]),
            aliases: keys(&["aka", "aliases"]),
            definition: keys(&["description", "short_description", "summary"]),
            status: keys(&["status"]),
            updated: keys(&["lastmod", "last_modified", "updated", "date"]),
            draft: keys(&["draft"]),
            term_links: Vec::new(),
            site: None,
        }
    }
}

/// Why the import settings cannot be used: the file, the key and its value, and what is
/// wrong with it.
#[derive(Debug, thiserror::Error)]
#[error("{origin}: [import] {key} `{value}` {message}")]
pub struct PatternError {
    pub origin: String,
    pub key: &'static str,
    pub value: String,
    pub message: String,
}

impl Mapping {
    /// The default mapping with `settings` (from `origin`, for messages) on top.
    ///
    /// # Errors
    /// A pattern of `term-link` does not compile, or has no group named `slug`.
    pub fn new(settings: Option<&ImportSettings>, origin: &str) -> Result<Self, PatternError> {
        let mut mapping = Self::default();
        let Some(s) = settings else {
            return Ok(mapping);
        };
        for (field, keys) in [
            (&mut mapping.term, &s.term),
            (&mut mapping.aliases, &s.aliases),
            (&mut mapping.definition, &s.definition),
            (&mut mapping.status, &s.status),
            (&mut mapping.updated, &s.updated),
            (&mut mapping.draft, &s.draft),
        ] {
            if let Some(keys) = keys {
                *field = keys.list();
            }
        }
        for pattern in s
            .term_link
            .clone()
            .map(OneOrMany::into_vec)
            .unwrap_or_default()
        {
            let error = |message: String| PatternError {
                origin: origin.to_owned(),
                key: "term-link",
                value: pattern.clone(),
                message: format!("is not a regular expression: {message}"),
            };
            let re = regex::RegexBuilder::new(&pattern)
                .case_insensitive(true)
                .size_limit(1 << 20)
                .build()
                .map_err(|e| {
                    let mut said = e.to_string();
                    // One alternation per order of the groups names each group twice.
                    if said.contains("duplicate capture group name") {
                        said.push_str(
                            "\n(to match the groups in either order, give each order as a \
                             pattern of its own: `term-link = ['…', '…']`)",
                        );
                    }
                    error(said)
                })?;
            if !re.capture_names().any(|n| n == Some("slug")) {
                return Err(error("it has no group named `slug` (`(?P<slug>…)`)".into()));
            }
            mapping.term_links.push(re);
        }
        if let Some(site) = &s.site {
            let host = site
                .strip_prefix("https://")
                .or_else(|| site.strip_prefix("http://"))
                .and_then(|rest| rest.split('/').next())
                .unwrap_or_default();
            if host.is_empty()
                || site
                    .chars()
                    .any(|c| c.is_whitespace() || c == '#' || c == '?')
            {
                return Err(PatternError {
                    origin: origin.to_owned(),
                    key: "site",
                    value: site.clone(),
                    message:
                        "is not the address of a site (`https://host/` or `https://host/path/`)"
                            .into(),
                });
            }
            mapping.site = Some(site.trim_end_matches('/').to_owned());
        }
        Ok(mapping)
    }
}

/// A page that could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub file: PathBuf,
    /// 1-based line, when known.
    pub line: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}: {}", self.file.display(), self.message),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

/// What was read: the cards (each with the front-matter keys it keeps), the statuses found,
/// and what the report says.
#[derive(Debug, Clone, Default)]
pub struct Imported {
    /// Each card with the front-matter keys kept on it, in slug order.
    pub cards: Vec<(Draft, Map<String, Value>)>,
    /// Pages left out as section or listing pages.
    pub skipped: Vec<PathBuf>,
    /// The statuses the pages use, as slugs.
    pub statuses: BTreeSet<String>,
    /// Term links made from the `term-link` patterns, and those whose page does not exist
    /// (left as their text).
    pub term_links: usize,
    pub unresolved_links: Vec<String>,
    /// Links to a path of the site that is no term's page (`/docs/…`): made absolute against
    /// `[import] site`, or, without it, left as they are (they lead nowhere elsewhere).
    pub site_links: usize,
    /// Shortcodes (`{{< … >}}`, `{{% … %}}`, `{% … %}`) left as text, by name.
    pub shortcodes: BTreeMap<String, usize>,
    /// Files whose name was not a slug, and the slug they got.
    pub renamed: Vec<(PathBuf, String)>,
    /// The pages that could not be read (see [`read_dir_keeping`]).
    pub problems: Vec<Problem>,
    /// The page of each card, by slug.
    pub pages: BTreeMap<String, PathBuf>,
}

impl Imported {
    /// The cards, each with the front-matter keys the mapping does not take as fields of its
    /// own (unknown to glossgraph, written after the known ones and exported as such).
    pub fn drafts(&self) -> Vec<Draft> {
        self.cards.iter().cloned().map(with_kept).collect()
    }

    /// [`Imported::drafts`], taking the cards out: for a reader that turns each into text
    /// at once, and so never holds the glossary twice.
    pub fn take_drafts(&mut self) -> impl Iterator<Item = Draft> {
        std::mem::take(&mut self.cards).into_iter().map(with_kept)
    }
}

/// `card` with the front-matter keys `kept` as fields of its own.
fn with_kept((mut card, kept): (Draft, Map<String, Value>)) -> Draft {
    card.skos.extra.extend(kept);
    card
}

/// One page read.
struct Page {
    file: PathBuf,
    stem: String,
    front: Map<String, Value>,
    body: String,
}

/// Reads the pages of `dir` with `mapping`.
///
/// # Errors
/// Every page that cannot be read; nothing is returned then.
pub fn read_dir(dir: &Path, mapping: &Mapping) -> Result<Imported, Vec<Problem>> {
    whole(read_dir_keeping(dir, mapping))
}

/// [`read_dir`], keeping what could be read when some page cannot be: the pages that cannot
/// are in [`Imported::problems`] (for a glossary read in place, where a broken page is left
/// out and reported, as a broken card is).
pub fn read_dir_keeping(dir: &Path, mapping: &Mapping) -> Imported {
    match markdown_files(dir) {
        Ok(files) => read_pages_keeping(files, &|file| std::fs::read(file), mapping),
        Err(problems) => Imported {
            problems,
            ..Imported::default()
        },
    }
}

/// `imported`, or its problems when it has some.
fn whole(mut imported: Imported) -> Result<Imported, Vec<Problem>> {
    match std::mem::take(&mut imported.problems) {
        problems if problems.is_empty() => Ok(imported),
        problems => Err(problems),
    }
}

/// Reads the pages `files` (sorted by name), each read whole by `read`, with `mapping`: what
/// [`read_dir`] does once it has listed the folder. A page is read only when it is a term's.
///
/// # Errors
/// Every page that cannot be read; nothing is returned then.
pub fn read_pages(
    files: Vec<PathBuf>,
    read: &dyn Fn(&Path) -> std::io::Result<Vec<u8>>,
    mapping: &Mapping,
) -> Result<Imported, Vec<Problem>> {
    whole(read_pages_keeping(files, read, mapping))
}

/// [`read_pages`], keeping the pages that could be read beside the problems of the others.
pub fn read_pages_keeping(
    files: Vec<PathBuf>,
    read: &dyn Fn(&Path) -> std::io::Result<Vec<u8>>,
    mapping: &Mapping,
) -> Imported {
    let mut problems = Vec::new();
    let mut pages = Vec::new();
    let mut imported = Imported::default();
    for file in files {
        let stem = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if stem.starts_with('_') || stem.eq_ignore_ascii_case("index") {
            imported.skipped.push(file);
            continue;
        }
        match read_page(file, stem, read) {
            Ok(Ok(page)) => pages.push(page),
            Ok(Err(listing)) => imported.skipped.push(listing),
            Err(problem) => problems.push(problem),
        }
    }
    let (slugs, assigned) = assign_slugs(&pages, &mut imported);
    imported.problems = problems;
    // A term link names a page by its file name, in any case; `_` and `-` alike.
    let by_name: BTreeMap<String, usize> = pages
        .iter()
        .enumerate()
        .map(|(i, p)| (p.stem.to_lowercase(), i))
        .collect();
    let titles: Vec<String> = pages
        .iter()
        .zip(&assigned)
        .map(|(p, slug)| first_text(&p.front, &mapping.term).unwrap_or_else(|| slug.clone()))
        .collect();
    // The page a name is of: its file name, in any case, `_` and `-` alike, or its slug.
    let exact = |name: &str| -> Option<usize> {
        let name = name.trim().to_lowercase();
        by_name
            .get(&name)
            .or_else(|| by_name.get(&name.replace('_', "-")))
            .or_else(|| by_name.get(&name.replace('-', "_")))
            .copied()
            .or_else(|| slugs.get(&slugify(&name)).copied())
    };
    // A name the pattern captured names a term as the text does, plural (`modules`) or not:
    // when no page has the name itself, its singulars are tried.
    let resolve = |name: &str| -> Option<usize> {
        exact(name).or_else(|| singulars(&slugify(name)).iter().find_map(|s| exact(s)))
    };
    // A link target that is a term's page, as `check` reads it (`/slug/`, `../slug/`): a
    // path is the page's address, never a plural.
    let is_page = |target: &str| {
        crate::card::rules::term_target(target, "").is_some_and(|(slug, _)| exact(slug).is_some())
    };
    let mut cards = Vec::with_capacity(pages.len());
    for (i, page) in pages.into_iter().enumerate() {
        let file = page.file.clone();
        // A text's links: the site's term links made Markdown ones, shortcodes in link
        // targets closed up, links to paths of the site made absolute.
        let mut links = |text: &str, imported: &mut Imported| -> String {
            if mapping.term_links.is_empty() {
                let text = shortcodes_in_link_targets(text);
                return site_links(&text, mapping.site.as_deref(), &is_page, imported);
            }
            let text = replace_matches(text, &mapping.term_links, &mut |caps| {
                let name = caps.name("slug").map_or("", |m| m.as_str());
                let shown = caps.name("text").map(|m| m.as_str().to_owned());
                match resolve(name) {
                    Some(j) => {
                        imported.term_links += 1;
                        let shown = shown.unwrap_or_else(|| titles[j].clone());
                        format!("[{}](../{}/)", escape_link_text(&shown), assigned[j])
                    }
                    None => {
                        imported
                            .unresolved_links
                            .push(format!("{}: `{name}`", file.display()));
                        shown.unwrap_or_else(|| name.to_owned())
                    }
                }
            });
            let text = shortcodes_in_link_targets(&text);
            site_links(&text, mapping.site.as_deref(), &is_page, imported)
        };
        imported.pages.insert(assigned[i].clone(), file.clone());
        let (card, kept) = card_of(
            page,
            &assigned[i],
            &titles[i],
            mapping,
            &mut imported,
            &mut links,
        );
        cards.push((card, kept));
    }
    cards.sort_by(|a, b| a.0.slug.cmp(&b.0.slug));
    for (card, _) in &cards {
        for text in [&card.definition, &card.note] {
            count_shortcodes(text, &mut imported.shortcodes);
        }
    }
    imported.cards = cards;
    imported
}

/// The Markdown files (`.md`, `.markdown`) of `dir`, not of its subfolders, in name order.
///
/// # Errors
/// The folder cannot be listed.
pub fn markdown_files(dir: &Path) -> Result<Vec<PathBuf>, Vec<Problem>> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        vec![Problem {
            file: dir.to_owned(),
            line: None,
            message: format!("cannot read the folder: {e}"),
        }]
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| e.eq_ignore_ascii_case("md") || e.eq_ignore_ascii_case("markdown"))
        })
        .collect();
    files.sort();
    Ok(files)
}

/// The page in `file`: read by `read`, checked as UTF-8 and split at its front matter; `Ok(Err(file))`
/// for a listing page (its front matter sets `layout`), which is no term.
fn read_page(
    file: PathBuf,
    stem: String,
    read: &dyn Fn(&Path) -> std::io::Result<Vec<u8>>,
) -> Result<Result<Page, PathBuf>, Problem> {
    let bytes = match read(&file) {
        Ok(bytes) => bytes,
        Err(e) => {
            return Err(Problem {
                file,
                line: None,
                message: format!("cannot read: {e}"),
            })
        }
    };
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            return Err(Problem {
                file,
                line: Some(line),
                message: format!("is not UTF-8 (byte {at} of the file); save it as UTF-8"),
            });
        }
    };
    match split_front_matter(&text) {
        Ok((front, _)) if front.keys().any(|k| normalize(k) == "layout") => Ok(Err(file)),
        Ok((front, body)) => Ok(Ok(Page {
            file,
            stem,
            front,
            body: body.to_owned(),
        })),
        Err((line, message)) => Err(Problem {
            file,
            line: Some(line),
            message,
        }),
    }
}

/// Each page's slug: the file names that are slugs keep them, the others are made into one,
/// unique (`-2`, `-3`, …); the slugs with their pages, and each page's, in page order. The
/// pages renamed are listed in `imported`.
fn assign_slugs(pages: &[Page], imported: &mut Imported) -> (BTreeMap<String, usize>, Vec<String>) {
    let mut slugs: BTreeMap<String, usize> = BTreeMap::new();
    let mut assigned: Vec<String> = vec![String::new(); pages.len()];
    let mut order: Vec<usize> = (0..pages.len()).collect();
    order.sort_by_key(|&i| (!is_slug(&pages[i].stem), pages[i].stem.clone()));
    for i in order {
        let page = &pages[i];
        let mut slug = slugify(&page.stem);
        if slug.is_empty() {
            slug = "term".into();
        }
        if slugs.contains_key(&slug) {
            let base = slug.clone();
            let mut n = 2;
            while slugs.contains_key(&slug) {
                slug = format!("{base}-{n}");
                n += 1;
            }
        }
        if slug != page.stem {
            imported.renamed.push((page.file.clone(), slug.clone()));
        }
        slugs.insert(slug.clone(), i);
        assigned[i] = slug;
    }
    imported.renamed.sort();
    (slugs, assigned)
}

/// The card of `page`.
fn card_of(
    page: Page,
    slug: &str,
    title: &str,
    mapping: &Mapping,
    imported: &mut Imported,
    links: &mut dyn FnMut(&str, &mut Imported) -> String,
) -> (Draft, Map<String, Value>) {
    let Page { front, body, .. } = page;
    let mut used: BTreeSet<String> = BTreeSet::new();
    let mut take = |keys: &[String]| -> Option<(String, Value)> {
        let wanted: Vec<String> = keys.iter().map(|k| normalize(k)).collect();
        for w in &wanted {
            if let Some((k, v)) = front
                .iter()
                .find(|(k, v)| normalize(k) == *w && !v.is_null())
            {
                used.insert(k.clone());
                return Some((k.clone(), v.clone()));
            }
        }
        // A key set to nothing is taken all the same (not kept as a field of its own).
        for (k, _) in front.iter().filter(|(k, _)| wanted.contains(&normalize(k))) {
            used.insert(k.clone());
        }
        None
    };
    let mut card = Draft {
        slug: slug.to_owned(),
        term: title.to_owned(),
        ..Draft::default()
    };
    let _ = take(&mapping.term);
    let mut kept_aliases: Option<(String, Vec<Value>)> = None;
    if let Some((key, value)) = take(&mapping.aliases) {
        for item in strings(&value) {
            // Hugo's `aliases` are the page's former paths, not names of the term.
            if item.starts_with('/') {
                kept_aliases
                    .get_or_insert_with(|| (key.clone(), Vec::new()))
                    .1
                    .push(Value::String(item));
            } else if !item.trim().is_empty() && item != card.term && !card.aliases.contains(&item)
            {
                card.aliases.push(item.trim().to_owned());
            }
        }
    }
    let definition = take(&mapping.definition).map(|(_, v)| text_of(&v));
    if let Some((_, value)) = take(&mapping.status) {
        let status = slugify(&text_of(&value));
        if !status.is_empty() {
            imported.statuses.insert(status.clone());
            card.status = Some(status);
        }
    }
    if let Some((_, value)) = take(&mapping.draft) {
        if value == Value::Bool(true) || text_of(&value).eq_ignore_ascii_case("true") {
            card.status = Some("draft".into());
        }
    }
    if let Some((_, value)) = take(&mapping.updated) {
        let text = text_of(&value);
        card.updated = PartialDate::parse(text.get(..10).unwrap_or(&text))
            .or_else(|_| PartialDate::parse(&text))
            .ok();
    }
    // The body: Hugo's summary divider marks where the summary ends.
    let body = body.trim_matches(['\n', '\r']);
    let (summary, rest) = match body.find("<!--more-->") {
        Some(at) => (
            Some(body[..at].trim()),
            body[at + "<!--more-->".len()..].trim(),
        ),
        None => (None, body.trim()),
    };
    let (definition, note) = match (definition, summary) {
        (Some(d), Some(summary)) => {
            let d = d.trim().to_owned();
            // The summary usually repeats the description; kept when it says more.
            let same = words(&d) == words(summary);
            let note = if same || summary.is_empty() {
                rest.to_owned()
            } else {
                format!("{summary}\n\n{rest}").trim().to_owned()
            };
            (d, note)
        }
        (Some(d), None) => (d.trim().to_owned(), rest.to_owned()),
        // A heading is never the definition: the paragraph under it is (`## What is it`).
        (None, Some(summary)) if !after_headings(summary).is_empty() => {
            (after_headings(summary).to_owned(), rest.to_owned())
        }
        (None, _) => {
            let text = summary.map_or(rest.to_owned(), |s| format!("{s}\n\n{rest}"));
            let text = after_headings(text.trim());
            match text.split_once("\n\n") {
                Some((first, more)) => (first.trim().to_owned(), more.trim().to_owned()),
                None => (text.to_owned(), String::new()),
            }
        }
    };
    card.definition = links(&definition, imported);
    card.note = links(&note, imported);
    let mut kept = Map::new();
    for (k, v) in front {
        if used.contains(&k) {
            continue;
        }
        let field = crate::card::FIELDS
            .iter()
            .any(|f| normalize(f) == normalize(&k));
        let name = if field { format!("page-{k}") } else { k };
        kept.insert(name, v);
    }
    if let Some((key, paths)) = kept_aliases {
        kept.insert(format!("page-{key}"), Value::Array(paths));
    }
    (card, kept)
}

/// `text` after the headings it opens with (ATX `## …` or setext), trimmed: where a page
/// that opens with a heading says what its term is. Such a heading names the section
/// (`## What is it`), not the term, and is left out of the card.
fn after_headings(text: &str) -> &str {
    use pulldown_cmark::{Event, Tag, TagEnd};
    let mut end = 0;
    let mut in_heading = false;
    for (event, range) in crate::card::markdown::events(text) {
        match event {
            Event::Start(Tag::Heading { .. }) => in_heading = true,
            Event::End(TagEnd::Heading(_)) => {
                in_heading = false;
                end = range.end;
            }
            _ if in_heading => {}
            _ => break,
        }
    }
    text[end..].trim()
}

/// A page's front matter as keys and values.
type FrontMatter = Map<String, Value>;

/// The front matter (YAML between `---` lines, or TOML between `+++` lines) and the body.
/// A page without front matter is all body. An error is a line of the page and a message.
fn split_front_matter(text: &str) -> Result<(FrontMatter, &str), (usize, String)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = text.lines().next().unwrap_or("").trim_end();
    let fence = match first {
        "---" => "---",
        "+++" => "+++",
        _ => return Ok((Map::new(), text)),
    };
    let start = text.find('\n').map_or(text.len(), |i| i + 1);
    let mut at = start;
    let mut end = None;
    for line in text[start..].split_inclusive('\n') {
        let trimmed = line.trim_end();
        if trimmed == fence || (fence == "---" && trimmed == "...") {
            end = Some((at, at + line.len()));
            break;
        }
        at += line.len();
    }
    let Some((close, body)) = end else {
        return Err((
            1,
            format!("the front matter opened by `{fence}` is never closed"),
        ));
    };
    let source = &text[start..close];
    let value = if fence == "---" {
        yaml::parse(source).map_err(|e| {
            (
                e.line + 1,
                format!("front matter (YAML), column {}: {}", e.column, e.message),
            )
        })?
    } else {
        let table: toml::Table = toml::from_str(source).map_err(|e: toml::de::Error| {
            let line = e.span().map_or(0, |s| {
                source[..s.start.min(source.len())].matches('\n').count()
            });
            (
                line + 2,
                format!("front matter (TOML): {}", e.message().trim()),
            )
        })?;
        toml_to_json(toml::Value::Table(table))
    };
    match value {
        Value::Object(map) => Ok((map, &text[body..])),
        Value::Null => Ok((Map::new(), &text[body..])),
        _ => Err((
            2,
            "the front matter is not a mapping of keys to values".into(),
        )),
    }
}

pub(crate) fn toml_to_json(value: toml::Value) -> Value {
    match value {
        toml::Value::String(s) => Value::String(s),
        toml::Value::Integer(n) => Value::from(n),
        toml::Value::Float(f) => serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number),
        toml::Value::Boolean(b) => Value::Bool(b),
        toml::Value::Datetime(d) => Value::String(d.to_string()),
        toml::Value::Array(items) => Value::Array(items.into_iter().map(toml_to_json).collect()),
        toml::Value::Table(t) => {
            Value::Object(t.into_iter().map(|(k, v)| (k, toml_to_json(v))).collect())
        }
    }
}

/// A key compared without regard to case, `-` and `_` alike.
pub(crate) fn normalize(key: &str) -> String {
    key.trim().to_lowercase().replace('-', "_")
}

/// `text` as a slug: lower case, every run of other characters a `-`.
pub fn slugify(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_owned()
}

/// The first of `keys` with a text value.
fn first_text(front: &Map<String, Value>, keys: &[String]) -> Option<String> {
    keys.iter().find_map(|k| {
        let k = normalize(k);
        front
            .iter()
            .find(|(key, v)| normalize(key) == k && !v.is_null())
            .map(|(_, v)| text_of(v).trim().to_owned())
            .filter(|t| !t.is_empty())
    })
}

/// A value as text (a list's items joined by `, `).
pub(crate) fn text_of(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        Value::Array(items) => items.iter().map(text_of).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    }
}

/// A value as a list of texts.
pub(crate) fn strings(value: &Value) -> Vec<String> {
    match value {
        Value::Array(items) => items.iter().map(text_of).collect(),
        Value::Null => Vec::new(),
        other => vec![text_of(other)],
    }
}

/// The words of a text, for comparing two texts.
fn words(text: &str) -> Vec<String> {
    crate::card::markdown::plain(text)
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// The settings to write beside the imported cards: `config`, with the statuses found
/// allowed.
pub fn config_for(mut config: Config, statuses: &BTreeSet<String>) -> Config {
    for status in statuses {
        if !config.statuses.contains(status) {
            config.statuses.push(status.clone());
        }
    }
    if config.statuses.is_empty() {
        config.statuses = KNOWN_STATUSES.iter().map(|s| (*s).to_owned()).collect();
    }
    config
}

/// Writes the imported cards where `output` says (a folder, missing or empty, or one file
/// with the settings beside it: [`crate::rdf::read::write`]), with `config` as their
/// `glossgraph.toml`; `stdout` is standard output. Returns how many files were written.
///
/// # Errors
/// `output` cannot take them, or a file cannot be written.
pub fn write(
    imported: &Imported,
    config: &Config,
    output: &crate::rdf::read::Output,
    stdout: &mut dyn std::io::Write,
) -> Result<usize, crate::rdf::read::ImportError> {
    crate::rdf::read::write(
        &crate::rdf::read::Imported {
            cards: imported.drafts(),
            config: config.clone(),
            report: crate::rdf::read::vocabulary::Report::default(),
            vocabulary: false,
        },
        output,
        stdout,
    )
}

#[cfg(test)]
mod tests;
