//! `push --incremental`: keep a store's copy of the glossary up to date by sending only the
//! named graphs that changed.
//!
//! The export already puts each card in a named graph of its own (`{base}graph/{slug}`, the
//! scheme in `{base}graph/_scheme`). An incremental push keeps that layout in the store — the
//! store holds exactly the quads of the N-Quads export — and beside it, in
//! `{base}graph/_push`, one triple per graph pushed: `<graph> gx:pushedSha256 "hex"`, the
//! SHA-256 of the graph's triples as N-Triples lines in the export's order ([`hash`]).
//!
//! A push reads those hashes back ([`read_state`]: one unordered query, checked against a
//! count, in pages only when a server's row limit cut the answer), hashes every graph of the
//! glossary, and sends the difference ([`plan`]): a changed or new graph is replaced — by a
//! Graph Store `PUT` of N-Triples, or with SPARQL Update by `DROP` and `INSERT DATA` — and a
//! graph that went away is dropped, each with its hash entry. The hash entry is removed
//! before its graph is touched and written after the graph is whole, so an interrupted push
//! leaves graphs without a hash — sent again next time — and never a hash that claims a graph
//! it does not describe. The first push into an empty store sends everything: it is the full
//! push these are compared with.
//!
//! The Graph Store protocol is the default because Virtuoso, which compiles every SPARQL
//! Update into SQL, takes a `PUT` body some four times faster than the same graphs as
//! `INSERT DATA` (measured in `docs/sparql.md`).
//!
//! Graphs in the store that the hash graph does not list (written by someone else, or by a
//! plain `push`) are not touched.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};

use oxigraph::model::{Quad, Term};
use sha2::{Digest, Sha256};

use super::http::{with_param, Client, Method, PushError};
pub use super::push::Protocol;
use super::push::Sent;
use crate::config::Config;
use crate::rdf::vocab::Iris;
use crate::rdf::write::graphs;
use crate::Glossary;

/// The graphs a store holds according to its hash graph: graph IRI → hash.
pub type State = BTreeMap<String, String>;

/// One request of an incremental push.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// A SPARQL Update, POSTed to the update endpoint.
    Update(String),
    /// A Graph Store request to the named graph `graph`: `PUT` replaces the graph with the
    /// N-Triples `body`, `POST` adds it.
    Store {
        method: Method,
        graph: String,
        body: String,
    },
}

impl Request {
    /// The bytes of the body as sent (an update form-encoded).
    fn body(&self) -> (&'static str, Cow<'_, [u8]>) {
        match self {
            Request::Update(update) => (
                "application/x-www-form-urlencoded",
                Cow::Owned(
                    form_urlencoded::Serializer::new(String::new())
                        .append_pair("update", update)
                        .finish()
                        .into_bytes(),
                ),
            ),
            Request::Store { body, .. } => {
                ("application/n-triples", Cow::Borrowed(body.as_bytes()))
            }
        }
    }
}

/// What an incremental push sends.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    /// The requests, in order.
    pub requests: Vec<Request>,
    /// Graphs sent (new or changed), dropped, and left as they were.
    pub sent: usize,
    pub dropped: usize,
    pub unchanged: usize,
    /// Triples in the graphs sent.
    pub triples: usize,
    /// Every graph of the glossary with its hash: what the store's hash graph lists after.
    pub state: State,
    /// Quads of the whole glossary (all graphs, sent or not).
    pub quads: usize,
}

/// The SHA-256 (hex) of a graph's quads: their triples as N-Triples lines, in order.
pub fn hash(quads: &[Quad]) -> String {
    let mut hasher = Sha256::new();
    let mut line = String::new();
    for q in quads {
        line.clear();
        let _ = writeln!(line, "{} {} {} .", q.subject, q.predicate, q.object);
        hasher.update(line.as_bytes());
    }
    crate::hex::hex(&hasher.finalize())
}

/// Reads the hash graph of the glossary with base IRI `config.base` from the SPARQL query
/// endpoint `endpoint`: a count, then every row in one query, unordered (the map sorts them).
///
/// A server may cut an answer at a row limit of its own (Virtuoso's `ResultSetMaxRows`) and
/// say so nowhere but in the number of rows; an answer with fewer rows than the count is
/// taken for such a cut, and the hashes are read again in pages of as many rows as it gave,
/// ordered so that the pages follow each other. Sorting for every page is what makes paging
/// slow (each page sorts all the rows: ten pages at 100k graphs took ten minutes), so it is
/// only the fallback.
///
/// # Errors
/// Those of [`Client::select`]; an answer whose rows do not add up to its count.
pub fn read_state(
    client: &Client,
    endpoint: &str,
    config: &Config,
    log: &mut dyn FnMut(String),
) -> Result<State, PushError> {
    let iris = Iris::new(&config.base);
    let (graph, property) = (iris.pushed_graph(), iris.pushed_sha256());
    let pattern = format!("GRAPH {graph} {{ ?g {property} ?h }}");
    let counted = client.select(
        endpoint,
        &format!("SELECT (COUNT(*) AS ?n) WHERE {{ {pattern} }}"),
        log,
    )?;
    let count = counted
        .rows
        .first()
        .and_then(|row| row.first())
        .and_then(|t| match t {
            Some(Term::Literal(l)) => l.value().parse::<usize>().ok(),
            _ => None,
        })
        .ok_or_else(|| PushError::Unreadable {
            url: endpoint.to_owned(),
            why: "the answer to a COUNT query holds no count".into(),
        })?;
    let mut state = State::new();
    if count == 0 {
        return Ok(state);
    }
    let all = client.select(
        endpoint,
        &format!("SELECT ?g ?h WHERE {{ {pattern} }}"),
        log,
    )?;
    let mut got = add_rows(&mut state, all);
    if got < count && got > 0 {
        let page = got;
        log(format!(
            "{endpoint} gave {got} of {count} pushed graphs' hashes in one answer (a row limit): reading them in pages of {page}"
        ));
        state.clear();
        got = 0;
        while got < count {
            let rows = add_rows(
                &mut state,
                client.select(
                    endpoint,
                    &format!(
                        "SELECT ?g ?h WHERE {{ {pattern} }} ORDER BY ?g ?h LIMIT {page} OFFSET {got}"
                    ),
                    log,
                )?,
            );
            if rows == 0 {
                break;
            }
            got += rows;
        }
    }
    if got != count || state.len() != count {
        return Err(PushError::Partial {
            url: endpoint.to_owned(),
            why: format!(
                "it counts {count} pushed graphs but gave {got} rows for {} of them",
                state.len()
            ),
        });
    }
    Ok(state)
}

/// Adds the `?g ?h` rows of `solutions` to `state`; returns how many rows there were.
fn add_rows(state: &mut State, solutions: super::Solutions) -> usize {
    let (g, h) = (
        column(&solutions.variables, "g"),
        column(&solutions.variables, "h"),
    );
    let rows = solutions.rows.len();
    for row in solutions.rows {
        let value = |i: Option<usize>| match i.and_then(|i| row.get(i).cloned().flatten()) {
            Some(Term::NamedNode(n)) => Some(n.into_string()),
            Some(Term::Literal(l)) => Some(l.value().to_owned()),
            _ => None,
        };
        if let (Some(g), Some(h)) = (value(g), value(h)) {
            state.insert(g, h);
        }
    }
    rows
}

fn column(variables: &[oxigraph::model::Variable], name: &str) -> Option<usize> {
    variables.iter().position(|v| v.as_str() == name)
}

/// The requests that turn a store whose hash graph says `state` into one holding `glossary`.
///
/// With [`Protocol::Update`], SPARQL Update alone: each changed graph's hash entry deleted,
/// the graph dropped and inserted again (`INSERT DATA` of at most `batch_size` triples), its
/// new entry inserted; operations packed into requests of about `batch_size` triples.
///
/// With [`Protocol::GraphStore`], each changed graph is one Graph Store `PUT` of N-Triples:
/// first one SPARQL Update deletes the old entries of every graph about to change or go (in
/// `DELETE DATA` of `batch_size` entries), then the `PUT`s, each run of `batch_size` graphs
/// followed by a `POST` of their new entries to the hash graph, then `DROP SILENT GRAPH` for
/// the graphs that went away. A store parses a Graph Store body far faster than the same
/// triples in `INSERT DATA` (Virtuoso some 25 times: it compiles each update to SQL), and a
/// `PUT` replaces a graph without a `DROP` before it.
pub fn plan(
    glossary: &Glossary,
    config: &Config,
    state: &State,
    protocol: Protocol,
    batch_size: usize,
) -> Plan {
    let iris = Iris::new(&config.base);
    let (push_graph, property) = (iris.pushed_graph(), iris.pushed_sha256());
    let batch_size = batch_size.max(1);
    let mut plan = Plan::default();
    let mut updates = Requests::new(batch_size);
    // A hash is hex digits and a graph name an IRI the mapping made: nothing to escape.
    let line = |graph: &str, hash: &str| format!("<{graph}> {property} \"{hash}\" .\n");
    let entry = |graph: &str, hash: &str| {
        format!("GRAPH {push_graph} {{ <{graph}> {property} \"{hash}\" }}")
    };
    // With the Graph Store: the graphs to PUT (in order), and the entries to delete first.
    let mut puts: Vec<Request> = Vec::new();
    let mut removed: Vec<String> = Vec::new();
    let mut entries = String::new();
    let mut pending = 0;
    for (_, quads) in graphs(glossary, config) {
        let Some(first) = quads.first() else {
            continue;
        };
        let name = match &first.graph_name {
            oxigraph::model::GraphName::NamedNode(n) => n.as_str().to_owned(),
            _ => continue,
        };
        let digest = hash(&quads);
        plan.quads += quads.len();
        let old = state.get(&name);
        if old == Some(&digest) {
            plan.unchanged += 1;
            plan.state.insert(name, digest);
            continue;
        }
        plan.sent += 1;
        plan.triples += quads.len();
        match protocol {
            Protocol::Update => {
                if let Some(old) = old {
                    updates.push(format!("DELETE DATA {{ {} }}", entry(&name, old)), 1);
                }
                updates.push(format!("DROP SILENT GRAPH <{name}>"), 1);
                for chunk in quads.chunks(batch_size) {
                    let mut op = format!("INSERT DATA {{ GRAPH <{name}> {{\n");
                    for q in chunk {
                        let _ = writeln!(op, "{} {} {} .", q.subject, q.predicate, q.object);
                    }
                    op.push_str("} }");
                    updates.push(op, chunk.len());
                }
                updates.push(format!("INSERT DATA {{ {} }}", entry(&name, &digest)), 1);
            }
            Protocol::GraphStore => {
                if let Some(old) = old {
                    removed.push(line(&name, old));
                }
                let mut body = String::new();
                for q in &quads {
                    let _ = writeln!(body, "{} {} {} .", q.subject, q.predicate, q.object);
                }
                puts.push(Request::Store {
                    method: Method::Put,
                    graph: name.clone(),
                    body,
                });
                entries.push_str(&line(&name, &digest));
                pending += 1;
                if pending == batch_size {
                    puts.push(Request::Store {
                        method: Method::Post,
                        graph: push_graph.as_str().to_owned(),
                        body: std::mem::take(&mut entries),
                    });
                    pending = 0;
                }
            }
        }
        plan.state.insert(name, digest);
    }
    let vanished: Vec<(&String, &String)> = state
        .iter()
        .filter(|(name, _)| !plan.state.contains_key(*name))
        .collect();
    plan.dropped = vanished.len();
    match protocol {
        Protocol::Update => {
            for (name, old) in vanished {
                updates.push(format!("DROP SILENT GRAPH <{name}>"), 1);
                updates.push(format!("DELETE DATA {{ {} }}", entry(name, old)), 1);
            }
            plan.requests = updates.finish().into_iter().map(Request::Update).collect();
        }
        Protocol::GraphStore => {
            removed.extend(vanished.iter().map(|(name, old)| line(name, old)));
            for chunk in removed.chunks(batch_size) {
                plan.requests.push(Request::Update(format!(
                    "DELETE DATA {{ GRAPH {push_graph} {{\n{}}} }}",
                    chunk.concat()
                )));
            }
            plan.requests.append(&mut puts);
            if pending > 0 {
                plan.requests.push(Request::Store {
                    method: Method::Post,
                    graph: push_graph.as_str().to_owned(),
                    body: entries,
                });
            }
            for (name, _) in vanished {
                updates.push(format!("DROP SILENT GRAPH <{name}>"), 1);
            }
            plan.requests
                .extend(updates.finish().into_iter().map(Request::Update));
        }
    }
    plan
}

/// Operations packed into requests of about `batch` triples.
struct Requests {
    batch: usize,
    done: Vec<String>,
    current: String,
    weight: usize,
}

impl Requests {
    fn new(batch: usize) -> Self {
        Self {
            batch,
            done: Vec::new(),
            current: String::new(),
            weight: 0,
        }
    }

    fn push(&mut self, op: String, weight: usize) {
        if !self.current.is_empty() && self.weight + weight > self.batch {
            self.done.push(std::mem::take(&mut self.current));
            self.weight = 0;
        }
        if !self.current.is_empty() {
            self.current.push_str(" ;\n");
        }
        self.current.push_str(&op);
        self.weight += weight;
    }

    fn finish(mut self) -> Vec<String> {
        if !self.current.is_empty() {
            self.done.push(self.current);
        }
        self.done
    }
}

/// Where and how [`push`] sends a plan's requests.
#[derive(Debug, Clone, Copy)]
pub struct Endpoints<'a> {
    /// The SPARQL Update endpoint.
    pub update: &'a str,
    /// The Graph Store endpoint (for a plan made with [`Protocol::GraphStore`]).
    pub store: Option<&'a str>,
    /// Graph Store `PUT`s in flight at once (at least 1).
    pub connections: usize,
}

/// What [`push`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pushed {
    /// Requests sent (retries not counted) and bytes of their bodies.
    pub requests: usize,
    pub bytes: usize,
}

/// Sends `plan`'s requests to `endpoints`, in order — except that the `PUT`s of a run of
/// them (each replaces a graph of its own, so their order does not matter) go over
/// `endpoints.connections` connections at once. A store spends most of a small `PUT` on the
/// request itself (Virtuoso some 5 ms of CPU), not on the triples, so two at a time keep a
/// second core busy. Every request after a run waits for the whole run: a hash entry is
/// never written before its graph is whole.
///
/// # Errors
/// See [`PushError`]; the requests before the failing one (or the failing run) have been
/// applied. A Graph Store request without a Graph Store endpoint is refused as
/// [`PushError::Url`].
pub fn push(
    client: &Client,
    endpoints: Endpoints<'_>,
    plan: &Plan,
    log: &mut dyn FnMut(String),
    sent: &mut dyn FnMut(Sent),
) -> Result<Pushed, PushError> {
    let mut pushed = Pushed {
        requests: 0,
        bytes: 0,
    };
    let count = plan.requests.len();
    let is_put = |r: &Request| {
        matches!(
            r,
            Request::Store {
                method: Method::Put,
                ..
            }
        )
    };
    let mut i = 0;
    while i < count {
        let run = plan.requests[i..]
            .iter()
            .position(|r| !is_put(r))
            .unwrap_or(count - i);
        let workers = endpoints.connections.max(1).min(run);
        if workers > 1 {
            let bytes = send_run(
                client,
                endpoints,
                &plan.requests[i..i + run],
                (i, count),
                workers,
                log,
                sent,
            )?;
            pushed.requests += run;
            pushed.bytes += bytes;
            i += run;
        } else {
            let bytes = send(client, endpoints, &plan.requests[i], &mut |m| log(m))?;
            pushed.requests += 1;
            pushed.bytes += bytes;
            sent(Sent {
                done: pushed.requests,
                count,
                bytes,
            });
            i += 1;
        }
    }
    Ok(pushed)
}

/// Sends one request (number `at.0` of `at.1`); returns the bytes of its body.
fn send(
    client: &Client,
    endpoints: Endpoints<'_>,
    request: &Request,
    log: &mut dyn FnMut(String),
) -> Result<usize, PushError> {
    let (method, url) = match request {
        Request::Update(_) => (Method::Post, endpoints.update.to_owned()),
        Request::Store { method, graph, .. } => {
            let Some(store) = endpoints.store else {
                return Err(PushError::Url {
                    url: endpoints.update.to_owned(),
                    why: "a Graph Store request needs the Graph Store endpoint".into(),
                });
            };
            (*method, with_param(store, "graph", graph))
        }
    };
    let (content_type, body) = request.body();
    client.send(method, &url, Some((content_type, &body)), None, log)?;
    Ok(body.len())
}

/// Sends `run` (requests `first.0 + 1` on of `first.1`) over `workers` threads; returns the
/// bytes sent. The first failure stops the others before their next request. `log` and
/// `sent` are called on this thread only, with what the workers tell.
fn send_run(
    client: &Client,
    endpoints: Endpoints<'_>,
    run: &[Request],
    (first, count): (usize, usize),
    workers: usize,
    log: &mut dyn FnMut(String),
    sent: &mut dyn FnMut(Sent),
) -> Result<usize, PushError> {
    /// What a worker tells the calling thread.
    enum Heard {
        Line(String),
        Taken(usize),
    }
    let next = AtomicUsize::new(0);
    let bytes = AtomicUsize::new(0);
    let failed: Mutex<Option<PushError>> = Mutex::new(None);
    let (tell, heard) = mpsc::channel::<Heard>();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let tell = tell.clone();
            let (next, bytes, failed) = (&next, &bytes, &failed);
            scope.spawn(move || loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let stop = failed.lock().map_or(true, |f| f.is_some());
                if k >= run.len() || stop {
                    break;
                }
                let mut say = |m: String| {
                    let _ = tell.send(Heard::Line(m));
                };
                match send(client, endpoints, &run[k], &mut say) {
                    Ok(n) => {
                        bytes.fetch_add(n, Ordering::Relaxed);
                        let _ = tell.send(Heard::Taken(n));
                    }
                    Err(e) => {
                        if let Ok(mut f) = failed.lock() {
                            f.get_or_insert(e);
                        }
                        break;
                    }
                }
            });
        }
        drop(tell);
        let mut done = first;
        for message in heard {
            match message {
                Heard::Line(line) => log(line),
                Heard::Taken(bytes) => {
                    done += 1;
                    sent(Sent { done, count, bytes });
                }
            }
        }
    });
    match failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => Ok(bytes.into_inner()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::glossary_of as glossary;

    fn updates(plan: &Plan) -> Vec<String> {
        plan.requests
            .iter()
            .filter_map(|r| match r {
                Request::Update(u) => Some(u.clone()),
                Request::Store { .. } => None,
            })
            .collect()
    }

    const OLD: &str = "{\"slug\": \"a\", \"term\": \"A\", \"definition\": \"d\"}\n{\"slug\": \"b\", \"term\": \"B\", \"definition\": \"d\"}\n{\"slug\": \"c\", \"term\": \"C\", \"definition\": \"d\"}";
    const NEW: &str = "{\"slug\": \"a\", \"term\": \"A\", \"definition\": \"changed\"}\n{\"slug\": \"b\", \"term\": \"B\", \"definition\": \"d\"}";

    #[test]
    fn graph_store_plan_deletes_entries_first_puts_graphs_then_writes_entries() {
        let config = Config::default();
        let first = plan(
            &glossary(OLD),
            &config,
            &State::new(),
            Protocol::GraphStore,
            2,
        );
        assert_eq!((first.sent, first.dropped, first.unchanged), (4, 0, 0));
        // An empty store: no update at all, four PUTs, the entries POSTed after each two.
        let shape: Vec<String> = first
            .requests
            .iter()
            .map(|r| match r {
                Request::Update(_) => "update".to_owned(),
                Request::Store { method, graph, .. } => {
                    format!("{} {}", method.name(), graph.rsplit('/').next().unwrap())
                }
            })
            .collect();
        assert_eq!(
            shape,
            [
                "PUT _scheme",
                "PUT a",
                "POST _push",
                "PUT b",
                "PUT c",
                "POST _push"
            ]
        );
        let Request::Store { body, .. } = &first.requests[1] else {
            unreachable!()
        };
        assert!(
            body.starts_with("<https://example.org/glossary/term/a> "),
            "{body}"
        );
        assert!(body.ends_with(" .\n"), "{body}");
        // The same plan as the update protocol's, in what it leaves behind.
        assert_eq!(
            first.state,
            plan(&glossary(OLD), &config, &State::new(), Protocol::Update, 2).state
        );

        let next = plan(
            &glossary(NEW),
            &config,
            &first.state,
            Protocol::GraphStore,
            1000,
        );
        assert_eq!((next.sent, next.dropped, next.unchanged), (1, 1, 2));
        let updates = updates(&next);
        assert_eq!(updates.len(), 2, "{updates:#?}");
        for update in &updates {
            let parsed = spargebra::SparqlParser::new().parse_update(update);
            assert!(parsed.is_ok(), "{parsed:?}\n{update}");
        }
        // The old entries of a and c go first, c's graph last.
        assert!(
            matches!(&next.requests[0], Request::Update(u) if u.starts_with("DELETE DATA") && u.contains("graph/a>") && u.contains("graph/c>"))
        );
        assert!(
            matches!(&next.requests[1], Request::Store { method: Method::Put, graph, .. } if graph.ends_with("graph/a"))
        );
        assert!(
            matches!(&next.requests[2], Request::Store { method: Method::Post, graph, body } if graph.ends_with("graph/_push") && body.contains(&next.state["https://example.org/glossary/graph/a"]))
        );
        assert_eq!(
            next.requests[3],
            Request::Update("DROP SILENT GRAPH <https://example.org/glossary/graph/c>".into())
        );
    }

    #[test]
    fn only_changed_and_vanished_graphs_are_sent() {
        let config = Config::default();
        let old = glossary(
            "{\"slug\": \"a\", \"term\": \"A\", \"definition\": \"d\"}\n{\"slug\": \"b\", \"term\": \"B\", \"definition\": \"d\"}\n{\"slug\": \"c\", \"term\": \"C\", \"definition\": \"d\"}",
        );
        let first = plan(&old, &config, &State::new(), Protocol::Update, 1000);
        assert_eq!((first.sent, first.dropped, first.unchanged), (4, 0, 0));
        assert_eq!(first.triples, first.quads);
        let again = plan(&old, &config, &first.state, Protocol::Update, 1000);
        assert_eq!((again.sent, again.dropped, again.unchanged), (0, 0, 4));
        assert!(again.requests.is_empty());
        let new = glossary(
            "{\"slug\": \"a\", \"term\": \"A\", \"definition\": \"changed\"}\n{\"slug\": \"b\", \"term\": \"B\", \"definition\": \"d\"}",
        );
        let next = plan(&new, &config, &first.state, Protocol::Update, 1000);
        assert_eq!((next.sent, next.dropped, next.unchanged), (1, 1, 2));
        let updates = updates(&next);
        for update in &updates {
            let parsed = spargebra::SparqlParser::new().parse_update(update);
            assert!(parsed.is_ok(), "{parsed:?}\n{update}");
        }
        let text = updates.join("\n");
        assert!(text.contains("graph/a>"), "{text}");
        assert!(text.contains("DROP SILENT GRAPH <https://example.org/glossary/graph/c>"));
        assert!(!text.contains("graph/b>"), "{text}");
    }
}
