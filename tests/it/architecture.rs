//! The shape of the source tree, checked. Between crates the compiler does it: a crate names
//! only its dependencies, and the workspace's crates depend on one another in the pipeline's
//! order (map → core → export → serve → the `glossgraph` library → the binary), which the
//! last test here holds `Cargo.lock` to, with no command-line crate below the binary. Inside
//! each crate, the modules import one another in one direction only: no loop between files,
//! and none between modules either — `card::schema` naming `config` while `config` names
//! `card::rules` is a loop between `card` and `config` though no file imports one that
//! imports it back. A folder's `mod.rs` and the files below it are one module seen from
//! outside (a facade and its parts), so imports between a module and its own descendants are
//! not counted as loops; any other is. And in the export crate no exporter (a module its
//! format dispatcher writes with) imports another: what they share has a module of its own.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::util::root;

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file of a crate: `src/export/dot.rs` → `export::dot`, `src/card/mod.rs`
/// → `card`, `src/lib.rs` or `src/main.rs` → `` (the crate root).
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
    {
        parts.pop();
    }
    parts.join("::")
}

/// The text of a file without its comments (doc links such as [`crate::x`] import nothing).
fn code(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The code of a file without its unit tests (`#[cfg(test)] mod tests { … }`, closed by the
/// first `}` at the start of a line, as rustfmt writes it): a test may use any module of its
/// crate to build its inputs, and is no import of the module it tests.
fn without_unit_tests(code: &str) -> String {
    let mut kept = String::new();
    let (mut in_tests, mut after_cfg_test) = (false, false);
    for line in code.lines() {
        if in_tests {
            in_tests = line != "}";
            continue;
        }
        if after_cfg_test && line.starts_with("mod tests") {
            (in_tests, after_cfg_test) = (true, false);
            continue;
        }
        after_cfg_test = line == "#[cfg(test)]";
        kept.push_str(line);
        kept.push('\n');
    }
    kept
}

/// The paths a file names from its crate: `crate::a::b::C` gives `a::b::C`; `use
/// crate::{a::B, c}` gives `a::B` and `c`; `super::x` is resolved against `module`.
fn named_paths(code: &str, module: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let bytes = code.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let read_path = |start: usize| -> String {
        let mut i = start;
        while i < bytes.len() && (ident(bytes[i]) || bytes[i] == b':') {
            i += 1;
        }
        code[start..i].trim_end_matches(':').to_owned()
    };
    // `super` of `a::b` is `a`, whether `a::b` is a file or a folder's `mod.rs`.
    let parent = module.rsplit_once("::").map_or("", |(p, _)| p).to_owned();
    for (prefix, base) in [("crate::", String::new()), ("super::", parent)] {
        let mut from = 0;
        while let Some(at) = code[from..].find(prefix) {
            let i = from + at;
            from = i + prefix.len();
            if i > 0 && ident(bytes[i - 1]) {
                continue;
            }
            let join = |p: &str| {
                if base.is_empty() {
                    p.to_owned()
                } else {
                    format!("{base}::{p}")
                }
            };
            if bytes.get(from) == Some(&b'{') {
                let end = code[from..].find('}').map_or(code.len(), |e| from + e);
                for item in code[from + 1..end].split(',') {
                    let p: String = item
                        .trim()
                        .chars()
                        .take_while(|&c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
                        .collect();
                    let p = p.trim_end_matches(':');
                    if !p.is_empty() {
                        paths.push(join(p));
                    }
                }
            } else {
                let p = read_path(from);
                if !p.is_empty() {
                    paths.push(join(&p));
                }
            }
        }
    }
    paths
}

/// The longest module of `modules` that `path` starts with.
fn owning_module<'m>(modules: &'m BTreeSet<String>, path: &str) -> Option<&'m String> {
    let parts: Vec<&str> = path.split("::").collect();
    (1..=parts.len())
        .rev()
        .map(|n| parts[..n].join("::"))
        .find_map(|candidate| modules.get(&candidate))
}

fn is_within(a: &str, b: &str) -> bool {
    a == b || a.starts_with(&format!("{b}::")) || b.starts_with(&format!("{a}::"))
}

/// The source folder of every crate of the workspace: the binary's `src/` and `crates/*/src`.
fn crate_sources() -> Vec<PathBuf> {
    let mut sources = vec![root().join("src")];
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root().join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path().join("src"))
        .filter(|src| src.is_dir())
        .collect();
    crates.sort();
    sources.extend(crates);
    sources
}

/// The import graph of the crate whose sources are in `src`: module → the modules it names.
/// Names of other crates (`glossgraph_core::card`, or `crate::card` through the crate root's
/// `use glossgraph_core::card`) are not modules of this crate, and not in the graph.
fn import_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(src, f)).collect();
    // `pub use graph::Glossary;` in lib.rs: `crate::Glossary` names the graph module.
    let root_file = ["lib.rs", "main.rs"]
        .map(|name| src.join(name))
        .into_iter()
        .find(|f| f.is_file())
        .unwrap();
    let lib = std::fs::read_to_string(root_file).unwrap();
    let reexports: BTreeMap<String, String> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub use ")?.strip_suffix(';'))
        .filter_map(|l| l.split_once("::"))
        .filter(|(module, _)| modules.contains(*module))
        .flat_map(|(module, names)| {
            names
                .trim_matches(|c| c == '{' || c == '}')
                .split(',')
                .map(move |name| (name.trim().to_owned(), module.to_owned()))
        })
        .collect();
    let mut graph = BTreeMap::new();
    for file in &files {
        let module = module_of(src, file);
        let text = without_unit_tests(&code(&std::fs::read_to_string(file).unwrap()));
        let targets: BTreeSet<String> = named_paths(&text, &module)
            .iter()
            .map(
                |p| match reexports.get(p.split("::").next().unwrap_or_default()) {
                    Some(module) => module.clone(),
                    None => p.clone(),
                },
            )
            .filter_map(|p| owning_module(&modules, &p))
            .filter(|m| !m.is_empty() && !is_within(m, &module))
            .cloned()
            .collect();
        graph.insert(module, targets);
    }
    graph
}

/// The graph between modules rather than files: an import of `b::y` by `a::x` is an import of
/// `b` by `a`, siblings under the crate root; one of `a::z` by `a::x` stays between `a::x` and
/// `a::z`. Every import becomes the one between the two siblings under the deepest module that
/// holds both ends (a module and its own descendants were left out already).
fn module_graph(files: &BTreeMap<String, BTreeSet<String>>) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, targets) in files {
        for to in targets {
            let (a, b): (Vec<&str>, Vec<&str>) =
                (from.split("::").collect(), to.split("::").collect());
            let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
            if common == a.len() || common == b.len() {
                continue;
            }
            graph
                .entry(a[..=common].join("::"))
                .or_default()
                .insert(b[..=common].join("::"));
        }
    }
    graph
}

/// A loop in `graph`, found by depth-first search for a back edge, as the path it closes.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|m| m == node) {
            let mut cycle = stack[at..].to_vec();
            cycle.push(node.to_owned());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, stack, done) {
                return Some(cycle);
            }
        }
        stack.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|module| visit(module, graph, &mut Vec::new(), &mut done))
}

#[test]
fn no_module_imports_a_module_that_imports_it_back() {
    let sources = crate_sources();
    assert!(sources.len() >= 5, "{sources:?}");
    let mut modules = 0;
    for src in sources {
        let files = import_graph(&src);
        modules += files.len();
        if let Some(cycle) = find_cycle(&files) {
            panic!("import cycle in {}: {}", src.display(), cycle.join(" → "));
        }
        if let Some(cycle) = find_cycle(&module_graph(&files)) {
            panic!(
                "modules of {} import one another back: {}",
                src.display(),
                cycle.join(" → ")
            );
        }
    }
    assert!(
        modules > 100,
        "{modules} modules: the sources were not found"
    );
}

#[test]
fn unit_tests_are_not_imports() {
    let text = "use crate::a::A;\n#[cfg(test)]\nmod tests {\n    use crate::b::B;\n}\n\npub fn f() -> crate::c::C {}\n";
    assert_eq!(
        named_paths(&without_unit_tests(text), "x"),
        ["a::A", "c::C"]
    );
}

#[test]
fn the_checker_sees_a_loop_between_modules_that_no_file_closes() {
    let files: BTreeMap<String, BTreeSet<String>> = [
        ("card::schema", vec!["config"]),
        ("config", vec!["card::rules"]),
        ("card::rules", vec![]),
        ("check::text", vec!["check::dates", "card"]),
        ("check::dates", vec![]),
    ]
    .into_iter()
    .map(|(m, to)| (m.to_owned(), to.into_iter().map(str::to_owned).collect()))
    .collect();
    assert_eq!(find_cycle(&files), None);
    let modules = module_graph(&files);
    assert_eq!(
        modules["check::text"],
        BTreeSet::from(["check::dates".to_owned()])
    );
    assert_eq!(
        find_cycle(&modules),
        Some(vec!["card".into(), "config".into(), "card".into()])
    );
}

#[test]
fn the_import_checker_sees_braced_and_super_imports() {
    let paths = named_paths(
        "use crate::{card::Card, diag::Finding};\nuse super::chunks::write;\nlet x = crate::graph::Glossary::new();",
        "export::dot",
    );
    assert_eq!(
        paths,
        [
            "card::Card",
            "diag::Finding",
            "graph::Glossary::new",
            "export::chunks::write"
        ]
    );
}

/// The exporters of a crate whose root has a format dispatcher (`pub fn write` in the export
/// crate's `lib.rs`): the modules of `modules` that hold the writers it calls, `graphml` for
/// `graphml::write(…)`, `rdf::write` for `rdf::write::write(…)`, `svg::draw` for
/// `svg::draw::write(…)`. (So `rdf::vocab`, the one module of every IRI, is no exporter.)
fn exporters(lib: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    let code = code(lib);
    let start = code.find("pub fn write(").expect("the format dispatcher");
    let end = start + code[start..].find("\n}").expect("the dispatcher's end");
    let body = &code[start..end];
    let bytes = body.as_bytes();
    let path_char = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b':';
    let mut found = BTreeSet::new();
    let mut from = 0;
    while let Some(at) = body[from..].find("::write") {
        let i = from + at;
        from = i + 2;
        let mut first = i;
        while first > 0 && path_char(bytes[first - 1]) {
            first -= 1;
        }
        let mut last = i + 2;
        while last < bytes.len() && path_char(bytes[last]) {
            last += 1;
        }
        if bytes.get(last) != Some(&b'(') {
            continue;
        }
        if let Some(module) = owning_module(modules, &body[first..last]) {
            found.insert(module.clone());
        }
    }
    found
}

/// Every import in `graph` by a module of one exporter (the exporter or a module under it) of
/// a module of another, as (importing module, imported module).
fn exporters_importing_exporters(
    graph: &BTreeMap<String, BTreeSet<String>>,
    exporters: &BTreeSet<String>,
) -> Vec<(String, String)> {
    let exporter_of = |module: &str| {
        exporters
            .iter()
            .find(|e| module == e.as_str() || module.starts_with(&format!("{e}::")))
    };
    let mut found = Vec::new();
    for (module, targets) in graph {
        let Some(from) = exporter_of(module) else {
            continue;
        };
        for target in targets {
            if exporter_of(target).is_some_and(|to| to != from) {
                found.push((module.clone(), target.clone()));
            }
        }
    }
    found
}

#[test]
fn no_exporter_imports_another() {
    // What the exporters share has a module of its own (the drawing model, the JSON and XML
    // writing, the fields of a term, the vocabulary of IRIs); an exporter naming another's
    // module would make a change to one format a change to another.
    let src = root().join("crates/export/src");
    let graph = import_graph(&src);
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let exporters = exporters(&lib, &modules);
    for format in [
        "csv",
        "cytoscape",
        "dot",
        "gexf",
        "graphml",
        "html",
        "nodelink",
        "rdf::write",
        "svg::draw",
    ] {
        assert!(exporters.contains(format), "{format} not in {exporters:?}");
    }
    let found = exporters_importing_exporters(&graph, &exporters);
    assert!(
        found.is_empty(),
        "exporters import one another (move what they share to a module of its own, such as \
         `drawing`): {found:?}"
    );
}

#[test]
fn the_checker_sees_an_exporter_that_imports_another() {
    let lib = "pub mod dot;\n\npub fn write(format: Format) {\n    match format {\n        \
               Format::Dot => dot::write(w),\n        Format::Svg if view.engine == \
               drawing::Engine::Map => svg::draw::write(w),\n        _ => rdf::write::write(w),\n    \
               }\n}\n\nfn other() { json::write_graph(w) }\n";
    let modules = [
        "dot",
        "dot::escape",
        "svg",
        "svg::draw",
        "rdf",
        "rdf::vocab",
        "rdf::write",
        "drawing",
        "json",
    ]
    .map(str::to_owned)
    .into();
    let exporters = exporters(lib, &modules);
    assert_eq!(
        exporters,
        ["dot", "rdf::write", "svg::draw"].map(str::to_owned).into(),
        "the modules of the writers the dispatcher calls"
    );
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("svg::draw", vec!["drawing", "dot"]),
        ("dot", vec!["drawing", "rdf::vocab"]),
        ("dot::escape", vec!["rdf::write"]),
        ("drawing", vec!["rdf::vocab"]),
        ("rdf::write", vec!["rdf::vocab"]),
    ]
    .into_iter()
    .map(|(m, to)| (m.to_owned(), to.into_iter().map(str::to_owned).collect()))
    .collect();
    assert_eq!(
        exporters_importing_exporters(&graph, &exporters),
        [
            ("dot::escape".to_owned(), "rdf::write".to_owned()),
            ("svg::draw".to_owned(), "dot".to_owned())
        ]
    );
}

/// The workspace's packages, from the bottom of the pipeline up: each may depend only on
/// those before it.
const STAGES: [&str; 6] = [
    "glossgraph-map",
    "glossgraph-core",
    "glossgraph-export",
    "glossgraph-serve",
    "glossgraph-lib",
    "glossgraph",
];

/// The command line's crates: the binary's alone.
const COMMAND_LINE: [&str; 7] = [
    "clap",
    "clap_complete",
    "clap_mangen",
    "indicatif",
    "notify",
    "ctrlc",
    "anyhow",
];

#[test]
fn crates_depend_on_the_stages_below_and_no_library_on_the_command_line() {
    // Cargo.lock lists every package with its dependencies for every platform (and, for the
    // workspace's own, their dev-dependencies): what a library reaches through it is all it
    // could ever be built with.
    let lock: toml::Table = std::fs::read_to_string(root().join("Cargo.lock"))
        .unwrap()
        .parse()
        .unwrap();
    let mut dependencies: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for package in lock["package"].as_array().unwrap() {
        let name = package["name"].as_str().unwrap().to_owned();
        let names = package
            .get("dependencies")
            .and_then(|d| d.as_array())
            .into_iter()
            .flatten()
            .map(|d| d.as_str().unwrap().split(' ').next().unwrap().to_owned());
        dependencies.entry(name).or_default().extend(names);
    }
    for (at, stage) in STAGES.iter().enumerate() {
        let direct = &dependencies[*stage];
        for other in direct.iter().filter(|d| d.starts_with("glossgraph")) {
            let below = STAGES[..at].contains(&other.as_str());
            assert!(below, "{stage} depends on {other}, which is not below it");
        }
        if *stage == "glossgraph" {
            continue;
        }
        let mut reached = BTreeSet::new();
        let mut next: Vec<&String> = direct.iter().collect();
        while let Some(name) = next.pop() {
            if reached.insert(name.clone()) {
                next.extend(dependencies.get(name).into_iter().flatten());
            }
        }
        for crate_name in COMMAND_LINE {
            assert!(
                !reached.contains(crate_name),
                "{stage} reaches {crate_name}, a crate of the command line"
            );
        }
    }
    // The binary does use them: the names above are spelled as Cargo.lock spells them.
    assert!(COMMAND_LINE
        .iter()
        .all(|c| dependencies["glossgraph"].contains(*c)));
}

/// The most lines a source file of `src/` or `crates/` may have.
const MOST_FILE_LINES: usize = 1_000;
/// The most lines a function may have, from its `fn` line to its closing brace.
const MOST_FUNCTION_LINES: usize = 150;

/// Files and functions (`file::name`) longer than that, known and being split on branches of
/// their own (issue 47), which this branch was not to touch: each line goes when its split
/// is merged — the test below says which are no longer needed. A new offender fails.
const BEING_SPLIT: &[&str] = &[];

/// The functions of a Rust file longer than `most` lines, as (name, lines), found as rustfmt
/// lays them out: a line that declares a `fn` (after `pub`, `const`, `async`, `unsafe`, …),
/// its body open at the end of that line or of one below, closed by the first `}` at the
/// declaration's indentation; a declaration without a body (`;`) is no function.
fn long_functions(text: &str, most: usize) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut long = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        let indent = &line[..line.len() - code.len()];
        let mut words = code.split_whitespace().peekable();
        while words
            .next_if(|w| {
                w.starts_with("pub")
                    || ["const", "async", "unsafe", "extern", "\"C\"", "default"].contains(w)
            })
            .is_some()
        {}
        if words.next() != Some("fn") {
            continue;
        }
        let Some(name) = words
            .next()
            .map(|w| w.split(['(', '<']).next().unwrap_or(w))
        else {
            continue;
        };
        let Some(open) = (at..lines.len()).find(|&j| {
            let end = lines[j].trim_end();
            end.ends_with('{') || end.ends_with(';') || end.ends_with('}')
        }) else {
            continue;
        };
        let end = match lines[open].trim_end().chars().last() {
            Some('{') => {
                let close = format!("{indent}}}");
                (open + 1..lines.len())
                    .find(|&k| lines[k] == close)
                    .unwrap_or(lines.len() - 1)
            }
            // On one line, braces and all.
            Some('}') => open,
            _ => continue,
        };
        if end - at + 1 > most {
            long.push((name.to_owned(), end - at + 1));
        }
    }
    long
}

#[test]
fn the_function_finder_measures_as_rustfmt_lays_out() {
    let text = "fn short() {}\n\
                pub(crate) fn three(\n    a: u8,\n) -> u8 {\n    a\n}\n\
                impl X {\n    pub async fn inner<T>(&self)\n    where\n        T: Y,\n    {\n        1;\n        2;\n    }\n    fn declared(&self);\n}\n";
    assert_eq!(long_functions(text, 0).len(), 3);
    assert_eq!(
        long_functions(text, 2),
        [("three".to_owned(), 5), ("inner".to_owned(), 7)]
    );
    assert!(long_functions(text, 7).is_empty());
}

#[test]
fn no_file_over_a_thousand_lines_and_no_function_over_a_hundred_and_fifty() {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    rust_files(&root().join("crates"), &mut files);
    assert!(
        files.len() > 100,
        "{} files: the sources were not found",
        files.len()
    );
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let name = file
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let lines = text.lines().count();
        if lines > MOST_FILE_LINES {
            found.push((name.clone(), lines));
        }
        for (function, lines) in long_functions(&text, MOST_FUNCTION_LINES) {
            found.push((format!("{name}::{function}"), lines));
        }
    }
    let new: Vec<_> = found
        .iter()
        .filter(|(name, _)| !BEING_SPLIT.contains(&name.as_str()))
        .collect();
    assert!(
        new.is_empty(),
        "longer than {MOST_FILE_LINES} lines a file or {MOST_FUNCTION_LINES} a function \
         (name, lines): {new:?}; split them"
    );
    let done: Vec<_> = BEING_SPLIT
        .iter()
        .filter(|name| !found.iter().any(|(n, _)| n == *name))
        .collect();
    assert!(
        done.is_empty(),
        "split already, to take out of BEING_SPLIT: {done:?}"
    );
}
