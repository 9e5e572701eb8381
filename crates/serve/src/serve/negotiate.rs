//! Content negotiation: the format of an answer from the `Accept` header (or a `format`
//! parameter), for SPARQL results, RDF graphs and datasets, and the REST API's JSON.

use oxhttp::model::header;
use oxhttp::model::{Body, Request, StatusCode};
use oxigraph::io::RdfFormat;

use super::Failure;
use crate::results::ResultsFormat;
use crate::QueryForm;

/// The media types of `Accept`, best first (by `q`, then by order).
pub(super) fn accepted(request: &Request<Body>) -> Vec<String> {
    let Some(accept) = request
        .headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
    else {
        return Vec::new();
    };
    let mut ranked: Vec<(u32, usize, String)> = accept
        .split(',')
        .enumerate()
        .filter_map(|(i, item)| {
            let mut parts = item.split(';');
            let media = parts.next()?.trim().to_ascii_lowercase();
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            (q > 0.0 && !media.is_empty()).then_some(((q * 1000.0) as u32, i, media))
        })
        .collect();
    ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    ranked.into_iter().map(|(_, _, m)| m).collect()
}

/// The format of a query's answer: `format`/`output` parameter, else `Accept`, else SPARQL
/// JSON for solutions and Turtle for graphs.
pub(super) fn negotiate(
    request: &Request<Body>,
    params: &[(String, String)],
    form: QueryForm,
) -> Result<ResultsFormat, Failure> {
    let fallback = match form {
        QueryForm::Graph => ResultsFormat::Rdf(RdfFormat::Turtle),
        _ => ResultsFormat::Json,
    };
    if let Some((_, asked)) = params.iter().find(|(k, _)| k == "format" || k == "output") {
        return ResultsFormat::from_name(asked)
            .or_else(|| ResultsFormat::from_media_type(asked, form))
            .filter(|f| f.fits(form))
            .ok_or_else(|| {
                Failure::new(
                    StatusCode::NOT_ACCEPTABLE,
                    format!("format `{asked}` cannot carry this answer"),
                )
            });
    }
    let accepted = accepted(request);
    if accepted.is_empty() {
        return Ok(fallback);
    }
    for media in &accepted {
        if media == "*/*"
            || media == "application/*"
            || media == "text/*" && form == QueryForm::Graph
        {
            return Ok(fallback);
        }
        if let Some(f) = ResultsFormat::from_media_type(media, form) {
            return Ok(f);
        }
    }
    let offered: Vec<&str> = ResultsFormat::all()
        .into_iter()
        .filter(|f| f.fits(form))
        .map(ResultsFormat::media_type)
        .collect();
    Err(Failure::new(
        StatusCode::NOT_ACCEPTABLE,
        format!(
            "none of the accepted types is available; offered: {}",
            offered.join(", ")
        ),
    ))
}

/// An RDF format from `Accept`: triple formats, plus TriG and N-Quads when `dataset`.
pub(super) fn negotiate_rdf(
    request: &Request<Body>,
    fallback: RdfFormat,
    dataset: bool,
) -> Result<RdfFormat, Failure> {
    let accepted = accepted(request);
    if accepted.is_empty() {
        return Ok(fallback);
    }
    for media in &accepted {
        if media == "*/*" || media == "application/*" || media == "text/*" {
            return Ok(fallback);
        }
        if let Some(f) = RdfFormat::from_media_type(media) {
            if f.supports_datasets() == dataset || dataset && f == RdfFormat::NQuads {
                return Ok(f);
            }
        }
    }
    Err(Failure::new(
        StatusCode::NOT_ACCEPTABLE,
        if dataset {
            "the whole dataset is offered as application/trig or application/n-quads"
        } else {
            "a graph is offered as text/turtle, application/n-triples, application/rdf+xml \
             or application/ld+json"
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(accept: Option<&str>) -> Request<Body> {
        let mut r = Request::builder().uri("/query");
        if let Some(a) = accept {
            r = r.header(header::ACCEPT, a);
        }
        r.body(Body::empty()).unwrap()
    }

    #[test]
    fn content_negotiation_picks_the_best_format_that_fits() {
        let pick = |accept, form| negotiate(&request(accept), &[], form).map_err(|f| f.0);
        assert_eq!(pick(None, QueryForm::Select), Ok(ResultsFormat::Json));
        assert_eq!(
            pick(
                Some("text/csv;q=0.5, application/sparql-results+xml"),
                QueryForm::Select
            ),
            Ok(ResultsFormat::Xml)
        );
        assert_eq!(
            pick(
                Some("text/csv;q=0.5, application/sparql-results+xml;q=0.1"),
                QueryForm::Select
            ),
            Ok(ResultsFormat::Csv)
        );
        assert_eq!(
            pick(Some("*/*"), QueryForm::Graph),
            Ok(ResultsFormat::Rdf(RdfFormat::Turtle))
        );
        assert_eq!(
            pick(Some("application/n-triples, */*;q=0.1"), QueryForm::Graph),
            Ok(ResultsFormat::Rdf(RdfFormat::NTriples))
        );
        assert_eq!(
            pick(Some("text/turtle"), QueryForm::Select),
            Err(StatusCode::NOT_ACCEPTABLE)
        );
        let with_format = negotiate(
            &request(Some("text/csv")),
            &[("format".into(), "json".into())],
            QueryForm::Ask,
        );
        assert_eq!(with_format.map_err(|f| f.0), Ok(ResultsFormat::Json));
    }
}
