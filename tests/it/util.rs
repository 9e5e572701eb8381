//! Running the real `glossgraph` binary in tests.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub fn glossgraph() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_glossgraph"));
    cmd.env_remove("NO_COLOR");
    cmd
}

/// Runs glossgraph with `args` in `dir`, feeding `stdin`.
pub fn run_in(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = glossgraph()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the glossgraph binary starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    if let Some(bytes) = stdin {
        pipe.write_all(bytes).expect("stdin accepts the input");
    }
    drop(pipe);
    child.wait_with_output().expect("glossgraph finishes")
}

/// The exit code, stdout and stderr of a run, as text.
pub fn outcome(out: &Output) -> (i32, String, String) {
    (
        out.status
            .code()
            .expect("glossgraph exits with a code, not a signal"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The crate root, where `data/` lives.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A valid card with the given slug and related slugs, as pretty JSON.
pub fn card(slug: &str, related: &[&str]) -> String {
    let related: Vec<String> = related.iter().map(|s| format!("\"{s}\"")).collect();
    format!(
        "{{\n  \"slug\": \"{slug}\",\n  \"term\": \"Term {slug}\",\n  \"definition\": \"The definition of {slug}.\",\n  \"related\": [{}]\n}}\n",
        related.join(", ")
    )
}
