//! `glossgraph serve`: the SPARQL 1.1 Protocol over HTTP, on the glossary's store.

use std::io::{self, Write};
use std::net::{SocketAddr, ToSocketAddrs};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context, Result};
use glossgraph::sparql::serve;

use crate::cli::{seconds, Color, ServeArgs};
use crate::glossary::{fill_store, load_for_store};

pub fn run(args: ServeArgs, color: Color) -> Result<ExitCode> {
    let bind: SocketAddr = args
        .bind
        .to_socket_addrs()
        .with_context(|| format!("--bind {}: not a HOST:PORT address", args.bind))?
        .next()
        .ok_or_else(|| anyhow!("--bind {}: the name resolves to no address", args.bind))?;
    let timeout = seconds(args.timeout, "--timeout")?;
    let (glossary, config) = match load_for_store(&args.glossary, color)? {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    let started = Instant::now();
    let store = fill_store(&glossary, &config)?;
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
        max_per_client: args.max_per_client,
        head_timeout: serve::Options::default().head_timeout,
        cors: args.cors,
        log: args.log.then(|| {
            serve::RequestLog(std::sync::Arc::new(|line: &str| {
                eprintln!("glossgraph: {line}");
            }))
        }),
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
        "glossgraph: serving http://{addr}/ — the website, SPARQL at http://{addr}/query (a \
         query page at http://{addr}/sparql), Graph Store at http://{addr}/store; Ctrl-C stops"
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
