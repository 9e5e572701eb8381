//! The website's live answers: a page or file of the site answered one at a time, as a
//! static host would (a folder without its slash and a path in capitals moved, a missing
//! path the 404 page with the nearest terms); a term at its IRI (`term/{slug}` or a concept's
//! own IRI's path), negotiated between its RDF and its page in the language `Accept-Language`
//! asks for; and, while the glossary's files have errors, the check report over the pages
//! or alone.

use oxhttp::model::header::{self, HeaderValue};
use oxhttp::model::{Body, Request, Response, StatusCode};

use super::{accepted, text, Failure, Hosted, Served, Shared};
use crate::export::html::escape_html;
use crate::site;

impl Shared {
    /// The websites of several glossaries, each in the folder of its id (`/{id}/`), and at
    /// `/` a page that lists them.
    pub(super) fn sites(
        &self,
        v: &Served,
        request: &Request<Body>,
        path: &str,
        errors: Option<&str>,
    ) -> Result<Response<Body>, Failure> {
        let relative = path.trim_start_matches('/');
        let (id, rest) = relative.split_once('/').unwrap_or((relative, ""));
        match v.hosted(id) {
            Some(hosted) if relative.contains('/') => self.site(
                hosted,
                &format!("/{id}"),
                request,
                &format!("/{rest}"),
                errors,
            ),
            Some(_) => Ok(Response::builder()
                .status(StatusCode::MOVED_PERMANENTLY)
                .header(header::LOCATION, format!("/{id}/"))
                .header(header::CONTENT_TYPE, "text/plain; charset=utf-8")
                .body(Body::from(format!("See /{id}/\n")))
                .unwrap_or_default()),
            None => {
                let status = if relative.is_empty() {
                    StatusCode::OK
                } else {
                    StatusCode::NOT_FOUND
                };
                Ok(Response::builder()
                    .status(status)
                    .header(header::CONTENT_TYPE, "text/html; charset=utf-8")
                    .body(Body::from(listing(v, errors)))
                    .unwrap_or_default())
            }
        }
    }

    /// A page or file of the website of `hosted`, served at `mount` (`""`, or `/{id}` when
    /// several glossaries are); at `/term/{slug}`, the term in the format `Accept` asks for.
    pub(super) fn site(
        &self,
        hosted: &Hosted,
        mount: &str,
        request: &Request<Body>,
        path: &str,
        errors: Option<&str>,
    ) -> Result<Response<Body>, Failure> {
        let site = site::Site::new(&hosted.glossary, &hosted.config, &hosted.plan);
        let failed = |e: crate::output::ExportError| {
            Failure::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
        };
        let relative = path.trim_start_matches('/');
        // A term's IRI: `term/{slug}`, or the path of a concept's own IRI below the base.
        let is_term = |relative: &str| site.term_at(relative).is_some();
        if is_term(relative) {
            return self.term(request, &site, mount, relative);
        }
        let file = match site.get(relative).map_err(failed)? {
            Some(file) => (StatusCode::OK, file),
            None => {
                // As a static host answers: a folder asked for without its slash, and (slugs
                // being lower case) a path in capitals, are sent where the file is.
                let exists = |relative: &str| -> Result<bool, Failure> {
                    Ok(is_term(relative) || site.get(relative).map_err(failed)?.is_some())
                };
                let lower = relative.to_lowercase();
                let moved = if !relative.is_empty()
                    && !relative.ends_with('/')
                    && exists(&format!("{relative}/"))?
                {
                    Some(format!("{mount}/{relative}/"))
                } else if lower != relative && exists(&lower)? {
                    Some(format!("{mount}/{lower}"))
                } else if lower != relative
                    && !lower.ends_with('/')
                    && exists(&format!("{lower}/"))?
                {
                    Some(format!("{mount}/{lower}/"))
                } else {
                    None
                };
                if let Some(location) = moved.and_then(|l| HeaderValue::from_str(&l).ok()) {
                    return Ok(Response::builder()
                        .status(StatusCode::MOVED_PERMANENTLY)
                        .header(header::LOCATION, location.clone())
                        .header(header::CONTENT_TYPE, "text/plain; charset=utf-8")
                        .body(Body::from(format!(
                            "See {}\n",
                            location.to_str().unwrap_or_default()
                        )))
                        .unwrap_or_default());
                }
                (
                    StatusCode::NOT_FOUND,
                    site.not_found(relative, &format!("{mount}/"))
                        .map_err(failed)?,
                )
            }
        };
        let (status, mut file) = file;
        let mut response = Response::builder()
            .status(status)
            .header(header::CONTENT_TYPE, file.media_type);
        // The site's pages (not the map, which fills its window) say the files have errors,
        // and come again until they have none.
        if let Some(report) = errors {
            if file.media_type.starts_with("text/html") && relative != "map.html" {
                file.bytes = with_errors(file.bytes, report);
                response = response.header(REFRESH, ERRORS_REFRESH);
            }
        }
        Ok(response.body(Body::from(file.bytes)).unwrap_or_default())
    }

    /// The term at its IRI's path `path` (`term/{slug}`, or where the concept's own IRI is),
    /// negotiated: its description in the RDF format `Accept` prefers (200,
    /// `Content-Location` naming the format's own file), or else a 303 to its page in the
    /// language `Accept-Language` prefers.
    fn term(
        &self,
        request: &Request<Body>,
        site: &site::Site<'_>,
        mount: &str,
        path: &str,
    ) -> Result<Response<Body>, Failure> {
        let offered = site::ALTERNATES;
        let mut chosen = None;
        for media in accepted(request) {
            if media == "text/html" || media == "application/xhtml+xml" || media.ends_with("/*") {
                break;
            }
            if let Some((extension, media_type)) = offered.iter().find(|(_, m)| *m == media) {
                chosen = Some((*extension, *media_type));
                break;
            }
        }
        let response = match chosen {
            Some((extension, media_type)) => {
                let file = site
                    .get(&format!("{path}.{extension}"))
                    .map_err(|e| Failure::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
                    .ok_or_else(|| Failure::new(StatusCode::NOT_FOUND, "no such term"))?;
                Response::builder()
                    .header(header::CONTENT_TYPE, media_type)
                    .header(
                        header::CONTENT_LOCATION,
                        format!("{mount}/{path}.{extension}"),
                    )
                    .body(Body::from(file.bytes))
            }
            None => {
                // The page in the language the reader's browser asks for, of the site's: the
                // same path in that language's folder (`/de/term/{slug}/`, `/de/162/`).
                let asked = request
                    .headers()
                    .get(header::ACCEPT_LANGUAGE)
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("");
                let page = format!("{mount}/{}{path}/", site.language_for(asked).folder);
                Response::builder()
                    .status(StatusCode::SEE_OTHER)
                    .header(header::LOCATION, page.as_str())
                    .header(header::CONTENT_TYPE, "text/plain; charset=utf-8")
                    .body(Body::from(format!("See {page}\n")))
            }
        };
        // The answer depends on the language asked for only when the site has several.
        let vary = if site.languages().len() > 1 {
            "Accept, Accept-Language"
        } else {
            "Accept"
        };
        Ok(response
            .map(|mut r| {
                r.headers_mut()
                    .insert(header::VARY, HeaderValue::from_static(vary));
                r
            })
            .unwrap_or_default())
    }
}

/// The page at `/` when several glossaries are served: a link to each one's website and
/// its APIs.
fn listing(v: &Served, errors: Option<&str>) -> String {
    let mut items = String::new();
    for g in &v.glossaries {
        let id = escape_html(&g.id);
        let title = if g.config.title.is_empty() {
            id.clone()
        } else {
            escape_html(&g.config.title)
        };
        items.push_str(&format!(
            "<li><a href=\"/{id}/\">{title}</a> ({} terms) — <a href=\"/rest/v1/{id}/\">Skosmos \
             REST API</a>, <a href=\"/reconcile/{id}\">reconciliation</a></li>\n",
            g.glossary.cards().len()
        ));
    }
    let errors = errors.map(errors_section).unwrap_or_default();
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Glossaries</title>\n</head>\n<body>\n<main id=\"main\">\n{errors}<h1>Glossaries</h1>\n\
         <ul>\n{items}</ul>\n<p>All of them: SPARQL at <a href=\"/sparql\">/sparql</a> (a named graph \
         each), <a href=\"/reconcile\">/reconcile</a>, <a href=\"/rest/v1/vocabularies?lang=en\">\
         /rest/v1/</a>.</p>\n</main>\n</body>\n</html>\n"
    )
}

/// `Refresh`, which browsers honour as a page's `<meta http-equiv="refresh">`: a page that
/// shows errors comes again, and shows the glossary once it has none.
const REFRESH: header::HeaderName = header::HeaderName::from_static("refresh");

/// Seconds between two loads of a page showing errors.
const ERRORS_REFRESH: &str = "2";

/// The check report, as a section of a page.
fn errors_section(report: &str) -> String {
    format!(
        "<section class=\"glossary-errors\" role=\"alert\" aria-labelledby=\"glossary-errors\">\n\
         <h2 id=\"glossary-errors\">The glossary has errors</h2>\n\
         <p>This page reloads itself every {ERRORS_REFRESH} s until they are fixed.</p>\n\
         <pre>{}</pre>\n</section>\n",
        crate::export::html::escape_html(report.trim_end())
    )
}

/// A page of the site with the check report at the top of its content, over the last
/// glossary without errors.
fn with_errors(page: Vec<u8>, report: &str) -> Vec<u8> {
    const MAIN: &[u8] = b"<main id=\"main\">\n";
    let Some(at) = page.windows(MAIN.len()).position(|w| w == MAIN) else {
        return page;
    };
    let at = at + MAIN.len();
    let mut out = Vec::with_capacity(page.len() + report.len() + 300);
    out.extend_from_slice(&page[..at]);
    out.extend_from_slice(
        errors_section(report)
            .replace(
                "</h2>",
                "</h2>\n<p>What follows is the last glossary without errors.</p>",
            )
            .as_bytes(),
    );
    out.extend_from_slice(&page[at..]);
    out
}

/// The answer to a reading request while the glossary has had errors from the start: the
/// check report, as a page (`503`, coming again until the glossary has none), or as text for
/// the protocols' clients.
pub(super) fn errors_only(request: &Request<Body>, report: &str) -> Response<Body> {
    match request.uri().path() {
        "/favicon.ico" => Response::builder()
            .status(StatusCode::NO_CONTENT)
            .body(Body::empty())
            .unwrap_or_default(),
        "/query" | "/store" => {
            let mut response = text(
                StatusCode::SERVICE_UNAVAILABLE,
                &format!(
                    "the glossary has errors; it is served once they are fixed\n\n{}\n",
                    report.trim_end()
                ),
            );
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static(ERRORS_REFRESH));
            response
        }
        _ => Response::builder()
            .status(StatusCode::SERVICE_UNAVAILABLE)
            .header(header::CONTENT_TYPE, "text/html; charset=utf-8")
            .header(header::RETRY_AFTER, ERRORS_REFRESH)
            .header(REFRESH, ERRORS_REFRESH)
            .body(Body::from(format!(
                "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
                 <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
                 <meta name=\"color-scheme\" content=\"light dark\">\n\
                 <title>The glossary has errors</title>\n\
                 <style>body {{ font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 1rem auto; padding: 0 1rem; }} \
                 pre {{ white-space: pre-wrap; overflow-wrap: anywhere; }}</style>\n</head>\n<body>\n<main id=\"main\">\n{}</main>\n</body>\n</html>\n",
                errors_section(report).replace("<h2", "<h1").replace("</h2>", "</h1>")
            )))
            .unwrap_or_default(),
    }
}
