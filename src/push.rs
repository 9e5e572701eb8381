//! `glossgraph push`: the glossary's graph sent to an external triple store, with
//! authentication, retries and a count of the triples back.

use std::cell::RefCell;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use glossgraph::sparql::incremental;
use glossgraph::sparql::push::{self, Credentials, Payload, Protocol, Sent};
use oxigraph::model::NamedNode;

use crate::cli::{seconds, Color, PushArgs, PushProtocol};
use crate::exit;
use crate::glossary::load_for_store;
use crate::progress::Progress;

/// The environment variables push reads its credentials from.
const USER_VAR: &str = "GLOSSGRAPH_USER";
const PASSWORD_VAR: &str = "GLOSSGRAPH_PASSWORD";

pub fn run(args: PushArgs, color: Color) -> Result<ExitCode> {
    // Every endpoint is checked first, so that a dry run refuses what the real run would.
    let endpoints = [Some(&args.endpoint), args.update_endpoint.as_ref()]
        .into_iter()
        .chain([args.read_endpoint.as_ref(), args.verify.as_ref()]);
    for url in endpoints.flatten() {
        glossgraph::sparql::http::check_endpoint(url)?;
    }
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
    let (glossary, config) = match load_for_store(&args.glossary, color)? {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    if config.has_example_base() && args.graph.is_none() && args.glossary.base.is_none() {
        bail!(
            "the glossary's base IRI is the built-in example {}: a push would write its terms \
             into a real store under IRIs that are nobody's. Set `base` in glossgraph.toml, or \
             give --base (or --graph, for the graph pushed into)",
            glossgraph::config::EXAMPLE_BASE
        );
    }
    if args.incremental {
        return incremental(&args, &glossary, &config, credentials, timeout);
    }
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
    let client = client(&args, credentials, timeout);
    let progress = RefCell::new(Progress::new("requests", false));
    let mut log = |message: String| progress.borrow().line(&message);
    let mut sent = |s: Sent| progress.borrow_mut().item(s.done, s.count, s.bytes);
    let started = Instant::now();
    let target = push::Target {
        endpoint: args.endpoint.clone(),
        graph: graph.clone(),
        protocol,
        batch_size: args.batch_size,
        max_body: args.max_body,
    };
    let pushed = push::push(&client, &payload, &target, &mut log, &mut sent)?;
    progress.borrow().finish();
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
            return Ok(ExitCode::from(exit::FINDINGS));
        }
        writeln!(
            out,
            "verified: {verify} counts {count} triples in graph {graph}"
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The HTTP client of a push: its credentials, retries and timeout.
fn client(
    args: &PushArgs,
    credentials: Option<Credentials>,
    timeout: std::time::Duration,
) -> push::Client {
    push::Client::new(push::Settings {
        credentials,
        retries: args.retries,
        timeout,
        ..push::Settings::default()
    })
}

/// `push --incremental`: the hashes read back, the changed graphs sent.
fn incremental(
    args: &PushArgs,
    glossary: &glossgraph::Glossary,
    config: &glossgraph::config::Config,
    credentials: Option<Credentials>,
    timeout: std::time::Duration,
) -> Result<ExitCode> {
    let (protocol, endpoints) = match args.protocol {
        PushProtocol::Update => (
            Protocol::Update,
            incremental::Endpoints {
                update: &args.endpoint,
                store: None,
                connections: 1,
            },
        ),
        PushProtocol::GraphStore => {
            let Some(update) = &args.update_endpoint else {
                bail!(
                    "--incremental with the Graph Store protocol also needs --update-endpoint (the store's SPARQL Update endpoint), or add --protocol update"
                );
            };
            (
                Protocol::GraphStore,
                incremental::Endpoints {
                    update,
                    store: Some(&args.endpoint),
                    connections: args.connections,
                },
            )
        }
    };
    let client = client(args, credentials, timeout);
    let progress = RefCell::new(Progress::new("requests", false));
    let mut log = |message: String| progress.borrow().line(&message);
    let mut sent = |s: Sent| progress.borrow_mut().item(s.done, s.count, s.bytes);
    let started = Instant::now();
    let read_from = args.read_endpoint.as_deref().unwrap_or(endpoints.update);
    let state = incremental::read_state(&client, read_from, config, &mut log)
        .with_context(|| format!("reading the pushed graphs' hashes from {read_from}"))?;
    let plan = incremental::plan(glossary, config, &state, protocol, args.batch_size);
    let mut out = io::stdout().lock();
    if args.dry_run {
        let bytes: usize = plan
            .requests
            .iter()
            .map(|r| match r {
                incremental::Request::Update(u) => u.len(),
                incremental::Request::Store { body, .. } => body.len(),
            })
            .sum();
        writeln!(
            out,
            "would send to {} {} requests ({bytes} bytes before form encoding): {} graphs to send ({} triples), {} to drop, {} unchanged",
            args.endpoint,
            plan.requests.len(),
            plan.sent,
            plan.triples,
            plan.dropped,
            plan.unchanged
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    let pushed = incremental::push(&client, endpoints, &plan, &mut log, &mut sent)?;
    progress.borrow().finish();
    writeln!(
        out,
        "pushed {} graphs ({} triples), dropped {}, left {} unchanged at {} in {:.2} s ({} requests, {} bytes)",
        plan.sent,
        plan.triples,
        plan.dropped,
        plan.unchanged,
        args.endpoint,
        started.elapsed().as_secs_f64(),
        pushed.requests,
        pushed.bytes
    )?;
    if let Some(verify) = &args.verify {
        let state = incremental::read_state(&client, verify, config, &mut log)?;
        if state != plan.state {
            writeln!(
                io::stderr(),
                "glossgraph: error: the store's hashes at {verify} list {} graphs, {} expected, or differ",
                state.len(),
                plan.state.len()
            )?;
            return Ok(ExitCode::from(exit::FINDINGS));
        }
        writeln!(
            out,
            "verified: {verify} lists the {} graphs pushed with their hashes",
            state.len()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
