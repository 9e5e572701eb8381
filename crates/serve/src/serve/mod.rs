//! `glossgraph serve`: the glossary behind a read-only SPARQL endpoint.
//!
//! Routes:
//!
//! | path | what |
//! |---|---|
//! | `/term/{slug}` | the term at its IRI: the page for `text/html` (a 303 to `/term/{slug}/`, where its relative links resolve, or to the page in the language `Accept-Language` prefers among the site's, `/de/term/{slug}/`), its description for `text/turtle`, `application/ld+json`, `application/rdf+xml`, `application/n-triples` (200, with `Content-Location` and `Vary: Accept`); a concept whose own IRI lies below the base is answered so at that IRI's path instead (`/162`, its page in German at `/de/162/`) |
//! | `/`, any other path | the website of [`crate::site`] (`/` the A–Z index, `/map.html`, `/term/{slug}/`, …); a folder without its slash or a path in capitals gets a 301 to the page, a path it lacks its 404 page, with the nearest terms |
//! | `/sparql` | a small HTML page to type a query and see the results |
//! | `/query` | SPARQL 1.1 Protocol: `GET ?query=`, `POST` form or `application/sparql-query`; without a query, the service description |
//! | `/store` | Graph Store Protocol, reading only: `?default` (all triples), `?graph=IRI` (one card), neither (the whole dataset) |
//! | `/reconcile`, `/reconcile/…` | the W3C Reconciliation Service API 0.2 (OpenRefine's): the manifest, `queries=`, `extend=`, suggest, preview, property proposals (see `reconcile`) |
//! | `/rest/v1/…` | Skosmos's REST API: vocabularies, search, lookup, a concept's data, labels and links, the alphabetical index, groups (see `skosmos`) |
//!
//! Several glossaries may be served at once ([`start_many`]), each of an id: the APIs answer
//! for each (a Skosmos vocabulary, `/reconcile/{id}`) and for all; the site paths above are
//! then each glossary's below `/{id}/`, and `/` lists them; the store holds each glossary in
//! a named graph of its own ([`graph_iri`]), the default graph their union.
//!
//! `/query`, `/reconcile` and `/rest/v1/` are APIs for other sites' pages too: they answer every origin
//! (`Access-Control-Allow-Origin: *`, or the origin of `--cors`) and its preflights, as the
//! Reconciliation API requires; the site and `/store` only with `--cors`.
//!
//! Paths are matched with their `%XX` escapes decoded. While the glossary's files have
//! errors (`serve --watch`, [`Running::show_errors`]), the site's pages carry the check report
//! over the last glossary without errors, or, when there was none ([`start_with_errors`]),
//! every path answers the report alone; those pages reload themselves (`Refresh`).
//!
//! The connections are [`super::listen`]'s: one thread per connection, blocking I/O that
//! suits Oxigraph's blocking evaluator, no async runtime, and limits that keep slow or idle
//! clients from starving the others (a deadline for each request head, a cap per client
//! address and in all, idle connections giving way to new ones). Each query runs under the
//! process [`Watchdog`](super::Watchdog) and its whole answer is built before the status line
//! is written, so a query that times out gets `503` — never a `200` with part of an answer.
//! Dumps of the store (`/store`) are streamed from the RDF export, byte for byte what
//! `glossgraph export` writes.
//!
//! Nothing here changes the store: there is no update endpoint, and `PUT`/`POST`/`DELETE` on
//! `/store` are refused. Shutdown ([`Running::shutdown`]) stops taking queries and waits for
//! the ones running.
//!
//! One concern, the HTTP endpoint: routing, negotiation, limits and shutdown belong to the
//! same request cycle, here; the website's pages and files answered live (with the check
//! report over them while the glossary has errors) are in `website`, the query page in
//! `page`.

use std::io::{self, Read};
use std::net::{SocketAddr, TcpListener};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, RwLock};
use std::time::{Duration, Instant};

use oxhttp::model::header::{self, HeaderValue};
use oxhttp::model::{Body, Method, Request, Response, StatusCode};
use oxigraph::io::RdfFormat;
use oxigraph::model::{GraphNameRef, Literal, NamedNode, NamedNodeRef, Triple};
use oxigraph::sparql::results::QueryResultsFormat;

mod hosted;
mod negotiate;
mod page;
mod reconcile;
mod skosmos;
mod website;

use super::listen;
pub use super::listen::{exchange, Exchange, MAX_HEAD, READ_SIZE};
use super::results::{self, ResultsFormat};
use super::stream::stream;
use super::{Answer, GlossaryStore, SparqlError};
use crate::config::Config;
use crate::Glossary;
use negotiate::{accepted, negotiate, negotiate_rdf};
use page::page;
use website::errors_only;

pub use hosted::{check_id, graph_iri, Input, RESERVED_IDS};
use hosted::{Hosted, Served};

/// How many queries that outlived their timeout may still be computing before new queries
/// are refused (see [`super::GlossaryStore::run`]).
const RUNAWAY_LIMIT: usize = 4;

/// How long a request body may take to arrive, and a write of an answer to be taken.
const IO_TIMEOUT: Duration = Duration::from_secs(30);

/// How long the whole of one answer may take to be written: ten minutes, enough for the
/// dump of a store of a million terms (8 GB of N-Quads) at 20 MB/s, and an end for a client
/// that reads a byte at a time.
const RESPONSE_TIMEOUT: Duration = Duration::from_secs(600);

/// Settings of the server.
#[derive(Debug, Clone)]
pub struct Options {
    /// Where to listen; port 0 picks a free port.
    pub bind: SocketAddr,
    /// Longest a query may run.
    pub timeout: Duration,
    /// Largest request body accepted, in bytes.
    pub max_body: usize,
    /// Most connections at once. Past it, a new connection takes the place of one waiting
    /// for a request; if every one is running a request, it gets `503`.
    pub max_connections: usize,
    /// Most connections at once from one client address (the same rule at that scale).
    pub max_per_client: usize,
    /// Longest a connection may take to send a request head once it is ready for one (new,
    /// or kept alive after an answer).
    pub head_timeout: Duration,
    /// `Access-Control-Allow-Origin` to send, if cross-origin requests are allowed.
    pub cors: Option<String>,
    /// Told a line per request: method, path, status, time to the answer's head.
    pub log: Option<RequestLog>,
    /// The glossary's id as a vocabulary of Skosmos's REST API (`/rest/v1/{id}/`).
    pub vocabulary: String,
}

/// Where `serve` tells of each request (`glossgraph serve --log` writes it on stderr: the
/// library itself never prints).
#[derive(Clone)]
pub struct RequestLog(pub Arc<dyn Fn(&str) + Send + Sync>);

impl std::fmt::Debug for RequestLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RequestLog(..)")
    }
}

impl Default for Options {
    fn default() -> Self {
        Self {
            bind: SocketAddr::from(([127, 0, 0, 1], 7878)),
            timeout: Duration::from_secs(30),
            max_body: 1 << 20,
            max_connections: 128,
            max_per_client: 64,
            head_timeout: Duration::from_secs(5),
            cors: None,
            log: None,
            vocabulary: "glossary".to_owned(),
        }
    }
}

/// The server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: SocketAddr,
        #[source]
        source: io::Error,
    },
    #[error("the CORS origin `{0}` is not a valid header value")]
    Cors(String),
    /// Two glossaries of the same id, or (several being served) of the same base IRI, whose
    /// terms would have the same IRIs.
    #[error("the glossaries `{0}` and `{1}` have the same id or the same base IRI: give each its own (ID=INPUT, or `base` in its glossgraph.toml)")]
    Twins(String, String),
}

/// A server that is running.
pub struct Running {
    shared: Arc<Shared>,
    addr: SocketAddr,
}

struct Shared {
    /// The glossary served. `serve --watch` swaps in a new one whole ([`Running::replace`]);
    /// a request is answered from the one it started with.
    served: RwLock<Arc<Served>>,
    /// The check report of the glossary's files when they have errors (`serve --watch`):
    /// the pages say so, over the last glossary without errors or, if there was none, alone.
    errors: RwLock<Option<Arc<str>>>,
    options: Options,
    cors: Option<HeaderValue>,
    stopping: AtomicBool,
    busy: Mutex<usize>,
    idle: Condvar,
}

/// Starts serving `glossary` (already loaded into `store`) in background threads, as the
/// vocabulary `options.vocabulary`.
///
/// # Errors
/// The address cannot be bound; a CORS origin that is not a valid header value.
pub fn start(
    glossary: Glossary,
    store: GlossaryStore,
    options: Options,
) -> Result<Running, ServeError> {
    let input = Input {
        id: options.vocabulary.clone(),
        config: store.config().clone(),
        glossary,
    };
    let served = Served::new(vec![Arc::new(Hosted::new(input, false))], store);
    launch(served, None, options)
}

/// Starts serving several glossaries at once, loaded into `store` by
/// [`GlossaryStore::new_many`] in the graphs [`graph_iri`] names (one alone is served as
/// [`start`] serves it, its store filled by [`GlossaryStore::new`]).
///
/// # Errors
/// Those of [`start`]; two glossaries of the same id or the same base IRI.
pub fn start_many(
    inputs: Vec<Input>,
    store: GlossaryStore,
    options: Options,
) -> Result<Running, ServeError> {
    let several = inputs.len() > 1;
    let mut glossaries: Vec<Arc<Hosted>> = Vec::with_capacity(inputs.len());
    for input in inputs {
        if let Some(twin) = glossaries
            .iter()
            .find(|g| g.id == input.id || (several && g.config.base == input.config.base))
        {
            return Err(ServeError::Twins(twin.id.clone(), input.id.clone()));
        }
        glossaries.push(Arc::new(Hosted::new(input, several)));
    }
    if glossaries.is_empty() {
        return Err(ServeError::Twins(String::new(), String::new()));
    }
    launch(Served::new(glossaries, store), None, options)
}

/// Starts serving a glossary whose files have errors (`serve --watch` on a glossary being
/// mended): every page is the check `report`, until [`Running::replace`] brings a glossary.
///
/// # Errors
/// Those of [`start`].
pub fn start_with_errors(report: &str, options: Options) -> Result<Running, ServeError> {
    let (glossary, config) = (Glossary::new(Vec::new()), Config::default());
    let store = GlossaryStore::new(&glossary, &config).map_err(|e| ServeError::Bind {
        addr: options.bind,
        source: io::Error::other(e.to_string()),
    })?;
    let input = Input {
        id: options.vocabulary.clone(),
        glossary,
        config,
    };
    let served = Served {
        stand_in: true,
        ..Served::new(vec![Arc::new(Hosted::new(input, false))], store)
    };
    launch(served, Some(Arc::from(report)), options)
}

fn launch(
    served: Served,
    errors: Option<Arc<str>>,
    mut options: Options,
) -> Result<Running, ServeError> {
    let cors = match &options.cors {
        Some(origin) => {
            Some(HeaderValue::from_str(origin).map_err(|_| ServeError::Cors(origin.clone()))?)
        }
        None => None,
    };
    let bind_error = |source| ServeError::Bind {
        addr: options.bind,
        source,
    };
    let listener = TcpListener::bind(options.bind).map_err(bind_error)?;
    options.bind = listener.local_addr().map_err(bind_error)?;
    let addr = options.bind;
    let limits = listen::Limits {
        max_connections: options.max_connections.max(1),
        max_per_client: options.max_per_client.max(1),
        head_timeout: options.head_timeout,
        io_timeout: IO_TIMEOUT,
        response_timeout: RESPONSE_TIMEOUT,
        max_body: options.max_body,
    };
    let shared = Arc::new(Shared {
        served: RwLock::new(Arc::new(served)),
        errors: RwLock::new(errors),
        cors,
        stopping: AtomicBool::new(false),
        busy: Mutex::new(0),
        idle: Condvar::new(),
        options,
    });
    let handler = Arc::clone(&shared);
    listen::spawn(
        listener,
        limits,
        HeaderValue::from_static(concat!("glossgraph/", env!("CARGO_PKG_VERSION"))),
        Arc::new(move |request: &mut Request<Body>| handler.respond(request)),
    )
    .map_err(|source| ServeError::Bind { addr, source })?;
    Ok(Running { shared, addr })
}

impl Running {
    /// The address the server listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Serves `glossary` (already loaded into `store`) from now on, without errors to show:
    /// requests that have started finish with the glossary they started with. (One glossary
    /// served; of several, [`Running::replace_one`].)
    pub fn replace(&self, glossary: Glossary, store: GlossaryStore) {
        let input = Input {
            id: self.shared.options.vocabulary.clone(),
            config: store.config().clone(),
            glossary,
        };
        let served = Served::new(vec![Arc::new(Hosted::new(input, false))], store);
        self.swap(served);
    }

    /// Of the several glossaries served, serves `glossary` as the one of id `id` from now on,
    /// its named graph replaced in the store; the others stay as they are. Requests that
    /// have started finish with the glossaries they started with (a SPARQL query that
    /// started, with the store as it was).
    ///
    /// # Errors
    /// No glossary of that id is served; the store failed.
    pub fn replace_one(
        &self,
        id: &str,
        glossary: Glossary,
        config: Config,
    ) -> Result<(), SparqlError> {
        let served = self.served();
        let Some(at) = served.glossaries.iter().position(|g| g.id == id) else {
            return Err(SparqlError::Parameter(format!(
                "no glossary `{id}` is served"
            )));
        };
        let several = served.several();
        let store = match &served.glossaries[at].graph {
            Some(graph) => served
                .store
                .with_graph_replaced(graph, &glossary, &config)?,
            None => GlossaryStore::new(&glossary, &config)?,
        };
        let mut glossaries = served.glossaries.clone();
        glossaries[at] = Arc::new(Hosted::new(
            Input {
                id: id.to_owned(),
                glossary,
                config,
            },
            several,
        ));
        self.swap(Served::new(glossaries, store));
        Ok(())
    }

    /// How many quads the store holds now.
    pub fn quads(&self) -> usize {
        self.served().store.len()
    }

    fn served(&self) -> Arc<Served> {
        Arc::clone(
            &self
                .shared
                .served
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }

    fn swap(&self, served: Served) {
        *self
            .shared
            .served
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Arc::new(served);
        self.show_errors(None);
    }

    /// Whether a glossary is served: not if its files had errors from the start and have
    /// had them since ([`start_with_errors`]).
    pub fn has_glossary(&self) -> bool {
        !self
            .shared
            .served
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .stand_in
    }

    /// Says in every page that the glossary's files have errors, with the check `report`
    /// (`None`: no more), over the glossary served (the last without errors).
    pub fn show_errors(&self, report: Option<&str>) {
        *self
            .shared
            .errors
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = report.map(Arc::from);
    }

    /// Stops taking requests (they get `503`) and waits up to `grace` for the running ones.
    /// Returns how many were still running when the grace period ended.
    pub fn shutdown(self, grace: Duration) -> usize {
        self.shared.stopping.store(true, Ordering::SeqCst);
        let deadline = Instant::now() + grace;
        let mut busy = self.shared.lock_busy();
        while *busy > 0 {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            busy = self
                .shared
                .idle
                .wait_timeout(busy, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        *busy
    }
}

/// Counts a request as running while it lives.
struct Busy<'a>(&'a Shared);

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        let mut busy = self.0.lock_busy();
        *busy -= 1;
        if *busy == 0 {
            self.0.idle.notify_all();
        }
    }
}

/// A failed request: a status and a message for the client.
struct Failure(StatusCode, String);

impl Failure {
    fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self(status, message.into())
    }
}

impl Shared {
    fn lock_busy(&self) -> std::sync::MutexGuard<'_, usize> {
        self.busy.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn respond(&self, request: &mut Request<Body>) -> Response<Body> {
        let started = Instant::now();
        let mut response = if self.stopping.load(Ordering::SeqCst) {
            text(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is shutting down\n",
            )
        } else {
            *self.lock_busy() += 1;
            let _busy = Busy(self);
            let served = Arc::clone(
                &self
                    .served
                    .read()
                    .unwrap_or_else(std::sync::PoisonError::into_inner),
            );
            let errors = self
                .errors
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .clone();
            let reading = request.method() == Method::GET || request.method() == Method::HEAD;
            match errors {
                Some(report) if served.stand_in && reading => errors_only(request, &report),
                errors => self
                    .route(&served, request, errors.as_deref())
                    .unwrap_or_else(|Failure(status, message)| {
                        text(status, &format!("{}\n", message.trim_end()))
                    }),
            }
        };
        let origin = match &self.cors {
            None if api(request.uri().path()) => Some(HeaderValue::from_static("*")),
            origin => origin.clone(),
        };
        if let Some(origin) = origin {
            response
                .headers_mut()
                .insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        }
        if response.status() == StatusCode::METHOD_NOT_ALLOWED {
            // RFC 9110, 15.5.6: a 405 names the methods the resource answers.
            response.headers_mut().insert(
                header::ALLOW,
                HeaderValue::from_static(self.allowed(request.uri().path())),
            );
        }
        if request.method() == Method::HEAD && response.body().len().is_none() {
            // A HEAD answer says the length GET would send (the connection layer writes no
            // body for HEAD); a streamed body has none to say, and its producer is stopped.
            *response.body_mut() = Body::from_read(io::empty());
        }
        if let Some(RequestLog(log)) = &self.options.log {
            // The time to the answer's head: a streamed body goes on being written after.
            log(&format!(
                "{} {} {} {:.1} ms",
                request.method(),
                request.uri().path(),
                response.status().as_u16(),
                started.elapsed().as_secs_f64() * 1000.0
            ));
        }
        response
    }

    /// The methods `path` answers, for the `Allow` header of a `405`.
    fn allowed(&self, path: &str) -> &'static str {
        match (path, self.cors.is_some()) {
            (path, _) if skosmos::is_rest(&decode_path(path)) => "GET, HEAD, OPTIONS",
            (path, _) if api(path) => "GET, HEAD, POST, OPTIONS",
            (_, false) => "GET, HEAD",
            (_, true) => "GET, HEAD, OPTIONS",
        }
    }

    /// The answer to `request`; `errors`, the check report of the glossary's files when they
    /// have errors, is shown at the top of the site's pages.
    fn route(
        &self,
        v: &Served,
        request: &mut Request<Body>,
        errors: Option<&str>,
    ) -> Result<Response<Body>, Failure> {
        let method = request.method().clone();
        if method == Method::OPTIONS && (self.cors.is_some() || api(request.uri().path())) {
            // A CORS preflight. GET, HEAD and POST are CORS-safelisted methods, so no
            // Access-Control-Allow-Methods is needed; the query's Content-Type is what needs
            // allowing.
            let response = Response::builder()
                .status(StatusCode::NO_CONTENT)
                .header(header::ACCESS_CONTROL_ALLOW_HEADERS, "Accept, Content-Type")
                .header(header::ACCESS_CONTROL_MAX_AGE, "600");
            return Ok(response.body(Body::empty()).unwrap_or_default());
        }
        let reading = method == Method::GET || method == Method::HEAD;
        // Matched decoded: `/term/roce%2Dv2` is `/term/roce-v2`.
        let path = decode_path(request.uri().path());
        match path.as_str() {
            "/sparql" if reading => Ok(Response::builder()
                .header(header::CONTENT_TYPE, "text/html; charset=utf-8")
                .body(Body::from(v.page.clone()))
                .unwrap_or_default()),
            "/query" if reading => {
                let params = query_params(request);
                if params.iter().any(|(k, _)| k == "query") {
                    self.query(v, request, params)
                } else if params.iter().any(|(k, _)| k == "update") {
                    Err(read_only())
                } else {
                    self.service_description(v, request)
                }
            }
            "/query" if method == Method::POST => {
                let body = self.body(request)?;
                let kind = media_type(request, header::CONTENT_TYPE);
                let mut params = query_params(request);
                match kind.as_str() {
                    "application/sparql-query" => {
                        let text = String::from_utf8(body).map_err(|_| {
                            Failure::new(StatusCode::BAD_REQUEST, "the query is not UTF-8")
                        })?;
                        params.push(("query".into(), text));
                    }
                    "application/x-www-form-urlencoded" => {
                        params.extend(form_urlencoded::parse(&body).into_owned());
                    }
                    "application/sparql-update" => return Err(read_only()),
                    other => {
                        return Err(Failure::new(
                            StatusCode::UNSUPPORTED_MEDIA_TYPE,
                            format!(
                                "a query is POSTed as application/sparql-query or \
                                 application/x-www-form-urlencoded, not `{other}`"
                            ),
                        ))
                    }
                }
                if params.iter().any(|(k, _)| k == "update") {
                    return Err(read_only());
                }
                self.query(v, request, params)
            }
            "/store" if reading => self.graph_store(v, request),
            path if reconcile::is_reconcile(path) => Ok(reconcile::answer(self, v, request, path)),
            path if skosmos::is_rest(path) => Ok(skosmos::answer(self, v, request, path)),
            // Browsers ask for it on every page: nothing, and not an error.
            "/favicon.ico" if reading => Ok(Response::builder()
                .status(StatusCode::NO_CONTENT)
                .header(header::CACHE_CONTROL, "max-age=86400")
                .body(Body::empty())
                .unwrap_or_default()),
            "/store" => Err(Failure::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "the Graph Store of glossgraph serve is read-only: GET and HEAD only",
            )),
            "/update" => Err(Failure::new(
                StatusCode::NOT_FOUND,
                "glossgraph serve is read-only: there is no update endpoint",
            )),
            path if reading && v.several() => self.sites(v, request, path, errors),
            path if reading => self.site(v.first(), "", request, path, errors),
            _ => Err(Failure::new(
                StatusCode::METHOD_NOT_ALLOWED,
                format!("{method} is not allowed here: the site and the store are read-only"),
            )),
        }
    }

    /// The request body, refused beyond the size limit.
    fn body(&self, request: &mut Request<Body>) -> Result<Vec<u8>, Failure> {
        let limit = self.options.max_body;
        let too_big = || {
            Failure::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the request body is larger than the limit of {limit} bytes"),
            )
        };
        if request.body().len().is_some_and(|n| n > limit as u64) {
            return Err(too_big());
        }
        let mut body = Vec::new();
        request
            .body_mut()
            .take(limit as u64 + 1)
            .read_to_end(&mut body)
            .map_err(|e| {
                Failure::new(
                    StatusCode::BAD_REQUEST,
                    format!("cannot read the body: {e}"),
                )
            })?;
        if body.len() > limit {
            return Err(too_big());
        }
        Ok(body)
    }

    fn query(
        &self,
        v: &Served,
        request: &Request<Body>,
        params: Vec<(String, String)>,
    ) -> Result<Response<Body>, Failure> {
        let mut text = None;
        let (mut default, mut named) = (Vec::new(), Vec::new());
        for (key, value) in &params {
            match key.as_str() {
                "query" if text.is_some() => {
                    return Err(Failure::new(
                        StatusCode::BAD_REQUEST,
                        "more than one query given",
                    ))
                }
                "query" => text = Some(value.as_str()),
                "default-graph-uri" | "named-graph-uri" => {
                    let iri = NamedNode::new(value.as_str()).map_err(|e| {
                        Failure::new(StatusCode::BAD_REQUEST, format!("{key} `{value}`: {e}"))
                    })?;
                    if key == "named-graph-uri" {
                        named.push(iri);
                    } else {
                        default.push(iri);
                    }
                }
                _ => {}
            }
        }
        let text = text.unwrap_or_default();
        let store = &v.store;
        let prepared = store
            .prepare(text)
            .map_err(|e| Failure::new(StatusCode::BAD_REQUEST, format!("query syntax: {e}")))?
            .with_dataset(default, named);
        let format = negotiate(request, &params, prepared.form())?;
        // Queries that outlived their timeout keep a core busy until they finish; past a
        // few, new queries are turned away rather than queued behind them.
        let runaway = super::runaway_queries();
        if runaway >= RUNAWAY_LIMIT {
            return Err(Failure::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("the server is busy: {runaway} queries that ran past their timeout are still computing"),
            ));
        }
        let answer = store
            .run(&prepared, Some(self.options.timeout))
            .map_err(|e| match e {
                SparqlError::Timeout(_) => {
                    Failure::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string())
                }
                e => Failure::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
            })?;
        let mut out = Vec::new();
        let written = if format.is_picture() {
            // Drawn with the first glossary's labels and settings.
            results::draw(
                &answer,
                format,
                &v.first().glossary,
                store.config(),
                &mut out,
            )
        } else {
            results::write(&answer, format, &store.prefixes(), &mut out)
        };
        written.map_err(|e| Failure::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        Ok(Response::builder()
            .header(header::CONTENT_TYPE, format.media_type())
            .header(header::VARY, "Accept")
            .body(Body::from(out))
            .unwrap_or_default())
    }

    /// SPARQL 1.1 Service Description of the endpoint, as RDF.
    fn service_description(
        &self,
        v: &Served,
        request: &Request<Body>,
    ) -> Result<Response<Body>, Failure> {
        use crate::rdf::vocab::{rdf, sd};
        let format = negotiate_rdf(request, RdfFormat::Turtle, false)?;
        let host = request
            .headers()
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .map_or_else(|| self.options.bind.to_string(), str::to_owned);
        let endpoint = NamedNode::new(format!("http://{host}/query"))
            .map_err(|_| Failure::new(StatusCode::BAD_REQUEST, "bad Host header"))?;
        let node =
            |fragment: &str| NamedNode::new_unchecked(format!("{}#{fragment}", endpoint.as_str()));
        let (service, dataset, graph) = (node("service"), node("dataset"), node("default-graph"));
        let mut triples = vec![
            Triple::new(service.clone(), rdf::TYPE, sd::SERVICE),
            Triple::new(service.clone(), sd::ENDPOINT, endpoint.clone()),
            Triple::new(service.clone(), sd::SUPPORTED_LANGUAGE, sd::SPARQL11_QUERY),
            Triple::new(service.clone(), sd::FEATURE, sd::UNION_DEFAULT_GRAPH),
            Triple::new(service.clone(), sd::DEFAULT_DATASET, dataset.clone()),
            Triple::new(dataset.clone(), rdf::TYPE, sd::DATASET),
            Triple::new(dataset, sd::DEFAULT_GRAPH, graph.clone()),
            Triple::new(graph.clone(), rdf::TYPE, sd::GRAPH),
            Triple::new(graph, sd::VOID_TRIPLES, Literal::from(v.store.len() as i64)),
        ];
        let formats = [
            QueryResultsFormat::Json,
            QueryResultsFormat::Xml,
            QueryResultsFormat::Csv,
            QueryResultsFormat::Tsv,
        ]
        .map(QueryResultsFormat::iri)
        .into_iter()
        .chain(ResultsFormat::all().into_iter().filter_map(|f| match f {
            ResultsFormat::Rdf(r) => Some(r.iri()),
            _ => None,
        }));
        for f in formats {
            triples.push(Triple::new(
                service.clone(),
                sd::RESULT_FORMAT,
                NamedNodeRef::new_unchecked(f),
            ));
        }
        triples.sort_by_cached_key(ToString::to_string);
        let mut prefixes = v.store.prefixes();
        prefixes.push(("sd", sd::NS.to_owned()));
        let mut out = Vec::new();
        results::write(
            &Answer::Graph(triples),
            ResultsFormat::Rdf(format),
            &prefixes,
            &mut out,
        )
        .map_err(|e| Failure::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        Ok(Response::builder()
            .header(header::CONTENT_TYPE, format.media_type())
            .header(header::VARY, "Accept")
            .body(Body::from(out))
            .unwrap_or_default())
    }

    /// The Graph Store Protocol, for reading.
    fn graph_store(&self, v: &Served, request: &Request<Body>) -> Result<Response<Body>, Failure> {
        let params = query_params(request);
        let graph = params
            .iter()
            .find(|(k, _)| k == "graph")
            .map(|(_, v)| v.clone());
        let default = params.iter().any(|(k, _)| k == "default");
        if graph.is_some() && default {
            return Err(Failure::new(
                StatusCode::BAD_REQUEST,
                "give ?default or ?graph=, not both",
            ));
        }
        if let Some(graph) = graph {
            let format = negotiate_rdf(request, RdfFormat::Turtle, false)?;
            let name = NamedNode::new(graph.as_str()).map_err(|e| {
                Failure::new(StatusCode::BAD_REQUEST, format!("graph `{graph}`: {e}"))
            })?;
            let store = v.store.store();
            let exists = store
                .contains_named_graph(name.as_ref())
                .map_err(|e| Failure::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
            if !exists {
                return Err(Failure::new(
                    StatusCode::NOT_FOUND,
                    format!("no graph <{graph}> in this store"),
                ));
            }
            let mut triples = store
                .quads_for_pattern(
                    None,
                    None,
                    None,
                    Some(GraphNameRef::NamedNode(name.as_ref())),
                )
                .map(|q| q.map(Triple::from))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| Failure::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
            triples.sort_by_cached_key(ToString::to_string);
            let mut out = Vec::new();
            results::write(
                &Answer::Graph(triples),
                ResultsFormat::Rdf(format),
                &v.store.prefixes(),
                &mut out,
            )
            .map_err(|e| Failure::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
            return Ok(Response::builder()
                .header(header::CONTENT_TYPE, format.media_type())
                .body(Body::from(out))
                .unwrap_or_default());
        }
        // The default graph (the union of the cards' graphs, as queries see it) or the whole
        // dataset: streamed from the RDF export rather than dumped from the store, so the
        // bytes are the export's, in its fixed order.
        let format = if default {
            negotiate_rdf(request, RdfFormat::Turtle, false)?
        } else {
            negotiate_rdf(request, RdfFormat::TriG, true)?
        };
        if v.several() {
            return self.dump(v, format, default);
        }
        let (glossary, config) = (v.first().glossary.clone(), v.first().config.clone());
        let body = stream(move |w| {
            crate::rdf::write::write(&glossary, &config, format, w)
                .map(|_| ())
                .map_err(|e| io::Error::other(e.to_string()))
        });
        Ok(Response::builder()
            .header(header::CONTENT_TYPE, format.media_type())
            .body(body)
            .unwrap_or_default())
    }

    /// `/store` when several glossaries are served: the default graph (the union) or the
    /// whole dataset, a named graph per glossary, read from the store and sorted.
    fn dump(
        &self,
        v: &Served,
        format: RdfFormat,
        default: bool,
    ) -> Result<Response<Body>, Failure> {
        let failed = |e: String| Failure::new(StatusCode::INTERNAL_SERVER_ERROR, e);
        let mut quads = v
            .store
            .store()
            .iter()
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| failed(e.to_string()))?;
        let mut out = Vec::new();
        if default {
            let mut triples: Vec<Triple> = quads.into_iter().map(Triple::from).collect();
            triples.sort_by_cached_key(ToString::to_string);
            triples.dedup();
            results::write(
                &Answer::Graph(triples),
                ResultsFormat::Rdf(format),
                &v.store.prefixes(),
                &mut out,
            )
            .map_err(|e| failed(e.to_string()))?;
        } else {
            quads.sort_by_cached_key(|q| {
                (
                    q.graph_name.to_string(),
                    Triple::from(q.clone()).to_string(),
                )
            });
            let mut serializer = oxigraph::io::RdfSerializer::from_format(format);
            for (name, iri) in v.store.prefixes() {
                serializer = serializer
                    .with_prefix(name, iri)
                    .map_err(|e| failed(e.to_string()))?;
            }
            let mut writer = serializer.for_writer(&mut out);
            for quad in &quads {
                writer
                    .serialize_quad(quad)
                    .map_err(|e| failed(e.to_string()))?;
            }
            writer.finish().map_err(|e| failed(e.to_string()))?;
        }
        Ok(Response::builder()
            .header(header::CONTENT_TYPE, format.media_type())
            .body(Body::from(out))
            .unwrap_or_default())
    }
}

/// Whether `path` (as sent) is one of the APIs every origin may use.
fn api(path: &str) -> bool {
    let decoded = decode_path(path);
    path == "/query" || reconcile::is_reconcile(&decoded) || skosmos::is_rest(&decoded)
}

fn read_only() -> Failure {
    Failure::new(
        StatusCode::FORBIDDEN,
        "glossgraph serve is read-only: SPARQL Update is not accepted",
    )
}

fn text(status: StatusCode, message: &str) -> Response<Body> {
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, "text/plain; charset=utf-8")
        .body(Body::from(message.to_owned()))
        .unwrap_or_default()
}

/// `path` with its `%XX` escapes decoded; as it came when they do not decode to UTF-8.
fn decode_path(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let hex = bytes
            .get(at + 1..at + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match hex {
            Some(byte) if bytes[at] == b'%' => {
                out.push(byte);
                at += 3;
            }
            _ => {
                out.push(bytes[at]);
                at += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| path.to_owned())
}

/// The URL's query string, decoded.
fn query_params(request: &Request<Body>) -> Vec<(String, String)> {
    request
        .uri()
        .query()
        .map(|q| form_urlencoded::parse(q.as_bytes()).into_owned().collect())
        .unwrap_or_default()
}

/// A header's media type, lowercased, without parameters.
fn media_type(request: &Request<Body>, name: header::HeaderName) -> String {
    request
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|v| v.trim().to_ascii_lowercase())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_percent_decoded_when_they_decode_to_utf8() {
        assert_eq!(decode_path("/term/roce%2Dv2"), "/term/roce-v2");
        assert_eq!(decode_path("/term/caf%C3%A9/"), "/term/café/");
        assert_eq!(decode_path("/a%2"), "/a%2");
        assert_eq!(decode_path("/a%zz%41"), "/a%zzA");
        assert_eq!(decode_path("/bad%FF"), "/bad%FF");
    }
}
