//! A small blocking HTTP client over `ureq` for SPARQL endpoints and Graph Stores: it answers
//! Basic and Digest challenges (Virtuoso's `/sparql-graph-crud-auth` asks for Digest),
//! retries with growing pauses on 5xx answers and failed connections, and turns a 4xx into an
//! error that carries the server's own message. Credentials come from the caller (the binary
//! reads them from an environment variable or a file), never from the command line; `Debug`
//! hides the password.
//!
//! [`Client::select`] reads answers back (used by `push --verify` and the tests) and refuses
//! what looks complete but is not: both Oxigraph and Virtuoso answer a query that hit their
//! time limit with `200 OK` and part of the results — Virtuoso flags it with an `X-SQL-State`
//! header, Oxigraph cuts the streamed body short — so a flagged answer, a body that ends
//! early, or one that does not parse to its end is an error, never a count.
//!
//! Written over `ureq` rather than left to it: `ureq` (3.5) answers no Digest challenge,
//! which Virtuoso's Graph Store sends, and does not retry a failed connection or a 5xx
//! answer; a push to a real store needs both.
//!
//! One concern, one file (about 700 lines of code, the rest tests): an HTTP exchange with
//! authentication and retries reads best whole.

use std::fmt;
use std::io::{self, Read};
use std::sync::Mutex;
use std::time::Duration;

use base64::Engine as _;
use md5::{Digest, Md5};
use oxigraph::sparql::results::{
    QueryResultsFormat, QueryResultsParser, SliceQueryResultsParserOutput,
};

use super::Solutions;

/// A user name and password for HTTP authentication.
#[derive(Clone, PartialEq, Eq)]
pub struct Credentials {
    pub user: String,
    pub password: String,
}

impl fmt::Debug for Credentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Credentials")
            .field("user", &self.user)
            .field("password", &"…")
            .finish()
    }
}

/// How the client behaves.
#[derive(Debug, Clone)]
pub struct Settings {
    pub credentials: Option<Credentials>,
    /// Retries after a 5xx answer or a failed connection (so `retries + 1` attempts).
    pub retries: u32,
    /// The pause before the first retry; each further one doubles it, up to 30 s.
    pub backoff: Duration,
    /// Longest a request may take, body included.
    pub timeout: Duration,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            credentials: None,
            retries: 4,
            backoff: Duration::from_millis(500),
            timeout: Duration::from_secs(300),
        }
    }
}

/// A push or a read-back that failed.
#[derive(Debug, thiserror::Error)]
pub enum PushError {
    #[error("`{url}` is not a usable endpoint URL: {why}")]
    Url { url: String, why: String },
    #[error("cannot reach {url}: {message} (after {attempts} attempt{})", if *.attempts == 1 { "" } else { "s" })]
    Unreachable {
        url: String,
        message: String,
        attempts: u32,
    },
    #[error("{url} keeps failing: HTTP {status} after {attempts} attempt{}: {message}", if *.attempts == 1 { "" } else { "s" })]
    ServerError {
        url: String,
        status: u16,
        attempts: u32,
        message: String,
    },
    #[error("{url} refused the {method} with HTTP {status}: {message}")]
    Refused {
        method: &'static str,
        url: String,
        status: u16,
        message: String,
    },
    #[error(
        "{url} refused the credentials of user `{user}` (HTTP 401): check the password given \
         in GLOSSGRAPH_PASSWORD or --password-file{}",
        if .message.is_empty() { String::new() } else { format!(" (the server says: {})", .message) }
    )]
    Unauthorized {
        url: String,
        user: String,
        message: String,
    },
    #[error("{url} asks for authentication (HTTP 401): give --user, and the password in GLOSSGRAPH_PASSWORD or --password-file")]
    NeedsCredentials { url: String },
    #[error("{url} gave only part of its answer: {why}")]
    Partial { url: String, why: String },
    #[error("{url} gave an answer that cannot be read: {why}")]
    Unreadable { url: String, why: String },
}

/// `url` with `name=value` added to its query string.
pub fn with_param(url: &str, name: &str, value: &str) -> String {
    let encoded: String = form_urlencoded::Serializer::new(String::new())
        .append_pair(name, value)
        .finish();
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}{encoded}")
}

/// The methods the client uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Head,
    Post,
    Put,
}

impl Method {
    pub fn name(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Head => "HEAD",
            Method::Post => "POST",
            Method::Put => "PUT",
        }
    }
}

/// An answer: its status, the headers the callers look at, and the body.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub content_type: String,
    /// Virtuoso's `X-SQL-State`, set when an answer is partial.
    pub sql_state: Option<String>,
    pub body: Vec<u8>,
}

/// An HTTP client that authenticates, retries, and explains refusals.
pub struct Client {
    agent: ureq::Agent,
    settings: Settings,
    /// The last Digest challenge, reused for later requests (with a growing nonce count).
    digest: Mutex<Option<Challenge>>,
}

impl Client {
    /// A client with these settings.
    pub fn new(settings: Settings) -> Self {
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(settings.timeout))
            .user_agent(concat!("glossgraph/", env!("CARGO_PKG_VERSION")))
            .max_redirects(0)
            .build()
            .new_agent();
        Self {
            agent,
            settings,
            digest: Mutex::new(None),
        }
    }

    /// Runs a `SELECT` at a SPARQL query endpoint and reads the whole answer, refusing one
    /// that is flagged or cut short (see the module documentation).
    ///
    /// # Errors
    /// Those of the request; [`PushError::Partial`] and [`PushError::Unreadable`].
    pub fn select(
        &self,
        endpoint: &str,
        query: &str,
        log: &mut dyn FnMut(String),
    ) -> Result<Solutions, PushError> {
        let body: String = form_urlencoded::Serializer::new(String::new())
            .append_pair("query", query)
            .finish();
        let reply = self.send(
            Method::Post,
            endpoint,
            Some(("application/x-www-form-urlencoded", body.as_bytes())),
            Some("application/sparql-results+json"),
            log,
        )?;
        parse_solutions(endpoint, &reply)
    }

    /// Sends a request; answers an authentication challenge; retries on 5xx and failed
    /// connections; turns a 4xx into an error with the server's message.
    ///
    /// # Errors
    /// See [`PushError`].
    pub fn send(
        &self,
        method: Method,
        url: &str,
        body: Option<(&str, &[u8])>,
        accept: Option<&str>,
        log: &mut dyn FnMut(String),
    ) -> Result<Reply, PushError> {
        let target = request_target(url)?;
        if self.settings.credentials.is_some()
            && self.lock_digest().is_none()
            && method != Method::Head
        {
            // Learn the server's challenge with a bodiless request first, so a large body
            // is not sent once for nothing; a probe refused with the credentials answering
            // the challenge means they are wrong, and the body is not sent at all.
            if let Ok(probe) = self.send(Method::Head, url, None, None, log) {
                if probe.status == 401 && self.lock_digest().is_some() {
                    return Err(self.unauthorized(url, &probe));
                }
            }
        }
        let attempts = self.settings.retries + 1;
        let mut pause = self.settings.backoff;
        let mut answered_challenge = false;
        let mut attempt = 1;
        loop {
            let authorization = self.authorization(method, &target);
            let mut answer = self.once(method, url, body, accept, authorization.as_deref());
            if matches!(&answer, Err(e) if body.is_some() && cut_off(e)) {
                // A server refusing the credentials (a stale Digest nonce, or a wrong
                // password) may answer 401 and close before reading a large body, which
                // then fails to send: a bodiless request with the same credentials hears it.
                let authorization = self.authorization(Method::Head, &target);
                if let Ok(probe) =
                    self.once(Method::Head, url, None, None, authorization.as_deref())
                {
                    if probe.status == 401 {
                        answer = Ok(probe);
                    }
                }
            }
            match answer {
                Ok(reply) if reply.status == 401 => {
                    let challenge = reply.header_challenge.clone();
                    if self.settings.credentials.is_none() {
                        if method == Method::Head {
                            return Ok(reply.reply);
                        }
                        return Err(PushError::NeedsCredentials {
                            url: url.to_owned(),
                        });
                    }
                    if !answered_challenge {
                        if let Some(challenge) = challenge.as_deref().and_then(Challenge::parse) {
                            *self.lock_digest() = Some(challenge);
                            answered_challenge = true;
                            continue;
                        }
                    }
                    if method == Method::Head {
                        return Ok(reply.reply);
                    }
                    return Err(self.unauthorized(url, &reply.reply));
                }
                Ok(reply) if (200..300).contains(&reply.reply.status) || method == Method::Head => {
                    return Ok(reply.reply)
                }
                Ok(reply) if reply.reply.status >= 500 => {
                    if attempt >= attempts {
                        return Err(PushError::ServerError {
                            url: url.to_owned(),
                            status: reply.reply.status,
                            attempts,
                            message: server_message(&reply.reply),
                        });
                    }
                    log(format!(
                        "{url} answered HTTP {}; retrying in {:.1} s (attempt {} of {attempts})",
                        reply.reply.status,
                        pause.as_secs_f64(),
                        attempt + 1
                    ));
                }
                Ok(reply) => {
                    return Err(PushError::Refused {
                        method: method.name(),
                        url: url.to_owned(),
                        status: reply.reply.status,
                        message: server_message(&reply.reply),
                    })
                }
                Err(e) => {
                    let message = transport_message(&e, self.settings.timeout);
                    if !retryable(&e) || attempt >= attempts {
                        return Err(PushError::Unreachable {
                            url: url.to_owned(),
                            message,
                            attempts: attempt,
                        });
                    }
                    log(format!(
                        "{url}: {message}; retrying in {:.1} s (attempt {} of {attempts})",
                        pause.as_secs_f64(),
                        attempt + 1
                    ));
                }
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_secs(30));
            attempt += 1;
        }
    }

    /// The error for credentials the server at `url` refused with `reply`.
    fn unauthorized(&self, url: &str, reply: &Reply) -> PushError {
        PushError::Unauthorized {
            url: url.to_owned(),
            user: self
                .settings
                .credentials
                .as_ref()
                .map(|c| c.user.clone())
                .unwrap_or_default(),
            message: server_message(reply),
        }
    }

    fn lock_digest(&self) -> std::sync::MutexGuard<'_, Option<Challenge>> {
        self.digest.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The `Authorization` header for a request, if there are credentials.
    fn authorization(&self, method: Method, target: &str) -> Option<String> {
        let credentials = self.settings.credentials.as_ref()?;
        let mut digest = self.lock_digest();
        match digest.as_mut() {
            Some(Challenge::Digest(d)) => Some(d.answer(credentials, method.name(), target)),
            Some(Challenge::Basic) => Some(basic(credentials)),
            None => None,
        }
    }

    /// One request, no retries.
    fn once(
        &self,
        method: Method,
        url: &str,
        body: Option<(&str, &[u8])>,
        accept: Option<&str>,
        authorization: Option<&str>,
    ) -> Result<Answered, ureq::Error> {
        let mut response = match method {
            Method::Get | Method::Head => {
                let mut request = if method == Method::Get {
                    self.agent.get(url)
                } else {
                    self.agent.head(url)
                };
                if let Some(a) = accept {
                    request = request.header("Accept", a);
                }
                if let Some(a) = authorization {
                    request = request.header("Authorization", a);
                }
                request.call()?
            }
            Method::Post | Method::Put => {
                let mut request = if method == Method::Post {
                    self.agent.post(url)
                } else {
                    self.agent.put(url)
                };
                if let Some(a) = accept {
                    request = request.header("Accept", a);
                }
                if let Some(a) = authorization {
                    request = request.header("Authorization", a);
                }
                let (content_type, bytes) = body.unwrap_or(("application/octet-stream", &[]));
                request = request.header("Content-Type", content_type);
                request.send(bytes)?
            }
        };
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned)
        };
        let status = response.status().as_u16();
        let content_type = header("content-type").unwrap_or_default();
        let sql_state = header("x-sql-state");
        let header_challenge = response
            .headers()
            .get_all("www-authenticate")
            .iter()
            .filter_map(|v| v.to_str().ok())
            // Prefer Digest when a server offers both.
            .max_by_key(|v| v.trim_start().to_ascii_lowercase().starts_with("digest"))
            .map(str::to_owned);
        let mut body = Vec::new();
        if method != Method::Head {
            response
                .body_mut()
                .as_reader()
                .read_to_end(&mut body)
                .map_err(ureq::Error::Io)?;
        }
        Ok(Answered {
            reply: Reply {
                status,
                content_type,
                sql_state,
                body,
            },
            header_challenge,
        })
    }
}

struct Answered {
    reply: Reply,
    header_challenge: Option<String>,
}

impl std::ops::Deref for Answered {
    type Target = Reply;
    fn deref(&self) -> &Reply {
        &self.reply
    }
}

/// Reads a SPARQL JSON answer to its end, refusing flagged or truncated ones.
fn parse_solutions(url: &str, reply: &Reply) -> Result<Solutions, PushError> {
    if let Some(state) = &reply.sql_state {
        return Err(PushError::Partial {
            url: url.to_owned(),
            why: format!(
                "the store flags it with X-SQL-State: {state} (a query time or size limit was hit)"
            ),
        });
    }
    let unreadable = |why: String| PushError::Unreadable {
        url: url.to_owned(),
        why,
    };
    let partial = |why: String| PushError::Partial {
        url: url.to_owned(),
        why,
    };
    let parser = QueryResultsParser::from_format(QueryResultsFormat::Json);
    match parser
        .for_slice(&reply.body)
        .map_err(|e| partial(format!("it ends before the results do ({e})")))?
    {
        SliceQueryResultsParserOutput::Boolean(_) => {
            Err(unreadable("a boolean where solutions were expected".into()))
        }
        SliceQueryResultsParserOutput::Solutions(solutions) => {
            let variables = solutions.variables().to_vec();
            let mut rows = Vec::new();
            for solution in solutions {
                let solution = solution
                    .map_err(|e| partial(format!("it ends before the results do ({e})")))?;
                rows.push(variables.iter().map(|v| solution.get(v).cloned()).collect());
            }
            Ok(Solutions { variables, rows })
        }
    }
}

/// The server's explanation of a refusal: the body as text, tags dropped, shortened.
fn server_message(reply: &Reply) -> String {
    let text = String::from_utf8_lossy(&reply.body);
    let mut plain = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' if reply.content_type.contains("html") => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => plain.push(c),
            _ => {}
        }
    }
    let lines: Vec<&str> = plain
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .take(8)
        .collect();
    let mut message = lines.join(" / ");
    if message.chars().count() > 600 {
        message = message.chars().take(599).collect::<String>() + "…";
    }
    message
}

fn transport_message(e: &ureq::Error, timeout: Duration) -> String {
    match e {
        ureq::Error::Timeout(_) => format!(
            "no answer within {} s (--timeout); the server may still be working on the request",
            timeout.as_secs_f64()
        ),
        ureq::Error::Io(io) => io.to_string(),
        other => other.to_string(),
    }
}

/// Whether a transport error may go away by itself (a refused or dropped connection), as
/// opposed to a mistake in the request. A timeout is not retried: the server may still be
/// busy with the request, and sending it again would only queue behind it.
/// Whether a request failed because the server closed the connection while it was being
/// sent (broken pipe, reset): a server may answer early, before reading the body, and close.
fn cut_off(e: &ureq::Error) -> bool {
    matches!(e, ureq::Error::Io(io) if matches!(
        io.kind(),
        std::io::ErrorKind::BrokenPipe | std::io::ErrorKind::ConnectionReset
    ))
}

fn retryable(e: &ureq::Error) -> bool {
    !matches!(
        e,
        ureq::Error::BadUri(_)
            | ureq::Error::Http(_)
            | ureq::Error::InvalidProxyUrl
            | ureq::Error::Timeout(_)
    )
}

/// Refuses `url` as a real push would refuse it when it sends: for `push --dry-run`, which
/// sends nothing but must not promise what the real run cannot do.
///
/// # Errors
/// [`PushError::Url`], saying what is wrong with it.
pub fn check_endpoint(url: &str) -> Result<(), PushError> {
    request_target(url).map(drop)
}

/// The request target (path and query) that Digest authentication signs, read by the `http`
/// crate's URI parser (the one ureq and oxhttp use).
fn request_target(url: &str) -> Result<String, PushError> {
    let bad = |why: &str| PushError::Url {
        url: url.to_owned(),
        why: why.to_owned(),
    };
    let uri: oxhttp::model::Uri = url
        .parse()
        .map_err(|e| bad(&format!("it is not a URL ({e})")))?;
    if !matches!(uri.scheme_str(), Some("http" | "https")) {
        return Err(bad("it must start with http:// or https://"));
    }
    let authority = uri.authority().map_or("", |a| a.as_str());
    if authority.contains('@') {
        return Err(bad(
            "it holds credentials; give --user, and the password in GLOSSGRAPH_PASSWORD or --password-file",
        ));
    }
    if uri.host().is_none_or(str::is_empty) {
        return Err(bad("it names no host"));
    }
    Ok(match uri.query() {
        Some(query) => format!("{}?{query}", uri.path()),
        None => uri.path().to_owned(),
    })
}

fn basic(credentials: &Credentials) -> String {
    let input = format!("{}:{}", credentials.user, credentials.password);
    format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(input)
    )
}

/// What a server asked for in `WWW-Authenticate`.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Challenge {
    Basic,
    Digest(DigestChallenge),
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct DigestChallenge {
    realm: String,
    nonce: String,
    opaque: Option<String>,
    /// Whether the server offers `qop=auth` (RFC 7616); without it, RFC 2069 digests.
    qop_auth: bool,
    /// Requests answered with this nonce so far.
    count: u32,
}

impl Challenge {
    fn parse(header: &str) -> Option<Challenge> {
        let header = header.trim();
        let (scheme, rest) = header.split_once(' ').unwrap_or((header, ""));
        if scheme.eq_ignore_ascii_case("basic") {
            return Some(Challenge::Basic);
        }
        if !scheme.eq_ignore_ascii_case("digest") {
            return None;
        }
        let params = auth_params(rest);
        let get = |name: &str| {
            params
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.clone())
        };
        let algorithm = get("algorithm").unwrap_or_else(|| "MD5".into());
        if !algorithm.eq_ignore_ascii_case("md5") {
            return None;
        }
        Some(Challenge::Digest(DigestChallenge {
            realm: get("realm").unwrap_or_default(),
            nonce: get("nonce")?,
            opaque: get("opaque"),
            qop_auth: get("qop")
                .is_some_and(|q| q.split(',').any(|q| q.trim().eq_ignore_ascii_case("auth"))),
            count: 0,
        }))
    }
}

impl DigestChallenge {
    /// The `Authorization` header answering this challenge for one request.
    fn answer(&mut self, credentials: &Credentials, method: &str, target: &str) -> String {
        self.count += 1;
        let hex = |s: &str| crate::hex::hex(&Md5::digest(s.as_bytes()));
        let ha1 = hex(&format!(
            "{}:{}:{}",
            credentials.user, self.realm, credentials.password
        ));
        let ha2 = hex(&format!("{method}:{target}"));
        let nc = format!("{:08x}", self.count);
        let cnonce = cnonce();
        let response = if self.qop_auth {
            hex(&format!("{ha1}:{}:{nc}:{cnonce}:auth:{ha2}", self.nonce))
        } else {
            hex(&format!("{ha1}:{}:{ha2}", self.nonce))
        };
        let quote = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
        let mut header = format!(
            "Digest username=\"{}\", realm=\"{}\", nonce=\"{}\", uri=\"{}\", algorithm=MD5, response=\"{response}\"",
            quote(&credentials.user),
            quote(&self.realm),
            quote(&self.nonce),
            quote(target)
        );
        if self.qop_auth {
            header.push_str(&format!(", qop=auth, nc={nc}, cnonce=\"{cnonce}\""));
        }
        if let Some(opaque) = &self.opaque {
            header.push_str(&format!(", opaque=\"{}\"", quote(opaque)));
        }
        header
    }
}

fn cnonce() -> String {
    let mut bytes = [0u8; 12];
    if getrandom::fill(&mut bytes).is_err() {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        bytes[..8].copy_from_slice(&(nanos as u64).to_le_bytes());
    }
    crate::hex::hex(&bytes)
}

/// `name=value` and `name="quoted, value"` pairs of an authentication header.
fn auth_params(text: &str) -> Vec<(String, String)> {
    let mut params = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| *c == ',' || c.is_whitespace()) {
            chars.next();
        }
        let name: String =
            std::iter::from_fn(|| chars.next_if(|c| *c != '=' && *c != ',')).collect();
        if name.is_empty() {
            break;
        }
        if chars.next_if_eq(&'=').is_none() {
            continue;
        }
        let mut value = String::new();
        if chars.next_if_eq(&'"').is_some() {
            while let Some(c) = chars.next() {
                match c {
                    '\\' => value.extend(chars.next()),
                    '"' => break,
                    c => value.push(c),
                }
            }
        } else {
            value = std::iter::from_fn(|| chars.next_if(|c| *c != ',')).collect();
        }
        params.push((name.trim().to_owned(), value.trim().to_owned()));
    }
    params
}

/// Reads a password file: its first line, without the line break.
///
/// # Errors
/// The file cannot be read, or its first line is empty.
pub fn read_password_file(path: &std::path::Path) -> io::Result<String> {
    let text = std::fs::read_to_string(path)?;
    let line = text.lines().next().unwrap_or("").trim_end_matches('\r');
    if line.is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "the first line is empty",
        ));
    }
    Ok(line.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn credentials() -> Credentials {
        Credentials {
            user: "Mufasa".into(),
            password: "Circle Of Life".into(),
        }
    }

    #[test]
    fn digest_answers_match_rfc_2617() {
        // The worked example of RFC 2617, section 3.5.
        let Some(Challenge::Digest(mut d)) = Challenge::parse(
            r#"Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41""#,
        ) else {
            panic!("not parsed")
        };
        assert_eq!(d.realm, "testrealm@host.com");
        assert!(d.qop_auth);
        let header = d.answer(&credentials(), "GET", "/dir/index.html");
        assert!(header.contains(r#"username="Mufasa""#), "{header}");
        assert!(header.contains("nc=00000001"), "{header}");
        // The RFC's response uses cnonce "0a4f113b"; recompute with ours.
        let cnonce = header
            .split("cnonce=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        let hex = |s: &str| crate::hex::hex(&Md5::digest(s.as_bytes()));
        let ha1 = hex("Mufasa:testrealm@host.com:Circle Of Life");
        assert_eq!(ha1, "939e7578ed9e3c518a452acee763bce9");
        let ha2 = hex("GET:/dir/index.html");
        let expected = hex(&format!(
            "{ha1}:dcd98b7102dd2f0e8b11d0f600bfb0c093:00000001:{cnonce}:auth:{ha2}"
        ));
        assert!(
            header.contains(&format!("response=\"{expected}\"")),
            "{header}"
        );
        // With the RFC's own cnonce the RFC's response comes out.
        assert_eq!(
            hex(&format!(
                "{ha1}:dcd98b7102dd2f0e8b11d0f600bfb0c093:00000001:0a4f113b:auth:{ha2}"
            )),
            "6629fae49393a05397450978507c4ef1"
        );
        assert!(d.answer(&credentials(), "GET", "/").contains("nc=00000002"));
    }

    #[test]
    fn basic_is_base64() {
        assert_eq!(
            basic(&Credentials {
                user: "Aladdin".into(),
                password: "open sesame".into()
            }),
            "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=="
        );
    }

    #[test]
    fn passwords_stay_out_of_debug_output() {
        assert!(!format!("{:?}", credentials()).contains("Circle"));
    }

    #[test]
    fn urls_with_credentials_are_refused() {
        assert_eq!(
            request_target("http://h:1/store?graph=x").unwrap(),
            "/store?graph=x"
        );
        assert_eq!(request_target("http://h").unwrap(), "/");
        let e = request_target("http://u:secret@h/store").unwrap_err();
        assert!(e.to_string().contains("holds credentials"), "{e}");
        assert!(!e.to_string().contains("secret") || e.to_string().contains("u:secret@h"));
        assert!(request_target("ftp://h/").is_err());
        assert_eq!(request_target("http://h?graph=x").unwrap(), "/?graph=x");
        assert_eq!(
            request_target("https://h:8890/sparql-graph-crud-auth?graph=https%3A%2F%2Fg%2F")
                .unwrap(),
            "/sparql-graph-crud-auth?graph=https%3A%2F%2Fg%2F"
        );
        for bad in [
            "127.0.0.1:7878/store",
            "http://",
            "http:///store",
            "/store",
            "http://h/a b",
        ] {
            assert!(request_target(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn partial_answers_are_refused() {
        let reply = |body: &str, state: Option<&str>| Reply {
            status: 200,
            content_type: "application/sparql-results+json".into(),
            sql_state: state.map(str::to_owned),
            body: body.as_bytes().to_vec(),
        };
        let whole = r#"{"head":{"vars":["n"]},"results":{"bindings":[{"n":{"type":"literal","value":"3"}}]}}"#;
        assert_eq!(
            parse_solutions("u", &reply(whole, None))
                .unwrap()
                .rows
                .len(),
            1
        );
        let e = parse_solutions("u", &reply(whole, Some("S1TAT"))).unwrap_err();
        assert!(matches!(e, PushError::Partial { .. }), "{e}");
        assert!(e.to_string().contains("X-SQL-State: S1TAT"), "{e}");
        let cut = &whole[..whole.len() - 10];
        let e = parse_solutions("u", &reply(cut, None)).unwrap_err();
        assert!(matches!(e, PushError::Partial { .. }), "{e}");
    }
}
