//! The man pages as `man` shows them: groff formats each without a warning, and keeps the
//! help's examples whole and the exit codes in their own section.

use std::io::Write;
use std::process::{Command, Stdio};

use super::require;
use crate::cli::man_pages;
use crate::util::{outcome, root, run_in};

/// Every man page reads as a man page: `groff -k -man` (what `man` runs: `-k` decodes UTF-8
/// as man-db's preconv does) formats it without a warning.
#[test]
fn groff_formats_every_man_page_without_a_warning() {
    for sub in man_pages() {
        let (code, page, stderr) = outcome(&run_in(root(), &["man", &sub], None));
        assert_eq!(code, 0, "{stderr}");
        let mut groff = Command::new(require("groff"))
            .args(["-k", "-man", "-Tutf8", "-ww", "-P-bou"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("groff runs");
        groff
            .stdin
            .take()
            .unwrap()
            .write_all(page.as_bytes())
            .unwrap();
        let shown = groff.wait_with_output().unwrap();
        assert!(shown.status.success());
        assert_eq!(
            String::from_utf8_lossy(&shown.stderr),
            "",
            "groff on `man {sub}`"
        );
        let text = String::from_utf8_lossy(&shown.stdout);
        assert!(text.contains(&format!("glossgraph {sub}")), "{text}");
        if sub == "export" {
            assert!(
                text.contains("--format") && text.contains("--check"),
                "{text}"
            );
        }
    }
}

/// A man page as `man` shows it (groff, plain UTF-8 text, no bold or underline).
fn shown(page: &str) -> String {
    let mut groff = Command::new(require("groff"))
        .args(["-k", "-man", "-Tutf8", "-rLL=100n", "-P-bcou"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    groff
        .stdin
        .take()
        .unwrap()
        .write_all(page.as_bytes())
        .unwrap();
    let out = groff.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// The example lines of a `--help` text (after `Examples:` or `Example:`, to the first
/// line that is not indented).
fn help_examples(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Example"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.trim().to_owned())
        .collect()
}

/// The man pages, as `man` shows them, keep the help's examples whole and the exit codes in
/// their own section (issue 23, item 9).
#[test]
fn man_pages_keep_examples_whole_and_exit_codes_in_their_section() {
    let (_, main, _) = outcome(&run_in(root(), &["man"], None));
    let text = shown(&main);
    assert!(text.contains("\nEXIT STATUS\n"), "{text}");
    assert!(text.contains("130"), "{text}");
    // The pages glossgraph(1) points to (those of the README's loop: `cli.rs`).
    for sub in man_pages() {
        let sub = sub.as_str();
        let (_, help, _) = outcome(&run_in(root(), &[sub, "--help"], None));
        let (code, page, _) = outcome(&run_in(root(), &["man", sub], None));
        assert_eq!(code, 0);
        let text = shown(&page);
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        let examples = help_examples(&help);
        assert!(!examples.is_empty(), "{sub} --help has examples");
        for example in examples {
            assert!(
                lines.contains(&example.as_str()),
                "glossgraph-{sub}(1) does not show the line `{example}` whole:\n{text}"
            );
        }
        assert!(text.contains("\nEXIT STATUS\n"), "glossgraph-{sub}(1)");
    }
}
