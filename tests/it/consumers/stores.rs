//! External triple stores for the push tests, started on free loopback ports in scratch
//! folders and killed when their guard drops: Oxigraph server and Virtuoso.

use std::fs::File;
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::require;
use crate::util::scratch;
use crate::util::server::{free_port, Guard};

/// Waits until something accepts connections on `port`, or fails the test.
fn wait_for(port: u16, guard: &mut Guard, limit: Duration, log: &Path) {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return;
        }
        if let Some(status) = guard.child.try_wait().unwrap() {
            panic!(
                "{} exited ({status}) before listening: {}",
                guard.name,
                std::fs::read_to_string(log).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    panic!(
        "{} did not listen on port {port} within {limit:?}: {}",
        guard.name,
        std::fs::read_to_string(log).unwrap_or_default()
    );
}

/// `oxigraph serve` with its data in a scratch folder.
pub struct Oxigraph {
    _guard: Guard,
    /// `http://127.0.0.1:PORT`
    pub base: String,
}

impl Oxigraph {
    /// Starts an Oxigraph server on an empty store; `timeout_s` sets its query time limit.
    pub fn start(name: &str, timeout_s: u32) -> Oxigraph {
        let dir = scratch("sparql", &format!("oxigraph-{name}"));
        let timeout = timeout_s.to_string();
        Self::spawn(&dir, &dir.join("db"), &["serve", "--timeout-s", &timeout])
    }

    /// Serves, read-only, the store an `oxigraph load` wrote in `location`, with the union of
    /// its graphs as the default graph (as glossgraph's own store answers queries).
    pub fn serve_loaded(name: &str, location: &Path) -> Oxigraph {
        let dir = scratch("sparql", &format!("oxigraph-{name}"));
        Self::spawn(
            &dir,
            location,
            &[
                "serve-read-only",
                "--union-default-graph",
                "--timeout-s",
                "60",
            ],
        )
    }

    /// `oxigraph COMMAND… --location LOCATION --bind 127.0.0.1:PORT`, its log in `dir`.
    fn spawn(dir: &Path, location: &Path, command: &[&str]) -> Oxigraph {
        let binary = require("oxigraph");
        let port = free_port();
        let log = dir.join("server.log");
        let child = Command::new(binary)
            .args(command)
            .arg("--location")
            .arg(location)
            .args(["--bind", &format!("127.0.0.1:{port}")])
            .stdout(Stdio::null())
            .stderr(File::create(&log).unwrap())
            .spawn()
            .expect("oxigraph serve starts");
        let mut guard = Guard {
            child,
            name: "oxigraph serve",
        };
        wait_for(port, &mut guard, Duration::from_secs(60), &log);
        Oxigraph {
            _guard: guard,
            base: format!("http://127.0.0.1:{port}"),
        }
    }
}

/// Virtuoso Open Source (`virtuoso-t`), its SQL and HTTP ports on loopback, the `dba`
/// password changed from the default.
pub struct Virtuoso {
    _guard: Guard,
    /// `http://127.0.0.1:PORT`
    pub base: String,
    pub password: String,
}

impl Virtuoso {
    /// Starts Virtuoso (at most 1,000,000 rows in an answer).
    pub fn start(name: &str) -> Virtuoso {
        Self::start_with(name, 1_000_000)
    }

    /// Starts Virtuoso with `max_rows` as its `ResultSetMaxRows`: the rows of a SELECT beyond
    /// it are left out of the answer, which says nothing of it.
    pub fn start_with(name: &str, max_rows: usize) -> Virtuoso {
        let binary = require("virtuoso-t");
        let isql = require("isql-vt");
        let dir = scratch("sparql", &format!("virtuoso-{name}"));
        let (sql_port, http_port) = (free_port(), free_port());
        let d = dir.display();
        let ini = format!(
            "[Database]\n\
             DatabaseFile = {d}/virtuoso.db\n\
             ErrorLogFile = {d}/virtuoso.log\n\
             LockFile = {d}/virtuoso.lck\n\
             TransactionFile = {d}/virtuoso.trx\n\
             xa_persistent_file = {d}/virtuoso.pxa\n\
             ErrorLogLevel = 7\n\
             FileExtend = 200\n\
             MaxCheckpointRemap = 2000\n\
             Striping = 0\n\
             TempStorage = TempDatabase\n\
             [TempDatabase]\n\
             DatabaseFile = {d}/virtuoso-temp.db\n\
             TransactionFile = {d}/virtuoso-temp.trx\n\
             MaxCheckpointRemap = 2000\n\
             Striping = 0\n\
             [Parameters]\n\
             ServerPort = 127.0.0.1:{sql_port}\n\
             DisableUnixSocket = 1\n\
             MaxClientConnections = 10\n\
             CheckpointInterval = 60\n\
             CaseMode = 2\n\
             DirsAllowed = ., {d}\n\
             NumberOfBuffers = 100000\n\
             MaxDirtyBuffers = 60000\n\
             ThreadsPerQuery = 2\n\
             [HTTPServer]\n\
             ServerPort = 127.0.0.1:{http_port}\n\
             ServerRoot = /var/lib/virtuoso-opensource-7/vsp\n\
             MaxClientConnections = 10\n\
             ServerThreads = 10\n\
             Charset = UTF-8\n\
             [SPARQL]\n\
             ResultSetMaxRows = {max_rows}\n\
             MaxQueryCostEstimationTime = 400\n\
             MaxQueryExecutionTime = 60\n"
        );
        let ini_path = dir.join("virtuoso.ini");
        std::fs::write(&ini_path, ini).unwrap();
        let log = dir.join("server.log");
        let child = Command::new(binary)
            .args(["+foreground", "+configfile"])
            .arg(&ini_path)
            .current_dir(&dir)
            .stdout(File::create(&log).unwrap())
            .stderr(Stdio::from(File::create(dir.join("server.err")).unwrap()))
            .spawn()
            .expect("virtuoso-t starts");
        let mut guard = Guard {
            child,
            name: "virtuoso-t",
        };
        wait_for(sql_port, &mut guard, Duration::from_secs(180), &log);
        wait_for(http_port, &mut guard, Duration::from_secs(180), &log);
        let password = format!("pw-{}-{sql_port}", std::process::id());
        let set = Command::new(isql)
            .arg(format!("127.0.0.1:{sql_port}"))
            .args(["dba", "dba"])
            .arg(format!("exec=user_set_password('dba', '{password}');"))
            .output()
            .expect("isql-vt runs");
        assert!(
            set.status.success() && !String::from_utf8_lossy(&set.stdout).contains("Error"),
            "cannot set the dba password: {}{}",
            String::from_utf8_lossy(&set.stdout),
            String::from_utf8_lossy(&set.stderr)
        );
        Virtuoso {
            _guard: guard,
            base: format!("http://127.0.0.1:{http_port}"),
            password,
        }
    }
}
