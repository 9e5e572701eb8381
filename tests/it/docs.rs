//! The documents tell the truth: the reference pages (`docs/reference/`) are checked against
//! what the code says — the card's JSON Schema, the rule catalogue, the man page's exit codes,
//! the configuration parser's keys, `--help` — every relative link of every Markdown file
//! resolves, heading anchors included, every document is in the index, and the README stays
//! a front door. Pure Rust: no program but glossgraph is run.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Component, Path, PathBuf};

use serde_json::Value;

use crate::util::{outcome, root, run_in};

// Reading Markdown ------------------------------------------------------------------------

fn read(relative: &str) -> String {
    fs::read_to_string(root().join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// The text of the section that starts with the heading line `heading`, up to the next
/// heading of the same or a higher level.
fn section<'a>(text: &'a str, heading: &str) -> &'a str {
    let level = heading.chars().take_while(|c| *c == '#').count();
    let start = text
        .lines()
        .scan(0, |at, line| {
            let here = *at;
            *at += line.len() + 1;
            Some((here, line))
        })
        .find(|(_, line)| *line == heading)
        .map(|(at, line)| at + line.len() + 1)
        .unwrap_or_else(|| panic!("no heading `{heading}`"));
    let rest = &text[start.min(text.len())..];
    let mut end = rest.len();
    let mut at = 0;
    let mut fenced = false;
    for line in rest.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        }
        let hashes = line.chars().take_while(|c| *c == '#').count();
        if !fenced && hashes > 0 && hashes <= level && line[hashes..].starts_with(' ') {
            end = at;
            break;
        }
        at += line.len() + 1;
    }
    &rest[..end]
}

/// The body rows of the first table in `text`, each as its trimmed cells.
fn table_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2) // the header and the separator
        .map(|l| {
            l.trim()
                .trim_start_matches('|')
                .trim_end_matches('|')
                .split('|')
                .map(|c| c.trim().to_owned())
                .collect()
        })
        .collect()
}

/// The words in backticks of `cell`, in order.
fn code_words(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The long options (`--name`) written in `text`.
fn long_options(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = text;
    while let Some(at) = rest.find("--") {
        let before = rest[..at].chars().next_back();
        let name: String = rest[at + 2..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        // `--x` starts an option only at a word's start, and names a letter first.
        if !matches!(before, Some(c) if c.is_ascii_alphanumeric() || c == '-')
            && name.starts_with(|c: char| c.is_ascii_lowercase())
        {
            found.insert(format!("--{name}"));
        }
        rest = &rest[at + 2 + name.len()..];
    }
    found
}

/// `text` without its fenced code blocks and inline code spans (links there are examples).
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fenced = !fenced;
            out.push('\n');
            continue;
        }
        if !fenced {
            out.push_str(&without_code_spans(line));
        }
        out.push('\n');
    }
    out
}

fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find('`') {
        out.push_str(&rest[..open]);
        let ticks = rest[open..].chars().take_while(|c| *c == '`').count();
        let after = &rest[open + ticks..];
        let fence = "`".repeat(ticks);
        match after.find(&fence) {
            Some(close) => rest = &after[close + ticks..],
            None => {
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The targets of the inline links and images of `text` (prose only).
fn link_targets(text: &str) -> Vec<String> {
    let prose = prose(text);
    let mut targets = Vec::new();
    let mut rest = prose.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        let target = after[..end].split_whitespace().next().unwrap_or("");
        targets.push(target.trim_matches(['<', '>']).to_owned());
        rest = &after[end..];
    }
    targets
}

/// The anchors GitHub gives the headings of `text`: lower case, letters, digits, `-` and `_`
/// kept, spaces made `-`, everything else dropped; a repeated anchor gets `-1`, `-2`, ….
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = BTreeSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let hashes = line.chars().take_while(|c| *c == '#').count();
        if fenced || hashes == 0 || !line[hashes..].starts_with(' ') {
            continue;
        }
        let title = line[hashes..].trim();
        // A link in a heading counts by its text: `[text](target)` is `text`.
        let mut title = title.to_owned();
        while let Some(at) = title.find("](") {
            let end = title[at..].find(')').map_or(title.len(), |e| at + e + 1);
            title.replace_range(at..end, "");
        }
        let slug: String = title
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let n = seen.entry(slug.clone()).or_insert(0);
        out.insert(if *n == 0 {
            slug.clone()
        } else {
            format!("{slug}-{n}")
        });
        *n += 1;
    }
    out
}

/// Every Markdown file of the project, outside `target/` and hidden folders.
fn markdown_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.starts_with('.') || name == "target" || name == "node_modules" {
                continue;
            }
            if path.is_dir() {
                walk(&path, found);
            } else if name.ends_with(".md") {
                found.push(path);
            }
        }
    }
    let mut found = Vec::new();
    walk(root(), &mut found);
    found
}

/// `path` with `.` and `..` resolved, without touching the disk.
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

// The README and the index ------------------------------------------------------------------

#[test]
fn the_readme_is_a_front_door_with_the_two_commands() {
    let readme = read("README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= 300,
        "README.md has {lines} lines; the guide is where more goes"
    );
    let block = section(&readme, "## Two commands");
    let commands: Vec<&str> = block
        .split("```sh\n")
        .nth(1)
        .expect("a sh block under `## Two commands`")
        .split("```")
        .next()
        .unwrap()
        .lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .collect();
    assert_eq!(commands, ["cargo run -- export", "./scripts/test"]);
}

#[test]
fn every_relative_link_in_the_markdown_resolves() {
    let files = markdown_files();
    assert!(files.len() > 20, "the documents were found: {files:?}");
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        let shown = file.strip_prefix(root()).unwrap().display().to_string();
        for target in link_targets(&text) {
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (path, anchor) = match target.split_once('#') {
                Some((path, anchor)) => (path, Some(anchor)),
                None => (target.as_str(), None),
            };
            let resolved = if path.is_empty() {
                file.clone()
            } else {
                normal(&file.parent().unwrap().join(path))
            };
            if !resolved.starts_with(root()) || !resolved.exists() {
                broken.push(format!("{shown}: `{target}`: no such file"));
                continue;
            }
            if let Some(anchor) = anchor {
                if resolved.extension().is_some_and(|e| e == "md") {
                    let headings = anchors(&fs::read_to_string(&resolved).unwrap());
                    if !headings.contains(anchor) {
                        broken.push(format!(
                            "{shown}: `{target}`: no heading has the anchor `{anchor}`"
                        ));
                    }
                }
            }
        }
    }
    assert!(checked > 100, "links were read: {checked}");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_anchor_of_a_heading_is_github_s() {
    let text = "# A `code` title: yes\n## `push --incremental`\n## Same\n## Same\n## See [it](x.md#y)\n```\n# not a heading\n```\n";
    let found = anchors(text);
    let expected: BTreeSet<String> = [
        "a-code-title-yes",
        "push---incremental",
        "same",
        "same-1",
        "see-it",
    ]
    .map(String::from)
    .into();
    assert_eq!(found, expected);
    assert_eq!(
        link_targets("[a](b.md) `[c](d.md)` ![e](f.png \"t\")\n```\n[g](h.md)\n```\n"),
        ["b.md", "f.png"]
    );
}

#[test]
fn the_index_lists_every_document() {
    let index_path = root().join("docs/README.md");
    let index = fs::read_to_string(&index_path).unwrap();
    let listed: BTreeSet<PathBuf> = link_targets(&index)
        .iter()
        .map(|t| normal(&root().join("docs").join(t.split('#').next().unwrap())))
        .collect();
    let mut missing = Vec::new();
    for file in markdown_files() {
        let in_docs = file.starts_with(root().join("docs"));
        let top = file.parent() == Some(root()) && file.file_name().unwrap() != "README.md";
        if (in_docs && file != index_path || top) && !listed.contains(&file) {
            missing.push(file.strip_prefix(root()).unwrap().display().to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "docs/README.md does not list: {missing:?}"
    );
}

// The reference -----------------------------------------------------------------------------

#[test]
fn the_check_rules_reference_is_the_rule_catalogue() {
    let page = read("docs/reference/check-rules.md");
    let rows = table_rows(&page);
    let documented: Vec<(String, String, String)> = rows
        .iter()
        .map(|r| {
            (
                code_words(&r[0]).concat(),
                r[1].clone(),
                code_words(&r[2]).concat(),
            )
        })
        .collect();
    let catalogue: Vec<(String, String, String)> = glossgraph::diag::Rule::ALL
        .iter()
        .map(|rule| {
            (
                rule.id().to_owned(),
                rule.severity().as_str().to_owned(),
                rule.qskos().unwrap_or("").to_owned(),
            )
        })
        .collect();
    assert_eq!(
        documented, catalogue,
        "docs/reference/check-rules.md: rule, severity, qSKOS"
    );
}

#[test]
fn the_rules_that_cannot_be_off_are_the_codes() {
    let page = read("docs/reference/check-rules.md");
    let listed: Vec<(String, String)> =
        section(&page, "## Changing a rule's severity, or turning it off")
            .lines()
            .filter_map(|line| line.strip_prefix("- `"))
            .filter_map(|rest| rest.split_once("`: "))
            .map(|(rule, why)| (rule.to_owned(), why.to_owned()))
            .collect();
    let code: Vec<(String, String)> = glossgraph::diag::Rule::ALL
        .iter()
        .filter_map(|rule| Some((rule.id().to_owned(), rule.always_reported()?.to_owned())))
        .collect();
    assert_eq!(
        listed, code,
        "docs/reference/check-rules.md: the rules that cannot be off, in catalogue order"
    );
}

#[test]
fn the_card_fields_reference_is_the_schema() {
    let (code, schema, stderr) = outcome(&run_in(root(), &["schema"], None));
    assert_eq!(code, 0, "{stderr}");
    let schema: Value = serde_json::from_str(&schema).unwrap();
    let page = read("docs/reference/card-fields.md");
    let check = |heading: &str, object: &Value| {
        let rows = table_rows(section(&page, heading));
        let mut documented = BTreeSet::new();
        let mut required = BTreeSet::new();
        for row in &rows {
            for field in code_words(&row[0]) {
                if row[1] == "yes" {
                    required.insert(field.clone());
                }
                assert!(
                    documented.insert(field.clone()),
                    "`{field}` twice under {heading}"
                );
            }
        }
        let properties: BTreeSet<String> = object["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        let schema_required: BTreeSet<String> = object["required"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_owned())
            .collect();
        assert_eq!(
            documented, properties,
            "{heading}: the fields of `glossgraph schema`"
        );
        assert_eq!(required, schema_required, "{heading}: the required fields");
    };
    check("## Fields", &schema);
    check(
        "## Citation fields",
        &schema["properties"]["citations"]["items"],
    );
}

#[test]
fn the_canonical_key_order_is_the_seed_cards() {
    let page = read("docs/reference/card-fields.md");
    let order = section(&page, "## Canonical key order")
        .split("\n\n")
        .find(|p| p.trim_start().starts_with("`status`"))
        .map(code_words)
        .expect("the order, as a paragraph of backticked keys");
    let seed = read("data/roce-v2.json");
    let keys: Vec<String> = seed
        .lines()
        .filter_map(|l| {
            l.strip_prefix("  \"")?
                .split_once("\":")
                .map(|(k, _)| k.to_owned())
        })
        .collect();
    assert_eq!(
        order, keys,
        "the key order of data/roce-v2.json, the canonical form"
    );
}

#[test]
fn the_exit_codes_reference_is_the_man_page() {
    let (code, page, _) = outcome(&run_in(root(), &["man"], None));
    assert_eq!(code, 0);
    let exit_status = page
        .split(".SH \"EXIT STATUS\"\n")
        .nth(1)
        .expect("an EXIT STATUS section")
        .split("\n.SH ")
        .next()
        .unwrap();
    let mut man = BTreeMap::new();
    for item in exit_status.split(".TP\n").skip(1) {
        let (code, meaning) = item.split_once('\n').unwrap();
        let code = code.trim_start_matches("\\fB").trim_end_matches("\\fR");
        let meaning = meaning.trim().replace("\\-", "-");
        assert!(
            !meaning.contains('\\'),
            "an escape this test does not read: {meaning}"
        );
        man.insert(code.parse::<u8>().unwrap(), meaning);
    }
    assert!(man.len() >= 4, "{exit_status}");
    let reference: BTreeMap<u8, String> = table_rows(&read("docs/reference/exit-codes.md"))
        .into_iter()
        .map(|row| (row[0].parse().unwrap(), row[1].replace('`', "")))
        .collect();
    assert_eq!(
        reference.keys().collect::<Vec<_>>(),
        man.keys().collect::<Vec<_>>(),
        "the exit codes"
    );
    for (code, meaning) in &man {
        assert!(
            reference[code] == *meaning,
            "exit code {code}: the reference says `{}`, the man page `{meaning}`",
            reference[code]
        );
    }
}

#[test]
fn the_config_reference_lists_every_key_the_parser_knows() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("glossgraph.toml"), "no-such-key = 1\n").unwrap();
    fs::write(
        dir.path().join("a.json"),
        "{\"slug\": \"a\", \"term\": \"A\", \"definition\": \"A.\"}\n",
    )
    .unwrap();
    let (code, _, stderr) = outcome(&run_in(dir.path(), &["check", "."], None));
    assert_eq!(code, 2, "{stderr}");
    let known: BTreeSet<String> = stderr
        .split_once("expected one of ")
        .unwrap_or_else(|| panic!("the parser names the keys it knows: {stderr}"))
        .1
        .trim()
        .split(", ")
        .map(|k| k.trim_matches('`').to_owned())
        .collect();
    let (_, help, _) = outcome(&run_in(root(), &["check", "--help"], None));
    let flags = long_options(&help);
    let rows = table_rows(&read("docs/reference/config.md"));
    let mut documented = BTreeSet::new();
    for row in &rows {
        let key = code_words(&row[0]).concat();
        for flag in long_options(&row[3]) {
            assert!(
                flags.contains(&flag),
                "`{key}`: `check --help` has no {flag}"
            );
        }
        if row[3].is_empty() {
            assert!(
                !flags.contains(&format!("--{key}")),
                "`{key}` has a flag: say so"
            );
        }
        documented.insert(key);
    }
    assert!(known.len() >= 4, "{stderr}");
    assert_eq!(
        documented, known,
        "docs/reference/config.md: the keys of glossgraph.toml"
    );
}

#[test]
fn the_cli_reference_names_every_command_and_option() {
    const GLOBAL: [&str; 3] = ["--color", "--help", "--version"];
    const SETTINGS: [&str; 5] = ["--strict", "--base", "--language", "--title", "--config"];
    const SETTINGS_LINK: &str = "(#options-of-every-command-that-reads-a-glossary)";
    let page = read("docs/reference/cli.md");
    let (_, help, _) = outcome(&run_in(root(), &["--help"], None));
    let commands: Vec<&str> = help
        .split_once("Commands:\n")
        .unwrap()
        .1
        .lines()
        .take_while(|l| l.starts_with("  "))
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 14, "{commands:?}");
    let settings_section = section(&page, "## Options of every command that reads a glossary");
    let settings_documented: BTreeSet<String> = table_rows(settings_section)
        .iter()
        .flat_map(|r| long_options(&r[0]))
        .collect();
    assert_eq!(settings_documented, SETTINGS.map(String::from).into());
    let global_documented: BTreeSet<String> = table_rows(section(&page, "## Global options"))
        .iter()
        .flat_map(|r| long_options(&r[0]))
        .collect();
    assert_eq!(global_documented, GLOBAL.map(String::from).into());
    let readers_named: BTreeSet<String> =
        code_words(settings_section.split(" read a glossary").next().unwrap())
            .into_iter()
            .collect();
    let mut readers = BTreeSet::new();
    for command in &commands {
        let (code, help, stderr) = outcome(&run_in(root(), &[command, "--help"], None));
        assert_eq!(code, 0, "{command} --help: {stderr}");
        // Option lines are indented less than their descriptions.
        let definitions: String = help
            .lines()
            .filter(|l| {
                let indent = l.len() - l.trim_start().len();
                indent < 10 && l.trim_start().starts_with('-')
            })
            .collect::<Vec<_>>()
            .join("\n");
        let options = long_options(&definitions);
        let aliases: BTreeSet<String> = help
            .split("[alias: ")
            .skip(1)
            .flat_map(|a| long_options(a.split(']').next().unwrap()))
            .collect();
        let text = section(&page, &format!("## glossgraph {command}"));
        let documented = long_options(text);
        let reads_glossary = options.contains("--strict") && options.contains("--title");
        if reads_glossary {
            readers.insert((*command).to_owned());
        }
        assert_eq!(
            text.contains(SETTINGS_LINK),
            reads_glossary,
            "glossgraph {command}: the link to the settings options, exactly when it takes them"
        );
        for option in &options {
            let shared = GLOBAL.contains(&option.as_str())
                || reads_glossary && SETTINGS.contains(&option.as_str());
            assert!(
                shared || documented.contains(option),
                "docs/reference/cli.md: glossgraph {command} does not name {option}"
            );
        }
        for option in &documented {
            assert!(
                options.contains(option) || aliases.contains(option),
                "docs/reference/cli.md: glossgraph {command} has no {option}"
            );
        }
    }
    assert_eq!(readers_named, readers, "the commands that read a glossary");
}

#[test]
fn the_reconciliation_reference_is_the_service() {
    use glossgraph::sparql::reconcile::{self as r, Service};
    let page = read("docs/reference/reconcile.md");
    let first_cells = |heading: &str, skip: usize| -> Vec<String> {
        let text = section(&page, heading);
        let mut tables = text
            .split("\n\n")
            .filter(|p| p.trim_start().starts_with('|'));
        let table = tables
            .nth(skip)
            .unwrap_or_else(|| panic!("{heading}: table {skip}"));
        table_rows(table)
            .iter()
            .map(|row| code_words(&row[0]).join(" "))
            .collect()
    };
    // The properties of queries, and of extension (as `/reconcile/properties` proposes them
    // for the sample, whose one language is `en`).
    let entities = "## Entities, types and properties";
    assert_eq!(first_cells(entities, 0), r::PROPERTIES.map(String::from));
    let config =
        glossgraph::config::Config::resolve(Some(&root().join("data")), Default::default())
            .unwrap();
    let loaded =
        glossgraph::load::load(&glossgraph::load::Input::Path(root().join("data"))).unwrap();
    let glossary = glossgraph::check::check(loaded, &config, Default::default()).glossary;
    let proposed = Service::new(&glossary, &config)
        .propose("Concept", None)
        .unwrap();
    let proposed: Vec<String> = proposed["properties"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap().replace("@en", "@TAG"))
        .collect();
    assert_eq!(first_cells(entities, 1), proposed);
    // The bounds.
    let bounds: Vec<String> = table_rows(section(&page, "## Bounds"))
        .iter()
        .map(|row| row[1].clone())
        .collect();
    let expected = [
        r::MAX_BATCH,
        r::MAX_QUERY,
        r::MAX_LIMIT,
        r::DEFAULT_LIMIT,
        r::MAX_VALUES,
        r::MAX_BATCH,
    ]
    .map(|n| n.to_string());
    assert_eq!(bounds[..expected.len()], expected);
    let scores = prose(section(&page, "## Scores"));
    assert!(
        scores.contains(&format!("at least {}", r::MATCH)),
        "{scores}"
    );
    let (width, height) = r::PREVIEW_SIZE;
    assert!(page.contains(&format!("({width} × {height} pixels)")));
}

#[test]
fn the_skosmos_reference_lists_every_method_of_skosmos() {
    let page = read("docs/reference/skosmos.md");
    let listed: std::collections::BTreeSet<String> = table_rows(section(&page, "## Methods"))
        .iter()
        .map(|row| code_words(&row[0]).join(" "))
        .collect();
    let described: std::collections::BTreeSet<String> = crate::skosmos::swagger_methods()
        .into_iter()
        .map(|(path, _)| path)
        .collect();
    assert_eq!(listed, described);
}
