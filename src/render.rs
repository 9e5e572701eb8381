//! `glossgraph render`: the topic map drawn into an SVG (by glossgraph, or by Graphviz on its
//! own engines), a PNG or a PDF (by Graphviz), or the interactive HTML map, by the extension
//! of `--output`.

use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use glossgraph::export::{html, render};

use crate::cli::{Color, RenderArgs};
use crate::glossary;
use crate::progress::size;

pub fn run(args: &RenderArgs, color: Color) -> Result<ExitCode> {
    let checked = match glossary::load_valid(&args.glossary, color, false)? {
        Ok(checked) => checked,
        Err(code) => {
            eprintln!("glossgraph: error: the glossary has errors; nothing was rendered");
            return Ok(code);
        }
    };
    if html::is_html(&args.output) {
        let given = args.view.given();
        anyhow::ensure!(
            given.is_empty(),
            "the HTML map shows the whole glossary on glossgraph's own layout (it has its own \
             filters): {} only appl{} to the SVG, PNG and PDF maps",
            given.join(", "),
            if given.len() == 1 { "ies" } else { "y" }
        );
        html::write_file(&checked.glossary, &checked.config, &args.output)
            .with_context(|| format!("cannot write `{}`", args.output.display()))?;
    } else {
        let rendered = render::render(
            &checked.glossary,
            &checked.config,
            &args.view.view(),
            &args.output,
        )?;
        for line in rendered.warnings.lines().filter(|l| !l.trim().is_empty()) {
            eprintln!("glossgraph: graphviz: {line}");
        }
    }
    glossary::leave(checked);
    say_written(&args.output);
    Ok(ExitCode::SUCCESS)
}

/// Past this many pixels on a side, a PNG is more than a screen or a page shows (an A0 poster
/// at 300 dpi is 9,933 × 14,043).
const LARGE_SIDE: u32 = 10_000;

/// Says what was written, as `generate` does; a PNG past [`LARGE_SIDE`] gets a warning with
/// the ways to bound it.
fn say_written(output: &Path) {
    let bytes = std::fs::metadata(output).map_or(0, |m| m.len());
    let pixels = std::fs::File::open(output)
        .ok()
        .and_then(|mut f| {
            let mut head = [0u8; 24];
            f.read_exact(&mut head).ok().map(|()| head)
        })
        .and_then(|head| png_size(&head));
    let dimensions = pixels.map_or_else(String::new, |(w, h)| format!(", {w} × {h} pixels"));
    eprintln!(
        "glossgraph: wrote {} ({}{dimensions})",
        output.display(),
        size(bytes)
    );
    if let Some((w, h)) = pixels.filter(|&(w, h)| w.max(h) > LARGE_SIDE) {
        eprintln!(
            "glossgraph: warning: {} is {w} × {h} pixels, more than a screen or a page shows: \
             draw part of the glossary (--focus SLUG --depth N, --status, --max-nodes N), or \
             write an .svg, which any size scales to",
            output.display()
        );
    }
}

/// The width and height a PNG file's header gives (its IHDR chunk), if `head` starts one.
fn png_size(head: &[u8; 24]) -> Option<(u32, u32)> {
    if head[..8] != *b"\x89PNG\r\n\x1a\n" || head[12..16] != *b"IHDR" {
        return None;
    }
    let number =
        |at: usize| u32::from_be_bytes([head[at], head[at + 1], head[at + 2], head[at + 3]]);
    Some((number(16), number(20)))
}

#[cfg(test)]
mod tests {
    use super::png_size;

    #[test]
    fn a_png_header_gives_its_size() {
        let mut head = [0u8; 24];
        head[..8].copy_from_slice(b"\x89PNG\r\n\x1a\n");
        head[12..16].copy_from_slice(b"IHDR");
        head[16..20].copy_from_slice(&21_112u32.to_be_bytes());
        head[20..24].copy_from_slice(&20_827u32.to_be_bytes());
        assert_eq!(png_size(&head), Some((21_112, 20_827)));
        head[1] = b'Q';
        assert_eq!(png_size(&head), None);
    }
}
