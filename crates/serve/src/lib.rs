//! SPARQL over the glossary: fill an in-memory Oxigraph store, run a query, write the answer.
//!
//! [`GlossaryStore::new`] loads the glossary's quads straight from the RDF mapping
//! ([`rdf::write::quads`]) into Oxigraph's in-memory store in one transaction: no
//! serialize-then-parse round trip. Each card keeps its own named graph, as in the TriG
//! export; queries see the union of all graphs as their default graph, so a plain
//! `?s ?p ?o` finds everything while `GRAPH ?g { … }` still tells the cards apart.
//!
//! A query is parsed once ([`GlossaryStore::prepare`], with the glossary's prefixes predeclared)
//! and run by [`GlossaryStore::run`] under an optional deadline: a [`Watchdog`] thread cancels
//! queries that outlive it. The whole answer is collected before anything is written, so a
//! query that fails or times out half-way writes nothing rather than a truncated result, and
//! graphs and unordered solutions can be sorted: the same query over the same cards always
//! gives the same bytes.
//!
//! [`results`] writes answers (tables, CSV, TSV, SPARQL JSON/XML, RDF), [`saved`] holds the
//! saved queries of `queries/*.rq` and binds their parameters, [`serve`] is the HTTP endpoint,
//! [`reconcile`] the reconciliation service it answers at `/reconcile` (OpenRefine's API,
//! on a label index rather than the store), and [`push`] sends the glossary to an external
//! triple store.
//!
//! One concern, the store and the running of queries (about 800 lines of code, the rest tests);
//! answers, saved queries, the endpoint (its connections in `listen`), several glossaries
//! in one store (`many`) and push are in the files beside it.

// The library never prints: what it has to say goes to its caller as values and errors.
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod http;
pub mod incremental;
mod listen;
mod many;
pub mod push;
pub mod reconcile;
pub mod results;
pub mod saved;
pub mod serve;
mod skosmos;
mod stream;
mod substitute;
mod table;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering as AtomicOrdering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

use oxigraph::model::{GraphName, NamedNode, Quad, Term, Triple, Variable};
use oxigraph::sparql::{CancellationToken, QueryEvaluationError, QueryResults, SparqlEvaluator};
use oxigraph::store::{StorageError, Store};
use spargebra::algebra::GraphPattern;

use glossgraph_core::{card, config, diag, hex, output, Card, Glossary};
use glossgraph_export::{self as export, rdf, site};

#[cfg(test)]
use glossgraph_core::check;

use crate::config::Config;
use crate::rdf::vocab::{self, Iris};

pub use results::ResultsFormat;

/// Something went wrong while preparing or running a query.
#[derive(Debug, thiserror::Error)]
pub enum SparqlError {
    /// The query text does not parse; `line` and `column` are 1-based.
    #[error("{line}:{column}: {message}")]
    Syntax {
        line: u32,
        column: u32,
        message: String,
    },
    /// The query ran longer than allowed and was stopped.
    #[error("the query was stopped after {} s: it ran longer than the timeout", .0.as_secs_f64())]
    Timeout(Duration),
    /// The query is valid but cannot be evaluated.
    #[error("the query failed: {0}")]
    Evaluation(QueryEvaluationError),
    /// A parameter is unknown, malformed, or cannot be bound in this query.
    #[error("{0}")]
    Parameter(String),
    /// The store itself failed.
    #[error(transparent)]
    Storage(#[from] StorageError),
    /// No thread could be started to run the query.
    #[error("cannot start a thread for the query: {0}")]
    Thread(std::io::Error),
}

/// The kind of answer a query gives, from its form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueryForm {
    /// `SELECT`: a table of solutions.
    Select,
    /// `ASK`: true or false.
    Ask,
    /// `CONSTRUCT` or `DESCRIBE`: an RDF graph.
    Graph,
}

/// A parsed query, ready to run as often as wanted.
#[derive(Clone)]
pub struct Prepared {
    algebra: spargebra::Query,
    /// Variables bound before the query runs.
    bindings: Vec<(Variable, Term)>,
    /// The protocol's `default-graph-uri` and `named-graph-uri`, when given.
    dataset: Option<(Vec<NamedNode>, Vec<NamedNode>)>,
    form: QueryForm,
    /// Whether the solutions come in an order the query asked for (`ORDER BY`).
    ordered: bool,
    /// The variables a `SELECT` projects, in order.
    variables: Vec<Variable>,
}

impl Prepared {
    /// The kind of answer the query gives.
    pub fn form(&self) -> QueryForm {
        self.form
    }

    /// The query as it runs: parsed, with the values bound so far written into its
    /// expressions as constants ([`Prepared::bind`]). Its `Display` is SPARQL.
    pub fn query(&self) -> &spargebra::Query {
        &self.algebra
    }

    /// The variables bound before the query runs, with their values.
    pub fn bindings(&self) -> &[(Variable, Term)] {
        &self.bindings
    }

    /// Binds `variable` to `value` before the query runs (the variable must be projected by
    /// `SELECT`, or appear in the pattern of `ASK`, `CONSTRUCT` and `DESCRIBE`).
    ///
    /// The value is an RDF term, never text pasted into the query, so a parameter cannot
    /// change the query's meaning.
    ///
    /// # Errors
    /// A `SELECT` query that does not project `variable`; a variable bound already: its
    /// value is written into the query's expressions, where another cannot replace it (the
    /// second value bound the patterns while the first still filtered the answers).
    pub fn bind(mut self, variable: Variable, value: Term) -> Result<Self, SparqlError> {
        if self.form == QueryForm::Select && !self.variables.contains(&variable) {
            return Err(SparqlError::Parameter(format!(
                "the query has no variable ?{} in its SELECT clause to bind",
                variable.as_str()
            )));
        }
        if self.bindings.iter().any(|(v, _)| *v == variable) {
            return Err(SparqlError::Parameter(format!(
                "?{} is given a value twice",
                variable.as_str()
            )));
        }
        let pattern = match &mut self.algebra {
            spargebra::Query::Select { pattern, .. }
            | spargebra::Query::Ask { pattern, .. }
            | spargebra::Query::Construct { pattern, .. }
            | spargebra::Query::Describe { pattern, .. } => pattern,
        };
        substitute::expressions(
            pattern,
            &[(variable.clone(), value.clone())].into_iter().collect(),
        );
        self.bindings.push((variable, value));
        Ok(self)
    }

    /// Restricts the dataset to the SPARQL protocol's `default-graph-uri` and
    /// `named-graph-uri` (either may be empty; both empty keeps the query's own dataset).
    pub fn with_dataset(mut self, default: Vec<NamedNode>, named: Vec<NamedNode>) -> Self {
        if default.is_empty() && named.is_empty() {
            return self;
        }
        self.dataset = Some((default, named));
        self
    }
}

/// A query's whole answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// The answer of `ASK`.
    Boolean(bool),
    /// The answer of `SELECT`.
    Solutions(Solutions),
    /// The answer of `CONSTRUCT` and `DESCRIBE`, sorted, without duplicates.
    Graph(Vec<Triple>),
}

/// The solutions of a `SELECT`: a value (or nothing) per variable per row.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Solutions {
    pub variables: Vec<Variable>,
    pub rows: Vec<Vec<Option<Term>>>,
}

/// The glossary loaded into an in-memory Oxigraph store.
pub struct GlossaryStore {
    store: Store,
    config: Config,
    iris: Iris,
    /// Counted when first asked: counting reads the whole store.
    quads: OnceLock<usize>,
}

impl GlossaryStore {
    /// Loads `glossary`'s quads, as mapped by the RDF export, into a new store.
    ///
    /// # Errors
    /// Only a failing store (not expected for the in-memory store).
    ///
    /// # Complexity
    /// O(q log q) for q quads; memory grows with the quads (several hundred bytes each).
    pub fn new(glossary: &Glossary, config: &Config) -> Result<Self, SparqlError> {
        Self::streamed(config, || crate::rdf::write::quads(glossary, config))
    }

    /// A new store filled with the quads `make` gives, made on a thread of their own.
    pub(crate) fn streamed<I: Iterator<Item = Quad>>(
        config: &Config,
        make: impl FnOnce() -> I + Send,
    ) -> Result<Self, SparqlError> {
        // Oxigraph fills a store on one thread; the quads are made on another meanwhile, a
        // batch at a time. The store only borrows them: each batch goes back to the thread
        // that made it, which drops its quads and fills it again. Dropping them on the filling
        // thread, memory another thread allocated, made the whole fill 65% slower (17.0 s
        // against 10.3 s for 100k terms, BENCHMARKS.md).
        const BATCH: usize = 1 << 14;
        std::thread::scope(|scope| {
            let (send, receive) = std::sync::mpsc::sync_channel::<Vec<Quad>>(4);
            let (give_back, given_back) = std::sync::mpsc::channel::<Vec<Quad>>();
            scope.spawn(move || {
                let mut batch = Vec::with_capacity(BATCH);
                for quad in make() {
                    batch.push(quad);
                    if batch.len() == BATCH {
                        let empty = match given_back.try_recv() {
                            Ok(mut used) => {
                                used.clear();
                                used
                            }
                            Err(_) => Vec::with_capacity(BATCH),
                        };
                        // The store has failed and stopped reading: nothing more is wanted.
                        if send.send(std::mem::replace(&mut batch, empty)).is_err() {
                            return;
                        }
                    }
                }
                let _ = send.send(batch);
                drop(send);
                // The last batches come back once the store is done with them.
                for used in given_back {
                    drop(used);
                }
            });
            Self::filled(config, |transaction| {
                for batch in receive {
                    for quad in &batch {
                        transaction.insert(quad);
                    }
                    // The maker has stopped waiting only if it panicked, which the scope
                    // reports.
                    let _ = give_back.send(batch);
                }
            })
        })
    }

    /// A store holding `quads`; `config` gives the prefixes queries may use undeclared.
    ///
    /// # Errors
    /// Only a failing store.
    pub fn from_quads(
        quads: impl IntoIterator<Item = Quad>,
        config: &Config,
    ) -> Result<Self, SparqlError> {
        Self::filled(config, |transaction| {
            for quad in quads {
                transaction.insert(&quad);
            }
        })
    }

    /// A new store, filled by `fill` in one transaction.
    fn filled(
        config: &Config,
        fill: impl FnOnce(&mut oxigraph::store::Transaction<'_>),
    ) -> Result<Self, SparqlError> {
        let store = Store::new()?;
        let mut transaction = store.start_transaction()?;
        fill(&mut transaction);
        transaction.commit()?;
        Ok(Self::around(store, config))
    }

    pub(crate) fn around(store: Store, config: &Config) -> Self {
        Self {
            store,
            config: config.clone(),
            iris: Iris::new(&config.base),
            quads: OnceLock::new(),
        }
    }

    /// The underlying Oxigraph store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The settings the store was filled with.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The number of quads in the store.
    ///
    /// Counted on the first call, which reads the whole store.
    pub fn len(&self) -> usize {
        *self
            .quads
            .get_or_init(|| self.store.len().unwrap_or_default())
    }

    /// Whether the store holds nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The IRIs of the glossary.
    pub fn iris(&self) -> &Iris {
        &self.iris
    }

    /// The prefixes every query may use without declaring them, sorted by name.
    pub fn prefixes(&self) -> Vec<(&'static str, String)> {
        vocab::query_prefixes(&self.iris)
    }

    /// Parses a query. The prefixes of [`GlossaryStore::prefixes`] are predeclared; a
    /// `PREFIX` in the query overrides them.
    ///
    /// # Errors
    /// [`SparqlError::Syntax`], with the 1-based line and column of the problem.
    pub fn prepare(&self, text: &str) -> Result<Prepared, SparqlError> {
        let mut parser = spargebra::SparqlParser::new();
        for (name, iri) in self.prefixes() {
            parser = parser
                .with_prefix(name, iri)
                .map_err(|e| SparqlError::Parameter(e.to_string()))?;
        }
        let algebra = parser.parse_query(text).map_err(|e| {
            let declared: Vec<&str> = self.prefixes().iter().map(|(name, _)| *name).collect();
            explain(syntax_error(e), text, &declared)
        })?;
        let (form, ordered, variables) = match &algebra {
            spargebra::Query::Select { pattern, .. } => {
                (QueryForm::Select, is_ordered(pattern), projection(pattern))
            }
            spargebra::Query::Ask { .. } => (QueryForm::Ask, true, Vec::new()),
            spargebra::Query::Construct { .. } | spargebra::Query::Describe { .. } => {
                (QueryForm::Graph, true, Vec::new())
            }
        };
        Ok(Prepared {
            algebra,
            bindings: Vec::new(),
            dataset: None,
            form,
            ordered,
            variables,
        })
    }

    /// Runs a prepared query and collects its whole answer. With a `timeout`, a query still
    /// running when it expires is stopped and nothing of it is returned.
    ///
    /// Solutions of a query without `ORDER BY` are sorted, and graphs always are, so the
    /// answer does not depend on how the store happens to iterate.
    ///
    /// Oxigraph checks for cancellation only while it reads the store; a join computed in
    /// memory (a cross product under `COUNT`, say) does not look. So a query with a timeout
    /// runs in a thread of its own, and when the deadline passes without an answer the
    /// caller gets [`SparqlError::Timeout`] at once while that thread is left to finish
    /// ([`runaway_queries`] counts them).
    ///
    /// # Errors
    /// [`SparqlError::Timeout`], [`SparqlError::Evaluation`], [`SparqlError::Thread`].
    pub fn run(
        &self,
        prepared: &Prepared,
        timeout: Option<Duration>,
    ) -> Result<Answer, SparqlError> {
        let token = CancellationToken::new();
        let Some(limit) = timeout else {
            return evaluate(&self.store, prepared, None, token);
        };
        let _deadline = Watchdog::global().watch(limit, token.clone());
        let (sender, receiver) = std::sync::mpsc::channel();
        let state = Arc::new(AtomicU8::new(RUNNING));
        let (store, query, flag) = (self.store.clone(), prepared.clone(), Arc::clone(&state));
        std::thread::Builder::new()
            .name("glossgraph query".into())
            .spawn(move || {
                let answer = evaluate(&store, &query, Some(limit), token);
                if flag
                    .compare_exchange(
                        RUNNING,
                        FINISHED,
                        AtomicOrdering::SeqCst,
                        AtomicOrdering::SeqCst,
                    )
                    .is_err()
                {
                    RUNAWAY.fetch_sub(1, AtomicOrdering::SeqCst);
                }
                let _ = sender.send(answer);
            })
            .map_err(SparqlError::Thread)?;
        match receiver.recv_timeout(limit + CANCEL_GRACE) {
            Ok(answer) => answer,
            Err(_) => {
                if state
                    .compare_exchange(
                        RUNNING,
                        ABANDONED,
                        AtomicOrdering::SeqCst,
                        AtomicOrdering::SeqCst,
                    )
                    .is_ok()
                {
                    RUNAWAY.fetch_add(1, AtomicOrdering::SeqCst);
                    return Err(SparqlError::Timeout(limit));
                }
                // It finished just now.
                receiver.recv().unwrap_or(Err(SparqlError::Timeout(limit)))
            }
        }
    }
}

/// How long after its deadline a query may take to notice it was cancelled.
const CANCEL_GRACE: Duration = Duration::from_millis(250);
const RUNNING: u8 = 0;
const FINISHED: u8 = 1;
const ABANDONED: u8 = 2;
static RUNAWAY: AtomicUsize = AtomicUsize::new(0);

/// Queries whose caller gave up on them at their deadline but that are still computing
/// (see [`GlossaryStore::run`]).
pub fn runaway_queries() -> usize {
    RUNAWAY.load(AtomicOrdering::SeqCst)
}

/// Evaluates `prepared` on `store` and collects the answer.
fn evaluate(
    store: &Store,
    prepared: &Prepared,
    timeout: Option<Duration>,
    token: CancellationToken,
) -> Result<Answer, SparqlError> {
    let started = Instant::now();
    let fail = |e: QueryEvaluationError| match (e, timeout) {
        (QueryEvaluationError::Cancelled, Some(t)) => SparqlError::Timeout(t),
        (e, _) => SparqlError::Evaluation(e),
    };
    let mut query = SparqlEvaluator::new()
        .with_cancellation_token(token.clone())
        .for_query(prepared.algebra.clone());
    match &prepared.dataset {
        Some((default, named)) => {
            let dataset = query.dataset_mut();
            dataset.set_default_graph(default.iter().cloned().map(GraphName::from).collect());
            dataset.set_available_named_graphs(named.iter().cloned().map(Into::into).collect());
        }
        None if query.dataset().is_default_dataset() => {
            query.dataset_mut().set_default_graph_as_union();
        }
        None => {}
    }
    for (variable, value) in &prepared.bindings {
        query = query.substitute_variable(variable.clone(), value.clone());
    }
    let answer = match query.on_store(store).execute().map_err(fail)? {
        QueryResults::Boolean(b) => Answer::Boolean(b),
        QueryResults::Solutions(solutions) => {
            let variables = solutions.variables().to_vec();
            let mut rows = Vec::new();
            for solution in solutions {
                let solution = solution.map_err(fail)?;
                rows.push(
                    variables
                        .iter()
                        .map(|v| solution.get(v).cloned())
                        .collect::<Vec<_>>(),
                );
            }
            if !prepared.ordered {
                rows.sort_by(|a, b| compare_rows(a, b));
            }
            Answer::Solutions(Solutions { variables, rows })
        }
        QueryResults::Graph(triples) => {
            let mut graph = triples.collect::<Result<Vec<_>, _>>().map_err(fail)?;
            graph.sort_by_cached_key(|t| t.to_string());
            graph.dedup();
            Answer::Graph(graph)
        }
    };
    // A query cancelled between two checks may have finished anyway; it still ran too long.
    if let Some(t) = timeout {
        if token.is_cancelled() && started.elapsed() >= t {
            return Err(SparqlError::Timeout(t));
        }
    }
    Ok(answer)
}

/// Whether solutions of `pattern` come in an order the query asked for.
fn is_ordered(pattern: &GraphPattern) -> bool {
    match pattern {
        GraphPattern::OrderBy { .. } => true,
        GraphPattern::Project { inner, .. }
        | GraphPattern::Distinct { inner }
        | GraphPattern::Reduced { inner }
        | GraphPattern::Slice { inner, .. } => is_ordered(inner),
        _ => false,
    }
}

/// The variables a `SELECT` pattern projects.
fn projection(pattern: &GraphPattern) -> Vec<Variable> {
    match pattern {
        GraphPattern::Project { variables, .. } => variables.clone(),
        GraphPattern::Distinct { inner }
        | GraphPattern::Reduced { inner }
        | GraphPattern::Slice { inner, .. }
        | GraphPattern::OrderBy { inner, .. } => projection(inner),
        _ => Vec::new(),
    }
}

/// Rows compared term by term, unbound first; used only to fix an order the query left open.
fn compare_rows(a: &[Option<Term>], b: &[Option<Term>]) -> std::cmp::Ordering {
    let key = |t: &Option<Term>| t.as_ref().map(ToString::to_string);
    a.iter().map(key).cmp(b.iter().map(key))
}

/// The parser's message with a 1-based line and column.
///
/// spargebra's error prints as `error at LINE:COLUMN: expected …` (both 1-based); that text
/// is the only place the position is exposed, so it is read back from there.
fn syntax_error(e: spargebra::SparqlSyntaxError) -> SparqlError {
    let text = e.to_string();
    let located = text.strip_prefix("error at ").and_then(|rest| {
        let (position, message) = rest.split_once(": ")?;
        let (line, column) = position.split_once(':')?;
        Some((line.parse().ok()?, column.parse().ok()?, message.to_owned()))
    });
    match located {
        Some((line, column, message)) => SparqlError::Syntax {
            line,
            column,
            message,
        },
        None => SparqlError::Syntax {
            line: 1,
            column: 1,
            message: text,
        },
    }
}

/// The parser's error said in the user's terms where it can be: an empty query, an update
/// (the store is read-only), a first word that starts no query, an undeclared prefix.
/// spargebra lists every character it could have accepted instead, which says none of this.
fn explain(e: SparqlError, text: &str, declared: &[&str]) -> SparqlError {
    let SparqlError::Syntax {
        line,
        column,
        message,
    } = e
    else {
        return e;
    };
    let at = |line: u32, column: u32, message: String| SparqlError::Syntax {
        line,
        column,
        message,
    };
    let mut words = words(text);
    if words.peek().is_none() {
        return at(1, 1, "the query is empty".into());
    }
    // The first word past the PREFIX and BASE declarations (each ends with its `<IRI>`).
    let mut first = None;
    while let Some((offset, word)) = words.next() {
        if word.eq_ignore_ascii_case("PREFIX") || word.eq_ignore_ascii_case("BASE") {
            for (_, w) in words.by_ref() {
                if w.ends_with('>') {
                    break;
                }
            }
            continue;
        }
        first = Some((offset, word));
        break;
    }
    if let Some((offset, word)) = first {
        let (word_line, word_column) = crate::diag::line_column(text, offset);
        let keyword: String = word
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .collect::<String>()
            .to_ascii_uppercase();
        const UPDATES: [&str; 10] = [
            "INSERT", "DELETE", "LOAD", "CLEAR", "DROP", "CREATE", "ADD", "MOVE", "COPY", "WITH",
        ];
        if UPDATES.contains(&keyword.as_str()) {
            return at(
                word_line,
                word_column,
                format!(
                    "SPARQL Update ({keyword}) is not supported: the glossary's store is \
                     read-only; glossgraph answers SELECT, ASK, CONSTRUCT and DESCRIBE"
                ),
            );
        }
        const FORMS: [&str; 4] = ["SELECT", "ASK", "CONSTRUCT", "DESCRIBE"];
        if !FORMS.contains(&keyword.as_str()) {
            return at(
                word_line,
                word_column,
                format!(
                    "a query starts with SELECT, ASK, CONSTRUCT or DESCRIBE (after any PREFIX \
                     and BASE), not `{word}`"
                ),
            );
        }
    }
    if message.contains("Prefix not found") {
        // The parser stops just past the prefixed name: the longest run of the characters a
        // prefixed name is made of, before the column.
        let source = text.lines().nth(line as usize - 1).unwrap_or("");
        let before: Vec<char> = source.chars().take(column as usize - 1).collect();
        let part = |c: &char| c.is_alphanumeric() || "_-.:%\\".contains(*c);
        let length = before.iter().rev().take_while(|c| part(c)).count();
        let name: String = before[before.len() - length..]
            .iter()
            .collect::<String>()
            .trim_start_matches('.')
            .to_owned();
        let start = before.len() - name.chars().count();
        if let Some((prefix, _)) = name.split_once(':') {
            let mut known: Vec<&str> = declared.to_vec();
            known.sort_unstable();
            return at(
                line,
                start as u32 + 1,
                format!(
                    "undeclared prefix `{prefix}:` in `{name}`: declare it (PREFIX {prefix}: \
                     <IRI>) or use one the glossary declares: {}",
                    known.join(", ")
                ),
            );
        }
    }
    at(line, column, message)
}

/// The words of a query (runs of non-space characters) with their byte offsets, leaving out
/// comment lines.
fn words(text: &str) -> std::iter::Peekable<impl Iterator<Item = (usize, &str)>> {
    text.split_inclusive('\n')
        .scan(0, |start, line| {
            let at = *start;
            *start += line.len();
            Some((at, line))
        })
        .filter(|(_, line)| !line.trim_start().starts_with('#'))
        .flat_map(|(at, line)| {
            line.split(char::is_whitespace)
                .filter(|w| !w.is_empty())
                .map(move |w| (at + (w.as_ptr() as usize - line.as_ptr() as usize), w))
        })
        .peekable()
}

/// Cancels queries that outlive their deadline. One thread serves every query of the process.
pub struct Watchdog {
    state: Mutex<WatchState>,
    wake: Condvar,
}

#[derive(Default)]
struct WatchState {
    next_id: u64,
    /// Deadlines in expiry order.
    watched: BTreeMap<(Instant, u64), CancellationToken>,
}

/// Keeps a query watched; dropping it stops the watch.
pub struct Deadline {
    key: (Instant, u64),
}

impl Watchdog {
    /// The process's watchdog, started on first use.
    pub fn global() -> &'static Watchdog {
        static WATCHDOG: OnceLock<Arc<Watchdog>> = OnceLock::new();
        WATCHDOG.get_or_init(|| {
            let dog = Arc::new(Watchdog {
                state: Mutex::new(WatchState::default()),
                wake: Condvar::new(),
            });
            let watcher = Arc::clone(&dog);
            // Should the thread not start, a query past its deadline still ends for its
            // caller ([`GlossaryStore::run`] stops waiting); only its cancellation is lost,
            // and the library has no terminal to say so on.
            let _ = std::thread::Builder::new()
                .name("glossgraph query watchdog".into())
                .spawn(move || watcher.patrol());
            dog
        })
    }

    /// Cancels `token` after `timeout` unless the returned guard is dropped first.
    pub fn watch(&'static self, timeout: Duration, token: CancellationToken) -> Deadline {
        let deadline = Instant::now() + timeout;
        let mut state = self.lock();
        state.next_id += 1;
        let key = (deadline, state.next_id);
        state.watched.insert(key, token);
        drop(state);
        self.wake.notify_one();
        Deadline { key }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, WatchState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn patrol(&self) {
        let mut state = self.lock();
        loop {
            let now = Instant::now();
            while let Some(entry) = state.watched.first_entry() {
                if entry.key().0 > now {
                    break;
                }
                entry.remove().cancel();
            }
            state = match state.watched.keys().next() {
                Some(&(deadline, _)) => {
                    let wait = deadline.saturating_duration_since(now);
                    self.wake
                        .wait_timeout(state, wait)
                        .unwrap_or_else(|e| e.into_inner())
                        .0
                }
                None => self.wake.wait(state).unwrap_or_else(|e| e.into_inner()),
            };
        }
    }
}

impl Drop for Deadline {
    fn drop(&mut self) {
        Watchdog::global().lock().watched.remove(&self.key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxigraph::model::{Literal, NamedNode};

    fn store() -> GlossaryStore {
        let ex = |s: &str| NamedNode::new(format!("http://example.com/{s}")).unwrap();
        let g = GraphName::from(ex("g1"));
        let quads =
            (0..20).map(|i| Quad::new(ex(&format!("s{i}")), ex("p"), Literal::from(i), g.clone()));
        GlossaryStore::from_quads(quads, &Config::default()).unwrap()
    }

    #[test]
    fn the_default_graph_is_the_union_of_the_cards_graphs() {
        let store = store();
        let q = store
            .prepare("SELECT (COUNT(*) AS ?n) { ?s ?p ?o }")
            .unwrap();
        let Answer::Solutions(s) = store.run(&q, None).unwrap() else {
            panic!()
        };
        assert_eq!(s.rows[0][0], Some(Literal::from(20).into()));
    }

    #[test]
    fn syntax_errors_are_said_in_the_users_terms_where_they_can_be() {
        let said = |q: &str| match store().prepare(q).err().unwrap() {
            SparqlError::Syntax {
                line,
                column,
                message,
            } => format!("{line}:{column}: {message}"),
            e => panic!("{e}"),
        };
        assert_eq!(said("  \n# nothing\n"), "1:1: the query is empty");
        assert!(
            said("\n  insert data { <a> <b> <c> }").starts_with(
                "2:3: SPARQL Update (INSERT) is not supported: the glossary's store is read-only"
            ),
            "{}",
            said("insert data {}")
        );
        assert_eq!(
            said("SELEC ?x {}"),
            "1:1: a query starts with SELECT, ASK, CONSTRUCT or DESCRIBE (after any PREFIX and \
             BASE), not `SELEC`"
        );
        let prefix = said("SELECT ?x WHERE {\n ?x foo:bar ?y }");
        assert!(
            prefix.starts_with("2:5: undeclared prefix `foo:` in `foo:bar`: declare it"),
            "{prefix}"
        );
        assert!(prefix.contains("skos"), "{prefix}");
        // Wherever the name stands: after a path step, as a datatype.
        for query in [
            "SELECT * { ?s skos:related/foo:bar ?o }",
            "SELECT * { ?s ?p \"1\"^^foo:int }",
        ] {
            let column = query.find("foo:").unwrap() + 1;
            let said = said(query);
            assert!(
                said.starts_with(&format!("1:{column}: undeclared prefix `foo:`")),
                "{query}: {said}"
            );
        }
        // Past the declarations, and past comments.
        assert!(
            said("# add one\nPREFIX ex: <http://e/#x>\nBASE <http://e/>\n INSERT DATA {}")
                .starts_with("4:2: SPARQL Update (INSERT) is not supported"),
        );
    }

    #[test]
    fn syntax_errors_carry_line_and_column() {
        let e = store().prepare("SELECT ?s\nWHERE { ?s ?p }").err().unwrap();
        let SparqlError::Syntax { line, column, .. } = e else {
            panic!("{e}")
        };
        // The parser points at the furthest place it reached: the end of line 2.
        assert_eq!((line, column), (2, 16));
    }

    #[test]
    fn a_runaway_query_is_stopped_at_its_deadline() {
        let store = store();
        let q = store
            .prepare(
                "SELECT (COUNT(*) AS ?n) { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o }",
            )
            .unwrap();
        let started = Instant::now();
        let e = store.run(&q, Some(Duration::from_millis(200))).unwrap_err();
        assert!(matches!(e, SparqlError::Timeout(_)), "{e}");
        assert!(started.elapsed() < Duration::from_secs(5));
        // A cross product under COUNT never reads the store while it multiplies, so only
        // giving up on it works.
        let q = store
            .prepare("SELECT (COUNT(*) AS ?n) { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o . ?p ?q ?r . ?s ?t ?u . ?v ?w ?x }")
            .unwrap();
        let started = Instant::now();
        let e = store.run(&q, Some(Duration::from_millis(200))).unwrap_err();
        assert!(matches!(e, SparqlError::Timeout(_)), "{e}");
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn parameters_are_bound_as_terms_not_text() {
        let store = store();
        let q = store
            .prepare("SELECT ?s ?o { ?s ?p ?o }")
            .unwrap()
            .bind(Variable::new_unchecked("o"), Literal::from(3).into())
            .unwrap();
        let Answer::Solutions(s) = store.run(&q, None).unwrap() else {
            panic!()
        };
        assert_eq!(s.rows.len(), 1);
        let sneaky = store
            .prepare("SELECT ?s ?o { ?s ?p ?o }")
            .unwrap()
            .bind(
                Variable::new_unchecked("o"),
                Literal::new_simple_literal("3 } UNION { ?s ?p ?o").into(),
            )
            .unwrap();
        let Answer::Solutions(s) = store.run(&sneaky, None).unwrap() else {
            panic!()
        };
        assert!(s.rows.is_empty());
        let e = store
            .prepare("SELECT ?s { ?s ?p ?o }")
            .unwrap()
            .bind(Variable::new_unchecked("o"), Literal::from(3).into())
            .err()
            .unwrap();
        assert!(e.to_string().contains("no variable ?o"), "{e}");
    }

    /// Found by the fuzz target of saved queries' parameters: a variable bound twice had its
    /// first value in the query's filters and its second in the answers' rows.
    #[test]
    fn a_variable_cannot_be_bound_twice() {
        let store = store();
        let text = Variable::new_unchecked("text");
        let e = store
            .prepare("SELECT ?l ?text { ?t ?p ?l FILTER(CONTAINS(STR(?l), ?text)) }")
            .unwrap()
            .bind(text.clone(), Literal::new_simple_literal("a").into())
            .unwrap()
            .bind(text, Literal::new_simple_literal("zzz").into())
            .err()
            .unwrap();
        assert_eq!(e.to_string(), "?text is given a value twice");
    }

    #[test]
    fn unordered_solutions_are_sorted_and_graphs_too() {
        let store = store();
        let q = store.prepare("SELECT ?o { ?s ?p ?o }").unwrap();
        let Answer::Solutions(s) = store.run(&q, None).unwrap() else {
            panic!()
        };
        let texts: Vec<String> = s
            .rows
            .iter()
            .map(|r| r[0].as_ref().unwrap().to_string())
            .collect();
        let mut sorted = texts.clone();
        sorted.sort();
        assert_eq!(texts, sorted);
        let q = store
            .prepare("CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }")
            .unwrap();
        let Answer::Graph(g) = store.run(&q, None).unwrap() else {
            panic!()
        };
        assert_eq!(g.len(), 20);
        assert!(g.windows(2).all(|w| w[0].to_string() < w[1].to_string()));
    }
}
