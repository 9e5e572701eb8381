//! `push --incremental`: keep a store's copy of the glossary up to date by sending only the
//! named graphs that changed.
//!
//! The export already puts each card in a named graph of its own (`{base}graph/{slug}`, the
//! scheme in `{base}graph/_scheme`). An incremental push keeps that layout in the store — the
//! store holds exactly the quads of the N-Quads export — and beside it, in
//! `{base}graph/_push`, one triple per graph pushed: `<graph> gx:pushedSha256 "hex"`, the
//! SHA-256 of the graph's triples as N-Triples lines in the export's order ([`hash`]).
//!
//! A push reads those hashes back ([`read_state`], paged, and checked against a count so that
//! a server's row limit cannot pass for an empty store), hashes every graph of the glossary,
//! and sends SPARQL 1.1 Update for the difference ([`plan`]): a changed or new graph is
//! dropped and inserted again, a graph that went away is dropped, each with its hash entry.
//! Within a request the hash entry is removed before its graph is touched and written after
//! the graph is whole, so an interrupted push leaves graphs without a hash — sent again next
//! time — and never a hash that claims a graph it does not describe. The first push into an
//! empty store sends everything: it is the full push these are compared with.
//!
//! Graphs in the store that the hash graph does not list (written by someone else, or by a
//! plain `push`) are not touched.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use oxigraph::model::{Quad, Term};
use sha2::{Digest, Sha256};

use super::http::{Client, Method, PushError};
use crate::config::Config;
use crate::rdf::vocab::Iris;
use crate::rdf::write::graphs;
use crate::Glossary;

/// Rows asked for per page when reading the hashes back (Virtuoso's default cap is 10,000).
const PAGE: usize = 10_000;

/// The graphs a store holds according to its hash graph: graph IRI → hash.
pub type State = BTreeMap<String, String>;

/// What an incremental push sends.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    /// The SPARQL Update requests, in order.
    pub updates: Vec<String>,
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
    hasher
        .finalize()
        .iter()
        .fold(String::with_capacity(64), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// Reads the hash graph of the glossary with base IRI `config.base` from the SPARQL query
/// endpoint `endpoint`: a count, then pages ordered by graph, and the count checked.
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
    let mut offset = 0;
    while offset < count {
        let page = client.select(
            endpoint,
            &format!(
                "SELECT ?g ?h WHERE {{ {pattern} }} ORDER BY ?g ?h LIMIT {PAGE} OFFSET {offset}"
            ),
            log,
        )?;
        let (g, h) = (column(&page.variables, "g"), column(&page.variables, "h"));
        let rows = page.rows.len();
        for row in page.rows {
            let value = |i: Option<usize>| match i.and_then(|i| row.get(i).cloned().flatten()) {
                Some(Term::NamedNode(n)) => Some(n.into_string()),
                Some(Term::Literal(l)) => Some(l.value().to_owned()),
                _ => None,
            };
            if let (Some(g), Some(h)) = (value(g), value(h)) {
                state.insert(g, h);
            }
        }
        if rows == 0 {
            break;
        }
        offset += rows;
    }
    if offset != count {
        return Err(PushError::Partial {
            url: endpoint.to_owned(),
            why: format!("it counts {count} pushed graphs but gave {offset} of them"),
        });
    }
    Ok(state)
}

fn column(variables: &[oxigraph::model::Variable], name: &str) -> Option<usize> {
    variables.iter().position(|v| v.as_str() == name)
}

/// The updates that turn a store whose hash graph says `state` into one holding `glossary`:
/// each request at most about `batch_size` triples (a graph is cut into several
/// `INSERT DATA` when it is larger).
pub fn plan(glossary: &Glossary, config: &Config, state: &State, batch_size: usize) -> Plan {
    let iris = Iris::new(&config.base);
    let (push_graph, property) = (iris.pushed_graph(), iris.pushed_sha256());
    let batch_size = batch_size.max(1);
    let mut plan = Plan::default();
    let mut requests = Requests::new(batch_size);
    // A hash is hex digits and a graph name an IRI the mapping made: nothing to escape.
    let entry = |graph: &str, hash: &str| {
        format!("GRAPH {push_graph} {{ <{graph}> {property} \"{hash}\" }}")
    };
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
        } else {
            plan.sent += 1;
            plan.triples += quads.len();
            if let Some(old) = old {
                requests.push(format!("DELETE DATA {{ {} }}", entry(&name, old)), 1);
            }
            requests.push(format!("DROP SILENT GRAPH <{name}>"), 1);
            for chunk in quads.chunks(batch_size) {
                let mut op = format!("INSERT DATA {{ GRAPH <{name}> {{\n");
                for q in chunk {
                    let _ = writeln!(op, "{} {} {} .", q.subject, q.predicate, q.object);
                }
                op.push_str("} }");
                requests.push(op, chunk.len());
            }
            requests.push(format!("INSERT DATA {{ {} }}", entry(&name, &digest)), 1);
        }
        plan.state.insert(name, digest);
    }
    for (name, old) in state {
        if !plan.state.contains_key(name) {
            plan.dropped += 1;
            requests.push(format!("DROP SILENT GRAPH <{name}>"), 1);
            requests.push(format!("DELETE DATA {{ {} }}", entry(name, old)), 1);
        }
    }
    plan.updates = requests.finish();
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

/// What [`push`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pushed {
    /// Requests sent (retries not counted) and bytes of their bodies.
    pub requests: usize,
    pub bytes: usize,
}

/// Sends `plan`'s updates to the SPARQL Update endpoint `endpoint`, in order.
///
/// # Errors
/// See [`PushError`]; the updates before the failing one have been applied.
pub fn push(
    client: &Client,
    endpoint: &str,
    plan: &Plan,
    log: &mut dyn FnMut(String),
) -> Result<Pushed, PushError> {
    let mut pushed = Pushed {
        requests: 0,
        bytes: 0,
    };
    let count = plan.updates.len();
    for (i, update) in plan.updates.iter().enumerate() {
        let body: String = form_urlencoded::Serializer::new(String::new())
            .append_pair("update", update)
            .finish();
        if count > 1 {
            log(format!(
                "request {} of {count}: {} bytes",
                i + 1,
                body.len()
            ));
        }
        client.send(
            Method::Post,
            endpoint,
            Some(("application/x-www-form-urlencoded", body.as_bytes())),
            None,
            log,
        )?;
        pushed.requests += 1;
        pushed.bytes += body.len();
    }
    Ok(pushed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{check, load};

    fn glossary(text: &str) -> Glossary {
        check::check(
            load::load_str("g.jsonl", text),
            &Config::default(),
            check::Options::default(),
        )
        .glossary
    }

    #[test]
    fn only_changed_and_vanished_graphs_are_sent() {
        let config = Config::default();
        let old = glossary(
            "{\"slug\": \"a\", \"term\": \"A\", \"definition\": \"d\"}\n{\"slug\": \"b\", \"term\": \"B\", \"definition\": \"d\"}\n{\"slug\": \"c\", \"term\": \"C\", \"definition\": \"d\"}",
        );
        let first = plan(&old, &config, &State::new(), 1000);
        assert_eq!((first.sent, first.dropped, first.unchanged), (4, 0, 0));
        assert_eq!(first.triples, first.quads);
        let again = plan(&old, &config, &first.state, 1000);
        assert_eq!((again.sent, again.dropped, again.unchanged), (0, 0, 4));
        assert!(again.updates.is_empty());
        let new = glossary(
            "{\"slug\": \"a\", \"term\": \"A\", \"definition\": \"changed\"}\n{\"slug\": \"b\", \"term\": \"B\", \"definition\": \"d\"}",
        );
        let next = plan(&new, &config, &first.state, 1000);
        assert_eq!((next.sent, next.dropped, next.unchanged), (1, 1, 2));
        for update in &next.updates {
            let parsed = spargebra::SparqlParser::new().parse_update(update);
            assert!(parsed.is_ok(), "{parsed:?}\n{update}");
        }
        let text = next.updates.join("\n");
        assert!(text.contains("graph/a>"), "{text}");
        assert!(text.contains("DROP SILENT GRAPH <https://example.org/glossary/graph/c>"));
        assert!(!text.contains("graph/b>"), "{text}");
    }
}
