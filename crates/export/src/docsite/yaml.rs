//! YAML front matter as a JSON value, within bounds.
//!
//! The parser is saphyr-parser: the YAML 1.2 parser of the saphyr project, which the authors
//! of yaml-rust (unmaintained) and yaml-rust2 now keep, in pure Rust without `unsafe` C
//! bindings (serde_yaml, the usual choice, is archived; unsafe-libyaml, under it, is a C
//! library translated to Rust). Its event API gives every value's place, and leaves the
//! building of values to us: an alias is copied here, counted, and a document whose aliases
//! would expand past [`MAX_VALUES`] values (the "billion laughs" of YAML) is refused before
//! it takes the memory.

use saphyr_parser::{Event, Parser, ScalarStyle};
use serde_json::{Map, Value};

/// The most values one front matter may hold, aliases expanded: a glossary page's front
/// matter holds tens.
pub const MAX_VALUES: usize = 100_000;

/// The most levels of nesting.
const MAX_DEPTH: usize = 64;

/// Why front matter could not be read: where (1-based line and column in the YAML text) and
/// what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// An open collection and the key waiting for its value, if a mapping.
enum Open {
    Seq(Vec<Value>, usize),
    Map(Map<String, Value>, Option<String>, usize),
}

/// The first document of `text` as a JSON value (an empty document is `null`).
///
/// # Errors
/// YAML syntax, or more than [`MAX_VALUES`] values or [`MAX_DEPTH`] levels.
pub fn parse(text: &str) -> Result<Value, YamlError> {
    parse_within(text, MAX_VALUES)
}

/// [`parse`], refusing past `max_values` values, aliases expanded, instead of
/// [`MAX_VALUES`]: for a whole glossary in one file, whose bound grows with its size.
///
/// # Errors
/// Those of [`parse`].
pub fn parse_within(text: &str, max_values: usize) -> Result<Value, YamlError> {
    let mut stack: Vec<Open> = Vec::new();
    let mut anchors: Vec<(usize, Value, usize)> = Vec::new();
    let mut count = 0usize;
    let mut done: Option<Value> = None;
    for event in Parser::new_from_str(text) {
        let (event, span) = event.map_err(|e| YamlError {
            line: e.marker().line(),
            column: e.marker().col() + 1,
            message: e.info().to_owned(),
        })?;
        let at = |message: String| YamlError {
            line: span.start.line(),
            column: span.start.col() + 1,
            message,
        };
        let (value, anchor) = match event {
            Event::SequenceStart(anchor, _) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(at(format!("nested deeper than {MAX_DEPTH} levels")));
                }
                stack.push(Open::Seq(Vec::new(), anchor));
                continue;
            }
            Event::MappingStart(anchor, _) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(at(format!("nested deeper than {MAX_DEPTH} levels")));
                }
                stack.push(Open::Map(Map::new(), None, anchor));
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => match stack.pop() {
                Some(Open::Seq(items, anchor)) => (Value::Array(items), anchor),
                Some(Open::Map(map, _, anchor)) => (Value::Object(map), anchor),
                None => continue,
            },
            Event::Scalar(text, style, anchor, _) => (scalar(&text, style), anchor),
            Event::Alias(id) => {
                let Some((_, value, size)) = anchors.iter().find(|(a, _, _)| *a == id) else {
                    return Err(at("an alias to an unknown anchor".into()));
                };
                count += size;
                if count > max_values {
                    return Err(at(format!(
                        "aliases expand past {max_values} values: refused (a YAML alias bomb?)"
                    )));
                }
                (value.clone(), 0)
            }
            Event::DocumentEnd if done.is_some() => break,
            _ => continue,
        };
        count += 1;
        if count > max_values {
            return Err(at(format!("more than {max_values} values")));
        }
        if anchor > 0 {
            anchors.push((anchor, value.clone(), size_of(&value)));
        }
        match stack.last_mut() {
            Some(Open::Seq(items, _)) => items.push(value),
            Some(Open::Map(map, key, _)) => match key.take() {
                None => *key = Some(key_text(&value)),
                Some(k) => {
                    map.insert(k, value);
                }
            },
            None => done = Some(value),
        }
    }
    Ok(done.unwrap_or(Value::Null))
}

/// How many values `value` holds, itself included.
fn size_of(value: &Value) -> usize {
    match value {
        Value::Array(items) => 1 + items.iter().map(size_of).sum::<usize>(),
        Value::Object(map) => 1 + map.values().map(size_of).sum::<usize>(),
        _ => 1,
    }
}

/// A mapping key as text.
fn key_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// A scalar as YAML 1.2's core schema reads it: plain `null`, `~`, `true`, `false` and numbers
/// are those; anything quoted or in a block is text.
fn scalar(text: &str, style: ScalarStyle) -> Value {
    if style != ScalarStyle::Plain {
        return Value::String(text.to_owned());
    }
    match text {
        "" | "~" | "null" | "Null" | "NULL" => Value::Null,
        "true" | "True" | "TRUE" => Value::Bool(true),
        "false" | "False" | "FALSE" => Value::Bool(false),
        _ => {
            if let Ok(n) = text.parse::<i64>() {
                return Value::from(n);
            }
            match text.parse::<f64>() {
                Ok(f) if f.is_finite() && text.bytes().any(|b| b.is_ascii_digit()) => {
                    serde_json::Number::from_f64(f)
                        .map_or(Value::String(text.to_owned()), Value::Number)
                }
                _ => Value::String(text.to_owned()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_matter_values() {
        let v = parse("title: Container\nid: container\ndate: 2018-04-12\nshort_description: >\n  A lightweight image.\n\naka:\ntags:\n- fundamental\n- workload\ndraft: true\nweight: 70\n").unwrap();
        assert_eq!(
            v,
            serde_json::json!({
                "title": "Container", "id": "container", "date": "2018-04-12",
                "short_description": "A lightweight image.\n", "aka": null,
                "tags": ["fundamental", "workload"], "draft": true, "weight": 70
            })
        );
        assert_eq!(parse("").unwrap(), Value::Null);
        assert_eq!(
            parse("a: &x [1, 2]\nb: *x\n").unwrap(),
            serde_json::json!({"a": [1, 2], "b": [1, 2]})
        );
    }

    #[test]
    fn an_alias_bomb_is_refused_quickly() {
        let mut bomb = String::from(
            "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n",
        );
        for (i, name) in ["b", "c", "d", "e", "f", "g", "h", "i"].iter().enumerate() {
            let prev = if i == 0 {
                "a".to_owned()
            } else {
                ["b", "c", "d", "e", "f", "g", "h"][i - 1].to_owned()
            };
            bomb.push_str(&format!("{name}: &{name} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]\n"));
        }
        let started = std::time::Instant::now();
        let e = parse(&bomb).unwrap_err();
        assert!(e.message.contains("alias bomb"), "{e:?}");
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn syntax_errors_are_placed() {
        let e = parse("title: a\n  bad: [\n").unwrap_err();
        assert!(e.line >= 2, "{e:?}");
        let deep = "[".repeat(200);
        assert!(parse(&deep).is_err());
    }
}
