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
//! 3. **Room for new clients.** A connection that would pass a cap takes the place of one
//!    that is *waiting for a request head* — from the same address if that address is at its
//!    cap, else the longest-waiting one of the address holding the most connections. Such a
//!    connection has no request under way, and HTTP/1.1 lets a server close an idle
//!    connection at any time (clients open a new one). Only when every connection counted
//!    against the cap is running a request is the newcomer refused, at once, with `503` and
//!    `Retry-After`.
//!
//! The accept loop never blocks on anything but `accept`: it admits, makes room or refuses,
//! and hands the connection to a thread of its own (blocking I/O suits Oxigraph's blocking
//! evaluator). Threads are bounded by the caps, since an evicted connection is shut down
//! from the accept loop and its thread ends on its next read.
//!
//! Request bodies are read whole before the handler runs (they are queries, bounded by
//! [`Limits::max_body`]); responses of known length carry `Content-Length`, streamed ones are
//! sent chunked.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, BufWriter, Read, Write};
use std::net::{IpAddr, Shutdown, TcpListener, TcpStream};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use oxhttp::model::header::{self, HeaderName, HeaderValue};
use oxhttp::model::{Body, Method, Request, Response, StatusCode, Version};

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
    /// Largest request body, in bytes.
    pub max_body: usize,
}

/// Largest request head (request line and headers), as oxhttp had it: longer queries are
/// sent with POST.
const MAX_HEAD: usize = 8 * 1024;

/// Most header fields in a request head.
const MAX_HEADERS: usize = 100;

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
        let admitted = shared
            .table()
            .admit(peer.ip(), handle, Instant::now(), &shared.limits);
        let Ok(id) = admitted else {
            refuse(stream, peer.ip());
            continue;
        };
        let connection = Arc::clone(shared);
        let spawned = std::thread::Builder::new()
            .name(format!("glossgraph: {peer}"))
            .spawn(move || {
                serve_connection(stream, id, &connection);
                connection.table().leave(id);
            });
        if spawned.is_err() {
            shared.table().evict(id);
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

/// Something that can be closed from another thread (a socket; a stand-in in tests).
trait Closable {
    fn close(&self);
}

impl Closable for TcpStream {
    fn close(&self) {
        let _ = self.shutdown(Shutdown::Both);
    }
}

/// One connection as the accept loop sees it.
struct Entry<S> {
    client: IpAddr,
    /// A handle on the socket, to close it from the accept loop.
    socket: S,
    /// Since when it waits for a request head; `None` while a request is under way.
    waiting: Option<Instant>,
}

/// The open connections, by the order they came in.
struct Table<S> {
    next: u64,
    entries: BTreeMap<u64, Entry<S>>,
}

impl<S> Default for Table<S> {
    fn default() -> Self {
        Self {
            next: 0,
            entries: BTreeMap::new(),
        }
    }
}

impl<S: Closable> Table<S> {
    fn count(&self, client: IpAddr) -> usize {
        self.entries.values().filter(|e| e.client == client).count()
    }

    /// Admits a connection from `client`, first making room if a cap is reached; gives the
    /// socket back if there is no room to make.
    fn admit(
        &mut self,
        client: IpAddr,
        socket: S,
        now: Instant,
        limits: &Limits,
    ) -> Result<u64, S> {
        if self.count(client) >= limits.max_per_client.max(1) {
            let victim = self
                .entries
                .iter()
                .filter(|(_, e)| e.client == client)
                .filter_map(|(&id, e)| Some((e.waiting?, id)))
                .min();
            match victim {
                Some((_, id)) => self.evict(id),
                None => return Err(socket),
            }
        }
        if self.entries.len() >= limits.max_connections.max(1) {
            let mut counts: BTreeMap<IpAddr, usize> = BTreeMap::new();
            for e in self.entries.values() {
                *counts.entry(e.client).or_default() += 1;
            }
            // The address holding the most connections gives one up first; within it, the
            // connection that has waited longest.
            let victim = self
                .entries
                .iter()
                .filter_map(|(&id, e)| {
                    let since = e.waiting?;
                    let held = counts.get(&e.client).copied().unwrap_or(0);
                    Some((std::cmp::Reverse(held), since, id))
                })
                .min();
            match victim {
                Some((_, _, id)) => self.evict(id),
                None => return Err(socket),
            }
        }
        let id = self.next;
        self.next += 1;
        self.entries.insert(
            id,
            Entry {
                client,
                socket,
                waiting: Some(now),
            },
        );
        Ok(id)
    }

    /// Closes connection `id` and forgets it.
    fn evict(&mut self, id: u64) {
        if let Some(entry) = self.entries.remove(&id) {
            entry.socket.close();
        }
    }

    /// Connection `id` has a request under way: it may no longer be evicted. False if it was
    /// evicted already (its request is then dropped with the connection).
    fn busy(&mut self, id: u64) -> bool {
        match self.entries.get_mut(&id) {
            Some(entry) => {
                entry.waiting = None;
                true
            }
            None => false,
        }
    }

    /// Connection `id` answered its request and waits for the next one.
    fn waiting(&mut self, id: u64, now: Instant) {
        if let Some(entry) = self.entries.get_mut(&id) {
            entry.waiting = Some(now);
        }
    }

    /// Connection `id` has ended.
    fn leave(&mut self, id: u64) {
        self.entries.remove(&id);
    }
}

/// A request the connection layer answers itself, and closes the connection after.
struct Refusal(StatusCode, String);

impl Refusal {
    fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self(status, message.into())
    }
}

/// One connection: the socket and the bytes read from it but not yet used.
struct Connection {
    stream: TcpStream,
    buffer: Vec<u8>,
}

fn serve_connection(stream: TcpStream, id: u64, shared: &Listener) {
    let limits = &shared.limits;
    let _ = stream.set_nodelay(true);
    let _ = stream.set_write_timeout(Some(limits.io_timeout));
    let mut connection = Connection {
        stream,
        buffer: Vec::new(),
    };
    loop {
        let deadline = Instant::now() + limits.head_timeout;
        let mut request = match connection.head(deadline) {
            Ok(Some(request)) => request,
            Ok(None) => return,
            Err(refusal) => {
                connection.refuse(refusal, &shared.server);
                return;
            }
        };
        if !shared.table().busy(id) {
            return;
        }
        let body_deadline = Instant::now() + limits.io_timeout;
        match connection.body(&request, limits.max_body, body_deadline) {
            Ok(body) => *request.body_mut() = Body::from(body),
            Err(refusal) => {
                connection.refuse(refusal, &shared.server);
                return;
            }
        }
        let version = request.version();
        let close = version < Version::HTTP_11 || has_token(&request, header::CONNECTION, "close");
        let head_only = request.method() == Method::HEAD;
        let response = (shared.handler)(&mut request);
        match connection.respond(response, head_only, close, version, &shared.server) {
            Ok(true) => {}
            Ok(false) => {
                connection.linger();
                return;
            }
            Err(_) => return,
        }
        shared.table().waiting(id, Instant::now());
    }
}

/// Whether the comma-separated header `name` holds `token` (case-insensitive).
fn has_token(request: &Request<Body>, name: HeaderName, token: &str) -> bool {
    request
        .headers()
        .get_all(name)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim().eq_ignore_ascii_case(token))
}

fn is_timeout(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut | io::ErrorKind::Interrupted
    )
}

impl Connection {
    /// Reads more bytes into the buffer, waiting at most until `deadline`. `Ok(0)`: the client
    /// closed its side.
    fn fill(&mut self, deadline: Instant) -> io::Result<usize> {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        self.stream
            .set_read_timeout(Some(left.max(Duration::from_millis(1))))?;
        let mut chunk = [0; 8192];
        let n = self.stream.read(&mut chunk)?;
        self.buffer.extend_from_slice(&chunk[..n]);
        Ok(n)
    }

    /// The next request head; `None` if the client closed the connection or sent nothing
    /// before `deadline`.
    fn head(&mut self, deadline: Instant) -> Result<Option<Request<Body>>, Refusal> {
        loop {
            if !self.buffer.is_empty() {
                if let Some((request, length)) = parse_head(&self.buffer)? {
                    self.buffer.drain(..length);
                    return Ok(Some(request));
                }
                if self.buffer.len() > MAX_HEAD {
                    return Err(Refusal::new(
                        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
                        format!(
                            "the request head is longer than {} KiB: send long queries with POST",
                            MAX_HEAD / 1024
                        ),
                    ));
                }
            }
            match self.fill(deadline) {
                Ok(0) => return Ok(None),
                Ok(_) => {}
                Err(e) if is_timeout(&e) => {
                    if Instant::now() < deadline {
                        continue;
                    }
                    if self.buffer.iter().all(u8::is_ascii_whitespace) {
                        return Ok(None);
                    }
                    return Err(Refusal::new(
                        StatusCode::REQUEST_TIMEOUT,
                        "the request head did not arrive in time",
                    ));
                }
                Err(_) => return Ok(None),
            }
        }
    }

    /// The body of `request`, read whole: by `Content-Length` or chunked.
    fn body(
        &mut self,
        request: &Request<Body>,
        limit: usize,
        deadline: Instant,
    ) -> Result<Vec<u8>, Refusal> {
        let too_big = || {
            Refusal::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the request body is larger than the limit of {limit} bytes"),
            )
        };
        let headers = request.headers();
        let chunked = match headers.get(header::TRANSFER_ENCODING) {
            None => false,
            Some(_) if headers.contains_key(header::CONTENT_LENGTH) => {
                return Err(Refusal::new(
                    StatusCode::BAD_REQUEST,
                    "Transfer-Encoding and Content-Length cannot be sent together",
                ))
            }
            Some(_) if has_token(request, header::TRANSFER_ENCODING, "chunked") => true,
            Some(other) => {
                return Err(Refusal::new(
                    StatusCode::NOT_IMPLEMENTED,
                    format!(
                        "Transfer-Encoding `{}` is not supported",
                        String::from_utf8_lossy(other.as_bytes())
                    ),
                ))
            }
        };
        let mut lengths = headers.get_all(header::CONTENT_LENGTH).iter();
        let length = match lengths.next() {
            None => 0,
            Some(value) => {
                let length = value
                    .to_str()
                    .ok()
                    .and_then(|v| v.trim().parse::<u64>().ok())
                    .filter(|_| lengths.all(|other| other == value))
                    .ok_or_else(|| {
                        Refusal::new(StatusCode::BAD_REQUEST, "a malformed Content-Length")
                    })?;
                usize::try_from(length)
                    .ok()
                    .filter(|&n| n <= limit)
                    .ok_or_else(too_big)?
            }
        };
        if let Some(expect) = headers.get(header::EXPECT) {
            if !expect.as_bytes().eq_ignore_ascii_case(b"100-continue") {
                return Err(Refusal::new(
                    StatusCode::EXPECTATION_FAILED,
                    "only `Expect: 100-continue` is understood",
                ));
            }
            if request.version() >= Version::HTTP_11 && (chunked || length > 0) {
                (&self.stream)
                    .write_all(b"HTTP/1.1 100 Continue\r\n\r\n")
                    .map_err(|e| Refusal::new(StatusCode::BAD_REQUEST, e.to_string()))?;
            }
        }
        let cut_short = |e: io::Error| {
            if is_timeout(&e) {
                Refusal::new(
                    StatusCode::REQUEST_TIMEOUT,
                    "the request body did not arrive in time",
                )
            } else {
                Refusal::new(
                    StatusCode::BAD_REQUEST,
                    format!("cannot read the request body: {e}"),
                )
            }
        };
        if !chunked {
            return self.take(length, deadline).map_err(cut_short);
        }
        let mut body = Vec::new();
        loop {
            let line = self.line(deadline).map_err(cut_short)?;
            let size = std::str::from_utf8(&line)
                .ok()
                .and_then(|l| l.split(';').next())
                .and_then(|s| usize::from_str_radix(s.trim(), 16).ok())
                .ok_or_else(|| Refusal::new(StatusCode::BAD_REQUEST, "a malformed chunk size"))?;
            if size == 0 {
                // Trailer fields, up to the empty line; their values are not used.
                let mut trailers = 0;
                while !self.line(deadline).map_err(cut_short)?.is_empty() {
                    trailers += 1;
                    if trailers > MAX_HEADERS {
                        return Err(Refusal::new(StatusCode::BAD_REQUEST, "too many trailers"));
                    }
                }
                return Ok(body);
            }
            if body.len().saturating_add(size) > limit {
                return Err(too_big());
            }
            body.extend(self.take(size, deadline).map_err(cut_short)?);
            if !self.line(deadline).map_err(cut_short)?.is_empty() {
                return Err(Refusal::new(
                    StatusCode::BAD_REQUEST,
                    "a chunk longer than its size",
                ));
            }
        }
    }

    /// The next `n` bytes.
    fn take(&mut self, n: usize, deadline: Instant) -> io::Result<Vec<u8>> {
        while self.buffer.len() < n {
            match self.fill(deadline) {
                Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
                Ok(_) => {}
                Err(e) if is_timeout(&e) && Instant::now() < deadline => {}
                Err(e) => return Err(e),
            }
        }
        Ok(self.buffer.drain(..n).collect())
    }

    /// The next line, without its line break.
    fn line(&mut self, deadline: Instant) -> io::Result<Vec<u8>> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
                let mut line: Vec<u8> = self.buffer.drain(..=end).collect();
                line.pop();
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                return Ok(line);
            }
            if self.buffer.len() > MAX_HEAD {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    "a line longer than 8 KiB",
                ));
            }
            match self.fill(deadline) {
                Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
                Ok(_) => {}
                Err(e) if is_timeout(&e) && Instant::now() < deadline => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// Writes `response`. `Ok(false)`: the connection must close after it.
    fn respond(
        &mut self,
        mut response: Response<Body>,
        head_only: bool,
        mut close: bool,
        version: Version,
        server: &HeaderValue,
    ) -> io::Result<bool> {
        let status = response.status();
        let bodiless = status.is_informational()
            || status == StatusCode::NO_CONTENT
            || status == StatusCode::NOT_MODIFIED;
        let length = response.body().len();
        // A body of unknown length goes chunked; HTTP/1.0 has no chunks: it ends with the
        // connection.
        let chunked = length.is_none() && !bodiless && !head_only;
        if chunked && version < Version::HTTP_11 {
            close = true;
        }
        let mut head = format!("HTTP/1.1 {status}\r\n");
        let mut w = BufWriter::with_capacity(16 * 1024, &self.stream);
        w.write_all(head.as_bytes())?;
        for (name, value) in response.headers() {
            if is_framing(name) {
                continue;
            }
            w.write_all(name.as_str().as_bytes())?;
            w.write_all(b": ")?;
            w.write_all(value.as_bytes())?;
            w.write_all(b"\r\n")?;
        }
        head.clear();
        if !response.headers().contains_key(header::SERVER) {
            w.write_all(b"server: ")?;
            w.write_all(server.as_bytes())?;
            w.write_all(b"\r\n")?;
        }
        if close {
            head.push_str("connection: close\r\n");
        }
        match length {
            _ if bodiless => {}
            Some(n) => {
                let _ = write!(head, "content-length: {n}\r\n");
            }
            None if head_only => {}
            None if chunked && version >= Version::HTTP_11 => {
                head.push_str("transfer-encoding: chunked\r\n");
            }
            None => {}
        }
        head.push_str("\r\n");
        w.write_all(head.as_bytes())?;
        if !bodiless && !head_only {
            let body = response.body_mut();
            if chunked && version >= Version::HTTP_11 {
                let mut chunk = vec![0; 64 * 1024];
                loop {
                    let n = body.read(&mut chunk)?;
                    if n == 0 {
                        break;
                    }
                    write!(w, "{n:X}\r\n")?;
                    w.write_all(&chunk[..n])?;
                    w.write_all(b"\r\n")?;
                }
                w.write_all(b"0\r\n\r\n")?;
            } else {
                io::copy(body, &mut w)?;
            }
        }
        w.flush()?;
        Ok(!close)
    }

    /// Answers with `refusal`'s status and message, then closes.
    fn refuse(&mut self, Refusal(status, message): Refusal, server: &HeaderValue) {
        let response = Response::builder()
            .status(status)
            .header(header::CONTENT_TYPE, "text/plain; charset=utf-8")
            .body(Body::from(format!("{}\n", message.trim_end())))
            .unwrap_or_default();
        if self
            .respond(response, false, true, Version::HTTP_11, server)
            .is_ok()
        {
            self.linger();
        }
    }

    /// Closes the connection after an answer without destroying it: a socket closed with
    /// unread bytes is reset, and a reset can reach the client before it has read the
    /// answer. So the writing side is closed first, and what the client still sends is read
    /// and dropped for a moment.
    fn linger(&mut self) {
        let _ = self.stream.shutdown(Shutdown::Write);
        let deadline = Instant::now() + Duration::from_secs(1);
        let mut drained = 0;
        while drained < 1 << 20 {
            self.buffer.clear();
            match self.fill(deadline) {
                Ok(0) | Err(_) => break,
                Ok(n) => drained += n,
            }
        }
    }
}

/// The fields of a response that say how its body is framed: the connection layer writes
/// them.
fn is_framing(name: &HeaderName) -> bool {
    name == header::CONTENT_LENGTH
        || name == header::TRANSFER_ENCODING
        || name == header::CONNECTION
        || name.as_str() == "keep-alive"
}

/// A request head at the start of `bytes`, and its length; `None` if it is not whole yet.
fn parse_head(bytes: &[u8]) -> Result<Option<(Request<Body>, usize)>, Refusal> {
    let bad = |message: String| Refusal::new(StatusCode::BAD_REQUEST, message);
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut parsed = httparse::Request::new(&mut headers);
    let length = match parsed.parse(bytes) {
        Ok(httparse::Status::Complete(length)) => length,
        Ok(httparse::Status::Partial) => return Ok(None),
        Err(httparse::Error::TooManyHeaders) => {
            return Err(Refusal::new(
                StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
                format!("more than {MAX_HEADERS} header fields"),
            ))
        }
        Err(e) => return Err(bad(format!("a malformed request: {e}"))),
    };
    let method = Method::from_bytes(parsed.method.unwrap_or_default().as_bytes())
        .map_err(|e| bad(format!("a malformed method: {e}")))?;
    let version = match parsed.version {
        Some(0) => Version::HTTP_10,
        _ => Version::HTTP_11,
    };
    let mut request = Request::builder()
        .method(method)
        .uri(parsed.path.unwrap_or("/"))
        .version(version);
    for field in parsed.headers.iter() {
        request = request.header(field.name, field.value);
    }
    let request = request
        .body(Body::empty())
        .map_err(|e| bad(format!("a malformed request: {e}")))?;
    Ok(Some((request, length)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::rc::Rc;

    /// A socket stand-in that records being closed.
    #[derive(Clone, Default)]
    struct Socket(Rc<Cell<bool>>);

    impl Closable for Socket {
        fn close(&self) {
            self.0.set(true);
        }
    }

    fn limits(max_connections: usize, max_per_client: usize) -> Limits {
        Limits {
            max_connections,
            max_per_client,
            head_timeout: Duration::from_secs(5),
            io_timeout: Duration::from_secs(30),
            max_body: 1000,
        }
    }

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([10, 0, 0, last])
    }

    #[test]
    fn a_client_at_its_cap_gives_up_its_longest_waiting_connection() {
        let (mut table, limits, start) = (Table::default(), limits(100, 3), Instant::now());
        let sockets: Vec<Socket> = (0..3).map(|_| Socket::default()).collect();
        let ids: Vec<u64> = (0..3)
            .map(|i| {
                let at = start + Duration::from_millis(i);
                table.admit(ip(1), sockets[i as usize].clone(), at, &limits)
            })
            .collect::<Result<_, _>>()
            .ok()
            .unwrap();
        // The first is running a request: the second has waited longest.
        assert!(table.busy(ids[0]));
        let fourth = table.admit(
            ip(1),
            Socket::default(),
            start + Duration::from_secs(1),
            &limits,
        );
        assert!(fourth.is_ok());
        assert!(!sockets[0].0.get() && sockets[1].0.get() && !sockets[2].0.get());
        assert!(
            !table.busy(ids[1]),
            "an evicted connection cannot start a request"
        );
        // Another address is not affected by this one's cap.
        assert!(table
            .admit(ip(2), Socket::default(), start, &limits)
            .is_ok());
        assert_eq!((table.count(ip(1)), table.count(ip(2))), (3, 1));
    }

    #[test]
    fn a_client_whose_connections_all_run_requests_is_refused() {
        let (mut table, limits, now) = (Table::default(), limits(100, 2), Instant::now());
        for _ in 0..2 {
            let id = table
                .admit(ip(1), Socket::default(), now, &limits)
                .ok()
                .unwrap();
            assert!(table.busy(id));
        }
        assert!(table.admit(ip(1), Socket::default(), now, &limits).is_err());
        assert!(table.admit(ip(2), Socket::default(), now, &limits).is_ok());
    }

    #[test]
    fn at_the_global_cap_the_busiest_address_makes_room() {
        let (mut table, limits, start) = (Table::default(), limits(4, 4), Instant::now());
        // One waiting connection from .1 (the oldest), three from .2.
        let quiet = Socket::default();
        table
            .admit(ip(1), quiet.clone(), start, &limits)
            .ok()
            .unwrap();
        let crowd: Vec<Socket> = (0..3).map(|_| Socket::default()).collect();
        for (i, s) in crowd.iter().enumerate() {
            let at = start + Duration::from_millis(1 + i as u64);
            table.admit(ip(2), s.clone(), at, &limits).ok().unwrap();
        }
        assert!(table
            .admit(ip(3), Socket::default(), start, &limits)
            .is_ok());
        assert!(!quiet.0.get(), "the address with one connection keeps it");
        assert!(crowd[0].0.get() && !crowd[1].0.get() && !crowd[2].0.get());
        assert_eq!(table.entries.len(), 4);
        // Once every connection runs a request, newcomers are refused.
        let ids: Vec<u64> = table.entries.keys().copied().collect();
        for id in ids {
            assert!(table.busy(id));
        }
        assert!(table
            .admit(ip(4), Socket::default(), start, &limits)
            .is_err());
        table.leave(*table.entries.keys().next().unwrap());
        assert!(table
            .admit(ip(4), Socket::default(), start, &limits)
            .is_ok());
    }

    #[test]
    fn request_heads_are_parsed_whole_or_not_at_all() {
        let head = b"GET /query?query=ASK%7B%7D HTTP/1.1\r\nHost: x\r\nAccept: text/csv\r\n\r\nGET";
        let (request, length) = parse_head(head).ok().flatten().unwrap();
        assert_eq!(length, head.len() - 3);
        assert_eq!(request.uri().path(), "/query");
        assert_eq!(request.headers()[header::ACCEPT], "text/csv");
        assert!(parse_head(b"GET /query?que").ok().unwrap().is_none());
        let Err(Refusal(status, _)) = parse_head(b"GET / HTTP/1.1\r\nbad header\r\n\r\n") else {
            panic!("a malformed head was accepted");
        };
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
}
