//! One HTTP/1.1 connection of `glossgraph serve`: reading its requests (the head with
//! `httparse`, the body whole, by `Content-Length` or chunked) and writing their answers
//! (`Content-Length` when the length is known, chunked when streamed), with the deadlines and
//! the lingering close of rule 4 of the module above. What the accept loop must know of it
//! (bytes about to be read, part of a head come, a request under way, an answer given) it is
//! told through [`Tell`].
//!
//! A connection runs over a [`Wire`]: a TCP socket, or bytes in memory ([`exchange`]), which
//! is how the fuzz target of the request reader feeds it (`fuzz/`), without a socket.

use std::fmt::Write as _;
use std::io::{self, BufWriter, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::time::{Duration, Instant};

use oxhttp::model::header::{self, HeaderName, HeaderValue};
use oxhttp::model::{Body, Method, Request, Response, StatusCode, Version};

use super::Limits;

/// Largest request head (request line and headers), as oxhttp had it: longer queries are
/// sent with POST. Lines of a chunked body (sizes, trailers) have the same bound.
pub const MAX_HEAD: usize = 8 * 1024;

/// Most bytes taken from the wire at once: what a connection holds of a request is at most
/// this much beyond the larger of [`MAX_HEAD`] and the body limit.
pub const READ_SIZE: usize = 8 * 1024;

/// Most header fields in a request head.
const MAX_HEADERS: usize = 100;

/// A request the connection layer answers itself, and closes the connection after.
struct Refusal(StatusCode, String);

impl Refusal {
    fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self(status, message.into())
    }
}

/// What a connection reads requests from and writes answers to.
pub(super) trait Wire: Read + Write {
    /// Waits until bytes, or the end of the stream, can be read, for `timeout` at most;
    /// takes nothing.
    fn readable(&mut self, timeout: Duration) -> io::Result<()>;
    /// How long a read may wait.
    fn read_timeout(&mut self, timeout: Duration) -> io::Result<()>;
    /// How long a write may wait.
    fn write_timeout(&mut self, timeout: Duration) -> io::Result<()>;
    /// Closes the writing side: the client reads the end of the stream.
    fn end_writing(&mut self);
}

impl Wire for TcpStream {
    fn readable(&mut self, timeout: Duration) -> io::Result<()> {
        use rustix::net::{recv, RecvFlags};
        self.set_read_timeout(Some(timeout))?;
        let mut byte = [0u8; 1];
        match recv(&*self, &mut byte[..], RecvFlags::PEEK) {
            Ok(_) => Ok(()),
            Err(e) => Err(io::Error::from(e)),
        }
    }

    fn read_timeout(&mut self, timeout: Duration) -> io::Result<()> {
        self.set_read_timeout(Some(timeout))
    }

    fn write_timeout(&mut self, timeout: Duration) -> io::Result<()> {
        self.set_write_timeout(Some(timeout))
    }

    fn end_writing(&mut self) {
        let _ = self.shutdown(Shutdown::Write);
    }
}

/// One connection: the wire and the bytes read from it but not yet used.
pub(super) struct Connection<S: Wire> {
    stream: S,
    buffer: Vec<u8>,
    io_timeout: Duration,
    response_timeout: Duration,
    /// The most bytes the buffer has held at once.
    most_held: usize,
}

/// What a connection's thread tells the accept loop's table of its state: see
/// `Table::reading`, `Table::heard`, `Table::busy` and `Table::waiting`.
pub(super) trait Tell {
    /// Bytes wait in the socket and are about to be taken; false if the connection was
    /// evicted meanwhile.
    fn reading(&mut self) -> bool;
    /// Part of a head has come, and the thread waits for the rest.
    fn heard(&mut self);
    /// A whole head has come (or its refusal is due): an answer is under way. False if the
    /// connection was evicted meanwhile.
    fn busy(&mut self) -> bool;
    /// The answer is given, and the connection waits for the next request; `holding`: bytes
    /// of it are already in the buffer.
    fn waiting(&mut self, holding: bool);
}

/// The writing of one response through `w`, for [`Connection::respond`].
fn write_response(
    w: Paced<'_, impl Wire>,
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
    let mut w = BufWriter::with_capacity(16 * 1024, w);
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
    // RFC 9110 asks an origin server with a clock to send Date.
    if !response.headers().contains_key(header::DATE) {
        w.write_all(b"date: ")?;
        w.write_all(httpdate::fmt_http_date(std::time::SystemTime::now()).as_bytes())?;
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

/// The wire, written with a deadline for the whole answer: each write may block at most
/// the I/O timeout, and none may start or last past the deadline.
struct Paced<'a, S> {
    stream: &'a mut S,
    deadline: Instant,
    io_timeout: Duration,
}

impl<S: Wire> Write for Paced<'_, S> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the answer was not taken in time",
            ));
        }
        self.stream.write_timeout(left.min(self.io_timeout))?;
        self.stream.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.stream.flush()
    }
}

/// `text` as a number when it is one or more decimal digits and nothing else: RFC 9112 has
/// `Content-Length = 1*DIGIT`, where Rust's own integer parse also takes a leading `+`.
/// `None` for anything else, or a number past `u64`.
fn decimal(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Whether the body of `request` is chunked, by its `Transfer-Encoding` (RFC 9112, 6.1 and
/// 6.3); a refusal when the body's framing cannot be trusted or its codings are not
/// understood. Either ends the connection after the answer.
///
/// - `chunked` must be the last coding, and come once: otherwise the body's length cannot
///   be told, and RFC 9112 asks for `400` and a closed connection. A coding alone that is not
///   `chunked` (`gzip`) is such a case: its body would end only with the connection.
/// - Any other coding before it (`gzip, chunked`) is one this server does not decode: `501`,
///   as RFC 9112 advises for a coding not understood (the framing itself is sound).
/// - HTTP/1.0 has no transfer codings: a 1.0 request that sends one has faulty framing
///   (`400`), and so has one that also sends `Content-Length` (which RFC 9112 lets a server
///   refuse rather than ignore, against request smuggling).
fn is_chunked(request: &Request<Body>) -> Result<bool, Refusal> {
    let headers = request.headers();
    if !headers.contains_key(header::TRANSFER_ENCODING) {
        return Ok(false);
    }
    let bad = |message: String| Err(Refusal::new(StatusCode::BAD_REQUEST, message));
    if headers.contains_key(header::CONTENT_LENGTH) {
        return bad("Transfer-Encoding and Content-Length cannot be sent together".into());
    }
    if request.version() < Version::HTTP_11 {
        return bad("an HTTP/1.0 request cannot have a Transfer-Encoding".into());
    }
    let sent: Vec<String> = headers
        .get_all(header::TRANSFER_ENCODING)
        .iter()
        .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
        .collect();
    let sent = sent.join(", ");
    // The codings' names, without their parameters; empty list elements are allowed.
    let codings: Vec<String> = sent
        .split(',')
        .map(|c| {
            c.split(';')
                .next()
                .unwrap_or_default()
                .trim()
                .to_ascii_lowercase()
        })
        .filter(|c| !c.is_empty())
        .collect();
    let Some((last, before)) = codings.split_last() else {
        return bad("an empty Transfer-Encoding".into());
    };
    if last != "chunked" {
        return bad(format!(
            "Transfer-Encoding `{sent}` does not end with `chunked`: the request body's length \
             cannot be told"
        ));
    }
    if before.iter().any(|c| c == "chunked") {
        return bad(format!(
            "Transfer-Encoding `{sent}` applies `chunked` more than once"
        ));
    }
    if let Some(other) = before.first() {
        return Err(Refusal::new(
            StatusCode::NOT_IMPLEMENTED,
            format!("Transfer-Encoding `{other}` is not supported: send the body `chunked` alone"),
        ));
    }
    Ok(true)
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

/// The refusal of a request whose body could not be read whole: it stopped coming, or broke.
fn cut_short(e: io::Error) -> Refusal {
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
}

fn is_timeout(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut | io::ErrorKind::Interrupted
    )
}

impl<S: Wire> Connection<S> {
    pub(super) fn new(mut stream: S, limits: &Limits) -> Self {
        let _ = stream.write_timeout(limits.io_timeout);
        Self {
            stream,
            buffer: Vec::new(),
            io_timeout: limits.io_timeout,
            response_timeout: limits.response_timeout,
            most_held: 0,
        }
    }

    /// Reads and answers requests until the connection ends: each head within
    /// `limits.head_timeout`, its body whole, answered by `handler`. Refused requests are
    /// answered here, and end the connection.
    pub(super) fn serve(
        &mut self,
        limits: &Limits,
        server: &HeaderValue,
        handler: &dyn Fn(&mut Request<Body>) -> Response<Body>,
        tell: &mut dyn Tell,
    ) {
        loop {
            let deadline = Instant::now() + limits.head_timeout;
            let head = self.head(deadline, tell);
            // What the thread holds now is a whole head, or a refusal of one: an answer is
            // due, and the connection may no longer be evicted.
            if !matches!(head, Ok(None)) && !tell.busy() {
                return;
            }
            let mut request = match head {
                Ok(Some(request)) => request,
                Ok(None) => return,
                Err(refusal) => return self.refuse(refusal, server),
            };
            let body_deadline = Instant::now() + limits.io_timeout;
            match self.body(&request, limits.max_body, body_deadline) {
                Ok(body) => *request.body_mut() = Body::from(body),
                Err(refusal) => return self.refuse(refusal, server),
            }
            let version = request.version();
            let close =
                version < Version::HTTP_11 || has_token(&request, header::CONNECTION, "close");
            let head_only = request.method() == Method::HEAD;
            let response = handler(&mut request);
            match self.respond(response, head_only, close, version, server) {
                Ok(true) => {}
                Ok(false) => return self.linger(),
                Err(_) => return,
            }
            tell.waiting(!self.buffer.is_empty());
        }
    }

    /// Reads more bytes into the buffer, waiting at most until `deadline`. `Ok(0)`: the client
    /// closed its side.
    fn fill(&mut self, deadline: Instant) -> io::Result<usize> {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        self.stream
            .read_timeout(left.max(Duration::from_millis(1)))?;
        let mut chunk = [0; READ_SIZE];
        let n = self.stream.read(&mut chunk)?;
        self.buffer.extend_from_slice(&chunk[..n]);
        self.most_held = self.most_held.max(self.buffer.len());
        Ok(n)
    }

    /// Waits until bytes, or the end of the stream, can be read from the wire, at most
    /// until `deadline`; takes nothing.
    fn readable(&mut self, deadline: Instant) -> io::Result<()> {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        self.stream.readable(left.max(Duration::from_millis(1)))
    }

    /// The next request head; `None` if the client closed the connection or sent nothing
    /// before `deadline`, or if the connection was evicted.
    ///
    /// `tell` hears of the bytes before they are taken from the socket ([`Tell::reading`]),
    /// and of each part of a head that is not yet whole ([`Tell::heard`]); once a head is
    /// whole (or refused), the caller tells it the connection is busy.
    fn head(
        &mut self,
        deadline: Instant,
        tell: &mut dyn Tell,
    ) -> Result<Option<Request<Body>>, Refusal> {
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
                tell.heard();
            }
            let filled = self.readable(deadline).and_then(|()| {
                if tell.reading() {
                    self.fill(deadline)
                } else {
                    Ok(0)
                }
            });
            match filled {
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
        let chunked = is_chunked(request)?;
        let mut lengths = headers.get_all(header::CONTENT_LENGTH).iter();
        let length = match lengths.next() {
            None => 0,
            Some(value) => {
                let length = value
                    .to_str()
                    .ok()
                    .and_then(|v| decimal(v.trim()))
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
                self.stream
                    .write_all(b"HTTP/1.1 100 Continue\r\n\r\n")
                    .map_err(|e| Refusal::new(StatusCode::BAD_REQUEST, e.to_string()))?;
            }
        }
        if !chunked {
            return self.take(length, deadline).map_err(cut_short);
        }
        let mut body = Vec::new();
        loop {
            let size = self.chunk_size(deadline)?;
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
            let size = usize::try_from(size)
                .ok()
                .filter(|&n| n <= limit - body.len())
                .ok_or_else(too_big)?;
            body.extend(self.take(size, deadline).map_err(cut_short)?);
            if !self.line(deadline).map_err(cut_short)?.is_empty() {
                return Err(Refusal::new(
                    StatusCode::BAD_REQUEST,
                    "a chunk longer than its size",
                ));
            }
        }
    }

    /// The size of the next chunk, from its line (`httparse::parse_chunk_size`: hexadecimal
    /// digits, then extensions, which are ignored, up to CRLF).
    fn chunk_size(&mut self, deadline: Instant) -> Result<u64, Refusal> {
        let malformed = || Refusal::new(StatusCode::BAD_REQUEST, "a malformed chunk size");
        loop {
            match httparse::parse_chunk_size(&self.buffer) {
                // httparse takes a line with no digits as a size of 0: RFC 9112 has
                // `chunk-size = 1*HEXDIG`, and an empty line read as the last chunk would end
                // the body where its sender did not.
                Ok(httparse::Status::Complete((used, size)))
                    if self.buffer.first().is_some_and(u8::is_ascii_hexdigit) =>
                {
                    self.buffer.drain(..used);
                    return Ok(size);
                }
                Ok(httparse::Status::Complete(_)) | Err(_) => return Err(malformed()),
                Ok(httparse::Status::Partial) if self.buffer.len() > MAX_HEAD => {
                    return Err(Refusal::new(
                        StatusCode::BAD_REQUEST,
                        format!("a chunk size line longer than {} KiB", MAX_HEAD / 1024),
                    ))
                }
                Ok(httparse::Status::Partial) => self.more(deadline).map_err(cut_short)?,
            }
        }
    }

    /// Reads at least one more byte into the buffer, before `deadline`.
    fn more(&mut self, deadline: Instant) -> io::Result<()> {
        loop {
            match self.fill(deadline) {
                Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
                Ok(_) => return Ok(()),
                Err(e) if is_timeout(&e) && Instant::now() < deadline => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// The next `n` bytes.
    fn take(&mut self, n: usize, deadline: Instant) -> io::Result<Vec<u8>> {
        while self.buffer.len() < n {
            self.more(deadline)?;
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
            self.more(deadline)?;
        }
    }

    /// Writes `response` within the response deadline. `Ok(false)`: the connection must
    /// close after it. An error (the deadline passed, the client went away, a streamed body
    /// failed) leaves the answer without its end: the caller closes the connection.
    fn respond(
        &mut self,
        response: Response<Body>,
        head_only: bool,
        close: bool,
        version: Version,
        server: &HeaderValue,
    ) -> io::Result<bool> {
        let paced = Paced {
            stream: &mut self.stream,
            deadline: Instant::now() + self.response_timeout,
            io_timeout: self.io_timeout,
        };
        let kept = write_response(paced, response, head_only, close, version, server);
        let _ = self.stream.write_timeout(self.io_timeout);
        kept
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
    /// answer. So the writing side is closed first, and what the client still sends (the
    /// rest of a body too large, say) is read and dropped until it closes its side, for at
    /// most [`LINGER`], each read waiting at most a second, as nginx's lingering close.
    fn linger(&mut self) {
        self.stream.end_writing();
        let end = Instant::now() + LINGER;
        loop {
            self.buffer.clear();
            let deadline = end.min(Instant::now() + Duration::from_secs(1));
            match self.fill(deadline) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
        }
    }
}

/// Longest a lingering close reads what the client still sends.
const LINGER: Duration = Duration::from_secs(5);

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

/// A client in memory: it sent `input`, handed over `step` bytes per read as a socket may
/// split it, then closed its side; what the server writes is kept.
struct Replay<'a> {
    input: &'a [u8],
    step: usize,
    written: Vec<u8>,
}

impl Read for Replay<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.input.len().min(self.step).min(buf.len());
        buf[..n].copy_from_slice(&self.input[..n]);
        self.input = &self.input[n..];
        Ok(n)
    }
}

impl Write for Replay<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.written.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Wire for Replay<'_> {
    fn readable(&mut self, _: Duration) -> io::Result<()> {
        Ok(())
    }

    fn read_timeout(&mut self, _: Duration) -> io::Result<()> {
        Ok(())
    }

    fn write_timeout(&mut self, _: Duration) -> io::Result<()> {
        Ok(())
    }

    fn end_writing(&mut self) {}
}

/// A connection on its own, with no table to tell.
struct Alone;

impl Tell for Alone {
    fn reading(&mut self) -> bool {
        true
    }

    fn heard(&mut self) {}

    fn busy(&mut self) -> bool {
        true
    }

    fn waiting(&mut self, _: bool) {}
}

/// What the server wrote back in an [`exchange`], and what it held meanwhile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    /// Every byte written to the client, interim answers (`100 Continue`) included.
    pub written: Vec<u8>,
    /// The most bytes of the input held at once (a head, a body, what came with them).
    pub most_held: usize,
}

/// One connection of `glossgraph serve` over bytes in memory: a client sent `input` (handed
/// over `step` bytes per read, as a socket may split it) and then closed its sending side;
/// each request is answered by `handler`, bodies up to `max_body` bytes. The request reader
/// and the answer writer as `serve` runs them, with the limits of `serve`'s defaults, but
/// no socket, no accept loop and no waiting: for the fuzz target of the reader (`fuzz/`)
/// and tests.
pub fn exchange(
    input: &[u8],
    step: usize,
    max_body: usize,
    handler: &dyn Fn(&mut Request<Body>) -> Response<Body>,
) -> Exchange {
    let limits = Limits {
        max_connections: 1,
        max_per_client: 1,
        head_timeout: Duration::from_secs(5),
        io_timeout: Duration::from_secs(30),
        response_timeout: Duration::from_secs(600),
        max_body,
    };
    let replay = Replay {
        input,
        step: step.max(1),
        written: Vec::new(),
    };
    let mut connection = Connection::new(replay, &limits);
    let server = HeaderValue::from_static("glossgraph");
    connection.serve(&limits, &server, handler, &mut Alone);
    Exchange {
        written: connection.stream.written,
        most_held: connection.most_held,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn lengths_are_decimal_digits_only() {
        assert_eq!(decimal("5"), Some(5));
        assert_eq!(decimal("0012"), Some(12));
        for bad in ["+5", "-5", "", " 5", "5 ", "5_0", "0x10", "1f", "١٢"] {
            assert_eq!(decimal(bad), None, "{bad:?}");
        }
        assert_eq!(decimal("99999999999999999999999"), None);
    }

    /// Answers with the method, the path and the body it was given.
    fn echo(request: &mut Request<Body>) -> Response<Body> {
        let mut body = Vec::new();
        request.body_mut().read_to_end(&mut body).unwrap();
        let text = format!(
            "{} {} {}",
            request.method(),
            request.uri().path(),
            String::from_utf8_lossy(&body)
        );
        Response::builder()
            .header(header::DATE, "-")
            .body(Body::from(text))
            .unwrap()
    }

    #[test]
    fn requests_read_from_memory_are_answered_in_order_however_the_bytes_come() {
        let input = b"GET /a HTTP/1.1\r\nHost: x\r\n\r\n\
                      POST /b HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\n\
                      Transfer-Encoding: chunked\r\n\r\n3;x\r\nASK\r\n3\r\n {}\r\n0\r\n\r\n\
                      POST /c HTTP/1.1\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi";
        let expected = "HTTP/1.1 200 OK\r\ndate: -\r\nserver: glossgraph\r\n\
                        content-length: 7\r\n\r\nGET /a \
                        HTTP/1.1 100 Continue\r\n\r\n\
                        HTTP/1.1 200 OK\r\ndate: -\r\nserver: glossgraph\r\n\
                        content-length: 14\r\n\r\nPOST /b ASK {}\
                        HTTP/1.1 200 OK\r\ndate: -\r\nserver: glossgraph\r\n\
                        connection: close\r\ncontent-length: 10\r\n\r\nPOST /c hi";
        for step in [1, 2, 7, 100, 10_000] {
            let answer = exchange(input, step, 100, &echo);
            assert_eq!(String::from_utf8_lossy(&answer.written), expected, "{step}");
            assert!(answer.most_held <= input.len(), "{step}");
        }
    }

    #[test]
    fn a_body_past_the_limit_is_refused_without_being_held() {
        let mut input = b"POST /q HTTP/1.1\r\nContent-Length: 1000000\r\n\r\n".to_vec();
        input.resize(input.len() + 1_000_000, b'x');
        let answer = exchange(&input, 65_536, 1000, &echo);
        let written = String::from_utf8_lossy(&answer.written);
        assert!(
            written.starts_with("HTTP/1.1 413 Payload Too Large\r\n"),
            "{written}"
        );
        // The lingering close reads the rest and drops it, a read at a time.
        assert!(
            answer.most_held <= MAX_HEAD + READ_SIZE,
            "{}",
            answer.most_held
        );
        let mut chunked = b"POST /q HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n".to_vec();
        for _ in 0..100 {
            chunked.extend_from_slice(b"10\r\n0123456789abcdef\r\n");
        }
        let answer = exchange(&chunked, 65_536, 1000, &echo);
        let written = String::from_utf8_lossy(&answer.written);
        assert!(
            written.starts_with("HTTP/1.1 413 Payload Too Large\r\n"),
            "{written}"
        );
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
