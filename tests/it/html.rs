//! The interactive map (`glossary.html`): `render` refuses the flags that shape only the other
//! maps, by name. (Headless Chromium reads the map as a reader would, and ESLint its script,
//! in `consumers/html.rs`.)

use crate::util::{glossgraph, scratch, stderr};

#[test]
fn render_refuses_view_flags_for_the_map() {
    let dir = scratch("html", "flags");
    let page = dir.join("map.html");
    let out = glossgraph(&[
        "render",
        "--focus",
        "roce-v2",
        "--output",
        page.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("the HTML map shows the whole glossary"));
    assert!(!page.exists());
    // Every flag that shapes the other maps is refused, by name, never ignored in silence.
    for flags in [
        &["--engine", "dot"][..],
        &["--cluster", "status"],
        &["--max-nodes", "5"],
    ] {
        let mut args = vec!["render", "--output", page.to_str().unwrap()];
        args.extend_from_slice(flags);
        let out = glossgraph(&args);
        assert_eq!(out.status.code(), Some(2), "{flags:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains(&format!("{} only applies", flags[0])), "{err}");
        assert!(!page.exists());
    }
}
