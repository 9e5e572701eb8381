//! The accept loop and the HTTP/1.1 connections of `glossgraph serve`, shaped so that slow
//! or idle clients cannot starve the others (issue 22).
//!
//! oxhttp's server, which served here before, has two knobs — one timeout applied to every
//! read and write, and a cap on connections — and neither helps against a client that opens
//! connections and sends nothing, or half a request line: the timeout restarts with every
//! byte, and once the cap is reached its accept loop waits for a connection to end, so a
//! few hundred idle sockets (258 in the issue) lock everyone else out for as long as they
//! care to. It has no notion of a client address either. So the accept loop is our own, and
//! with it the reading of requests (with `httparse`, the parser oxhttp uses) and the writing
//! of responses; the request and response types remain oxhttp's (the `http` crate's).
//!
//! Three rules, as servers people trust apply them:
//!
//! 1. **A deadline for the request head.** A connection ready for a request — new, or kept
//!    alive after an answer — must deliver a whole request head within
//!    [`Limits::head_timeout`] (a few seconds), however it trickles in. Past it, a client
//!    that sent part of a head gets `408`; one that sent nothing is closed quietly.
//! 2. **Caps.** At most [`Limits::max_per_client`] connections from one client address, and
//!    [`Limits::max_connections`] in all.
//! 3. **Room for new clients**, made the way nginx reuses keep-alive connections (issue 38).
//!    Before a cap is judged, connections whose client has gone (the socket shows the end
//!    of the stream) and whose thread has not noticed yet are closed and no longer count.
//!    Then a connection that would pass a cap takes the place of one that may be evicted:
//!    one that *answered a request and sits idle*, or a new one that has sent part of a head
//!    for `table::FRESH_GRACE` or nothing for `table::SILENT_GRACE` — and in all cases has no unread
//!    bytes in its socket, nor any its thread has taken and not yet judged (the thread says
//!    so before it takes them: `Table::reading`). A connection
//!    running a request, or a new one whose request is already in its socket, is never
//!    evicted (HTTP/1.1 lets a server close an idle connection, not one with a request in
//!    flight). From the same address if that address is at its cap, else the longest-waiting
//!    one of the address holding the most connections. When nothing may be evicted, the
//!    newcomer waits for room on a thread of its own for up to [`ADMIT_WAIT`] (a connection
//!    that has just answered becomes idle a moment later), then gets `503` with
//!    `Retry-After`.
//! 4. **Answers are read whole.** An answer has a deadline as a whole
//!    ([`Limits::response_timeout`]), not only per write; a streamed body whose producer
//!    fails ends the connection without the final chunk, so it never looks whole; and an
//!    early answer (`413` to a body too large) is followed by a lingering close: what the
//!    client still sends is read and dropped for a bounded time, so that a client that sends
//!    its whole body before reading (Python's `http.client`, curl without `Expect`) gets the
//!    answer instead of a reset.
//!
//! Why our own layer rather than hyper's server: the rules above need the accept loop to see
//! every connection's state (fresh, busy, idle) and its socket, across clients, which
//! hyper's per-connection futures do not expose without a table like this one beside them;
//! and Oxigraph's evaluator blocks, so a thread per connection is what it would run on
//! anyway. A comparison of the two under the load and slow-client tests was not made.
//!
//! The accept loop never blocks on anything but `accept`: it admits, makes room or refuses,
//! and hands the connection to a thread of its own (blocking I/O suits Oxigraph's blocking
//! evaluator). Threads are bounded by the caps, since an evicted connection is shut down
//! from the accept loop and its thread ends on its next read.
//!
//! Request bodies are read whole before the handler runs (they are queries, bounded by
//! [`Limits::max_body`]); responses of known length carry `Content-Length`, streamed ones are
//! sent chunked.

use std::io::{self, Write};
use std::net::{IpAddr, Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use oxhttp::model::header::HeaderValue;
use oxhttp::model::{Body, Request, Response};

mod connection;
mod table;

pub use connection::{exchange, Exchange, MAX_HEAD, READ_SIZE};
use connection::{Connection, Tell};
use table::Table;

/// What answers a request.
pub(super) type Handler = dyn Fn(&mut Request<Body>) -> Response<Body> + Send + Sync;

/// The limits of the listener.
#[derive(Debug, Clone)]
pub(super) struct Limits {
    /// Most connections at once.
    pub max_connections: usize,
    /// Most connections at once from one client address.
    pub max_per_client: usize,
    /// Longest a connection may take to deliver a request head once it is ready for one.
    pub head_timeout: Duration,
    /// Longest a request body may take to arrive, and a write of the answer to be taken.
    pub io_timeout: Duration,
    /// Longest the whole of one answer may take to be written, however the client reads it:
    /// the write timeout restarts with every write, so a client taking a byte at a time would
    /// otherwise hold a busy connection for ever.
    pub response_timeout: Duration,
    /// Largest request body, in bytes.
    pub max_body: usize,
}

/// Starts accepting connections on `listener` in a thread of its own.
///
/// # Errors
/// The thread cannot be started.
pub(super) fn spawn(
    listener: TcpListener,
    limits: Limits,
    server: HeaderValue,
    handler: Arc<Handler>,
) -> io::Result<()> {
    let shared = Arc::new(Listener {
        limits,
        server,
        handler,
        table: Mutex::new(Table::default()),
        queued: AtomicUsize::new(0),
    });
    std::thread::Builder::new()
        .name("glossgraph: accept".into())
        .spawn(move || accept(&listener, &shared))?;
    Ok(())
}

/// What every connection thread shares with the accept loop.
struct Listener {
    limits: Limits,
    server: HeaderValue,
    handler: Arc<Handler>,
    table: Mutex<Table<TcpStream>>,
    /// Newcomers waiting for room ([`wait_for_room`]).
    queued: AtomicUsize,
}

impl Listener {
    fn table(&self) -> MutexGuard<'_, Table<TcpStream>> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

fn accept(listener: &TcpListener, shared: &Arc<Listener>) {
    loop {
        let stream = match listener.accept() {
            Ok((stream, _)) => stream,
            Err(_) => {
                // Out of file descriptors, or a connection reset before it was accepted:
                // pause rather than spin, then go on.
                std::thread::sleep(Duration::from_millis(10));
                continue;
            }
        };
        let Ok(peer) = stream.peer_addr() else {
            continue;
        };
        let Ok(handle) = stream.try_clone() else {
            continue;
        };
        let client = peer.ip();
        let admitted = shared
            .table()
            .admit(client, handle, Instant::now(), &shared.limits);
        // No room now: the newcomer waits for some in a thread of its own (a connection
        // that has just answered is about to be marked idle, a closed one to be noticed),
        // as long as not too many wait already.
        let waiting = match admitted {
            Ok(id) => Err(id),
            Err(handle) => {
                if shared.queued.fetch_add(1, AtomicOrdering::Relaxed)
                    >= shared.limits.max_connections
                {
                    shared.queued.fetch_sub(1, AtomicOrdering::Relaxed);
                    refuse(stream, client);
                    continue;
                }
                Ok(handle)
            }
        };
        let admitted_id = waiting.as_ref().err().copied();
        let connection = Arc::clone(shared);
        let spawned = std::thread::Builder::new()
            .name(format!("glossgraph: {peer}"))
            .spawn(move || {
                let id = match waiting {
                    Err(id) => id,
                    Ok(handle) => {
                        let room = wait_for_room(&connection, client, handle);
                        connection.queued.fetch_sub(1, AtomicOrdering::Relaxed);
                        match room {
                            Some(id) => id,
                            None => return refuse(stream, client),
                        }
                    }
                };
                serve_connection(stream, id, &connection);
                connection.table().leave(id);
            });
        if spawned.is_err() {
            match admitted_id {
                Some(id) => shared.table().evict(id),
                None => {
                    shared.queued.fetch_sub(1, AtomicOrdering::Relaxed);
                }
            }
        }
    }
}

/// How long a newcomer at a cap waits for room before it is refused with `503`.
const ADMIT_WAIT: Duration = Duration::from_secs(1);

/// Admits `handle` once there is room for it, trying every few milliseconds for at most
/// [`ADMIT_WAIT`]; `None` if there was none.
fn wait_for_room(shared: &Listener, client: IpAddr, mut handle: TcpStream) -> Option<u64> {
    let start = Instant::now();
    loop {
        std::thread::sleep(Duration::from_millis(5));
        let now = Instant::now();
        match shared.table().admit(client, handle, now, &shared.limits) {
            Ok(id) => return Some(id),
            Err(back) if now.duration_since(start) < ADMIT_WAIT => handle = back,
            Err(_) => return None,
        }
    }
}

/// Turns a connection away without waiting for anything: every connection counted against
/// the caps is running a request.
fn refuse(stream: TcpStream, client: IpAddr) {
    let message = format!(
        "the server is busy: every connection it takes (from {client}, or in all) is running a \
         request; try again in a moment\n"
    );
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n\
         retry-after: 1\r\nconnection: close\r\ncontent-length: {}\r\n\r\n{message}",
        message.len()
    );
    // A fresh socket's send buffer takes these few bytes at once; never wait for it.
    if stream.set_nonblocking(true).is_ok() {
        let _ = (&stream).write_all(answer.as_bytes());
    }
    let _ = stream.shutdown(Shutdown::Write);
}

fn serve_connection(stream: TcpStream, id: u64, shared: &Listener) {
    let _ = stream.set_nodelay(true);
    let mut tell = Told {
        table: &shared.table,
        id,
    };
    Connection::new(stream, &shared.limits).serve(
        &shared.limits,
        &shared.server,
        &*shared.handler,
        &mut tell,
    );
}

/// A connection's entry in the listener's table.
struct Told<'a> {
    table: &'a Mutex<Table<TcpStream>>,
    id: u64,
}

impl Told<'_> {
    fn table(&self) -> MutexGuard<'_, Table<TcpStream>> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Tell for Told<'_> {
    fn reading(&mut self) -> bool {
        self.table().reading(self.id)
    }

    fn heard(&mut self) {
        self.table().heard(self.id);
    }

    fn busy(&mut self) -> bool {
        self.table().busy(self.id)
    }

    fn waiting(&mut self, holding: bool) {
        self.table().waiting(self.id, Instant::now(), holding);
    }
}
