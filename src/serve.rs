//! `glossgraph serve`: the SPARQL 1.1 Protocol over HTTP, on the glossary's store.

use std::io::{self, Write};
use std::net::{SocketAddr, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use glossgraph::config::Config;
use glossgraph::sparql::serve;
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

pub fn run(args: ServeArgs, color: Color) -> Result<ExitCode> {
    let bind: SocketAddr = args
        .bind
        .to_socket_addrs()
        .with_context(|| format!("--bind {}: not a HOST:PORT address", args.bind))?
        .next()
        .ok_or_else(|| anyhow!("--bind {}: the name resolves to no address", args.bind))?;
    let timeout = seconds(args.timeout, "--timeout")?;
    let watched = if args.watch {
        Some(watched_paths(&args)?)
    } else {
        None
    };
    // Under --watch a glossary with errors is served all the same, as a page of its errors,
    // so that the preview is open while they are fixed.
    let loaded = if args.watch {
        load_or_report(&args.glossary, color)
    } else {
        match load_for_store(&args.glossary, color)? {
            Ok(loaded) => Ok(loaded),
            Err(code) => return Ok(code),
        }
    };
    let mut err = io::stderr();
    let served = match loaded {
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
            Ok((glossary, store))
        }
        Err(report) => {
            writeln!(
                err,
                "glossgraph: the glossary has errors: every page shows them until they are fixed"
            )?;
            Err(report)
        }
    };
    if !bind.ip().is_loopback() {
        writeln!(
            err,
            "glossgraph: warning: listening on {bind}, which is not a loopback address: anyone \
             who can reach this machine can query the glossary"
        )?;
    }
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
        vocabulary: vocabulary_id(args.glossary.input()),
    };
    let options_id = options.vocabulary.clone();
    let (stop_tx, stop_rx) = std::sync::mpsc::channel();
    ctrlc::set_handler(move || {
        let _ = stop_tx.send(());
    })
    .context("cannot install the Ctrl-C/SIGTERM handler")?;
    let running = match served {
        Ok((glossary, store)) => serve::start(glossary, store, options)?,
        Err(report) => serve::start_with_errors(&report, options)?,
    };
    let addr = running.addr();
    writeln!(
        err,
        "glossgraph: serving http://{addr}/ — the website, SPARQL at http://{addr}/query (a \
         query page at http://{addr}/sparql), Graph Store at http://{addr}/store, reconciliation \
         (OpenRefine) at http://{addr}/reconcile, Skosmos's REST API at \
         http://{addr}/rest/v1/{}/; Ctrl-C stops",
        options_id
    )?;
    let stopping = AtomicBool::new(false);
    std::thread::scope(|scope| -> Result<()> {
        if let Some(watched) = &watched {
            let watcher = Watcher::start(watched)?;
            writeln!(err, "glossgraph: watching {} for changes", watched.shown)?;
            let (args, running, stopping) = (&args, &running, &stopping);
            scope.spawn(move || watcher.run(args, running, stopping, color));
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

fn watched_paths(args: &ServeArgs) -> Result<Watched> {
    let input = args.glossary.input();
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
    if let Some(config) = &args.glossary.title_config.config {
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

/// The file system's change events for the watched paths.
struct Watcher<'w> {
    watched: &'w Watched,
    events: mpsc::Receiver<notify::Result<notify::Event>>,
    // Dropped with the watcher: it stops watching.
    _watcher: notify::RecommendedWatcher,
}

/// How long the files must stay still before the glossary is read again: an editor's save,
/// `git checkout` or `fmt` of a folder change many files at once.
const SETTLE: Duration = Duration::from_millis(200);

impl<'w> Watcher<'w> {
    fn start(watched: &'w Watched) -> Result<Self> {
        let (tx, events) = mpsc::channel();
        let mut watcher =
            notify::recommended_watcher(tx).context("cannot watch the glossary for changes")?;
        for (folder, mode) in &watched.folders {
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

    /// Reloads the glossary after each settled change until `stopping`.
    fn run(&self, args: &ServeArgs, running: &serve::Running, stopping: &AtomicBool, color: Color) {
        while !stopping.load(Ordering::SeqCst) {
            if !self.changed(Duration::from_millis(250)) {
                continue;
            }
            // Until the files stay still.
            while self.changed(SETTLE) {}
            reload(args, running, color);
        }
    }

    /// Whether a change that counts arrives within `wait`.
    fn changed(&self, wait: Duration) -> bool {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(left) {
                Ok(Ok(event)) => {
                    if !matches!(event.kind, notify::EventKind::Access(_))
                        && event.paths.iter().any(|p| self.watched.counts(p))
                    {
                        return true;
                    }
                }
                Ok(Err(e)) => eprintln!("glossgraph: watching: {e}"),
                Err(_) => return false,
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
fn reload(args: &ServeArgs, running: &serve::Running, color: Color) {
    let started = Instant::now();
    let loaded = load_or_report(&args.glossary, color).and_then(|(glossary, config)| {
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
