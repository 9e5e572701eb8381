//! Rendering a DOT topic map to SVG, PNG or PDF by running Graphviz.
//!
//! By default Graphviz only draws: the DOT of a [`View`] carries every node pinned at its
//! place on the topic map, and `neato -n2` draws it as it stands, at any size. With
//! `--engine dot` or `sfdp` Graphviz lays the map out itself. The DOT is streamed into the
//! standard input of the program, which writes a temporary file beside the
//! output; the file is renamed into place only when Graphviz succeeded, so a failed or
//! interrupted run never leaves half an image. Graphviz's standard error is read on a thread
//! while the DOT is written, so a chatty Graphviz cannot block on a full pipe. When Graphviz is
//! not installed, the error says so and how to install it.

use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::config::Config;
use crate::export::dot::{self, View, ViewError};
use crate::export::ExportError;
use crate::Glossary;

/// What Graphviz writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    Svg,
    Png,
    Pdf,
}

impl ImageFormat {
    /// The format named by a file's extension (`.svg`, `.png`, `.pdf`, any case).
    pub fn from_path(path: &Path) -> Option<Self> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "svg" => Some(Self::Svg),
            "png" => Some(Self::Png),
            "pdf" => Some(Self::Pdf),
            _ => None,
        }
    }

    /// Graphviz's `-T` value.
    pub fn graphviz_name(self) -> &'static str {
        match self {
            Self::Svg => "svg",
            Self::Png => "png",
            Self::Pdf => "pdf",
        }
    }
}

/// A topic map that could not be rendered.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error(transparent)]
    View(#[from] ViewError),
    #[error("`{}`: the output must end in .svg, .png, .pdf or .html", .0.display())]
    Extension(PathBuf),
    #[error(
        "Graphviz's `{program}` was not found on the PATH; install Graphviz \
         (Debian/Ubuntu: apt-get install graphviz; Fedora: dnf install graphviz; \
         macOS: brew install graphviz), or write the DOT with `glossgraph export --format dot`"
    )]
    GraphvizMissing { program: &'static str },
    #[error("Graphviz's `{program}` failed ({status}){}", if stderr.trim().is_empty() { String::new() } else { format!(": {}", stderr.trim()) })]
    Graphviz {
        program: &'static str,
        status: String,
        stderr: String,
    },
    #[error("cannot write `{}`: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error(transparent)]
    Export(#[from] ExportError),
}

/// What a successful render produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// Nodes drawn.
    pub nodes: usize,
    /// What Graphviz said on standard error although it succeeded (warnings), if anything.
    pub warnings: String,
}

/// Renders `view` of the glossary into `output`, in the format its extension names.
///
/// # Errors
/// See [`RenderError`]: a view that cannot be drawn, an unknown extension, Graphviz missing
/// or failing, or the output not writable.
pub fn render(
    glossary: &Glossary,
    config: &Config,
    view: &View,
    output: &Path,
) -> Result<Rendered, RenderError> {
    let format =
        ImageFormat::from_path(output).ok_or_else(|| RenderError::Extension(output.into()))?;
    let selection = view.select(glossary, config)?;
    let (program, args) = view.engine.program();
    let temp = crate::output::temporary_path(output);
    let io_err = |source| RenderError::Io {
        path: output.to_owned(),
        source,
    };
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
    let written = dot::write_selection(glossary, config, view, &selection, stdin);
    let status = child.wait().map_err(io_err)?;
    let stderr = reader.join().unwrap_or_default();
    if !status.success() {
        let _ = std::fs::remove_file(&temp);
        return Err(RenderError::Graphviz {
            program,
            status: status.to_string(),
            stderr,
        });
    }
    if let Err(e) = written {
        // Graphviz succeeded without reading everything: keep nothing.
        let _ = std::fs::remove_file(&temp);
        return Err(e.into());
    }
    std::fs::rename(&temp, output).map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        io_err(e)
    })?;
    Ok(Rendered {
        nodes: selection.nodes.len(),
        warnings: stderr,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_extension_names_the_format() {
        assert_eq!(
            ImageFormat::from_path(Path::new("a/map.SVG")),
            Some(ImageFormat::Svg)
        );
        assert_eq!(
            ImageFormat::from_path(Path::new("map.pdf")),
            Some(ImageFormat::Pdf)
        );
        assert_eq!(ImageFormat::from_path(Path::new("map.jpg")), None);
        assert_eq!(ImageFormat::from_path(Path::new("map")), None);
    }

    #[test]
    fn the_temporary_file_is_hidden_beside_the_output() {
        let temp = crate::output::temporary_path(Path::new("out/map.svg"));
        assert_eq!(temp.parent(), Some(Path::new("out")));
        let name = temp.file_name().unwrap().to_str().unwrap();
        assert!(
            name.starts_with(".map.svg.") && name.ends_with(".tmp.svg"),
            "{name}"
        );
    }
}
