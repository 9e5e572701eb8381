//! Topic maps as images: the SVG glossgraph draws itself ([`crate::svg::draw`]), and SVG, PNG
//! or PDF drawn by Graphviz ([`graphviz`]) from the DOT ([`crate::dot`]). Built on the two
//! exporters, as the bundle and the website are built on theirs: neither of them imports the
//! other.
//!
//! A map on glossgraph's own layout (the `map` engine, the default) written to `.svg` is drawn
//! here, streamed from the layout, with no other program: the same bytes on every machine.
//! Graphviz draws what only it does — PNG and PDF (the DOT of the view, every node pinned at
//! its place, drawn by `neato -n2`) and maps it lays out itself (`--engine dot` or `sfdp`).
//! The DOT is streamed into the standard input of the program, which writes a temporary file
//! beside the output; the file is renamed into place only when Graphviz succeeded, so a failed
//! or interrupted run never leaves half an image. Graphviz's standard error is read on a thread
//! while the DOT is written, so a chatty Graphviz cannot block on a full pipe. When Graphviz is
//! not installed, the error says so and how to install it.

use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::config::Config;
use crate::dot;
use crate::drawing::{Drawing, Engine, View, ViewError};
use crate::svg::draw;
use crate::ExportError;
use crate::Glossary;

mod graphviz;

/// What a map is drawn into.
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
    let drawing = Drawing::select(glossary, config, view)?;
    if format == ImageFormat::Svg && view.engine == Engine::Map {
        // glossgraph's own drawing: no Graphviz, the same bytes everywhere.
        let mut failed = None;
        crate::output::replace_file(output, |w| {
            draw::write(&drawing, w).map_err(|e| {
                let io = io::Error::other(e.to_string());
                failed = Some(e);
                io
            })
        })
        .map_err(|source| match failed.take() {
            Some(e) => RenderError::Export(e),
            None => RenderError::Io {
                path: output.to_owned(),
                source,
            },
        })?;
        return Ok(Rendered {
            nodes: drawing.selection.nodes.len(),
            warnings: String::new(),
        });
    }
    let warnings = graphviz::run(&drawing, format, output)?;
    Ok(Rendered {
        nodes: drawing.selection.nodes.len(),
        warnings,
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
}
