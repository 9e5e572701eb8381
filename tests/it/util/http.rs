//! A small HTTP/1.1 client for the tests of `glossgraph serve`, so that they need no program
//! beyond the Rust toolchain: one request per connection, exactly the headers a test gives
//! (no `Accept` unless asked for), the answer read whole. The consumer tier sends the same
//! [`Request`]s with curl (`consumers::serve::curl`).

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::Duration;

/// One request: the method, the URL (`http://HOST:PORT/PATH?QUERY`), the header lines and
/// the body.
#[derive(Debug, Clone)]
pub struct Request {
    pub method: String,
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Option<Vec<u8>>,
}

/// The answer: its status, its head (status line and header lines, lowercased, as
/// `name: value` lines) and its body (decoded from chunks if it came in them).
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: u16,
    pub headers: String,
    pub body: String,
}

impl Request {
    pub fn new(method: &str, url: &str) -> Request {
        Request {
            method: method.to_owned(),
            url: url.to_owned(),
            headers: Vec::new(),
            body: None,
        }
    }

    pub fn get(url: &str) -> Request {
        Request::new("GET", url)
    }

    pub fn post(url: &str) -> Request {
        Request::new("POST", url)
    }

    pub fn header(mut self, name: &str, value: &str) -> Request {
        self.headers.push((name.to_owned(), value.to_owned()));
        self
    }

    /// Appends `name=value`, form-encoded, to the URL's query string.
    pub fn query(mut self, name: &str, value: &str) -> Request {
        let pair: String = form_urlencoded::Serializer::new(String::new())
            .append_pair(name, value)
            .finish();
        let joint = if self.url.contains('?') { '&' } else { '?' };
        self.url = format!("{}{joint}{pair}", self.url);
        self
    }

    /// Appends `name=value` to a form-encoded body (`application/x-www-form-urlencoded`).
    pub fn form(self, name: &str, value: &str) -> Request {
        let mut body = self.body.clone().unwrap_or_default();
        if !body.is_empty() {
            body.push(b'&');
        }
        let pair: String = form_urlencoded::Serializer::new(String::new())
            .append_pair(name, value)
            .finish();
        body.extend_from_slice(pair.as_bytes());
        let request = if self.content_type().is_none() {
            self.header("Content-Type", "application/x-www-form-urlencoded")
        } else {
            self
        };
        Request {
            body: Some(body),
            ..request
        }
    }

    /// The body as given, with `content_type` if there is one.
    pub fn body(self, content_type: Option<&str>, bytes: &[u8]) -> Request {
        let request = match content_type {
            Some(media) => self.header("Content-Type", media),
            None => self,
        };
        Request {
            body: Some(bytes.to_vec()),
            ..request
        }
    }

    pub fn content_type(&self) -> Option<&str> {
        self.headers
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case("content-type"))
            .map(|(_, value)| value.as_str())
    }

    /// Sends the request over a new connection and reads the whole answer (60 s at most).
    pub fn send(&self) -> Answer {
        let rest = self
            .url
            .strip_prefix("http://")
            .unwrap_or_else(|| panic!("not an http:// URL: {}", self.url));
        let (authority, target) = match rest.find(['/', '?']) {
            Some(i) if rest[i..].starts_with('/') => (&rest[..i], rest[i..].to_owned()),
            Some(i) => (&rest[..i], format!("/{}", &rest[i..])),
            None => (rest, "/".to_owned()),
        };
        let mut stream = TcpStream::connect(authority)
            .unwrap_or_else(|e| panic!("cannot connect to {authority}: {e}"));
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let mut head = format!(
            "{} {target} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n",
            self.method
        );
        for (name, value) in &self.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        if let Some(body) = &self.body {
            head.push_str(&format!("Content-Length: {}\r\n", body.len()));
        }
        head.push_str("\r\n");
        let mut bytes = head.into_bytes();
        bytes.extend_from_slice(self.body.as_deref().unwrap_or_default());
        stream
            .write_all(&bytes)
            .unwrap_or_else(|e| panic!("cannot send {} {}: {e}", self.method, self.url));
        read_answer(&mut BufReader::new(stream), self.method == "HEAD")
    }
}

/// Reads an answer: the head, then the body as its `Content-Length`, its chunks or the end
/// of the connection delimit it.
fn read_answer(reader: &mut impl BufRead, head_only: bool) -> Answer {
    let mut headers = String::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).expect("an answer's head");
        if line.is_empty() || line == "\r\n" {
            break;
        }
        headers.push_str(&line.to_ascii_lowercase().replace("\r\n", "\n"));
    }
    let status: u16 = headers
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {headers:?}"));
    let field = |name: &str| {
        headers
            .lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(':'))
            .map(str::trim)
    };
    let body = if head_only || status == 204 || status == 304 {
        Vec::new()
    } else if field("transfer-encoding").is_some_and(|t| t.ends_with("chunked")) {
        read_chunks(reader)
    } else if let Some(length) = field("content-length") {
        let mut body = vec![0; length.parse().expect("a Content-Length")];
        reader.read_exact(&mut body).expect("the whole body");
        body
    } else {
        let mut body = Vec::new();
        reader.read_to_end(&mut body).expect("the body");
        body
    };
    Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    }
}

/// A chunked body, decoded (trailers are not expected).
fn read_chunks(reader: &mut impl BufRead) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let mut size = String::new();
        reader.read_line(&mut size).expect("a chunk size");
        let size = usize::from_str_radix(size.trim().split(';').next().unwrap(), 16)
            .unwrap_or_else(|_| panic!("a bad chunk size {size:?}"));
        // The chunk and the line end after it.
        let mut chunk = vec![0; size + 2];
        reader.read_exact(&mut chunk).expect("a whole chunk");
        if size == 0 {
            return body;
        }
        body.extend_from_slice(&chunk[..size]);
    }
}
