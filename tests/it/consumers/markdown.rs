//! Cards whose texts are Markdown, read by the Nu HTML Checker: the site's term pages are
//! valid HTML, and the headings of a text land under the page's own without a level skipped.

use crate::markdown::{cards, config, glossary};
use crate::util::{outcome, run_in};

#[test]
fn the_nu_checker_finds_no_error_in_pages_rendered_from_markdown() {
    let dir = glossary(&cards());
    config(dir.path());
    // The sample has one dangling term link on purpose; the fix makes the glossary clean.
    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &["check", ".", "--fix", "--unsafe-fixes"],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    let out = tempfile::tempdir().unwrap();
    let site = out.path().join("site");
    let (code, _, stderr) = outcome(&run_in(
        dir.path(),
        &["site", ".", "--out", site.to_str().unwrap()],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(site.join("term/pod/index.html").is_file());
    let errors = super::site::nu_html_errors(&site);
    assert!(errors.is_empty(), "{errors:#?}");
}
