//! Programs the tests start and stop: `glossgraph serve` on a free loopback port, and a
//! guard that kills any child process when the test ends, however it ends.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::process::{Child, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::{glossgraph_command, signal};

/// A loopback port nobody listens on right now.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free loopback port")
}

/// A child process killed when dropped, whatever happened in the test.
pub struct Guard {
    pub child: Child,
    pub name: &'static str,
}

impl Guard {
    /// Sends SIGTERM (as `kill` would) and waits up to `limit` for the process to end.
    pub fn terminate(&mut self, limit: Duration) -> Option<ExitStatus> {
        signal(self.child.id(), "TERM");
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        None
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// `glossgraph serve` on a free loopback port.
pub struct Served {
    pub guard: Guard,
    /// `http://127.0.0.1:PORT`
    pub base: String,
    stderr: Arc<Mutex<String>>,
}

impl Served {
    /// Starts `glossgraph serve ARGS --bind 127.0.0.1:0` and waits until it listens.
    pub fn start(args: &[&str]) -> Served {
        Self::start_at(args, "127.0.0.1:0")
    }

    pub fn start_at(args: &[&str], bind: &str) -> Served {
        let mut child = glossgraph_command()
            .arg("serve")
            .args(args)
            .args(["--bind", bind])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("glossgraph serve starts");
        let err = child.stderr.take().unwrap();
        let stderr = Arc::new(Mutex::new(String::new()));
        let (tx, rx) = std::sync::mpsc::channel();
        let log = Arc::clone(&stderr);
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                if let Some(rest) = line.split("serving http://").nth(1) {
                    let addr = rest.split('/').next().unwrap_or_default().to_owned();
                    let _ = tx.send(addr);
                }
                let mut log = log.lock().unwrap();
                log.push_str(&line);
                log.push('\n');
            }
        });
        let guard = Guard {
            child,
            name: "glossgraph serve",
        };
        let addr = rx
            .recv_timeout(Duration::from_secs(120))
            .unwrap_or_else(|_| panic!("{} did not start: {}", guard.name, stderr.lock().unwrap()));
        Served {
            guard,
            base: format!("http://{addr}"),
            stderr,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// What the server wrote to stderr so far.
    pub fn log(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }
}
