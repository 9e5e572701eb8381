//! The shape of the source tree, checked: the library's modules import one another in one
//! direction only (card → load → check → graph → export / sparql / rdf …), and the library
//! never reaches into the binary. A folder's `mod.rs` and the files below it are one module
//! seen from outside (a facade and its parts), so imports between a module and its own
//! descendants are not counted as cycles; any other loop is.

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

/// The module path of a library file: `src/export/dot.rs` → `export::dot`, `src/card/mod.rs`
/// → `card`, `src/lib.rs` → `` (the crate root).
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
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

/// The import graph of the library: module → the modules it names.
fn import_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = root().join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.retain(|f| !f.starts_with(src.join("bin")));
    let modules: BTreeSet<String> = files.iter().map(|f| module_of(&src, f)).collect();
    // `pub use graph::Glossary;` in lib.rs: `crate::Glossary` names the graph module.
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    let reexports: BTreeMap<String, String> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub use ")?.strip_suffix(';'))
        .filter_map(|l| l.split_once("::"))
        .flat_map(|(module, names)| {
            names
                .trim_matches(|c| c == '{' || c == '}')
                .split(',')
                .map(move |name| (name.trim().to_owned(), module.to_owned()))
        })
        .collect();
    let mut graph = BTreeMap::new();
    for file in &files {
        let module = module_of(&src, file);
        let text = code(&std::fs::read_to_string(file).unwrap());
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

#[test]
fn no_module_imports_a_module_that_imports_it_back() {
    let graph = import_graph();
    assert!(graph.contains_key("export::dot"), "{graph:?}");
    // Depth-first search for a back edge; the loop it closes is the message.
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
    for module in graph.keys() {
        if let Some(cycle) = visit(module, &graph, &mut Vec::new(), &mut done) {
            panic!("import cycle: {}", cycle.join(" → "));
        }
    }
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

#[test]
fn the_library_never_names_the_binary() {
    let src = root().join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    for file in files.iter().filter(|f| !f.starts_with(src.join("bin"))) {
        let text = code(&std::fs::read_to_string(file).unwrap());
        assert!(
            !text.contains("crate::cli") && !text.contains("EXIT_"),
            "{} reaches into the binary",
            file.display()
        );
    }
}
