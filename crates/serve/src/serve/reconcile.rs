//! `/reconcile`: the W3C Reconciliation Service API (version 0.2) over HTTP, answered by the
//! [`crate::reconcile::Service`] made when the glossary was loaded.
//!
//! | path | what |
//! |---|---|
//! | `/reconcile` | without parameters, the service manifest; `queries=` (GET or a POSTed form), a batch of reconciliation queries; `extend=`, a data extension query |
//! | `/reconcile/suggest/entity`, `/suggest/type`, `/suggest/property` | `?prefix=` (`cursor=`, `limit=`; entities also `type=`): auto-completion |
//! | `/reconcile/preview` | `?id=`: a small HTML page of the concept |
//! | `/reconcile/properties` | `?type=` (`limit=`): the properties data extension offers |
//!
//! Every JSON answer is also given as JSONP when a `callback` names a JavaScript function
//! (letters, digits, `_`, `$` and dots between them; anything else is refused, so nothing the
//! client sent lands in a script unchecked). Errors are `400` with a JSON body
//! `{"status": "error", "message": …}`, as clients such as `reconciler` expect, `404` for a
//! path or a concept the service lacks, `405` for another method than GET, HEAD, POST.
//!
//! Each glossary served is at `/reconcile/{id}`, with the same paths below it (the names
//! `suggest`, `preview` and `properties` are kept from being ids); `/reconcile` itself is
//! the one glossary when `serve` serves one, and all of them together, each a type, when it
//! serves several ([`crate::reconcile::all`]: the ids there are the concepts' IRIs).

use oxhttp::model::header::{self, HeaderValue};
use oxhttp::model::{Body, Method, Request, Response, StatusCode};
use serde_json::Value;

use super::{media_type, query_params, Served, Shared};
use crate::reconcile::all::{All, Member};
use crate::reconcile::{BadRequest, Service};

/// Where the service's paths start.
pub const ROOT: &str = "/reconcile";

/// Whether `path` is one of the service's.
pub fn is_reconcile(path: &str) -> bool {
    path == ROOT || path.strip_prefix(ROOT).is_some_and(|r| r.starts_with('/'))
}

/// The answer to a request of the service at `path`.
pub fn answer(
    shared: &Shared,
    served: &Served,
    request: &mut Request<Body>,
    path: &str,
) -> Response<Body> {
    let method = request.method().clone();
    if method != Method::GET && method != Method::HEAD && method != Method::POST {
        return error(
            StatusCode::METHOD_NOT_ALLOWED,
            &BadRequest(format!("{method} is not allowed: GET, HEAD or POST")),
        );
    }
    let mut params = query_params(request);
    if method == Method::POST {
        let kind = media_type(request, header::CONTENT_TYPE);
        if kind != "application/x-www-form-urlencoded" {
            return error(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                &BadRequest("a POST is a form: application/x-www-form-urlencoded".into()),
            );
        }
        match shared.body(request) {
            Ok(body) => params.extend(form_urlencoded::parse(&body).into_owned()),
            Err(super::Failure(status, message)) => return error(status, &BadRequest(message)),
        }
    }
    let param = |name: &str| {
        params
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let callback = match param("callback").map(callback) {
        Some(Err(e)) => return error(StatusCode::BAD_REQUEST, &e),
        Some(Ok(name)) => Some(name),
        None => None,
    };
    let Some((which, root, rest)) = split(served, path) else {
        return not_found();
    };
    let site = match site(shared, request) {
        Ok(site) => site,
        Err(e) => return error(StatusCode::BAD_REQUEST, &e),
    };
    let answered = match rest {
        "" | "/" => match (param("queries"), param("extend")) {
            (Some(queries), _) => which.reconcile(queries),
            (None, Some(extend)) => which.extend(extend),
            (None, None) => Ok(which.manifest(&site, &format!("{site}{root}"))),
        },
        "/suggest/entity" | "/suggest/type" | "/suggest/property" => suggest(&which, rest, &param),
        "/properties" => match param("type") {
            Some(t) => number(param("limit")).and_then(|limit| which.propose(t, limit)),
            None => Err(BadRequest("type: missing".into())),
        },
        "/preview" => {
            return match param("id").and_then(|id| which.preview(id)) {
                Some(html) => preview(html),
                None => not_found(),
            }
        }
        _ => return not_found(),
    };
    match answered {
        Ok(value) => ok(&value, callback),
        Err(e) => error(StatusCode::BAD_REQUEST, &e),
    }
}

/// The service a path is of: one glossary's, or all of them together.
enum Which<'a> {
    /// One glossary's service, its website at the path given (`""`, or `/{id}` when several
    /// glossaries are served).
    One(&'a Service, String),
    All(All<'a>),
}

impl Which<'_> {
    fn manifest(&self, site: &str, root: &str) -> Value {
        match self {
            Which::One(s, mount) => s.manifest(&format!("{site}{mount}"), root),
            Which::All(all) => all.manifest(root),
        }
    }

    fn reconcile(&self, queries: &str) -> Result<Value, BadRequest> {
        match self {
            Which::One(s, _) => s.reconcile(queries),
            Which::All(all) => all.reconcile(queries),
        }
    }

    fn extend(&self, extend: &str) -> Result<Value, BadRequest> {
        match self {
            Which::One(s, _) => s.extend(extend),
            Which::All(all) => all.extend(extend),
        }
    }

    fn propose(&self, type_id: &str, limit: Option<usize>) -> Result<Value, BadRequest> {
        match self {
            Which::One(s, _) => s.propose(type_id, limit),
            Which::All(all) => all.propose(type_id, limit),
        }
    }

    fn preview(&self, id: &str) -> Option<String> {
        match self {
            Which::One(s, _) => s.preview(id),
            Which::All(all) => all.preview(id),
        }
    }
}

/// The service a path is of, the path it is at, and the rest of the path below it:
/// `/reconcile/{id}…` one glossary's, `/reconcile…` all of them (the one, when one is
/// served).
fn split<'a>(served: &'a Served, path: &'a str) -> Option<(Which<'a>, String, &'a str)> {
    let below = path.strip_prefix(ROOT)?;
    let first = below
        .trim_start_matches('/')
        .split('/')
        .next()
        .unwrap_or("");
    if let Some(g) = served.hosted(first).filter(|_| below.starts_with('/')) {
        let rest = &below[1 + first.len()..];
        let mount = if served.several() {
            format!("/{first}")
        } else {
            String::new()
        };
        return Some((
            Which::One(&g.reconcile, mount),
            format!("{ROOT}/{first}"),
            rest,
        ));
    }
    let which = if served.several() {
        Which::All(All(served
            .glossaries
            .iter()
            .map(|g| Member {
                id: &g.id,
                title: if g.config.title.is_empty() {
                    &g.id
                } else {
                    &g.config.title
                },
                service: &g.reconcile,
            })
            .collect()))
    } else {
        Which::One(&served.first().reconcile, String::new())
    };
    Some((which, ROOT.to_owned(), below))
}

fn suggest<'p>(
    which: &Which<'_>,
    rest: &str,
    param: &dyn Fn(&str) -> Option<&'p str>,
) -> Result<Value, BadRequest> {
    let prefix = param("prefix").ok_or_else(|| BadRequest("prefix: missing".into()))?;
    let cursor = number(param("cursor"))?.unwrap_or(0);
    let limit = number(param("limit"))?;
    match (which, rest) {
        (Which::One(s, _), "/suggest/entity") => {
            s.suggest_entity(prefix, param("type"), cursor, limit)
        }
        (Which::One(s, _), "/suggest/type") => s.suggest_type(prefix, cursor, limit),
        (Which::One(s, _), _) => s.suggest_property(prefix, cursor, limit),
        (Which::All(a), "/suggest/entity") => {
            a.suggest_entity(prefix, param("type"), cursor, limit)
        }
        (Which::All(a), "/suggest/type") => a.suggest_type(prefix, cursor, limit),
        (Which::All(a), _) => a.suggest_property(prefix, cursor, limit),
    }
}

/// A count parameter: a whole number, not negative, below a million.
fn number(value: Option<&str>) -> Result<Option<usize>, BadRequest> {
    value
        .map(|v| {
            v.trim()
                .parse::<usize>()
                .ok()
                .filter(|n| *n < 1_000_000)
                .ok_or_else(|| BadRequest("limit and cursor are whole numbers".into()))
        })
        .transpose()
}

/// A JSONP callback's name, if it is only a JavaScript name or a dotted path of them.
pub(super) fn callback(name: &str) -> Result<&str, BadRequest> {
    let part = |p: &str| {
        p.chars().next().is_some_and(|c| !c.is_ascii_digit())
            && p.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
    };
    if name.len() <= 100 && name.split('.').all(part) {
        Ok(name)
    } else {
        Err(BadRequest(
            "callback: letters, digits, `_` and `$`, dots between names, at most 100".into(),
        ))
    }
}

/// The website's absolute URL, from the `Host` the client used (a host name, an address, a
/// port: nothing else is written into the manifest's URLs).
pub(super) fn site(shared: &Shared, request: &Request<Body>) -> Result<String, BadRequest> {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map_or_else(|| shared.options.bind.to_string(), str::to_owned);
    let fits = |c: char| c.is_ascii_alphanumeric() || ".-:[]_".contains(c);
    if host.is_empty() || host.len() > 255 || !host.chars().all(fits) {
        return Err(BadRequest("the Host header is not a host name".into()));
    }
    Ok(format!("http://{host}"))
}

fn ok(value: &Value, callback: Option<&str>) -> Response<Body> {
    let json = value.to_string();
    let (kind, body) = match callback {
        // `/**/` first: a JSONP answer can never begin with bytes a plugin would sniff.
        Some(name) => (
            "application/javascript; charset=utf-8",
            format!("/**/{name}({});\n", script_safe(&json)),
        ),
        None => ("application/json", json),
    };
    Response::builder()
        .header(header::CONTENT_TYPE, kind)
        .header(header::X_CONTENT_TYPE_OPTIONS, "nosniff")
        .body(Body::from(body))
        .unwrap_or_default()
}

/// JSON with the characters a script must not see raw escaped: `<`, `>`, `&` (no
/// `</script>`), and the line separators JavaScript before ES2019 ended strings at.
pub(super) fn script_safe(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

fn error(status: StatusCode, e: &BadRequest) -> Response<Body> {
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::X_CONTENT_TYPE_OPTIONS, "nosniff")
        .body(Body::from(e.to_json().to_string()))
        .unwrap_or_default()
}

fn not_found() -> Response<Body> {
    error(
        StatusCode::NOT_FOUND,
        &BadRequest("no such path or concept in this reconciliation service".into()),
    )
}

fn preview(html: String) -> Response<Body> {
    Response::builder()
        .header(header::CONTENT_TYPE, "text/html; charset=utf-8")
        .header(header::X_CONTENT_TYPE_OPTIONS, "nosniff")
        // Shown in a client's iframe: no script, nothing loaded, only its own style.
        .header(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'"),
        )
        .body(Body::from(html))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_callback_is_a_javascript_name_or_nothing() {
        assert!(callback("jQuery3310_1234").is_ok());
        assert!(callback("window.cb$").is_ok());
        for bad in [
            "",
            "1a",
            "a..b",
            "a(b)",
            "alert(1)//",
            "a b",
            "a;b",
            "<x>",
            ".a",
        ] {
            assert!(callback(bad).is_err(), "{bad}");
        }
        assert!(callback(&"a".repeat(101)).is_err());
    }

    #[test]
    fn jsonp_bodies_escape_what_a_script_must_not_see() {
        let value = json!({ "name": "</script><b>&\u{2028}" });
        let response = ok(&value, Some("cb"));
        let body = String::from_utf8(response.into_body().to_vec().unwrap()).unwrap();
        assert_eq!(
            body,
            "/**/cb({\"name\":\"\\u003c/script\\u003e\\u003cb\\u003e\\u0026\\u2028\"});\n"
        );
    }
}
