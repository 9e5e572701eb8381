//! The report for CI: SARIF 2.1.0 (GitHub code scanning and other SARIF viewers) and GitHub
//! Actions workflow commands (annotations on a pull request's lines).

use std::io::{self, Write};
use std::path::Path;

use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use super::{Located, Report};
use crate::diag::{Rule, Severity};

/// How many annotations of each kind GitHub shows for one step: past them, only the summary
/// line that follows the commands tells.
pub const GITHUB_SHOWN: usize = 10;

impl Report {
    /// Writes the report as SARIF 2.1.0: the tool with every rule, and a result per finding
    /// with its level, message, file (relative to `root`, the working folder, when inside it),
    /// 1-based line and column, JSON pointer (as a logical location) and a fingerprint that
    /// stays the same across runs while the finding does.
    ///
    /// The run declares its `columnKind`: `utf16CodeUnits`, SARIF's default and what GitHub
    /// code scanning reads, when the report has its UTF-16 columns
    /// ([`super::super::Options::utf16_columns`]); else `unicodeCodePoints`, with the
    /// columns in characters.
    ///
    /// # Errors
    /// Only those of `w`.
    pub fn write_sarif(&self, mut w: impl Write, root: &Path) -> io::Result<()> {
        let rules: Vec<Value> = Rule::ALL
            .iter()
            .map(|rule| {
                json!({
                    "id": rule.id(),
                    "shortDescription": {"text": rule.summary()},
                    "fullDescription": {"text": format!("{} ({}: {})", rule.summary(), rule.severity().as_str(), rule.id())},
                    "help": {"text": format!("{} Run `glossgraph check` for the finding in context; docs/reference/check-rules.md lists every rule.", rule.summary())},
                    "defaultConfiguration": {"level": level(rule.severity())},
                })
            })
            .collect();
        let utf16 = self
            .findings
            .iter()
            .all(|f| f.column.is_none() || f.column_utf16.is_some());
        let results: Vec<Value> = self
            .findings
            .iter()
            .map(|f| result(f, root, utf16))
            .collect();
        let root_uri = url_of_folder(root);
        let sarif = json!({
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {
                    "name": "glossgraph",
                    "version": env!("CARGO_PKG_VERSION"),
                    "rules": rules,
                }},
                "columnKind": if utf16 { "utf16CodeUnits" } else { "unicodeCodePoints" },
                "originalUriBaseIds": {"SRCROOT": {"uri": root_uri}},
                "results": results,
            }],
        });
        serde_json::to_writer_pretty(&mut w, &sarif)?;
        writeln!(w)
    }

    /// Writes the report as GitHub Actions workflow commands: `::error` or `::warning` per
    /// finding with its file, line, column and rule, then the summary (GitHub shows only the
    /// first [`GITHUB_SHOWN`] annotations of each kind of a step).
    ///
    /// # Errors
    /// Only those of `w`.
    pub fn write_github(&self, mut w: impl Write) -> io::Result<()> {
        for f in &self.findings {
            let kind = match f.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            let mut properties = Vec::new();
            if let Some(file) = &f.file {
                let file = file.strip_prefix("./").unwrap_or(file);
                properties.push(format!("file={}", escape_property(file)));
            }
            if let Some(line) = f.line {
                properties.push(format!("line={line}"));
            }
            if let Some(column) = f.column {
                properties.push(format!("col={column}"));
            }
            properties.push(format!("title={}", escape_property(f.rule.id())));
            writeln!(
                w,
                "::{kind} {}::{}",
                properties.join(","),
                escape_data(&text(f))
            )?;
        }
        let most = self
            .count(Severity::Error)
            .max(self.count(Severity::Warning));
        let more = if most > GITHUB_SHOWN {
            format!(" (GitHub shows the first {GITHUB_SHOWN} of each kind on the pull request)")
        } else {
            String::new()
        };
        writeln!(w, "glossgraph check: {}{more}", self.summary())
    }
}

/// SARIF's level of a severity.
fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// The finding's message with its hint.
fn text(f: &Located) -> String {
    match &f.hint {
        Some(hint) => format!("{} ({hint})", f.message),
        None => f.message.clone(),
    }
}

/// One SARIF result, its column in UTF-16 code units (`utf16`) or in characters.
fn result(f: &Located, root: &Path, utf16: bool) -> Value {
    let mut result = json!({
        "ruleId": f.rule.id(),
        "ruleIndex": Rule::ALL.iter().position(|r| *r == f.rule).unwrap_or(0),
        "level": level(f.severity),
        "message": {"text": text(f)},
    });
    if let Some(file) = &f.file {
        let mut region = serde_json::Map::new();
        if let Some(line) = f.line.filter(|&l| l > 0) {
            region.insert("startLine".into(), json!(line));
            let column = if utf16 { f.column_utf16 } else { f.column };
            if let Some(column) = column.filter(|&c| c > 0) {
                region.insert("startColumn".into(), json!(column));
            }
        }
        let artifact = match relative_uri(file, root) {
            Some(uri) => json!({"uri": uri, "uriBaseId": "SRCROOT"}),
            None => json!({"uri": url_of_file(file)}),
        };
        let mut location = json!({"physicalLocation": {"artifactLocation": artifact}});
        if !region.is_empty() {
            location["physicalLocation"]["region"] = Value::Object(region);
        }
        if let Some(pointer) = &f.pointer {
            location["logicalLocations"] =
                json!([{"fullyQualifiedName": pointer, "kind": "member"}]);
        }
        result["locations"] = json!([location]);
    }
    // The same rule on the same field of the same file with the same message is the same
    // finding, whatever lines were added above it.
    let mut hash = Sha256::new();
    for part in [
        f.rule.id(),
        f.file.as_deref().unwrap_or(""),
        f.pointer.as_deref().unwrap_or(""),
        &f.message,
    ] {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
    result["partialFingerprints"] =
        json!({"glossgraphFinding/v1": crate::hex::hex(&hash.finalize())});
    result
}

/// `file` as a URI reference relative to `root`, with the characters a URI cannot hold
/// percent-encoded; `None` for an absolute path outside `root` (it gets a `file:` URI of its
/// own: a relative reference must not begin with a slash).
fn relative_uri(file: &str, root: &Path) -> Option<String> {
    let path = Path::new(file);
    let relative = if path.is_absolute() {
        path.strip_prefix(root).ok()?
    } else {
        path
    };
    let text = relative.to_string_lossy().replace('\\', "/");
    let text = text.strip_prefix("./").unwrap_or(&text);
    Some(percent_encode(text))
}

/// An absolute path as a `file:` URI.
fn url_of_file(path: &str) -> String {
    let text = path.replace('\\', "/");
    let slash = if text.starts_with('/') { "" } else { "/" };
    format!("file://{slash}{}", percent_encode(&text))
}

/// `root` as a `file:` URI ending in `/`.
fn url_of_folder(root: &Path) -> String {
    let mut uri = url_of_file(&root.to_string_lossy());
    if !uri.ends_with('/') {
        uri.push('/');
    }
    uri
}

/// Percent-encodes what a URI path cannot hold as it is.
fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/!$&'()*+,;=:@".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A workflow command's message: `%`, CR and LF escaped.
fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A workflow command's property value: as data, and `:` and `,` too.
fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workflow_commands_escape_what_would_end_them() {
        assert_eq!(escape_data("50% done\r\nnext"), "50%25 done%0D%0Anext");
        assert_eq!(escape_property("a:b,c%"), "a%3Ab%2Cc%25");
        assert_eq!(
            relative_uri("/w/data/a b.json", Path::new("/w")).as_deref(),
            Some("data/a%20b.json")
        );
        assert_eq!(
            relative_uri("data/x.json", Path::new("/w")).as_deref(),
            Some("data/x.json")
        );
        assert_eq!(relative_uri("/elsewhere/x.json", Path::new("/w")), None);
        assert_eq!(
            url_of_file("/elsewhere/x y.json"),
            "file:///elsewhere/x%20y.json"
        );
        assert_eq!(url_of_folder(Path::new("/w/my dir")), "file:///w/my%20dir/");
    }
}
