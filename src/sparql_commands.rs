//! The `query`, `serve` and `push` commands of the binary: arguments in, library calls, and
//! what the terminal sees (messages, exit codes). Everything else is in `glossgraph::sparql`.

use std::io::{self, IsTerminal, Write};
use std::net::{SocketAddr, ToSocketAddrs};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use glossgraph::config::Config;
use glossgraph::sparql::push::{self, Credentials, Payload, Protocol};
use glossgraph::sparql::saved::{self, SavedQuery};
use glossgraph::sparql::{results, serve, GlossaryStore, ResultsFormat, SparqlError};
use glossgraph::Glossary;
use oxigraph::model::NamedNode;

use crate::cli::{Color, GlossaryArgs, PushArgs, PushProtocol, QueryArgs, ServeArgs, StoreArgs};
use crate::EXIT_FINDINGS;

/// The environment variables push reads its credentials from.
const USER_VAR: &str = "GLOSSGRAPH_USER";
const PASSWORD_VAR: &str = "GLOSSGRAPH_PASSWORD";

/// The glossary's store: in memory, or on disk in the folder `--store` names.
fn fill_store(glossary: &Glossary, config: &Config, on_disk: &StoreArgs) -> Result<GlossaryStore> {
    match on_disk.store.as_deref() {
        #[cfg(feature = "rocksdb")]
        Some(dir) => Ok(GlossaryStore::on_disk(glossary, config, dir)?),
        #[cfg(not(feature = "rocksdb"))]
        Some(_) => bail!(
            "--store needs a glossgraph built with the on-disk store: \
             cargo build --release --features rocksdb"
        ),
        None => Ok(GlossaryStore::new(glossary, config)?),
    }
}

/// Loads and checks the glossary; an invalid one is refused with the checker's report on
/// stderr, as `check` prints it, and exit code 1 (2 if some input could not be read).
fn load_valid(args: &GlossaryArgs, color: Color) -> Result<Result<(Glossary, Config), ExitCode>> {
    match crate::load_valid(args, color, true)? {
        Ok(checked) => Ok(Ok((checked.glossary, checked.config))),
        Err(code) => {
            eprintln!(
                "glossgraph: the glossary has errors; fix them first (see `glossgraph check`)"
            );
            Ok(Err(code))
        }
    }
}

fn seconds(value: f64, flag: &str) -> Result<Duration> {
    Duration::try_from_secs_f64(value)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| anyhow!("{flag} must be a positive number of seconds, not {value}"))
}

pub fn query(mut args: QueryArgs, color: Color) -> Result<ExitCode> {
    // Not locked: a picture (GraphML, DOT) is written by the exporters' worker threads.
    let mut out = io::stdout();
    if args.list {
        for q in saved::ALL {
            writeln!(out, "{}\n    {}", q.name, q.summary())?;
            for p in q.params()? {
                writeln!(
                    out,
                    "    --param {}={}  {}",
                    p.name,
                    p.kind.placeholder(),
                    p.description
                )?;
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    // `glossgraph query 'SELECT …'`: one positional argument and no --file/--saved is the
    // query, and the glossary is the default one.
    if args.query.is_none() && args.file.is_none() && args.saved.is_none() {
        args.query = Some(std::mem::replace(&mut args.glossary.input, "data".into()));
    }
    let saved = match &args.saved {
        Some(name) => Some(SavedQuery::find(name).ok_or_else(|| {
            let names: Vec<&str> = saved::ALL.iter().map(|q| q.name).collect();
            anyhow!("no saved query `{name}`; there are: {}", names.join(", "))
        })?),
        None => None,
    };
    let (text, origin) = match (&args.query, &args.file, saved) {
        (_, _, Some(q)) => (q.text.to_owned(), format!("queries/{}.rq", q.name)),
        (_, Some(path), _) => (
            std::fs::read_to_string(path)
                .with_context(|| format!("cannot read `{}`", path.display()))?,
            path.display().to_string(),
        ),
        (Some(text), _, _) => (text.clone(), "query".to_owned()),
        (None, None, None) => bail!("no query given: give one, or --file, or --saved"),
    };
    let timeout = args.timeout.map(|t| seconds(t, "--timeout")).transpose()?;
    let requested = match &args.results {
        Some(name) => Some(ResultsFormat::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = ResultsFormat::all()
                .into_iter()
                .map(ResultsFormat::name)
                .collect();
            anyhow!(
                "--results {name} is not a format; use one of: {}",
                names.join(", ")
            )
        })?),
        None => None,
    };

    let (glossary, config) = match load_valid(&args.glossary, color)? {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    let store = fill_store(&glossary, &config, &args.on_disk)?;
    let mut prepared = match store.prepare(&text) {
        Ok(p) => p,
        Err(SparqlError::Syntax {
            line,
            column,
            message,
        }) => {
            let mut err = io::stderr().lock();
            writeln!(
                err,
                "glossgraph: error: {origin}:{line}:{column}: {message}"
            )?;
            if let Some(source) = text.lines().nth(line.saturating_sub(1) as usize) {
                let caret = " ".repeat(
                    source
                        .chars()
                        .take(column.saturating_sub(1) as usize)
                        .count(),
                );
                writeln!(err, "  |\n  | {source}\n  | {caret}^")?;
            }
            return Ok(ExitCode::from(EXIT_FINDINGS));
        }
        Err(e) => return Err(e.into()),
    };
    let bindings = match saved {
        Some(q) => q.bind(&args.params, store.iris()),
        None => saved::bind_adhoc(&args.params),
    }?;
    for (variable, value) in bindings {
        prepared = prepared.bind(variable, value)?;
    }
    let format = requested
        .unwrap_or_else(|| ResultsFormat::default_for(prepared.form(), io::stdout().is_terminal()));
    results::check_fits(format, prepared.form())?;
    match store.run(&prepared, timeout) {
        Ok(answer) => {
            let mut lines = LineEnd {
                inner: &mut out,
                ended: true,
            };
            let written = if format.is_picture() {
                results::draw(&answer, format, &glossary, &config, &mut lines)
            } else {
                results::write(&answer, format, &store.prefixes(), &mut lines)
            };
            match written {
                // Plain I/O errors, so that a closed pipe ends the run quietly.
                Err(results::ResultsError::Io(e)) => return Err(e.into()),
                other => other?,
            }
            if !lines.ended {
                out.write_all(b"\n")?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e @ (SparqlError::Timeout(_) | SparqlError::Evaluation(_))) => {
            writeln!(io::stderr(), "glossgraph: error: {e}")?;
            Ok(ExitCode::from(EXIT_FINDINGS))
        }
        Err(e) => Err(e.into()),
    }
}

pub fn serve(args: ServeArgs, color: Color) -> Result<ExitCode> {
    let bind: SocketAddr = args
        .bind
        .to_socket_addrs()
        .with_context(|| format!("--bind {}: not a HOST:PORT address", args.bind))?
        .next()
        .ok_or_else(|| anyhow!("--bind {}: the name resolves to no address", args.bind))?;
    let timeout = seconds(args.timeout, "--timeout")?;
    let (glossary, config) = match load_valid(&args.glossary, color)? {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    let started = Instant::now();
    let store = fill_store(&glossary, &config, &args.on_disk)?;
    let mut err = io::stderr();
    writeln!(
        err,
        "glossgraph: loaded {} quads from {} cards in {:.2} s",
        store.len(),
        glossary.cards().len(),
        started.elapsed().as_secs_f64()
    )?;
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
        cors: args.cors,
    };
    let (stop_tx, stop_rx) = std::sync::mpsc::channel();
    ctrlc::set_handler(move || {
        let _ = stop_tx.send(());
    })
    .context("cannot install the Ctrl-C/SIGTERM handler")?;
    let running = serve::start(glossary, store, options)?;
    let addr = running.addr();
    writeln!(
        err,
        "glossgraph: serving http://{addr}/ — SPARQL at http://{addr}/query, Graph Store at \
         http://{addr}/store; Ctrl-C stops"
    )?;
    let _ = stop_rx.recv();
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

pub fn push(args: PushArgs, color: Color) -> Result<ExitCode> {
    let user = args
        .user
        .clone()
        .or_else(|| std::env::var(USER_VAR).ok().filter(|u| !u.is_empty()));
    let password = match (&args.password_file, std::env::var(PASSWORD_VAR)) {
        (Some(path), _) => Some(
            push::read_password_file(path)
                .with_context(|| format!("--password-file {}", path.display()))?,
        ),
        (None, Ok(p)) if !p.is_empty() => Some(p),
        _ => None,
    };
    let credentials = match (user, password) {
        (Some(user), Some(password)) => Some(Credentials { user, password }),
        (Some(user), None) => {
            bail!("--user {user} needs a password: set {PASSWORD_VAR} or give --password-file")
        }
        (None, Some(_)) => bail!("a password is given but no user: add --user (or {USER_VAR})"),
        (None, None) => None,
    };
    let timeout = seconds(args.timeout, "--timeout")?;
    let (glossary, config) = match load_valid(&args.glossary, color)? {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    let graph_text = args.graph.clone().unwrap_or_else(|| config.base.clone());
    let graph = NamedNode::new(graph_text.as_str())
        .map_err(|e| anyhow!("--graph {graph_text}: not an absolute IRI ({e})"))?;
    let payload = Payload::new(&glossary, &config);
    let protocol = match args.protocol {
        PushProtocol::GraphStore => Protocol::GraphStore,
        PushProtocol::Update => Protocol::Update,
    };
    let mut out = io::stdout().lock();
    if args.dry_run {
        match protocol {
            Protocol::GraphStore => {
                let bodies = payload.turtle_bodies(args.max_body);
                let bytes: usize = bodies.iter().map(Vec::len).sum();
                writeln!(
                    out,
                    "would PUT {} triples ({bytes} bytes of Turtle{}) to {}, replacing graph {graph}",
                    payload.len(),
                    if bodies.len() > 1 {
                        format!(", split into a PUT and {} POSTs", bodies.len() - 1)
                    } else {
                        String::new()
                    },
                    push::with_param(&args.endpoint, "graph", graph.as_str()),
                )?;
            }
            Protocol::Update => {
                let updates = payload.updates(&graph, args.batch_size);
                writeln!(
                    out,
                    "would POST to {}: DROP SILENT GRAPH {graph}, then {} INSERT DATA requests of at most {} triples ({} triples in all)",
                    args.endpoint,
                    updates.len() - 1,
                    args.batch_size,
                    payload.len(),
                )?;
            }
        }
        if let Some(verify) = &args.verify {
            writeln!(out, "would then count the graph's triples at {verify}")?;
        }
        if let Some(c) = &credentials {
            writeln!(out, "as user `{}`", c.user)?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let client = push::Client::new(push::Settings {
        credentials,
        retries: args.retries,
        timeout,
        ..push::Settings::default()
    });
    let mut log = |message: String| {
        let _ = writeln!(io::stderr(), "glossgraph: {message}");
    };
    let started = Instant::now();
    let target = push::Target {
        endpoint: args.endpoint.clone(),
        graph: graph.clone(),
        protocol,
        batch_size: args.batch_size,
        max_body: args.max_body,
    };
    let pushed = push::push(&client, &payload, &target, &mut log)?;
    writeln!(
        out,
        "pushed {} triples to graph {graph} at {} in {:.2} s ({} requests, {} bytes, last answer HTTP {})",
        pushed.triples,
        args.endpoint,
        started.elapsed().as_secs_f64(),
        pushed.requests,
        pushed.bytes,
        pushed.status
    )?;
    if let Some(verify) = &args.verify {
        let count = push::count_triples(&client, verify, &graph, &mut log)?;
        if count != payload.len() as u64 {
            writeln!(
                io::stderr(),
                "glossgraph: error: the store holds {count} triples in graph {graph}, but {} were pushed",
                payload.len()
            )?;
            return Ok(ExitCode::from(EXIT_FINDINGS));
        }
        writeln!(
            out,
            "verified: {verify} counts {count} triples in graph {graph}"
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A writer that remembers whether its output ends a line: JSON and XML results end without
/// a line end, and the shell's prompt would follow them on the same line.
struct LineEnd<W> {
    inner: W,
    ended: bool,
}

impl<W: Write> Write for LineEnd<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        if n > 0 {
            self.ended = buf[n - 1] == b'\n';
        }
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
