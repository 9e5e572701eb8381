//! Foreign files are untrusted input (issue 51): what a hostile file may cost `import`, and
//! what the glossary it gives may cost `check`, `export` and `site`.
//!
//! Each file is made here, in a folder of its own, and each run of glossgraph on it is
//! measured ([`Sandbox::run`]): it ends by itself with exit 0, 1 or 2, within [`CPU_SECONDS`]
//! of CPU time and [`PEAK_MIB`] of memory, without a panic or a stack overflow, leaving the
//! folder around its output (and its working directory) as they were, and showing nothing of
//! a file on the disk it was not given. A refusal names the file and the place. The figures
//! are printed: `cargo test --release --test it hostile -- --nocapture --test-threads 1`
//! gives those of docs/guide/untrusted-input.md.
//!
//! CPU time in glossgraph's own code (user time) rather than wall time is held to the bound:
//! the tests share two cores with each other, and a loaded machine stretches the wall clock,
//! not the work done. The kernel's time is printed beside it but not bounded: it is the
//! disk's, not the input's (the site of the 10,000-level chain makes 40,000 files; on a
//! loaded ext4 the kernel spent 8–20 s of system time creating them, searching its recently
//! freed inodes). The wall clock only guards against a run that never ends
//! ([`WALL_SECONDS`]).

use std::collections::BTreeMap;
use std::fs;
use std::io::ErrorKind;
use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use glossgraph::card::rules::is_slug;
use serde_json::Value;

/// The most CPU time in user space one run may take.
const CPU_SECONDS: f64 = 30.0;

/// The most memory one run may hold at once (peak resident set).
const PEAK_MIB: f64 = 1024.0;

/// How long a run may take on the wall clock before it is killed as hung.
const WALL_SECONDS: u64 = 180;

/// What the file `secret.txt` beside every hostile file holds: no output may show it.
const SECRET: &str = "glossgraph-secret-5d1f0c7a";

const SKOS: &str = "@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n";

/// One run of glossgraph: its exit code, output and cost.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// A folder for one hostile file and what is made of it: `secret.txt`, an empty working
/// directory `cwd/`, and the outputs. Runs may change their output folder only.
struct Sandbox {
    dir: tempfile::TempDir,
    /// The runs' standard output and error and GNU time's report: outside `dir`.
    logs: tempfile::TempDir,
    runs: usize,
    /// The stack each run gets, in KiB, when not the system's: its main thread's limit and
    /// every thread it starts (`RUST_MIN_STACK`).
    stack_kib: Option<u32>,
}

impl Sandbox {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("cwd")).unwrap();
        fs::write(dir.path().join("secret.txt"), format!("{SECRET}\n")).unwrap();
        Self {
            dir,
            logs: tempfile::tempdir().unwrap(),
            runs: 0,
            stack_kib: None,
        }
    }

    /// The same, its runs on a stack of `kib` KiB: a recursion as deep as the input would
    /// need a few bytes per level more than that to go unnoticed.
    fn with_stack(kib: u32) -> Self {
        Self {
            stack_kib: Some(kib),
            ..Self::new()
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn write(&self, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
        let path = self.path(name);
        fs::write(&path, bytes).unwrap();
        path
    }

    /// The `file:` URL of `name` in the sandbox.
    fn url(&self, name: &str) -> String {
        format!("file://{}", self.path(name).display())
    }

    /// Runs `glossgraph ARGS` in `cwd/`, where `out` (a path of the sandbox, or none) is
    /// the only place it may write; checks the bounds of the module documentation.
    fn run(&mut self, case: &str, args: &[&str], out: Option<&Path>) -> Run {
        let before = snapshot(self.dir.path(), out);
        let run = self.measure(case, args);
        let after = snapshot(self.dir.path(), out);
        let changed: Vec<&PathBuf> = before
            .keys()
            .chain(after.keys())
            .filter(|p| before.get(*p) != after.get(*p))
            .collect();
        assert!(
            changed.is_empty(),
            "{case}: `glossgraph {}` changed files outside {out:?}: {changed:?}",
            args.join(" ")
        );
        for (name, text) in [("stdout", &run.stdout), ("stderr", &run.stderr)] {
            assert!(!text.contains(SECRET), "{case}: a file's content on {name}");
        }
        run
    }

    /// Runs glossgraph under GNU time when the system has it (else sampling `/proc`).
    fn measure(&mut self, case: &str, args: &[&str]) -> Run {
        self.runs += 1;
        let log = |suffix: &str| self.logs.path().join(format!("{}.{suffix}", self.runs));
        let (out_log, err_log, time_log) = (log("out"), log("err"), log("time"));
        let binary = env!("CARGO_BIN_EXE_glossgraph");
        let gnu_time = Path::new("/usr/bin/time");
        // GNU time around glossgraph, and a shell around both that sets the stack's limit.
        let mut program: Vec<std::ffi::OsString> = Vec::new();
        if gnu_time.exists() {
            program.extend(["/usr/bin/time", "-f", "%e %U %S %M", "-o"].map(Into::into));
            program.push(time_log.clone().into());
        }
        program.push(binary.into());
        let mut command = match self.stack_kib {
            Some(kib) => {
                let mut c = Command::new("sh");
                c.args(["-c", "ulimit -s \"$1\" && shift && exec \"$@\"", "sh"])
                    .arg(kib.to_string())
                    .args(&program)
                    .env("RUST_MIN_STACK", (u64::from(kib) * 1024).to_string());
                c
            }
            None => {
                let mut c = Command::new(&program[0]);
                c.args(&program[1..]);
                c
            }
        };
        command
            .args(args)
            .current_dir(self.path("cwd"))
            .env_remove("NO_COLOR")
            .env_remove("GLOSSGRAPH_PASSWORD")
            .env_remove("GLOSSGRAPH_USER")
            .stdin(Stdio::null())
            .stdout(fs::File::create(&out_log).unwrap())
            .stderr(fs::File::create(&err_log).unwrap())
            // A group of its own, so that a hung run is killed with GNU time around it.
            .process_group(0);
        let started = Instant::now();
        let mut child = command.spawn().expect("glossgraph starts");
        let mut sampled = (0u64, 0u64, 0u64); // peak KiB, user and system ticks, without GNU time
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if !gnu_time.exists() {
                sampled = sample(child.id()).map_or(sampled, |(kib, user, system)| {
                    (
                        sampled.0.max(kib),
                        sampled.1.max(user),
                        sampled.2.max(system),
                    )
                });
            }
            if started.elapsed() > Duration::from_secs(WALL_SECONDS) {
                let group = format!("-{}", child.id());
                let _ = Command::new("sh")
                    .args(["-c", "kill -s KILL -- \"$1\"", "sh", &group])
                    .status();
                let _ = child.wait();
                panic!(
                    "{case}: `glossgraph {}` did not finish in {WALL_SECONDS} s",
                    args.join(" ")
                );
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let wall = started.elapsed().as_secs_f64();
        let stdout = fs::read_to_string(&out_log).unwrap_or_default();
        let stderr = String::from_utf8_lossy(&fs::read(&err_log).unwrap()).into_owned();
        let shown = format!("`glossgraph {}`", args.join(" "));
        let (cpu, system, peak_mib) = if gnu_time.exists() {
            let report = fs::read_to_string(&time_log).unwrap();
            assert!(
                !report.contains("terminated by signal"),
                "{case}: {shown} was killed: {report}\n{stderr}"
            );
            let figures: Vec<f64> = report
                .lines()
                .last()
                .unwrap_or_default()
                .split(' ')
                .filter_map(|f| f.parse().ok())
                .collect();
            assert_eq!(figures.len(), 4, "{case}: GNU time's report: {report}");
            (figures[1], figures[2], Some(figures[3] / 1024.0))
        } else {
            let peak = (sampled.0 > 0).then(|| sampled.0 as f64 / 1024.0);
            (sampled.1 as f64 / 100.0, sampled.2 as f64 / 100.0, peak)
        };
        let code = status
            .code()
            .unwrap_or_else(|| panic!("{case}: {shown} was killed: {stderr}"));
        let peak = peak_mib.map_or_else(|| "? MiB".to_owned(), |p| format!("{p:.0} MiB"));
        eprintln!(
            "hostile: {case}: {} → exit {code}, {wall:.2} s, {cpu:.2} s user + {system:.2} s system CPU, {peak}",
            args.first().copied().unwrap_or_default()
        );
        assert!(
            matches!(code, 0..=2),
            "{case}: {shown} exited {code}: {stderr}"
        );
        for crash in ["panicked", "overflowed its stack", "RUST_BACKTRACE"] {
            assert!(!stderr.contains(crash), "{case}: {shown}: {stderr}");
        }
        assert!(
            cpu <= CPU_SECONDS,
            "{case}: {shown} took {cpu:.1} s of user CPU"
        );
        if let Some(peak) = peak_mib {
            assert!(peak <= PEAK_MIB, "{case}: {shown} held {peak:.0} MiB");
        }
        Run {
            code,
            stdout,
            stderr,
        }
    }
}

/// The peak resident set (KiB) and the user and system CPU time (clock ticks) of process
/// `pid`, from `/proc`.
fn sample(pid: u32) -> Option<(u64, u64, u64)> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kib = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the command's name in parentheses: state is field 3, utime 14 and stime 15.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let user = fields.get(11)?.parse::<u64>().ok()?;
    let system = fields.get(12)?.parse::<u64>().ok()?;
    Some((kib, user, system))
}

/// Every file and folder under `dir` but `except`: a file by its size and modification
/// time, a folder by its presence (its own time changes when `except` is made in it).
fn snapshot(dir: &Path, except: Option<&Path>) -> BTreeMap<PathBuf, Option<(u64, SystemTime)>> {
    let mut out = BTreeMap::new();
    let mut folders = vec![dir.to_owned()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if Some(path.as_path()) == except {
                continue;
            }
            let meta = fs::symlink_metadata(&path).unwrap();
            if meta.is_dir() {
                folders.push(path.clone());
                out.insert(path, None);
            } else {
                out.insert(path, Some((meta.len(), meta.modified().unwrap())));
            }
        }
    }
    out
}

/// Whether any file under `dir` holds `needle`.
fn any_file_holds(dir: &Path, needle: &[u8]) -> Option<PathBuf> {
    let mut folders = vec![dir.to_owned()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).ok()? {
            let path = entry.ok()?.path();
            if path.is_dir() {
                folders.push(path);
            } else if fs::read(&path)
                .ok()?
                .windows(needle.len())
                .any(|w| w == needle)
            {
                return Some(path);
            }
        }
    }
    None
}

fn card_json(dir: &Path, slug: &str) -> Value {
    let text = fs::read_to_string(dir.join(format!("{slug}.json")))
        .unwrap_or_else(|e| panic!("{slug}.json: {e}"));
    serde_json::from_str(&text).unwrap()
}

/// The names of the files in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

// ---------------------------------------------------------------------------------------
// Size

/// A definition of 40 MiB: a sentence repeated, no character that needs escaping.
fn forty_mib() -> String {
    let sentence = "A definition that goes on and on. ";
    let mut text = sentence.repeat((40 << 20) / sentence.len() + 1);
    text.truncate(40 << 20);
    text
}

#[test]
fn a_definition_of_40_mib_comes_in_whole_from_turtle_and_from_rdf_xml() {
    let definition = forty_mib();
    let mut s = Sandbox::new();
    let turtle = format!(
        "{SKOS}<http://hostile.example/v/big> a skos:Concept ; skos:prefLabel \"Big\"@en ;\n  \
         skos:definition \"{definition}\"@en .\n"
    );
    let rdf_xml = format!(
        "<?xml version=\"1.0\"?>\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" \
         xmlns:skos=\"http://www.w3.org/2004/02/skos/core#\">\n<skos:Concept rdf:about=\"http://hostile.example/v/big\">\
         <skos:prefLabel xml:lang=\"en\">Big</skos:prefLabel>\n<skos:definition xml:lang=\"en\">{definition}</skos:definition>\
         </skos:Concept>\n</rdf:RDF>\n"
    );
    for (name, bytes) in [("big.ttl", turtle), ("big.rdf", rdf_xml)] {
        let file = s.write(name, bytes);
        let cards = s.path(&format!("cards-{name}"));
        let run = s.run(
            name,
            &["import", text(&file), "--out", text(&cards)],
            Some(&cards),
        );
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert_eq!(names(&cards), ["big.json", "glossgraph.toml"]);
        let card = card_json(&cards, "big");
        assert_eq!(card["definition"].as_str().map(str::len), Some(40 << 20));
        assert!(card["definition"] == definition.as_str());
        let run = s.run(name, &["check", text(&cards)], None);
        assert_eq!(run.code, 0, "{}", run.stdout);
        fs::remove_file(&file).unwrap();
    }
}

// ---------------------------------------------------------------------------------------
// Hierarchy

/// A vocabulary whose concept `c{i}` is narrower than `c{i-1}`: `levels` levels deep.
fn chain(levels: usize) -> String {
    let mut ttl = format!("{SKOS}@prefix v: <http://hostile.example/v/> .\n");
    ttl.push_str("v:scheme a skos:ConceptScheme ; skos:prefLabel \"Chain\"@en .\n");
    for i in 0..levels {
        ttl.push_str(&format!(
            "v:c{i} a skos:Concept ; skos:inScheme v:scheme ; skos:prefLabel \"Level {i}\"@en ; \
             skos:definition \"The level {i} of the chain.\"@en"
        ));
        if i > 0 {
            ttl.push_str(&format!(" ; skos:broader v:c{}", i - 1));
        }
        ttl.push_str(" .\n");
    }
    ttl
}

/// A chain of 10,000 `skos:broader` levels is a vocabulary like another: it comes in, passes
/// `check`, and goes out in every format and as a website, on a stack of 512 KiB. A step
/// that recursed once per level would overflow it at 52 bytes a level, where the system's
/// 8 MiB let the 20,000 levels this test had before hide frames of up to 419 bytes; its
/// 80,000 files of a site cost 8–20 s of the kernel's time each run (the site of a 20,000-level
/// chain is made in memory in `site_hierarchy`). The import flushed its cards to the disk
/// one after the other, 72–114 s for 20,000 on a busy disk; the flushes now run side by side.
#[test]
fn a_broader_chain_of_10000_levels_comes_in_passes_check_and_goes_out_on_a_small_stack() {
    let levels = 10_000;
    let mut s = Sandbox::with_stack(512);
    let file = s.write("chain.ttl", chain(levels));
    let cards = s.path("cards");
    let run = s.run(
        "chain",
        &["import", text(&file), "--out", text(&cards)],
        Some(&cards),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("imported 10000 cards"),
        "{}",
        run.stderr
    );
    assert_eq!(fs::read_dir(&cards).unwrap().count(), levels + 1);
    assert_eq!(
        card_json(&cards, "c9999")["broader"],
        serde_json::json!(["c9998"])
    );
    assert_eq!(
        card_json(&cards, "c0")["narrower"],
        serde_json::json!(["c1"])
    );

    let run = s.run("chain", &["check", text(&cards)], None);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(
        run.stdout
            .contains("ok: 0 errors, 0 warnings in 10000 cards"),
        "{}",
        run.stdout
    );
    let exports = s.path("exports");
    let run = s.run(
        "chain",
        &["export", text(&cards), "--out", text(&exports)],
        Some(&exports),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stderr.contains("exported 10000 terms in 20 files"),
        "{}",
        run.stderr
    );
    let site = s.path("site");
    let run = s.run(
        "chain",
        &["site", text(&cards), "--out", text(&site)],
        Some(&site),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    // The concepts keep their IRIs in one namespace: the site's pages are at their paths.
    assert!(site.join("c9999/index.html").is_file());
    assert!(site.join("tree/index.html").is_file());
}

#[test]
fn a_broader_cycle_and_a_concept_broader_than_itself_come_in_and_check_names_them() {
    let mut s = Sandbox::new();
    let file = s.write(
        "cycle.ttl",
        format!(
            "{SKOS}@prefix v: <http://hostile.example/v/> .\n\
             v:a a skos:Concept ; skos:prefLabel \"A\"@en ; skos:broader v:b .\n\
             v:b a skos:Concept ; skos:prefLabel \"B\"@en ; skos:broader v:c .\n\
             v:c a skos:Concept ; skos:prefLabel \"C\"@en ; skos:broader v:a .\n\
             v:d a skos:Concept ; skos:prefLabel \"D\"@en ; skos:broader v:d .\n"
        ),
    );
    let cards = s.path("cards");
    let run = s.run(
        "cycle",
        &["import", text(&file), "--out", text(&cards)],
        Some(&cards),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(card_json(&cards, "d")["broader"], serde_json::json!(["d"]));
    let run = s.run("cycle", &["check", text(&cards)], None);
    assert_eq!(run.code, 1, "{}", run.stdout);
    for said in [
        "error[broader-cycle]: broader cycle: a → b → c → a (each narrower than the next)",
        "error[broader-cycle]: broader cycle: d → d (a concept cannot be broader than itself)",
    ] {
        assert!(run.stdout.contains(said), "{said} in {}", run.stdout);
    }
    assert!(
        run.stdout
            .contains(&format!("--> {}/a.json:", cards.display())),
        "{}",
        run.stdout
    );
}

/// Writes `n` cards into the JSON Lines file `file`: card `t{i}` with the broader and related
/// terms `links(i)` gives, and the narrower terms that mirror the broader ones. One file, not
/// a folder of 20,000: what is measured is the checking, not the kernel making files.
fn write_cards(file: &Path, n: usize, links: impl Fn(usize) -> (Vec<usize>, Vec<usize>)) {
    let slug = |i: usize| format!("t{i:05}");
    let links: Vec<(Vec<usize>, Vec<usize>)> = (0..n).map(links).collect();
    let mut narrower = vec![Vec::new(); n];
    for (i, (broader, _)) in links.iter().enumerate() {
        for &b in broader {
            narrower[b].push(i);
        }
    }
    let mut lines = String::new();
    for (i, (broader, related)) in links.into_iter().enumerate() {
        let card = serde_json::json!({
            "slug": slug(i),
            "term": format!("Term {i}"),
            "definition": format!("The term {i}."),
            "broader": broader.into_iter().map(slug).collect::<Vec<_>>(),
            "narrower": narrower[i].iter().copied().map(slug).collect::<Vec<_>>(),
            "related": related.into_iter().map(slug).collect::<Vec<_>>(),
        });
        lines.push_str(&card.to_string());
        lines.push('\n');
    }
    fs::write(file, lines).unwrap();
}

/// What a tangle of 20,000 terms costs `check`: a chain closed into one cycle 20,000 times
/// over (every term also narrower than the bottom one) was one cycle report per closing link,
/// 200 million slugs; a chain whose every term is related to its top walked up the chain
/// once per term (more than 12 minutes). One cycle per strongly connected set now, and the
/// related links are asked of the hierarchy at once.
#[test]
fn a_tangled_hierarchy_of_20000_terms_is_checked_in_linear_time() {
    let n = 20_000;
    let mut s = Sandbox::new();
    let ring = s.path("ring.jsonl");
    write_cards(&ring, n, |i| {
        let mut broader = if i > 0 { vec![i - 1] } else { vec![] };
        if i + 1 < n {
            broader.push(n - 1);
        }
        (broader, vec![])
    });
    let run = s.run("ring", &["check", text(&ring)], None);
    assert_eq!(run.code, 1, "{}", run.stdout);
    assert_eq!(
        run.stdout.matches("error[broader-cycle]:").count(),
        1,
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains(
            "broader cycle: t00000 → t19999 → t19998 → t19997 → t19996 → … 19990 more … → \
             t00005 → t00004 → t00003 → t00002 → t00001 → t00000 (a cycle of 20000 terms, \
             each narrower than the next)"
        ),
        "{}",
        run.stdout
    );

    let related = s.path("related.jsonl");
    write_cards(&related, n, |i| {
        if i > 0 {
            (vec![i - 1], vec![0])
        } else {
            (vec![], (1..n).collect())
        }
    });
    let run = s.run(
        "related",
        &["check", text(&related), "--format", "json"],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    let rules: Vec<&str> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules.len(), n - 1);
    assert!(rules.iter().all(|r| *r == "related-broader"), "{rules:?}");
}

// ---------------------------------------------------------------------------------------
// Names

/// IRIs made to climb out of the output folder or to break a file name: their cards get
/// safe slugs (each local name percent-decoded, then reduced to `a-z0-9-`), every file
/// lands in `--out`, and the glossary goes on through `check`, `export` and `site`.
#[test]
fn iris_with_dots_slashes_and_illegal_characters_come_in_with_safe_slugs() {
    let mut s = Sandbox::new();
    let concepts = [
        ("http://hostile.example/v/../../etc/passwd", "Dots"),
        ("http://hostile.example/v/..%2F..%2Fetc%2Fshadow", "Encoded"),
        (
            "http://hostile.example/v/%2e%2e%2f%2e%2e%2fhosts",
            "Lower case",
        ),
        ("http://hostile.example/v/a/b/c", "Slashes"),
        (
            "http://hostile.example/v/co:n*?\\u003C\\u003E|\\u005C",
            "Illegal",
        ),
        ("http://hostile.example/v/%00%2F", "Encoded nul"),
        ("http://hostile.example/v/", "Empty"),
        ("http://hostile.example/v/.", "Dot"),
        ("http://hostile.example/v/..", "Dot dot"),
        ("http://hostile.example/v#", "Hash"),
    ];
    let mut ttl = SKOS.to_owned();
    for (iri, label) in concepts {
        ttl.push_str(&format!(
            "<{iri}> a skos:Concept ; skos:prefLabel \"{label}\"@en .\n"
        ));
    }
    // Three without a label: their slug can come from nothing but the IRI.
    ttl.push_str("<http://hostile.example/w/..> a skos:Concept .\n");
    ttl.push_str("<http://hostile.example/w/.> a skos:Concept .\n");
    ttl.push_str("<http://hostile.example/w/> a skos:Concept .\n");
    let file = s.write("names.ttl", ttl);
    let cards = s.path("cards");
    let run = s.run(
        "names",
        &["import", text(&file), "--out", text(&cards)],
        Some(&cards),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        names(&cards),
        [
            "c.json",
            "co-n.json",
            "concept-2.json",
            "concept-3.json",
            "concept.json",
            "dot-dot.json",
            "dot.json",
            "empty.json",
            "encoded-nul.json",
            "etc-shadow.json",
            "glossgraph.toml",
            "hash.json",
            "hosts.json",
            "passwd.json",
        ]
    );
    for name in names(&cards) {
        if let Some(slug) = name.strip_suffix(".json") {
            assert!(is_slug(slug), "{name}");
        }
    }
    // A folder beside the RDF/XML twin, whose relative IRIs resolve against its own URL.
    let rdf_xml = s.write(
        "names.rdf",
        "<?xml version=\"1.0\"?>\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" \
         xmlns:skos=\"http://www.w3.org/2004/02/skos/core#\">\n\
         <skos:Concept rdf:about=\"../../../../../../etc/passwd\"><skos:prefLabel xml:lang=\"en\">Up</skos:prefLabel></skos:Concept>\n\
         <skos:Concept rdf:about=\"..%2F..%2Fx\"/>\n<skos:Concept rdf:about=\"#..\"/>\n<skos:Concept rdf:about=\"\"/>\n</rdf:RDF>\n",
    );
    let from_xml = s.path("cards-rdf");
    let run = s.run(
        "names",
        &["import", text(&rdf_xml), "--out", text(&from_xml)],
        Some(&from_xml),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        names(&from_xml),
        [
            "concept.json",
            "glossgraph.toml",
            "names-rdf.json",
            "passwd.json",
            "x.json"
        ]
    );
    // A concept at the vocabulary's namespace itself, beside concepts named in it: the
    // scheme and the vocabulary go under a base no concept takes, not onto the concept.
    let at_namespace = s.write(
        "namespace.ttl",
        format!(
            "{SKOS}@prefix v: <http://hostile.example/v/> .
             v:a a skos:Concept ; skos:prefLabel \"A\"@en .
             v:b a skos:Concept ; skos:prefLabel \"B\"@en .
             v:ns a skos:Concept ; skos:prefLabel \"Ns\"@en .
             v: a skos:Concept ; skos:prefLabel \"Empty\"@en .
"
        ),
    );
    let named = s.path("cards-namespace");
    let run = s.run(
        "names",
        &["import", text(&at_namespace), "--out", text(&named)],
        Some(&named),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let settings = fs::read_to_string(named.join("glossgraph.toml")).unwrap();
    for line in [
        "base = \"http://hostile.example/v/glossgraph/\"",
        "namespace = \"http://hostile.example/v/\"",
    ] {
        assert!(settings.contains(line), "{settings}");
    }
    let exports = s.path("exports-namespace");
    let run = s.run(
        "names",
        &[
            "export",
            text(&named),
            "--format",
            "turtle",
            "--out",
            text(&exports),
        ],
        Some(&exports),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let turtle = fs::read_to_string(exports.join("glossary.ttl")).unwrap();
    for said in [
        "<http://hostile.example/v/> a skos:Concept",
        "<http://hostile.example/v/ns> a skos:Concept",
    ] {
        assert!(turtle.contains(said), "{said} in {turtle}");
    }
    // The file has no scheme: the export invents none (issue 61).
    assert!(settings.contains("schemeless = true"), "{settings}");
    assert!(!turtle.contains("ConceptScheme"), "{turtle}");
    assert!(!turtle.contains("inScheme"), "{turtle}");
    // An imported vocabulary's export states nothing of glossgraph's own vocabulary, under
    // the moved base or the publisher's (issue 61).
    assert!(!turtle.contains("owl:Ontology"), "{turtle}");

    let run = s.run("names", &["check", text(&cards)], None);
    assert_eq!(run.code, 0, "{}", run.stdout);
    let exports = s.path("exports");
    let run = s.run(
        "names",
        &["export", text(&cards), "--out", text(&exports)],
        Some(&exports),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let site = s.path("site");
    let run = s.run(
        "names",
        &["site", text(&cards), "--out", text(&site)],
        Some(&site),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(site.join("term/passwd/index.html").is_file());
}

// ---------------------------------------------------------------------------------------
// What a file names

/// A file may name other files and URLs — an external entity, an external DTD, a base, a
/// JSON-LD context — and none is read: the file is refused at the place that names it, or
/// read without it. Nothing of `secret.txt` (nor of `/etc/passwd`) reaches a card or a
/// message, and the port the URLs point at is never called.
#[test]
fn no_file_or_url_a_document_names_is_read() {
    let mut s = Sandbox::new();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let url = format!(
        "http://127.0.0.1:{}/",
        listener.local_addr().unwrap().port()
    );
    let secret = s.url("secret.txt");
    s.write(
        "context.jsonld",
        format!(r#"{{"@context": {{"label": "http://www.w3.org/2004/02/skos/core#prefLabel", "{SECRET}": "x"}}}}"#),
    );
    let rdf = |doctype: &str, value: &str| {
        format!(
            "<?xml version=\"1.0\"?>\n{doctype}\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" \
             xmlns:skos=\"http://www.w3.org/2004/02/skos/core#\">\n<skos:Concept rdf:about=\"http://hostile.example/v/a\">\
             <skos:prefLabel xml:lang=\"en\">A</skos:prefLabel><skos:definition xml:lang=\"en\">{value}</skos:definition>\
             </skos:Concept>\n</rdf:RDF>\n"
        )
    };
    let concept = r#""@id": "http://hostile.example/v/a", "@type": "http://www.w3.org/2004/02/skos/core#Concept""#;
    // (file, text, exit code, what stderr says: the place of a refusal).
    let cases: Vec<(&str, String, i32, String)> = vec![
        (
            "passwd.rdf",
            rdf("<!DOCTYPE rdf:RDF [\n<!ENTITY x SYSTEM \"file:///etc/passwd\">\n]>", "&x;"),
            1,
            "passwd.rdf:3:1: the entity `x` is external (SYSTEM \"file:///etc/passwd\")".into(),
        ),
        (
            "secret.rdf",
            rdf(&format!("<!DOCTYPE rdf:RDF [\n<!ENTITY x SYSTEM \"{secret}\">\n]>"), "&x;"),
            1,
            "secret.rdf:3:1: the entity `x` is external".into(),
        ),
        (
            "network.rdf",
            rdf(
                &format!("<!DOCTYPE rdf:RDF [\n<!ENTITY % p SYSTEM \"{url}p.dtd\">\n%p;\n]>"),
                "a",
            ),
            1,
            "network.rdf:3:1: the entity `p` is external".into(),
        ),
        (
            "dtd.rdf",
            rdf(&format!("<!DOCTYPE rdf:RDF SYSTEM \"{secret}\">"), "d"),
            0,
            "imported 1 cards".into(),
        ),
        (
            "base.ttl",
            format!(
                "@base <{secret}> .\n{SKOS}<#a> a skos:Concept ; skos:prefLabel \"A\"@en ; \
                 skos:definition \"d\"@en ; skos:note <> .\n"
            ),
            0,
            "imported 1 cards".into(),
        ),
        (
            "network.ttl",
            format!("@base <{url}> .\n{SKOS}<a> a skos:Concept ; skos:prefLabel \"A\"@en ; skos:note <> .\n"),
            0,
            "imported 1 cards".into(),
        ),
        (
            "file.jsonld",
            format!(r#"{{"@context": "{}", {concept}, "label": "A"}}"#, s.url("context.jsonld")),
            1,
            "file.jsonld:1:14: Failed to load remote context".into(),
        ),
        (
            "relative.jsonld",
            format!(r#"{{"@context": "context.jsonld", {concept}, "label": "A"}}"#),
            1,
            "relative.jsonld:1:14: Failed to load remote context".into(),
        ),
        (
            "network.jsonld",
            format!(r#"{{"@context": ["{url}c.jsonld"], {concept}, "label": "A"}}"#),
            1,
            "network.jsonld:1:15: Failed to load remote context".into(),
        ),
        (
            "import.jsonld",
            format!(
                r#"{{"@context": {{"@version": 1.1, "@import": "{url}c.jsonld"}}, {concept}, "label": "A"}}"#
            ),
            1,
            "import.jsonld:1:".into(),
        ),
        (
            "base.jsonld",
            format!(
                r#"{{"@context": {{"@base": "{secret}"}}, "@id": "a", "@type": "http://www.w3.org/2004/02/skos/core#Concept",
                "http://www.w3.org/2004/02/skos/core#prefLabel": "A", "http://www.w3.org/2004/02/skos/core#note": {{"@id": ""}}}}"#
            ),
            0,
            "imported 1 cards".into(),
        ),
    ];
    let passwd = fs::read_to_string("/etc/passwd")
        .ok()
        .and_then(|p| p.lines().next().map(str::to_owned))
        .filter(|line| line.len() > 8);
    for (name, text_of_file, code, said) in cases {
        let file = s.write(name, text_of_file);
        let cards = s.path(&format!("cards-{name}"));
        let run = s.run(
            name,
            &["import", text(&file), "--out", text(&cards)],
            Some(&cards),
        );
        assert_eq!(run.code, code, "{name}: {}", run.stderr);
        let said = if code == 1 {
            format!("{}/{said}", s.dir.path().display())
        } else {
            said
        };
        assert!(
            run.stderr.contains(&said),
            "{name}: {said} in {}",
            run.stderr
        );
        if code == 1 {
            assert!(!cards.exists(), "{name}");
            assert!(run.stderr.contains("nothing was written"), "{}", run.stderr);
        } else {
            assert_eq!(any_file_holds(&cards, SECRET.as_bytes()), None, "{name}");
        }
        if let Some(line) = &passwd {
            assert!(!run.stderr.contains(line.as_str()), "{name}");
            assert_eq!(any_file_holds(&cards, line.as_bytes()), None, "{name}");
        }
    }
    match listener.accept() {
        Err(e) if e.kind() == ErrorKind::WouldBlock => {}
        other => panic!("a URL a file names was called: {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------
// Depth

/// Nesting 100,000 levels deep in each syntax's own way (blank nodes, collections, elements,
/// objects, arrays) overflows no parser's stack: each file comes in or is refused at its
/// place.
#[test]
fn rdf_nested_100000_levels_deep_overflows_no_parser() {
    let depth = 100_000;
    let mut s = Sandbox::new();
    let head = format!(
        "{SKOS}<http://hostile.example/v/a> a skos:Concept ; skos:prefLabel \"A\"@en ; skos:note "
    );
    let note = "http://www.w3.org/2004/02/skos/core#note";
    let concept = r#""@id": "http://hostile.example/v/a", "@type": "http://www.w3.org/2004/02/skos/core#Concept""#;
    let cases = [
        (
            "blank-nodes.ttl",
            format!("{head}{}\"x\"{} .\n", "[ skos:note ".repeat(depth), " ]".repeat(depth)),
            0,
        ),
        (
            "collections.ttl",
            format!("{head}{}\"x\"{} .\n", "( ".repeat(depth), " )".repeat(depth)),
            0,
        ),
        (
            "elements.rdf",
            format!(
                "<?xml version=\"1.0\"?>\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" \
                 xmlns:skos=\"http://www.w3.org/2004/02/skos/core#\">\n<skos:Concept rdf:about=\"http://hostile.example/v/a\">\
                 <skos:prefLabel xml:lang=\"en\">A</skos:prefLabel>{}<rdf:value>x</rdf:value>{}</skos:Concept>\n</rdf:RDF>\n",
                "<skos:note><rdf:Description>".repeat(depth),
                "</rdf:Description></skos:note>".repeat(depth)
            ),
            0,
        ),
        (
            "objects.jsonld",
            format!(
                "{{{concept}, \"{note}\": {}\"x\"{}}}",
                format!("{{\"{note}\": ").repeat(depth),
                "}".repeat(depth)
            ),
            1,
        ),
        (
            "arrays.jsonld",
            format!("{{{concept}, \"{note}\": {}\"x\"{}}}", "[".repeat(depth), "]".repeat(depth)),
            1,
        ),
    ];
    for (name, text_of_file, code) in cases {
        let file = s.write(name, text_of_file);
        let cards = s.path(&format!("cards-{name}"));
        let run = s.run(
            name,
            &["import", text(&file), "--out", text(&cards)],
            Some(&cards),
        );
        assert_eq!(run.code, code, "{name}: {}", run.stderr);
        if code == 1 {
            let place = format!("{}:1:", file.display());
            assert!(run.stderr.contains(&place), "{name}: {}", run.stderr);
        }
        fs::remove_file(&file).unwrap();
    }
}

/// A definition made to nest — 50,000 quotes, 200,000 brackets — comes in and goes out: its
/// Markdown is drawn 32 levels deep at most (the map's tree of 50,000 levels overflowed the
/// stack at 5,000), and the brackets are read in one pass (the search for each `[`'s `]`
/// took the square of their number).
#[test]
fn a_definition_made_to_nest_goes_out_as_a_site_and_a_map() {
    let mut s = Sandbox::new();
    let quotes = format!("{}deep", "> ".repeat(50_000));
    let brackets = format!("{}x{}", "[".repeat(200_000), "]".repeat(200_000));
    let file = s.write(
        "nest.ttl",
        format!(
            "{SKOS}@prefix v: <http://hostile.example/v/> .\n\
             v:a a skos:Concept ; skos:prefLabel \"A\"@en ; skos:definition \"{quotes}\"@en ; skos:related v:b .\n\
             v:b a skos:Concept ; skos:prefLabel \"B\"@en ; skos:definition \"{brackets}\"@en .\n"
        ),
    );
    let cards = s.path("cards");
    let run = s.run(
        "nest",
        &["import", text(&file), "--out", text(&cards)],
        Some(&cards),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let site = s.path("site");
    let run = s.run(
        "nest",
        &["site", text(&cards), "--out", text(&site)],
        Some(&site),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    // At the path of its IRI below the namespace the concepts share.
    let page = fs::read_to_string(site.join("a/index.html")).unwrap();
    assert_eq!(page.matches("<blockquote>").count(), 32);
    assert!(page.contains("deep"));
    let map = s.path("map");
    let run = s.run(
        "nest",
        &[
            "export",
            text(&cards),
            "--format",
            "html",
            "--out",
            text(&map),
        ],
        Some(&map),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
}
