//! The query page (`/sparql`): a box to type a query in, the saved queries in a menu, and
//! the answer shown as a table, a boolean or a graph, by the script of `page.html`.

use crate::config::Config;
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
    // `</` cannot appear inside a <script> element.
    let saved = serde_json::to_string(&saved)
        .unwrap_or_else(|_| "[]".into())
        .replace("</", "<\\/");
    let title = crate::export::html::escape_html(&config.title);
    let mut terms = String::new();
    crate::rdf::vocab::push_term_iri(&mut terms, &config.base, "");
    let json = |text: &str| {
        crate::export::html::script_safe(&serde_json::to_string(text).expect("strings serialize"))
    };
    include_str!("page.html")
        .replace("{{TITLE}}", &title)
        .replace("/*{{SAVED}}*/[]", &saved)
        .replace("/*{{BASE}}*/\"\"", &json(&config.base))
        .replace("/*{{TERMS}}*/\"\"", &json(&terms))
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
}
