//! What the Neo4j profile adds: node labels for APOC's `apoc.import.graphml` with
//! `readLabels: true` (`:Term`, and the status as a second label, so that Neo4j Browser
//! colours nodes by status). Its keys (`labels`, `name`, an edge `label` holding the
//! relationship type) are in the key table of the parent module.

/// APOC node labels: `:Term`, and the status in CamelCase (`:Term:Shipping`) when it is a
/// plain word (a slug), so that Neo4j Browser colours nodes by status.
pub(super) fn neo4j_labels(status: Option<&str>, out: &mut String) {
    out.clear();
    out.push_str(":Term");
    if let Some(status) = status.filter(|s| crate::card::rules::is_slug(s)) {
        out.push(':');
        for part in status.split('-') {
            let mut chars = part.chars();
            if let Some(first) = chars.next() {
                out.push(first.to_ascii_uppercase());
                out.push_str(chars.as_str());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neo4j_labels_are_camel_case_words() {
        let mut s = String::new();
        neo4j_labels(Some("end-of-life"), &mut s);
        assert_eq!(s, ":Term:EndOfLife");
        neo4j_labels(Some("not a slug"), &mut s);
        assert_eq!(s, ":Term");
    }
}
