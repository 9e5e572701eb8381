//! Running Graphviz on the DOT of a view: `neato -n2` for a pinned map drawn to PNG or PDF,
//! `dot` or `sfdp` when Graphviz lays the map out itself.

use super::*;

/// Streams the DOT of `drawing` into Graphviz, which writes `format` into a temporary file
/// beside `output` ([`crate::output::temporary_beside`]), renamed into place only when
/// Graphviz succeeded. Returns what Graphviz said on standard error although it succeeded.
pub(super) fn run(
    drawing: &Drawing,
    format: ImageFormat,
    output: &Path,
) -> Result<String, RenderError> {
    let (program, args) = drawing.view.engine.program();
    let io_err = |source| RenderError::Io {
        path: output.to_owned(),
        source,
    };
    // Removed when dropped, on every way out but the rename at the end.
    let temp = crate::output::temporary_beside(output)
        .map_err(io_err)?
        .into_temp_path();
    let mut child = match Command::new(program)
        .args(args)
        .arg(format!("-T{}", format.graphviz_name()))
        .arg("-o")
        .arg(&temp)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(RenderError::GraphvizMissing { program });
        }
        Err(e) => return Err(io_err(e)),
    };
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let stdin = child.stdin.take().expect("stdin is piped");
    let written = dot::write(drawing, stdin);
    let status = child.wait().map_err(io_err)?;
    let stderr = reader.join().unwrap_or_default();
    if !status.success() {
        return Err(RenderError::Graphviz {
            program,
            status: status.to_string(),
            stderr,
        });
    }
    // Graphviz succeeded without reading everything: keep nothing.
    written?;
    temp.persist(output).map_err(|e| io_err(e.error))?;
    Ok(stderr)
}
