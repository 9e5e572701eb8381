//! TBX, the term base of translators' tools (issue 63): the export in TBX v3 and v2 read back
//! by `import` with no change to any field TBX holds, a stranger's term base read with its
//! dialect's data categories kept and its language codes mapped, and bad files refused at
//! their line and column with nothing written. (translate-toolkit reading the v2 export is in
//! `consumers/tbx.rs`.)

use std::collections::BTreeMap;
use std::fs;

use glossgraph::config::Config;
use glossgraph::export::{self, drawing, Format};
use glossgraph::tbx::read::{self, language_tag, Imported, EXTRA_FIELD};
use glossgraph::tbx::Version;
use glossgraph::{check, load, Draft, Glossary};

use crate::util::fixtures::{checked, hostile_cards, sample};
use crate::util::{outcome, root, run_in, scratch};

/// The TBX of `glossary` in `format`.
fn tbx(glossary: &Glossary, config: &Config, format: Format) -> Vec<u8> {
    let mut out = Vec::new();
    export::write(
        glossary,
        config,
        format,
        &drawing::View::default(),
        &mut out,
    )
    .unwrap();
    out
}

/// `text` read as TBX; it must be readable.
fn read_ok(text: &[u8]) -> Imported {
    read::read(text, "in.tbx").unwrap_or_else(|e| panic!("{e}"))
}

/// The fields of a card TBX holds, as the import gives them back: lists of links sorted
/// (`supersedes` is made from the other cards' `supersededBy`), of a status only whether it
/// is `deprecated`, of the other languages those with a label.
#[derive(Debug, PartialEq, Eq)]
struct Held {
    slug: String,
    term: String,
    aliases: Vec<String>,
    definition: String,
    note: String,
    related: Vec<String>,
    superseded_by: Vec<String>,
    supersedes: Vec<String>,
    citations: Vec<glossgraph::card::Citation>,
    deprecated: bool,
    languages: BTreeMap<String, Translation>,
}

/// The term, aliases and definition of a language other than the main one.
type Translation = (Option<String>, Vec<String>, Option<String>);

fn held(card: &Draft) -> Held {
    let sorted = |list: &[String]| {
        let mut list = list.to_vec();
        list.sort();
        list
    };
    Held {
        slug: card.slug.clone(),
        term: card.term.clone(),
        aliases: card.aliases.clone(),
        definition: card.definition.clone(),
        note: card.note.clone(),
        related: card.related.clone(),
        superseded_by: card.superseded_by.clone(),
        supersedes: sorted(&card.supersedes),
        citations: card.citations.clone(),
        deprecated: card.status.as_deref() == Some("deprecated"),
        languages: card
            .skos
            .languages
            .iter()
            .filter(|(_, l)| l.term.is_some() || !l.aliases.is_empty())
            .map(|(tag, l)| {
                let value = (l.term.clone(), l.aliases.clone(), l.definition.clone());
                (tag.clone(), value)
            })
            .collect(),
    }
}

/// A folder of cards with its settings, checked.
fn glossary_at(path: &std::path::Path) -> (Glossary, Config) {
    let input = load::Input::Path(path.to_owned());
    let config = Config::resolve(input.config_dir().as_deref(), Default::default()).unwrap();
    let checked = check::check(load::load(&input).unwrap(), &config, Default::default());
    assert!(!checked.report.is_failure(false), "{}", path.display());
    (checked.glossary, config)
}

#[test]
fn cards_round_trip_through_tbx_v3_and_v2_in_every_field_tbx_holds() {
    let hostile: String = hostile_cards()
        .iter()
        .map(|c| c.to_json(false) + "\n")
        .collect();
    let glossaries = [
        ("data", sample()),
        (
            "languages",
            glossary_at(&root().join("tests/fixtures/languages/classification.jsonl")),
        ),
        ("hostile", checked("hostile.jsonl", &hostile)),
    ];
    for (name, (glossary, config)) in &glossaries {
        for format in [Format::Tbx, Format::Tbx2] {
            let imported = read_ok(&tbx(glossary, config, format));
            assert_eq!(imported.version, Version::of(format).unwrap());
            let want: Vec<Held> = glossary.cards().iter().map(|c| held(&c.draft())).collect();
            let got: Vec<Held> = imported.cards.iter().map(held).collect();
            for (want, got) in want.iter().zip(&got) {
                assert_eq!(want, got, "{name}, {}", format.name());
            }
            assert_eq!(want.len(), got.len(), "{name}");
            assert!(imported.warnings.is_empty(), "{:?}", imported.warnings);
            assert_eq!(
                (&imported.config.base, &imported.config.language),
                (&config.base, &config.language)
            );
            assert_eq!(imported.config.title, config.title);
            // The subject field of glossgraph's own file is the derived topic: not kept.
            assert!(imported.cards.iter().all(|c| c.skos.extra.is_empty()));
        }
    }
    let (glossary, _) = &glossaries[0].1;
    let deprecated = glossary
        .cards()
        .iter()
        .filter(|c| c.status() == Some("deprecated"))
        .count();
    assert!(deprecated > 0, "the sample has a deprecated term to carry");
}

#[test]
fn the_import_command_reads_the_tbx_export_into_cards_and_settings() {
    let dir = scratch("tbx", "command");
    let data = root().join("data");
    let data = data.to_str().unwrap();
    let (code, _, stderr) = outcome(&run_in(
        &dir,
        &["export", data, "--format", "tbx,tbx2", "--out", "out"],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    for (file, version) in [("glossary.tbx", "v3"), ("glossary.v2.tbx", "v2")] {
        let cards = format!("cards-{version}");
        let input = format!("out/{file}");
        let (code, _, stderr) = outcome(&run_in(&dir, &["import", &input, "--out", &cards], None));
        assert_eq!(code, 0, "{stderr}");
        assert!(
            stderr.contains(&format!("imported 34 cards from TBX {version}")),
            "{stderr}"
        );
        let settings = fs::read_to_string(dir.join(&cards).join("glossgraph.toml")).unwrap();
        assert!(
            settings.contains("base = \"https://glossgraph.example/rdma-storage/\""),
            "{settings}"
        );
        // What TBX holds passes `check`: the links resolve, each mirrors the other.
        let (code, _, stderr) = outcome(&run_in(&dir, &["check", &cards], None));
        assert_eq!(code, 0, "{stderr}");
    }
    // --format names TBX whatever the file's extension.
    fs::copy(dir.join("out/glossary.tbx"), dir.join("terms.xml")).unwrap();
    let (code, _, stderr) = outcome(&run_in(
        &dir,
        &["import", "terms.xml", "--format", "tbx", "--out", "x.jsonl"],
        None,
    ));
    assert_eq!(code, 0, "{stderr}");
    let lines = fs::read_to_string(dir.join("x.jsonl")).unwrap();
    assert_eq!(lines.lines().count(), 34);
}

/// A term base as translators' tools write them: TBX v2 naming its DTD (which is not there,
/// and is never fetched), entries without ids, country codes for languages, TBX-Basic's part
/// of speech and context, and a data category of no dialect.
const STRANGER: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE martif SYSTEM "TBXBasiccoreStructV02.dtd">
<martif type="TBX-Basic" xml:lang="en_US">
  <martifHeader><fileDesc><titleStmt><title>Client terms</title></titleStmt>
    <sourceDesc><p>From a CAT tool</p></sourceDesc></fileDesc></martifHeader>
  <text><body>
    <termEntry>
      <descrip type="subjectField">Networking</descrip>
      <langSet xml:lang="en_US">
        <descrip type="definition">A switch port &amp; its queue.</descrip>
        <tig><term>egress port</term><termNote type="partOfSpeech">noun</termNote></tig>
        <tig><term>outgoing port</term>
          <termNote type="administrativeStatus">deprecatedTerm-admn-sts</termNote></tig>
      </langSet>
      <langSet xml:lang="dk">
        <tig><term>udgangsport</term></tig>
      </langSet>
      <langSet xml:lang="sf">
        <ntig><termGrp><term>lähtöportti</term></termGrp>
          <descrip type="context">Portti, josta kehys lähtee.</descrip></ntig>
      </langSet>
    </termEntry>
    <termEntry id="c2">
      <admin type="myField">kept</admin>
      <langSet xml:lang="en_US"><tig><term>Egress Port</term></tig></langSet>
      <langSet xml:lang="en-us"><tig><term>exit port</term></tig></langSet>
    </termEntry>
    <termEntry id="c3"><langSet xml:lang="de"><descrip type="definition">D</descrip></langSet></termEntry>
  </body></text>
</martif>
"#;

#[test]
fn a_strangers_term_base_keeps_what_no_field_holds_and_maps_its_language_codes() {
    let imported = read_ok(STRANGER.as_bytes());
    assert_eq!(imported.version, Version::V2);
    // As Windows tools write it, behind a byte-order mark: the same.
    let marked = [&b"\xEF\xBB\xBF"[..], STRANGER.as_bytes()].concat();
    assert_eq!(read_ok(&marked).cards, imported.cards);
    assert_eq!(imported.config.language, "en-US");
    assert_eq!(imported.config.title, "Client terms");
    let slugs: Vec<&str> = imported.cards.iter().map(|c| c.slug.as_str()).collect();
    // Slugs from the terms, each once; the entry without a term is left out.
    assert_eq!(slugs, ["egress-port", "egress-port-2"]);
    let port = &imported.cards[0];
    assert_eq!(port.term, "egress port");
    assert_eq!(port.aliases, ["outgoing port"]);
    assert_eq!(port.definition, "A switch port & its queue.");
    assert_eq!(port.status, None, "only one of its labels is deprecated");
    let danish = &port.skos.languages["da"];
    assert_eq!(danish.term.as_deref(), Some("udgangsport"));
    assert_eq!(
        port.skos.languages["sf"].term.as_deref(),
        Some("lähtöportti")
    );
    let extra = serde_json::to_value(&port.skos.extra[EXTRA_FIELD]).unwrap();
    assert_eq!(
        extra,
        serde_json::json!([
            {"element": "descrip", "type": "subjectField", "text": "Networking"},
            {"language": "en-US", "term": "egress port", "element": "termNote",
             "type": "partOfSpeech", "text": "noun"},
            {"language": "sf", "term": "lähtöportti", "element": "descrip",
             "type": "context", "text": "Portti, josta kehys lähtee."}
        ])
    );
    // `en-us` is `en_US` written otherwise: its term joins the main language's as an alias.
    let second = &imported.cards[1];
    assert_eq!(second.term, "Egress Port");
    assert_eq!(second.aliases, ["exit port"]);
    let kinds: Vec<(u64, &str)> = imported.warnings.iter().map(|w| (w.line, w.kind)).collect();
    assert_eq!(
        kinds,
        [
            (3, "language-code"),
            (7, "deprecated-label"),
            (8, "dialect-data-category"),
            (9, "language-code"),
            (11, "dialect-data-category"),
            (15, "language-code"),
            (18, "language-code"),
            (20, "dialect-data-category"),
            (24, "unknown-data-category"),
            (25, "language-code"),
            (28, "no-term"),
        ],
        "{:#?}",
        imported.warnings
    );
    let said: Vec<String> = imported.warnings.iter().map(|w| w.to_string()).collect();
    let said = said.join("\n");
    assert!(
        said.contains("`dk` is not a BCP 47 tag: read as `da`"),
        "{said}"
    );
    assert!(
        said.contains("`sf` is not an ISO 639 language code"),
        "{said}"
    );
    assert!(said.contains("deprecated term of `egress port`"), "{said}");
}

#[test]
fn language_codes_are_read_as_bcp47_tags_where_they_can_be() {
    for (code, tag, warned) in [
        ("en", "en", false),
        ("EN-gb", "en-GB", false),
        ("en_US", "en-US", true),
        ("eng", "en", true),
        ("ger", "de", true),
        ("dk", "da", true),
        ("jp", "ja", true),
        ("zh-hant-tw", "zh-Hant-TW", false),
        ("haw", "haw", false),
        ("sf", "sf", true),
        ("English", "english", true),
    ] {
        let (read, note) = language_tag(code);
        assert_eq!(
            (read.as_str(), note.is_some()),
            (tag, warned),
            "{code}: {note:?}"
        );
    }
}

#[test]
fn bad_tbx_is_refused_at_its_line_and_column() {
    let cases: [(&str, u64, u64, &str); 7] = [
        (
            "<?xml version=\"1.0\"?>\n<!DOCTYPE   martif\n  SYSTEM \"x.dtd\" [\n  <!ENTITY  % p SYSTEM \"http://127.0.0.1:9/p\">\n]>\n<martif/>\n",
            4,
            3,
            "the entity `p` is external (SYSTEM)",
        ),
        (
            "<?xml version=\"1.0\"?>\n<!DOCTYPE martif [\n  <!ENTITY secret SYSTEM \"file:///etc/passwd\">\n]>\n<martif><text><body/></text></martif>\n",
            3,
            3,
            "the entity `secret` is external (SYSTEM)",
        ),
        (
            "<martif>\n<text><body><termEntry>&secret;</termEntry></body></text></martif>\n",
            2,
            24,
            "the entity `&secret;` is not one of XML's five",
        ),
        (
            "<tbx>\n  <text>\n    <body>\n  </text>\n</tbx>\n",
            4,
            3,
            "expected `</body>`, but `</text>` was found",
        ),
        ("<tbx>\n  <text><body>", 2, 15, "ends inside <body>"),
        ("<html>\n</html>", 1, 1, "not <tbx> (TBX v3) nor <martif>"),
        ("<tbx xml:lang=\"en\">\n  <tbxHeader/>\n</tbx>", 1, 1, "no <text><body>"),
    ];
    for (text, line, column, message) in cases {
        let e = read::read(text.as_bytes(), "in.tbx").expect_err(text);
        assert_eq!((e.line, e.column), (line, column), "{e}");
        assert!(e.message.contains(message), "{e}");
        assert!(
            e.to_string()
                .starts_with(&format!("in.tbx:{line}:{column}: ")),
            "{e}"
        );
    }
}

#[test]
fn the_import_command_refuses_an_external_entity_and_writes_nothing() {
    let dir = scratch("tbx", "external-entity");
    let text = STRANGER.replace(
        "<!DOCTYPE martif SYSTEM \"TBXBasiccoreStructV02.dtd\">",
        "<!DOCTYPE martif SYSTEM \"TBXBasiccoreStructV02.dtd\" [\n<!ENTITY x SYSTEM \"http://127.0.0.1:9/x\">\n]>",
    );
    fs::write(dir.join("in.tbx"), text).unwrap();
    let (code, _, stderr) = outcome(&run_in(&dir, &["import", "in.tbx", "--out", "cards"], None));
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("error: in.tbx:3:1: the entity `x` is external"),
        "{stderr}"
    );
    assert!(stderr.contains("nothing was written"), "{stderr}");
    assert!(!dir.join("cards").exists());
    // Under --strict a stranger's warnings refuse the file; without, they are said.
    fs::write(dir.join("ok.tbx"), STRANGER).unwrap();
    let (code, _, stderr) = outcome(&run_in(
        &dir,
        &["import", "ok.tbx", "--out", "strict", "--strict"],
        None,
    ));
    assert_eq!(code, 1, "{stderr}");
    assert!(!dir.join("strict").exists());
    let (code, _, stderr) = outcome(&run_in(&dir, &["import", "ok.tbx", "--out", "kept"], None));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("warning: ok.tbx:15:7: the language code `dk`"),
        "{stderr}"
    );
    let card = fs::read_to_string(dir.join("kept/egress-port.json")).unwrap();
    assert!(card.contains("\"partOfSpeech\""), "{card}");
}
