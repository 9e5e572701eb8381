//! `glossgraph push`: replace the glossary's graph in an external triple store.
//!
//! [`Payload`] is the glossary's triples, once each, in the export's order (the cards' named
//! graphs are merged into the one graph pushed). [`push`] sends them either with one SPARQL
//! 1.1 Graph Store Protocol `PUT ?graph=IRI` — an atomic replacement in the stores that
//! implement it — or, for stores without it, with SPARQL 1.1 Update: `DROP SILENT GRAPH`, then
//! `INSERT DATA` in batches (not atomic: readers may see a partial graph meanwhile).
//!
//! The HTTP side (authentication, retries, reading answers back) is [`super::http`].

use std::collections::HashSet;
use std::io;

use oxigraph::io::{RdfFormat, RdfSerializer};
use oxigraph::model::{NamedNode, Term, Triple};

pub use super::http::{
    read_password_file, with_param, Client, Credentials, Method, PushError, Reply, Settings,
};
use crate::config::Config;
use crate::Glossary;

/// How the graph is replaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protocol {
    /// One Graph Store Protocol `PUT`.
    GraphStore,
    /// `DROP SILENT GRAPH` + `INSERT DATA` batches, POSTed as SPARQL 1.1 Update.
    Update,
}

/// The triples pushed: the glossary's, each once, in the export's order.
#[derive(Debug, Clone, Default)]
pub struct Payload {
    triples: Vec<Triple>,
    /// Prefixes for the Turtle bodies.
    prefixes: Vec<(&'static str, String)>,
}

impl Payload {
    /// The triples of `glossary` as the RDF mapping writes them, merged into one graph.
    pub fn new(glossary: &Glossary, config: &Config) -> Self {
        let mut payload =
            Self::from_triples(crate::rdf::write::quads(glossary, config).map(Triple::from));
        payload.prefixes =
            crate::rdf::vocab::query_prefixes(&crate::rdf::vocab::Iris::new(&config.base));
        payload
    }

    /// The distinct `triples`, first occurrence first.
    pub fn from_triples(triples: impl IntoIterator<Item = Triple>) -> Self {
        let mut seen = HashSet::new();
        let triples = triples
            .into_iter()
            .filter(|t| seen.insert(t.clone()))
            .collect();
        Self {
            triples,
            prefixes: Vec::new(),
        }
    }

    /// The number of distinct triples.
    pub fn len(&self) -> usize {
        self.triples.len()
    }

    /// Whether there is nothing to push.
    pub fn is_empty(&self) -> bool {
        self.triples.is_empty()
    }

    /// The triples as N-Triples: the body of a Graph Store `PUT`.
    pub fn ntriples(&self) -> Vec<u8> {
        let mut out = RdfSerializer::from_format(RdfFormat::NTriples).for_writer(Vec::new());
        for t in &self.triples {
            // Writing to a Vec cannot fail.
            let _ = out.serialize_triple(t);
        }
        out.finish().unwrap_or_default()
    }

    /// The triples as Turtle documents of at most about `max_bytes` each (a document is cut
    /// only between subjects, so one subject's triples may take it over): the bodies of the
    /// Graph Store requests. Turtle with the glossary's prefixes is less than half the size
    /// of N-Triples, and every Graph Store accepts it.
    pub fn turtle_bodies(&self, max_bytes: usize) -> Vec<Vec<u8>> {
        let prefixes = super::results::turtle_prefixes(&self.triples, &self.prefixes);
        let mut bodies = Vec::new();
        let mut start = 0;
        while start < self.triples.len() || bodies.is_empty() {
            let written = Counter::default();
            let mut serializer = RdfSerializer::from_format(RdfFormat::Turtle);
            for (name, iri) in &prefixes {
                if let Ok(s) = serializer.clone().with_prefix(*name, *iri) {
                    serializer = s;
                }
            }
            let mut out = serializer.for_writer(written.clone());
            let mut end = start;
            while end < self.triples.len() {
                let subject = &self.triples[end].subject;
                while end < self.triples.len() && self.triples[end].subject == *subject {
                    // Writing to memory cannot fail.
                    let _ = out.serialize_triple(&self.triples[end]);
                    end += 1;
                }
                if written.len() >= max_bytes {
                    break;
                }
            }
            let _ = out.finish();
            bodies.push(written.take());
            start = end;
        }
        bodies
    }

    /// The SPARQL Update requests that replace `graph`: a `DROP SILENT GRAPH`, then
    /// `INSERT DATA` of at most `batch_size` triples each.
    pub fn updates(&self, graph: &NamedNode, batch_size: usize) -> Vec<String> {
        let mut updates = vec![format!("DROP SILENT GRAPH {graph}")];
        for batch in self.triples.chunks(batch_size.max(1)) {
            let mut update = format!("INSERT DATA {{ GRAPH {graph} {{\n");
            for t in batch {
                // Triples print in N-Triples syntax, which SPARQL accepts as is.
                update.push_str(&format!("{t} .\n"));
            }
            update.push_str("} }");
            updates.push(update);
        }
        updates
    }
}

/// What [`push`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pushed {
    pub triples: usize,
    /// Requests sent (retries not counted).
    pub requests: usize,
    /// Bytes of request bodies sent.
    pub bytes: usize,
    /// The status of the last answer.
    pub status: u16,
}

/// Where and how [`push`] sends a payload.
#[derive(Debug, Clone)]
pub struct Target {
    /// The Graph Store endpoint, or the SPARQL Update endpoint.
    pub endpoint: String,
    /// The graph replaced.
    pub graph: NamedNode,
    pub protocol: Protocol,
    /// Triples per `INSERT DATA` ([`Protocol::Update`]).
    pub batch_size: usize,
    /// Largest Graph Store request body, in bytes, before the payload is split into a `PUT`
    /// and `POST`s ([`Protocol::GraphStore`]).
    pub max_body: usize,
}

/// A request of a push that the server has taken, for a progress display: `done` of `count`
/// requests are taken, this one's body was `bytes` long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sent {
    pub done: usize,
    pub count: usize,
    pub bytes: usize,
}

/// Replaces the graph of `target` with `payload`. `log` hears about retries, `sent` of each
/// request the server has taken.
///
/// With the Graph Store Protocol the payload goes in one `PUT`, which replaces the graph
/// atomically — unless it is larger than `target.max_body`: then a `PUT` of the first part
/// and a `POST` (merge) of each further part, and readers may see the graph half-filled.
///
/// # Errors
/// See [`PushError`]: an unreachable or failing server after the retries, a refusal (4xx),
/// wrong credentials.
pub fn push(
    client: &Client,
    payload: &Payload,
    target: &Target,
    log: &mut dyn FnMut(String),
    sent: &mut dyn FnMut(Sent),
) -> Result<Pushed, PushError> {
    let mut pushed = Pushed {
        triples: payload.len(),
        requests: 0,
        bytes: 0,
        status: 0,
    };
    let requests: Vec<(Method, String, &str, Vec<u8>)> = match target.protocol {
        Protocol::GraphStore => {
            let url = with_param(&target.endpoint, "graph", target.graph.as_str());
            payload
                .turtle_bodies(target.max_body)
                .into_iter()
                .enumerate()
                .map(|(i, body)| {
                    let method = if i == 0 { Method::Put } else { Method::Post };
                    (method, url.clone(), "text/turtle", body)
                })
                .collect()
        }
        Protocol::Update => payload
            .updates(&target.graph, target.batch_size)
            .into_iter()
            .map(|update| {
                let body: String = form_urlencoded::Serializer::new(String::new())
                    .append_pair("update", &update)
                    .finish();
                (
                    Method::Post,
                    target.endpoint.clone(),
                    "application/x-www-form-urlencoded",
                    body.into_bytes(),
                )
            })
            .collect(),
    };
    let count = requests.len();
    for (method, url, content_type, body) in requests {
        let reply = client.send(method, &url, Some((content_type, &body)), None, log)?;
        pushed.requests += 1;
        pushed.bytes += body.len();
        pushed.status = reply.status;
        sent(Sent {
            done: pushed.requests,
            count,
            bytes: body.len(),
        });
    }
    Ok(pushed)
}

/// A writer into memory that can tell how much it holds while a serializer owns it.
#[derive(Debug, Clone, Default)]
struct Counter(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl Counter {
    fn len(&self) -> usize {
        self.0.borrow().len()
    }

    fn take(&self) -> Vec<u8> {
        std::mem::take(&mut self.0.borrow_mut())
    }
}

impl io::Write for Counter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The number of triples in `graph`, asked of the SPARQL query endpoint `endpoint`.
///
/// # Errors
/// See [`Client::select`]; an answer without a count.
pub fn count_triples(
    client: &Client,
    endpoint: &str,
    graph: &NamedNode,
    log: &mut dyn FnMut(String),
) -> Result<u64, PushError> {
    let query = format!("SELECT (COUNT(*) AS ?n) WHERE {{ GRAPH {graph} {{ ?s ?p ?o }} }}");
    let solutions = client.select(endpoint, &query, log)?;
    let count = solutions
        .rows
        .first()
        .and_then(|row| row.first())
        .and_then(|t| match t {
            Some(Term::Literal(l)) => l.value().parse::<u64>().ok(),
            _ => None,
        });
    count.ok_or_else(|| PushError::Unreadable {
        url: endpoint.to_owned(),
        why: "the answer to a COUNT query holds no count".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn update_batches_drop_then_insert() {
        let ex = |s: &str| NamedNode::new_unchecked(format!("http://e.example/{s}"));
        let payload = Payload::from_triples((0..5).flat_map(|i| {
            let t = Triple::new(
                ex(&format!("s{i}")),
                ex("p"),
                oxigraph::model::Literal::from("a \"q\"\n"),
            );
            [t.clone(), t]
        }));
        assert_eq!(payload.len(), 5);
        let updates = payload.updates(&ex("g"), 2);
        assert_eq!(updates.len(), 4);
        assert_eq!(updates[0], "DROP SILENT GRAPH <http://e.example/g>");
        assert_eq!(
            updates[3],
            "INSERT DATA { GRAPH <http://e.example/g> {\n<http://e.example/s4> <http://e.example/p> \"a \\\"q\\\"\\n\" .\n} }"
        );
        let parsed = spargebra::SparqlParser::new().parse_update(&updates[1]);
        assert!(parsed.is_ok(), "{parsed:?}");
    }
}
