//! Bodies streamed as they are produced (the `/store` dump, a large CONSTRUCT), and the rule
//! that keeps a cut-short one from looking whole (issue 38).

use std::io::{self, Read};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};

use oxhttp::model::Body;

/// A body written by `write` in another thread and streamed as it is produced.
///
/// The body ends only when `write` has returned `Ok` and its last bytes are sent: the thread
/// then sends [`Piece::End`]. An error of `write` is passed on as [`Piece::Failed`], and a
/// thread that stops without either (a panic) closes the channel; in both cases the reader
/// fails, so the connection layer aborts the connection without the final chunk and the
/// client sees an incomplete body, never a short answer that looks whole.
pub(super) fn stream(
    write: impl FnOnce(&mut ChannelWriter) -> io::Result<()> + Send + 'static,
) -> Body {
    let (sender, receiver) = sync_channel(8);
    std::thread::spawn(move || {
        let mut writer = ChannelWriter {
            buffer: Vec::with_capacity(CHUNK),
            sender,
        };
        let last = match write(&mut writer).and_then(|()| writer.flush_chunk()) {
            Ok(()) => Piece::End,
            Err(e) => Piece::Failed(e),
        };
        // The reader is gone only if the client went away: nobody is left to tell.
        let _ = writer.sender.send(last);
    });
    Body::from_read(ChannelReader {
        receiver,
        current: io::Cursor::new(Vec::new()),
        ended: false,
    })
}

const CHUNK: usize = 64 * 1024;

/// What the producing thread of a streamed body sends to the connection.
enum Piece {
    /// The next bytes of the body.
    Bytes(Vec<u8>),
    /// The producer failed: the body is cut short.
    Failed(io::Error),
    /// The body is whole.
    End,
}

pub(super) struct ChannelWriter {
    buffer: Vec<u8>,
    sender: SyncSender<Piece>,
}

impl ChannelWriter {
    fn flush_chunk(&mut self) -> io::Result<()> {
        if !self.buffer.is_empty() {
            let chunk = std::mem::replace(&mut self.buffer, Vec::with_capacity(CHUNK));
            self.sender
                .send(Piece::Bytes(chunk))
                .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the client went away"))?;
        }
        Ok(())
    }
}

impl io::Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.buffer.extend_from_slice(buf);
        if self.buffer.len() >= CHUNK {
            self.flush_chunk()?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

struct ChannelReader {
    receiver: Receiver<Piece>,
    current: io::Cursor<Vec<u8>>,
    /// [`Piece::End`] has come: the body is whole.
    ended: bool,
}

impl Read for ChannelReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let n = self.current.read(buf)?;
            if n > 0 || buf.is_empty() || self.ended {
                return Ok(n);
            }
            match self.receiver.recv() {
                Ok(Piece::Bytes(chunk)) => self.current = io::Cursor::new(chunk),
                Ok(Piece::End) => self.ended = true,
                Ok(Piece::Failed(e)) => return Err(e),
                Err(_) => {
                    return Err(io::Error::other(
                        "the answer's producer stopped before the end",
                    ))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::net::TcpListener;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    use oxhttp::model::header::{self, HeaderValue};
    use oxhttp::model::{Request, Response, StatusCode};

    use super::*;
    use crate::listen;

    /// A listener on a loopback port whose every answer is streamed by `produce`.
    fn streaming_server(produce: fn(&mut ChannelWriter) -> io::Result<()>) -> std::net::SocketAddr {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let limits = listen::Limits {
            max_connections: 16,
            max_per_client: 16,
            head_timeout: Duration::from_secs(5),
            io_timeout: Duration::from_secs(5),
            response_timeout: Duration::from_secs(2),
            max_body: 1 << 20,
        };
        let handler: Arc<listen::Handler> = Arc::new(move |_: &mut Request<Body>| {
            Response::builder()
                .status(StatusCode::OK)
                .header(header::CONTENT_TYPE, "application/n-quads")
                .body(stream(produce))
                .unwrap()
        });
        listen::spawn(listener, limits, HeaderValue::from_static("test"), handler).unwrap();
        addr
    }

    /// 300,000 bytes of a dump, then a failure; or a panic.
    fn fails_midway(w: &mut ChannelWriter) -> io::Result<()> {
        io::Write::write_all(w, &[b'x'; 300_000])?;
        Err(io::Error::other("the store failed"))
    }

    fn panics_midway(w: &mut ChannelWriter) -> io::Result<()> {
        io::Write::write_all(w, &[b'x'; 300_000])?;
        panic!("the producer panicked (on purpose, in a test)")
    }

    fn whole(w: &mut ChannelWriter) -> io::Result<()> {
        io::Write::write_all(w, &[b'x'; 300_000])
    }

    /// curl's exit code and Python's `http.client` verdict on the body at `addr` (the
    /// consumer tier of the tests: `--features consumers`).
    #[cfg(feature = "consumers")]
    fn clients_read(addr: std::net::SocketAddr) -> (Option<i32>, String) {
        let url = format!("http://{addr}/store");
        let curl = std::process::Command::new("curl")
            .args(["-sS", "-o", "/dev/null", "--max-time", "20", &url])
            .output()
            .expect("curl runs (scripts/install-test-tools.sh installs it)");
        let python = std::process::Command::new("python3")
            .args([
                "-c",
                "import http.client, sys\n\
                 c = http.client.HTTPConnection(sys.argv[1], timeout=20)\n\
                 c.request('GET', '/store')\n\
                 try:\n    print('whole', len(c.getresponse().read()))\n\
                 except http.client.IncompleteRead as e:\n    print('incomplete', len(e.partial))\n",
                &addr.to_string(),
            ])
            .output()
            .expect("python3 runs");
        assert!(python.status.success(), "{python:?}");
        (
            curl.status.code(),
            String::from_utf8_lossy(&python.stdout).trim().to_owned(),
        )
    }

    /// 64 MB: more than the socket buffers of both ends hold.
    fn large(w: &mut ChannelWriter) -> io::Result<()> {
        let block = vec![b'x'; 1 << 16];
        for _ in 0..1024 {
            io::Write::write_all(w, &block)?;
        }
        Ok(())
    }

    #[test]
    fn a_client_reading_a_byte_at_a_time_is_cut_off_at_the_response_deadline() {
        use std::io::Write as _;
        let addr = streaming_server(large);
        let mut socket = std::net::TcpStream::connect(addr).unwrap();
        socket
            .write_all(b"GET /store HTTP/1.1\r\nHost: h\r\n\r\n")
            .unwrap();
        // A byte every 10 ms for twice the test server's response deadline (2 s)...
        let started = Instant::now();
        let mut byte = [0; 1];
        while started.elapsed() < Duration::from_secs(4) {
            if socket.read(&mut byte).unwrap() == 0 {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        // ...then the rest as fast as it comes: the server has given up on the answer, so
        // the connection ends before the body's end, without the final chunk.
        socket
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        let mut rest = Vec::new();
        let _ = socket.read_to_end(&mut rest);
        assert!(rest.len() < 1 << 26, "the whole body came: {}", rest.len());
        assert!(!rest.ends_with(b"0\r\n\r\n"));
        // The same answer read at once is whole.
        let mut socket = std::net::TcpStream::connect(addr).unwrap();
        socket
            .write_all(b"GET /store HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
            .unwrap();
        let mut all = Vec::new();
        socket.read_to_end(&mut all).unwrap();
        assert!(all.ends_with(b"0\r\n\r\n") && all.len() > 1 << 26);
    }

    #[test]
    fn a_signed_content_length_or_chunk_size_is_refused() {
        use std::io::Write as _;
        let addr = streaming_server(whole);
        for request in [
            "POST /query HTTP/1.1\r\nHost: h\r\nContent-Length: +5\r\n\r\nhello",
            "POST /query HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n+5\r\nhello\r\n0\r\n\r\n",
        ] {
            let mut socket = std::net::TcpStream::connect(addr).unwrap();
            socket.write_all(request.as_bytes()).unwrap();
            let mut answer = String::new();
            socket.read_to_string(&mut answer).unwrap();
            assert!(answer.starts_with("HTTP/1.1 400 "), "{request:?}: {answer}");
        }
    }

    /// The bytes of the answer at `addr`, read until the server ends the connection.
    fn raw_answer(addr: std::net::SocketAddr) -> Vec<u8> {
        use std::io::Write as _;
        let mut socket = std::net::TcpStream::connect(addr).unwrap();
        socket
            .write_all(b"GET /store HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
            .unwrap();
        socket
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        let mut all = Vec::new();
        let _ = socket.read_to_end(&mut all);
        all
    }

    #[test]
    fn a_streamed_answer_cut_short_has_no_last_chunk() {
        let whole = raw_answer(streaming_server(whole));
        assert!(whole.ends_with(b"0\r\n\r\n"), "{} bytes", whole.len());
        assert!(whole.len() > 300_000);
        for produce in [fails_midway, panics_midway] {
            let cut = raw_answer(streaming_server(produce));
            assert!(cut.starts_with(b"HTTP/1.1 200 "));
            assert!(!cut.ends_with(b"0\r\n\r\n"), "{} bytes", cut.len());
        }
    }

    #[cfg(feature = "consumers")]
    #[test]
    fn a_streamed_answer_cut_short_never_looks_whole() {
        let (curl, python) = clients_read(streaming_server(whole));
        assert_eq!((curl, python.as_str()), (Some(0), "whole 300000"));
        for produce in [fails_midway, panics_midway] {
            let (curl, python) = clients_read(streaming_server(produce));
            // curl's 18: "transfer closed with outstanding read data remaining".
            assert_eq!(curl, Some(18));
            assert!(python.starts_with("incomplete "), "{python}");
        }
    }
}
