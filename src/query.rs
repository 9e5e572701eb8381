//! `glossgraph query`: one SPARQL query over the glossary's store, answered on stdout as a
//! table, CSV, TSV, JSON, XML, or a picture (GraphML, DOT) for graphs.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use glossgraph::sparql::saved::{self, ParamKind, SavedQuery};
use glossgraph::sparql::{results, ResultsFormat, SparqlError};

use crate::cli::{seconds, Color, QueryArgs};
use crate::exit;
use crate::glossary::{fill_store, load_for_store};

pub fn run(mut args: QueryArgs, color: Color) -> Result<ExitCode> {
    // Not locked: a picture (GraphML, DOT) is written by the exporters' worker threads.
    let mut out = io::stdout();
    let queries = saved_queries(args.glossary.input())?;
    if args.list {
        list(&queries, &mut out)?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.file.is_none() && args.saved.is_none() {
        let (input, query) = positionals(args.glossary.input.take(), args.query.take())?;
        (args.glossary.input, args.query) = (input, query);
    }
    let saved = match &args.saved {
        Some(name) => Some(
            queries
                .iter()
                .find(|(q, _)| q.name == name)
                .cloned()
                .ok_or_else(|| {
                    let names: Vec<&str> = queries.iter().map(|(q, _)| q.name).collect();
                    anyhow!("no saved query `{name}`; there are: {}", names.join(", "))
                })?,
        ),
        None => None,
    };
    let saved_file = saved.as_ref().and_then(|(_, file)| file.clone());
    let saved = saved.map(|(q, _)| q);
    let (text, origin) = match (&args.query, &args.file, saved) {
        (_, _, Some(q)) => (
            q.text.to_owned(),
            saved_file.unwrap_or_else(|| format!("queries/{}.rq", q.name)),
        ),
        (_, Some(path), _) => (
            std::fs::read_to_string(path)
                .with_context(|| format!("cannot read `{}`", path.display()))?,
            path.display().to_string(),
        ),
        (Some(text), _, _) => (text.clone(), "query".to_owned()),
        (None, None, None) => bail!("{NO_QUERY}"),
    };
    let timeout = args.timeout.map(|t| seconds(t, "--timeout")).transpose()?;
    let requested = match &args.results {
        Some(name) => Some(ResultsFormat::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = ResultsFormat::all()
                .into_iter()
                .map(ResultsFormat::name)
                .collect();
            anyhow!(
                "--results {name} is not a format; use one of: {}",
                names.join(", ")
            )
        })?),
        None => None,
    };

    let (glossary, config) = match load_for_store(&args.glossary, color)? {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    if let Some(q) = &saved {
        check_slugs(q, &args.params, &glossary)?;
    }
    let store = fill_store(&glossary, &config)?;
    let mut prepared = match store.prepare(&text) {
        Ok(p) => p,
        Err(SparqlError::Syntax {
            line,
            column,
            message,
        }) => {
            syntax_error(&origin, &text, line, column, &message)?;
            return Ok(ExitCode::from(exit::FINDINGS));
        }
        Err(e) => return Err(e.into()),
    };
    let bindings = match saved {
        Some(q) => q.bind(&args.params, store.iris()),
        None => saved::bind_adhoc(&args.params),
    }?;
    for (variable, value) in bindings {
        prepared = prepared.bind(variable, value)?;
    }
    let format = requested
        .unwrap_or_else(|| ResultsFormat::default_for(prepared.form(), io::stdout().is_terminal()));
    results::check_fits(format, prepared.form())?;
    match store.run(&prepared, timeout) {
        Ok(answer) => {
            let mut lines = LineEnd {
                inner: &mut out,
                ended: true,
            };
            let written = if format.is_picture() {
                results::draw(&answer, format, &glossary, &config, &mut lines)
            } else {
                results::write(&answer, format, &store.prefixes(), &mut lines)
            };
            match written {
                // Plain I/O errors, so that a closed pipe ends the run quietly.
                Err(results::ResultsError::Io(e)) => return Err(e.into()),
                other => other?,
            }
            if !lines.ended {
                out.write_all(b"\n")?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e @ (SparqlError::Timeout(_) | SparqlError::Evaluation(_))) => {
            writeln!(io::stderr(), "glossgraph: error: {e}")?;
            Ok(ExitCode::from(exit::FINDINGS))
        }
        Err(e) => Err(e.into()),
    }
}

/// Lists the saved queries (`--list`): name, file, summary and parameters.
fn list(queries: &[(SavedQuery, Option<String>)], out: &mut impl Write) -> Result<()> {
    for (q, file) in queries {
        match file {
            Some(file) => writeln!(out, "{} ({file})\n    {}", q.name, q.summary())?,
            None => writeln!(out, "{}\n    {}", q.name, q.summary())?,
        }
        for p in q.params()? {
            writeln!(
                out,
                "    --param {}={}  {}",
                p.name,
                p.kind.placeholder(),
                p.description
            )?;
        }
    }
    Ok(())
}

/// A slug that names no term would only answer with no rows: says so instead, with the
/// nearest slug.
fn check_slugs(q: &SavedQuery, params: &[String], glossary: &glossgraph::Glossary) -> Result<()> {
    for p in q.params()? {
        if !matches!(p.kind, ParamKind::Slug | ParamKind::Term) {
            continue;
        }
        let prefix = format!("{}=", p.name);
        for value in params.iter().filter_map(|a| a.strip_prefix(&prefix)) {
            // A value that is no slug at all is refused by the binding, with its reason.
            if glossgraph::card::rules::is_slug(value) && glossary.node(value).is_none() {
                let hint = glossary
                    .suggest(value)
                    .map(|s| format!("; did you mean `{s}`?"))
                    .unwrap_or_default();
                bail!("--param {prefix}{value}: no term has the slug `{value}`{hint}");
            }
        }
    }
    Ok(())
}

/// Reports a query's syntax error at its place, with the line and a caret under the column.
fn syntax_error(origin: &str, text: &str, line: u32, column: u32, message: &str) -> io::Result<()> {
    let mut err = io::stderr().lock();
    writeln!(
        err,
        "glossgraph: error: {origin}:{line}:{column}: {message}"
    )?;
    if let Some(source) = text.lines().nth(line.saturating_sub(1) as usize) {
        let caret = " ".repeat(
            source
                .chars()
                .take(column.saturating_sub(1) as usize)
                .count(),
        );
        writeln!(err, "  |\n  | {source}\n  | {caret}^")?;
    }
    Ok(())
}

const NO_QUERY: &str = "no query given (QUERY, --file or --saved)";

/// Which of the (at most two) positional arguments is the INPUT and which the QUERY, when
/// the query is not read from --file or --saved. The help shows `[INPUT] [QUERY]`; a single
/// argument is the query (the input is then data/) unless it names a file or folder and does
/// not read as a query; two arguments are taken in either order when exactly one reads as a
/// query.
fn positionals(
    first: Option<String>,
    second: Option<String>,
) -> Result<(Option<String>, Option<String>)> {
    let is_input = |text: &str| text == "-" || std::path::Path::new(text).exists();
    match (first, second) {
        (None, _) => bail!("{NO_QUERY}"),
        (Some(one), None) => {
            if is_input(&one) && !reads_as_query(&one) {
                bail!("{NO_QUERY}")
            }
            Ok((None, Some(one)))
        }
        (Some(a), Some(b)) => match (reads_as_query(&a), reads_as_query(&b)) {
            (true, true) => bail!(
                "`{a}` and `{b}` both look like queries; give the INPUT first, then the QUERY"
            ),
            (true, false) => Ok((Some(b), Some(a))),
            _ => Ok((Some(a), Some(b))),
        },
    }
}

/// Whether `text` reads as a SPARQL query rather than a path: after blank space and `#`
/// comment lines, it starts with a keyword a query starts with, followed by something more.
fn reads_as_query(text: &str) -> bool {
    let mut rest = text.trim_start();
    while let Some(comment) = rest.strip_prefix('#') {
        rest = comment.split_once('\n').map_or("", |(_, r)| r).trim_start();
    }
    let word_end = rest
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    let (word, after) = rest.split_at(word_end);
    ["select", "ask", "construct", "describe", "prefix", "base"]
        .iter()
        .any(|k| word.eq_ignore_ascii_case(k))
        && !after.trim().is_empty()
        && !after.starts_with(|c: char| c.is_alphanumeric() || "-_./".contains(c))
}

/// A writer that remembers whether its output ends a line: JSON and XML results end without
/// a line end, and the shell's prompt would follow them on the same line.
struct LineEnd<W> {
    inner: W,
    ended: bool,
}

impl<W: Write> Write for LineEnd<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        if n > 0 {
            self.ended = buf[n - 1] == b'\n';
        }
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// The saved queries: the built-in ones, then the user's `*.rq` files in a `queries/` folder
/// beside the INPUT and in the working folder, each with the file it came from. A file named
/// as a built-in query replaces it when its text differs (this repository's own `queries/`
/// holds the built-in files themselves).
fn saved_queries(input: &str) -> Result<Vec<(SavedQuery, Option<String>)>> {
    let mut all: Vec<(SavedQuery, Option<String>)> =
        saved::ALL.iter().map(|q| (*q, None)).collect();
    let beside = std::path::Path::new(input)
        .parent()
        .map(|p| p.join("queries"))
        .filter(|_| input != "-");
    let mut seen = Vec::new();
    for dir in beside
        .into_iter()
        .chain([std::path::PathBuf::from("queries")])
    {
        let Ok(canonical) = dir.canonicalize() else {
            continue;
        };
        if seen.contains(&canonical) {
            continue;
        }
        seen.push(canonical);
        let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
            .with_context(|| format!("cannot read `{}`", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "rq"))
            .collect();
        files.sort();
        for path in files {
            let Some(name) = path.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("cannot read `{}`", path.display()))?;
            // A query of the run's own: kept for as long as the process lives.
            let query = SavedQuery {
                name: String::from(name).leak(),
                text: text.leak(),
            };
            query
                .params()
                .with_context(|| format!("`{}`: its header", path.display()))?;
            let file = Some(path.display().to_string());
            match all.iter_mut().find(|(q, _)| q.name == query.name) {
                Some(known) if known.0.text == query.text => {}
                Some(known) => *known = (query, file),
                None => all.push((query, file)),
            }
        }
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_are_told_from_paths() {
        for query in [
            "SELECT * { ?s ?p ?o }",
            "ask{}",
            "  PREFIX x: <urn:x> SELECT * {}",
            "# comment\nDESCRIBE <urn:x>",
            "CONSTRUCT WHERE { ?s ?p ?o }",
        ] {
            assert!(reads_as_query(query), "{query}");
        }
        for path in [
            "data",
            "select",
            "ask.jsonl",
            "selection/",
            "-",
            "base-cards",
            "",
        ] {
            assert!(!reads_as_query(path), "{path}");
        }
    }

    #[test]
    fn positional_arguments_in_either_order() {
        let some = |s: &str| Some(s.to_owned());
        assert_eq!(
            positionals(some("ASK {}"), None).unwrap(),
            (None, some("ASK {}"))
        );
        assert_eq!(
            positionals(some("cards.jsonl"), some("ASK {}")).unwrap(),
            (some("cards.jsonl"), some("ASK {}"))
        );
        assert_eq!(
            positionals(some("ASK {}"), some("cards.jsonl")).unwrap(),
            (some("cards.jsonl"), some("ASK {}"))
        );
        assert_eq!(
            positionals(None, None).unwrap_err().to_string(),
            "no query given (QUERY, --file or --saved)"
        );
        assert!(positionals(some("ASK {}"), some("ASK {}")).is_err());
    }
}
