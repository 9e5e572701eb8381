//! `glossgraph serve`: the SPARQL 1.1 Protocol over HTTP, on the glossary's store.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use glossgraph::config::Config;
use glossgraph::sparql::{serve, GlossaryStore};
use glossgraph::Glossary;
use notify::{RecursiveMode, Watcher as _};

use crate::cli::{seconds, Color, GlossaryArgs, ServeArgs};
use crate::glossary::{fill_store, load_for_store, load_or_refuse};

/// The glossary's id as a vocabulary of Skosmos's REST API: the name of the input folder,
/// or of the file without its extension, kept to the letters, digits, `-` and `_` a path
/// segment takes unescaped; `glossary` when nothing is left (stdin, `.`).
fn vocabulary_id(input: &str) -> String {
    let path = Path::new(input);
    let name = std::fs::canonicalize(path)
        .ok()
        .filter(|p| p.is_dir())
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .or_else(|| path.file_stem().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let id: String = name
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
        .take(64)
        .collect();
    if id.is_empty() || input == "-" {
        "glossary".to_owned()
    } else {
        id
    }
}

/// One INPUT of `serve`: its id, and the arguments that read it (the flags of the first
/// INPUT with this one's path).
struct Source {
    id: String,
    args: GlossaryArgs,
}

/// `ID=INPUT` split into its id and its input, when the text before the first `=` is an id
/// and the whole is not a path that exists (`./a=b` is always the path).
fn split_id(text: &str) -> (Option<&str>, &str) {
    match text.split_once('=') {
        Some((id, input))
            if !id.is_empty()
                && id
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
                && !Path::new(text).exists() =>
        {
            (Some(id), input)
        }
        _ => (None, text),
    }
}

/// The INPUTs of `serve`, each with its id: given as ID=INPUT, or its name's. Several must
/// have ids that differ and that are none of the paths serve answers itself.
fn sources(args: &ServeArgs) -> Result<Vec<Source>> {
    let texts = std::iter::once(args.glossary.input()).chain(args.more.iter().map(String::as_str));
    let several = !args.more.is_empty();
    let mut out: Vec<Source> = Vec::new();
    for text in texts {
        let (given, input) = split_id(text);
        let id = given.map_or_else(|| vocabulary_id(input), str::to_owned);
        if given.is_some() || several {
            if let Err(why) = serve::check_id(&id) {
                bail!(
                    "INPUT `{text}`: the id `{id}` cannot be used: {why}; give another as ID=INPUT"
                );
            }
        }
        if out.iter().any(|s| s.id == id) {
            bail!("INPUT `{text}`: another INPUT has the id `{id}`; give one another as ID=INPUT");
        }
        let mut glossary = args.glossary.clone();
        glossary.input = Some(input.to_owned());
        out.push(Source { id, args: glossary });
    }
    Ok(out)
}

pub fn run(args: ServeArgs, color: Color) -> Result<ExitCode> {
    let bind: SocketAddr = args
        .bind
        .to_socket_addrs()
        .with_context(|| format!("--bind {}: not a HOST:PORT address", args.bind))?
        .next()
        .ok_or_else(|| anyhow!("--bind {}: the name resolves to no address", args.bind))?;
    let timeout = seconds(args.timeout, "--timeout")?;
    let sources = sources(&args)?;
    let watched = if args.watch {
        Some(
            sources
                .iter()
                .map(|s| watched_paths(&s.args))
                .collect::<Result<Vec<_>>>()?,
        )
    } else {
        None
    };
    let mut err = io::stderr();
    let options = serve::Options {
        bind,
        timeout,
        max_body: args.max_body,
        max_connections: args.max_connections,
        max_per_client: args.max_per_client,
        head_timeout: serve::Options::default().head_timeout,
        cors: args.cors.clone(),
        log: args.log.then(|| {
            serve::RequestLog(std::sync::Arc::new(|line: &str| {
                eprintln!("glossgraph: {line}");
            }))
        }),
        vocabulary: sources[0].id.clone(),
    };
    let warn_bind = |err: &mut io::Stderr| -> Result<()> {
        if !bind.ip().is_loopback() {
            writeln!(
                err,
                "glossgraph: warning: listening on {bind}, which is not a loopback address: \
                 anyone who can reach this machine can query the glossary"
            )?;
        }
        Ok(())
    };
    let running = if let [source] = sources.as_slice() {
        match start_one(source, args.watch, color, options, &mut err)? {
            Ok(running) => running,
            Err(code) => return Ok(code),
        }
    } else {
        match start_several(&sources, color, options, &mut err)? {
            Ok(running) => running,
            Err(code) => return Ok(code),
        }
    };
    warn_bind(&mut err)?;
    let addr = running.addr();
    if let [source] = sources.as_slice() {
        writeln!(
            err,
            "glossgraph: serving http://{addr}/ — the website, SPARQL at http://{addr}/query (a \
             query page at http://{addr}/sparql), Graph Store at http://{addr}/store, \
             reconciliation (OpenRefine) at http://{addr}/reconcile, Skosmos's REST API at \
             http://{addr}/rest/v1/{}/; Ctrl-C stops",
            source.id
        )?;
    } else {
        for source in &sources {
            writeln!(
                err,
                "glossgraph: `{}` as `{id}`: its website at http://{addr}/{id}/, reconciliation \
                 at http://{addr}/reconcile/{id}, Skosmos's REST API at http://{addr}/rest/v1/{id}/",
                source.args.input(),
                id = source.id
            )?;
        }
        writeln!(
            err,
            "glossgraph: serving http://{addr}/ — the {} glossaries: SPARQL at \
             http://{addr}/query (a named graph each), reconciliation at \
             http://{addr}/reconcile; Ctrl-C stops",
            sources.len()
        )?;
    }
    let (stop_tx, stop_rx) = std::sync::mpsc::channel();
    ctrlc::set_handler(move || {
        let _ = stop_tx.send(());
    })
    .context("cannot install the Ctrl-C/SIGTERM handler")?;
    let stopping = AtomicBool::new(false);
    std::thread::scope(|scope| -> Result<()> {
        if let Some(watched) = &watched {
            let watcher = Watcher::start(watched)?;
            for w in watched {
                writeln!(err, "glossgraph: watching {} for changes", w.shown)?;
            }
            let (sources, running, stopping) = (&sources, &running, &stopping);
            scope.spawn(move || watcher.run(sources, running, stopping, color));
        }
        let _ = stop_rx.recv();
        stopping.store(true, Ordering::SeqCst);
        Ok(())
    })?;
    writeln!(err, "glossgraph: stopping; waiting for running queries")?;
    let left = running.shutdown(timeout + Duration::from_secs(1));
    if left > 0 {
        writeln!(
            err,
            "glossgraph: {left} requests were still running and were dropped"
        )?;
    }
    writeln!(err, "glossgraph: stopped")?;
    Ok(ExitCode::SUCCESS)
}

/// Starts serving one glossary. Under --watch one with errors is served all the same, as a
/// page of its errors, so that the preview is open while they are fixed.
fn start_one(
    source: &Source,
    watch: bool,
    color: Color,
    options: serve::Options,
    err: &mut io::Stderr,
) -> Result<Result<serve::Running, ExitCode>> {
    let loaded = if watch {
        load_or_report(&source.args, color)
    } else {
        match load_for_store(&source.args, color)? {
            Ok(loaded) => Ok(loaded),
            Err(code) => return Ok(Err(code)),
        }
    };
    Ok(Ok(match loaded {
        Ok((glossary, config)) => {
            let started = Instant::now();
            let store = fill_store(&glossary, &config)?;
            writeln!(
                err,
                "glossgraph: loaded {} quads from {} cards in {:.2} s",
                store.len(),
                glossary.cards().len(),
                started.elapsed().as_secs_f64()
            )?;
            serve::start(glossary, store, options)?
        }
        Err(report) => {
            writeln!(
                err,
                "glossgraph: the glossary has errors: every page shows them until they are fixed"
            )?;
            serve::start_with_errors(&report, options)?
        }
    }))
}

/// Starts serving several glossaries, each in a named graph of the store. Each must be
/// without errors at the start, even under --watch.
fn start_several(
    sources: &[Source],
    color: Color,
    options: serve::Options,
    err: &mut io::Stderr,
) -> Result<Result<serve::Running, ExitCode>> {
    let mut inputs = Vec::with_capacity(sources.len());
    for source in sources {
        match load_for_store(&source.args, color)? {
            Ok((glossary, config)) => inputs.push(serve::Input {
                id: source.id.clone(),
                glossary,
                config,
            }),
            Err(code) => return Ok(Err(code)),
        }
    }
    let started = Instant::now();
    let parts: Vec<_> = inputs
        .iter()
        .map(|i| (&i.glossary, &i.config, serve::graph_iri(&i.config)))
        .collect();
    let store = GlossaryStore::new_many(&parts)?;
    let cards: usize = inputs.iter().map(|i| i.glossary.cards().len()).sum();
    writeln!(
        err,
        "glossgraph: loaded {} quads from {cards} cards of {} glossaries in {:.2} s",
        store.len(),
        inputs.len(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(Ok(serve::start_many(inputs, store, options)?))
}

/// What `serve --watch` watches: the input (a folder, recursively, or a file's folder) and
/// the settings file, and which changed paths count.
struct Watched {
    /// Folders to watch, each recursively or not.
    folders: Vec<(PathBuf, RecursiveMode)>,
    /// A changed path counts when it is one of these files or lies in one of these folders.
    files: Vec<PathBuf>,
    trees: Vec<PathBuf>,
    /// What the message names.
    shown: String,
}

fn watched_paths(args: &GlossaryArgs) -> Result<Watched> {
    let input = args.input();
    if input == "-" {
        bail!("--watch needs a folder or a file to watch, not standard input");
    }
    let path = std::fs::canonicalize(input).with_context(|| format!("cannot watch `{input}`"))?;
    let mut watched = Watched {
        folders: Vec::new(),
        files: Vec::new(),
        trees: Vec::new(),
        shown: format!("`{input}`"),
    };
    if path.is_dir() {
        watched
            .folders
            .push((path.clone(), RecursiveMode::Recursive));
        watched.trees.push(path);
    } else {
        // The folder, not the file: editors save by writing a new file over the old one.
        let folder = path.parent().unwrap_or(Path::new("/")).to_path_buf();
        watched
            .folders
            .push((folder.clone(), RecursiveMode::NonRecursive));
        watched.files.push(path);
        watched.files.push(folder.join("glossgraph.toml"));
    }
    if let Some(config) = &args.title_config.config {
        let config = std::fs::canonicalize(config)
            .with_context(|| format!("cannot watch `{}`", config.display()))?;
        let folder = config.parent().unwrap_or(Path::new("/")).to_path_buf();
        watched.folders.push((folder, RecursiveMode::NonRecursive));
        watched.files.push(config);
    }
    Ok(watched)
}

impl Watched {
    /// Whether a change of `path` may change the glossary: a card, a glossary file, the
    /// settings or a page of a glossary read in place, not a hidden file (the temporary files of editors, `fmt` and `check --fix`).
    fn counts(&self, path: &Path) -> bool {
        let hidden = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if hidden {
            return false;
        }
        if self.files.iter().any(|f| f == path) {
            return true;
        }
        glossgraph::sources::may_hold_glossary(path)
            && self.trees.iter().any(|t| path.starts_with(t))
    }
}

/// The file system's change events for the watched paths, of each INPUT.
struct Watcher<'w> {
    watched: &'w [Watched],
    events: mpsc::Receiver<notify::Result<notify::Event>>,
    // Dropped with the watcher: it stops watching.
    _watcher: notify::RecommendedWatcher,
}

/// How long the files must stay still before the glossary is read again: an editor's save,
/// `git checkout` or `fmt` of a folder change many files at once.
const SETTLE: Duration = Duration::from_millis(200);

impl<'w> Watcher<'w> {
    fn start(watched: &'w [Watched]) -> Result<Self> {
        let (tx, events) = mpsc::channel();
        let mut watcher =
            notify::recommended_watcher(tx).context("cannot watch the glossary for changes")?;
        for (folder, mode) in watched.iter().flat_map(|w| &w.folders) {
            watcher
                .watch(folder, *mode)
                .with_context(|| format!("cannot watch `{}`", folder.display()))?;
        }
        Ok(Self {
            watched,
            events,
            _watcher: watcher,
        })
    }

    /// Reloads the glossaries that changed after each settled change until `stopping`: of
    /// several, only those.
    fn run(
        &self,
        sources: &[Source],
        running: &serve::Running,
        stopping: &AtomicBool,
        color: Color,
    ) {
        // The check reports of the glossaries whose files have errors now, by id: the pages
        // show them all until each is fixed.
        let mut broken: BTreeMap<&str, String> = BTreeMap::new();
        while !stopping.load(Ordering::SeqCst) {
            let mut changed = self.changed(Duration::from_millis(250));
            if changed.is_empty() {
                continue;
            }
            // Until the files stay still.
            loop {
                let more = self.changed(SETTLE);
                if more.is_empty() {
                    break;
                }
                changed.extend(more);
            }
            if let [source] = sources {
                reload(&source.args, running, color);
            } else {
                for at in changed {
                    let source = &sources[at];
                    match reload_one(source, running, color) {
                        Ok(()) => broken.remove(source.id.as_str()),
                        Err(report) => broken.insert(&source.id, report),
                    };
                }
                if !broken.is_empty() {
                    let reports: Vec<String> = broken
                        .iter()
                        .map(|(id, report)| format!("{id}: {report}"))
                        .collect();
                    running.show_errors(Some(&reports.join("\n\n")));
                }
            }
        }
    }

    /// The INPUTs (by place) a change that counts arrived for within `wait`: the first
    /// change's, and those of the changes already waiting.
    fn changed(&self, wait: Duration) -> BTreeSet<usize> {
        let deadline = Instant::now() + wait;
        let mut found = BTreeSet::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let event = if found.is_empty() {
                self.events.recv_timeout(left).ok()
            } else {
                self.events.try_recv().ok()
            };
            match event {
                Some(Ok(event)) => {
                    if !matches!(event.kind, notify::EventKind::Access(_)) {
                        for (at, w) in self.watched.iter().enumerate() {
                            if event.paths.iter().any(|p| w.counts(p)) {
                                found.insert(at);
                            }
                        }
                    }
                }
                Some(Err(e)) => eprintln!("glossgraph: watching: {e}"),
                None => return found,
            }
        }
    }
}

/// The glossary, checked; or, when it cannot be served, what is wrong as text for the pages
/// (the check report, printed on stderr as `check` prints it, or the error).
fn load_or_report(args: &GlossaryArgs, color: Color) -> Result<(Glossary, Config), String> {
    match load_or_refuse(args, color, false) {
        Ok(Ok(checked)) => Ok((checked.glossary, checked.config)),
        Ok(Err(refused)) => Err(refused.report),
        Err(e) => {
            eprintln!("glossgraph: error: {e:#}");
            Err(format!("error: {e:#}"))
        }
    }
}

/// Reads the glossary again and serves it; a glossary with errors is reported (as `check`
/// reports it, on stderr and at the top of every page) and the last good one goes on being
/// served, if there was one.
fn reload(args: &GlossaryArgs, running: &serve::Running, color: Color) {
    let started = Instant::now();
    let loaded = load_or_report(args, color).and_then(|(glossary, config)| {
        let store = fill_store(&glossary, &config).map_err(|e| {
            eprintln!("glossgraph: error: {e:#}");
            format!("error: {e:#}")
        })?;
        Ok((glossary, store))
    });
    match loaded {
        Ok((glossary, store)) => {
            let (cards, quads) = (glossary.cards().len(), store.len());
            running.replace(glossary, store);
            eprintln!(
                "glossgraph: reloaded {cards} cards ({quads} quads) in {:.2} s",
                started.elapsed().as_secs_f64()
            );
        }
        Err(report) => {
            running.show_errors(Some(&report));
            if running.has_glossary() {
                eprintln!(
                    "glossgraph: still serving the last glossary without errors; its pages show the errors"
                );
            } else {
                eprintln!("glossgraph: every page shows the errors until they are fixed");
            }
        }
    }
}

/// Reads one of several glossaries again and serves it in its place (its named graph
/// replaced, the others as they were); one with errors is reported on stderr, its last
/// version without errors goes on being served, and its report is returned for the pages.
fn reload_one(source: &Source, running: &serve::Running, color: Color) -> Result<(), String> {
    let started = Instant::now();
    let loaded = load_or_report(&source.args, color).and_then(|(glossary, config)| {
        let cards = glossary.cards().len();
        running
            .replace_one(&source.id, glossary, config)
            .map(|()| cards)
            .map_err(|e| {
                eprintln!("glossgraph: error: {e}");
                format!("error: {e}")
            })
    });
    match loaded {
        Ok(cards) => {
            eprintln!(
                "glossgraph: reloaded `{}`: {cards} cards ({} quads in all) in {:.2} s",
                source.id,
                running.quads(),
                started.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Err(report) => {
            eprintln!(
                "glossgraph: still serving the last version of `{}` without errors; the pages show the errors",
                source.id
            );
            Err(report)
        }
    }
}
