//! The files of a site that are not a term's: the stylesheet, the search script and index,
//! the sitemap and the `.htaccess` that negotiates RDF or HTML at the terms' IRIs.

use std::borrow::Cow;
use std::fmt::Write as _;

use super::*;

impl Site<'_> {
    /// The shared stylesheet, with a rule per status colour (and, for a site of several
    /// languages, the language switcher's).
    pub(super) fn stylesheet(&self) -> String {
        let mut css = pages::STYLE.to_owned();
        for (i, status) in self.config.statuses.iter().enumerate() {
            let color = crate::drawing::palette::status_color(self.config, Some(status));
            let _ = writeln!(css, ".status-{i} {{ background: {color}; }}");
        }
        for (i, topic) in self.glossary.map().topics().iter().enumerate() {
            let _ = writeln!(css, ".topic-{i} {{ border-color: {}; }}", topic.color);
        }
        if self.plan.hierarchy.is_some() {
            css.push_str(pages::HIERARCHY_STYLE);
        }
        if self.plan.languages.len() > 1 {
            css.push_str(pages::LANGUAGES_STYLE);
        }
        css
    }

    /// The site's `search.js`: a site with pages outside `term/` takes their paths from the
    /// search index ([`pages::search_script`]).
    pub(super) fn search_script(&self) -> Cow<'static, str> {
        pages::search_script(self.plan.places.is_some())
    }

    /// The search index of `lang`: every term's slug, label and aliases in that language (and
    /// its hidden labels there, when it has some), as a script that sets `glossgraphSearch` (a script, not a JSON file, so that the search
    /// works from `file://`, where pages cannot fetch). When pages are outside `term/`, it
    /// also sets `glossgraphPages`: the path of each such page inside the language's folder,
    /// by slug.
    pub(super) fn search_index(&self, lang: &Language) -> Vec<u8> {
        /// An entry of the index: slug, term, aliases, and the hidden labels when there are
        /// some (found, never shown).
        #[derive(serde::Serialize)]
        #[serde(untagged)]
        enum Entry<'a> {
            Shown(&'a str, &'a str, Vec<&'a str>),
            Hidden(&'a str, &'a str, Vec<&'a str>, Vec<&'a str>),
        }
        let cards = self.glossary.cards();
        let entries: Vec<Entry<'_>> = lang
            .order
            .iter()
            .map(|&i| {
                let card = &cards[i];
                let (term, aliases) = if lang.is_main() {
                    (card.term(), card.aliases().iter().collect())
                } else {
                    let texts = lang.texts(card, self.config);
                    (texts.term.text, texts.aliases.text)
                };
                let hidden = lang.hidden_aliases(card);
                if hidden.is_empty() {
                    Entry::Shown(card.slug(), term, aliases)
                } else {
                    let hidden = hidden.iter().map(String::as_str).collect();
                    Entry::Hidden(card.slug(), term, aliases, hidden)
                }
            })
            .collect();
        let json = serde_json::to_string(&entries).expect("strings serialize");
        let mut out = format!(
            "window.glossgraphSearch = {};\n",
            crate::html::script_safe(&json)
        );
        if let Some(places) = &self.plan.places {
            let paths: std::collections::BTreeMap<&str, &str> = (0..self.glossary.cards().len())
                .filter_map(|i| Some((self.glossary.cards()[i].slug(), places.path(i)?)))
                .collect();
            let json = serde_json::to_string(&paths).expect("strings serialize");
            let _ = writeln!(
                out,
                "window.glossgraphPages = {};",
                crate::html::script_safe(&json)
            );
        }
        out.into_bytes()
    }

    /// The site's address: the base IRI's document (`#` and what follows taken off).
    pub(crate) fn address(&self) -> String {
        let base = self.config.base.split('#').next().unwrap_or_default();
        if base.ends_with('/') {
            base.to_owned()
        } else {
            format!("{base}/")
        }
    }

    /// `sitemap.xml`: in each language, the index (and its letters' pages when it is split),
    /// the topic pages, the tree's pages, every term's page (the main language's at its
    /// IRI's path) and every group's: every HTML page of the site but the map and the 404.
    pub(super) fn sitemap(&self) -> Result<String, ExportError> {
        let address = self.address();
        let topics = self.glossary.map().topics();
        let languages = self
            .plan
            .languages
            .iter()
            .map(|lang| pages::SitemapLanguage {
                at: format!("{address}{}", lang.folder),
                letters: match self.split_index() {
                    true => lang.letters.iter().map(|l| l.slug.clone()).collect(),
                    false => Vec::new(),
                },
                topics: topics.iter().map(|t| t.id.as_str()).collect(),
                tree: match &lang.tree {
                    Some(tree) => (0..tree.pages.len())
                        .map(|page| {
                            let path = tree_page(page);
                            path.strip_suffix("index.html").unwrap_or(&path).to_owned()
                        })
                        .collect(),
                    None => Vec::new(),
                },
                terms: lang.order.iter().map(|&i| self.page_path(i)).collect(),
                groups: (self.plan.groups.iter())
                    .flat_map(|g| &g.list)
                    .map(|g| g.path.as_str())
                    .collect(),
            })
            .collect();
        pages::sitemap(languages)
    }

    /// The path of the site's address (`/glossary/` for `https://example.org/glossary/`).
    pub(crate) fn root_path(&self) -> String {
        let address = self.address();
        address
            .split_once("://")
            .and_then(|(_, rest)| rest.find('/').map(|at| rest[at..].to_owned()))
            .unwrap_or_else(|| "/".to_owned())
    }

    /// `.htaccess`: content negotiation at the term IRIs for Apache (`mod_rewrite`), as the
    /// W3C recipes for publishing vocabularies and w3id.org's redirects do it: a 303 to the
    /// description in the format asked for, among those the site writes (not N-Triples,
    /// which only `serve` answers), else to the page.
    pub(super) fn htaccess(&self) -> String {
        let path = self.root_path();
        let mut out = String::from(
            "# Written by glossgraph: content negotiation at the term IRIs (Apache, mod_rewrite).\n\
             Options -MultiViews\nRewriteEngine on\n",
        );
        // Only the formats written as files: a static host has no other to send.
        let written = &ALTERNATES[..WRITTEN_ALTERNATES];
        for (extension, media_type) in written {
            let _ = write!(
                out,
                "RewriteCond %{{HTTP_ACCEPT}} {}\nRewriteRule ^term/([a-z0-9-]+)/?$ term/$1.{extension} [R=303,L]\n",
                media_type.replace('+', "\\+")
            );
        }
        out.push_str("RewriteRule ^term/([a-z0-9-]+)$ term/$1/ [R=303,L]\n");
        if self.plan.places.is_some() {
            // The terms at their IRIs' paths: wherever the path's Turtle file is beside it.
            for (extension, media_type) in written {
                let _ = write!(
                    out,
                    "RewriteCond %{{HTTP_ACCEPT}} {}\nRewriteCond %{{REQUEST_FILENAME}}.ttl -f\nRewriteRule ^(.*[^/])$ $1.{extension} [R=303,L]\n",
                    media_type.replace('+', "\\+")
                );
            }
            out.push_str(
                "RewriteCond %{REQUEST_FILENAME}.ttl -f\nRewriteRule ^(.*[^/])$ $1/ [R=303,L]\n",
            );
        }
        for (extension, media_type) in written {
            let _ = writeln!(out, "AddType {media_type} .{extension}");
        }
        // The N-Triples download.
        let (extension, media_type) = ALTERNATES[WRITTEN_ALTERNATES];
        let _ = writeln!(out, "AddType {media_type} .{extension}");
        out.push_str("Header append Vary Accept\n");
        let _ = writeln!(out, "ErrorDocument 404 {path}404.html");
        out
    }
}
