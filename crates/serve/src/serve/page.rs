//! The query page (`/sparql`): a box to type a query in, the saved queries in a menu, and
//! the answer shown as a table, a boolean or a graph. The page is the askama template
//! `templates/query.html`, checked at compile time like the website's: its title is escaped
//! as HTML, and the JSON its script reads goes through `script_safe`, the escaper of JSON
//! in every `<script>` glossgraph writes.

use askama::Template;

use crate::config::Config;
use crate::export::html::{escape_html, script_safe};
use crate::saved;

/// The query page, with the saved queries offered in a menu.
pub(super) fn page(config: &Config) -> String {
    let saved: Vec<serde_json::Value> = saved::ALL
        .iter()
        .map(|q| {
            serde_json::json!({
                "name": q.name,
                "summary": q.summary(),
                "text": q.text,
            })
        })
        .collect();
    let mut terms = String::new();
    crate::rdf::vocab::push_term_iri(&mut terms, &config.base, "");
    let mut page = QueryPage {
        title: &config.title,
        saved: json(saved.into()),
        base: json(config.base.as_str().into()),
        terms: json(terms.into()),
    }
    .render()
    .expect("the query page renders: its values are strings");
    // askama drops the template file's last line break.
    page.push('\n');
    page
}

/// The query page's values: the title, escaped as HTML by the template, and JSON for its
/// script.
#[derive(Template)]
#[template(path = "query.html")]
struct QueryPage<'a> {
    title: &'a str,
    /// The saved queries: name, summary and text of each.
    saved: String,
    /// The glossary's base IRI, the concept scheme's, which the page links to `/`.
    base: String,
    /// Where the terms' IRIs start, which the page links to `/term/`.
    terms: String,
}

/// `value` as JSON that is safe inside the page's `<script>` (the one escaper of JSON in
/// scripts, which the website and the map use too).
fn json(value: serde_json::Value) -> String {
    script_safe(&value.to_string())
}

/// The HTML escaper of serve's templates: `escape_html`, as serve's other HTML (the page of
/// a glossary with errors) and the map escape, with named references (`&amp;`, `&quot;`);
/// askama's own writes numeric ones (`&#38;`). Named in `askama.toml`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Html;

impl askama::filters::Escaper for Html {
    fn write_escaped_str<W: std::fmt::Write>(&self, mut dest: W, text: &str) -> std::fmt::Result {
        dest.write_str(&escape_html(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_embeds_every_saved_query() {
        let page = page(&Config::default());
        for q in saved::ALL {
            assert!(
                page.contains(&format!("\"name\":\"{}\"", q.name)),
                "{}",
                q.name
            );
        }
        assert!(!page.contains("{{"), "a placeholder was left in the page");
        assert!(page.contains(&format!(
            "const TERMS = \"{}term/\";",
            Config::default().base
        )));
    }

    #[test]
    fn the_title_is_escaped_as_html_and_the_scripts_values_cannot_end_the_script() {
        let config = Config {
            title: "Q&A <glossary> \"v1\" 'draft'".into(),
            base: "https://x.example/</script><!--&/".into(),
            ..Config::default()
        };
        let page = page(&config);
        let title = "Q&amp;A &lt;glossary&gt; &quot;v1&quot; &#39;draft&#39;";
        assert!(page.contains(&format!("<title>{title} — SPARQL</title>")));
        assert!(page.contains(&format!("<h1>{title} — SPARQL</h1>")));
        assert!(page.contains(
            "const BASE = \"https://x.example/\\u003c/script\\u003e\\u003c!--\\u0026/\";"
        ));
        assert_eq!(page.matches("</script>").count(), 1);
        assert!(page.ends_with("</script>\n</body>\n</html>\n"));
    }
}
