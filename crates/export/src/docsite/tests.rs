//! The unit tests of the page reader ([`super`]).

use super::*;

fn write(dir: &Path, name: &str, text: &[u8]) {
    std::fs::write(dir.join(name), text).unwrap();
}

fn k8s() -> Mapping {
    let settings = ImportSettings {
        term_link: Some(OneOrMany::One(r#"\{\{<\s*glossary_tooltip\s+(?:text="(?P<text>[^"]*)"\s+)?term_id="(?P<slug>[^"]+)"[^>]*>\}\}"#.into())),
        ..ImportSettings::default()
    };
    Mapping::new(Some(&settings), "test").unwrap()
}

#[test]
fn a_hugo_glossary_folder() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "container.md", b"---\ntitle: Container\nid: container\ndate: 2018-04-12\nfull_link: /docs/x/\nshort_description: >\n  A lightweight and portable executable image.\n\naka:\ntags:\n- fundamental\n---\n A lightweight and portable executable image.\n\n<!--more-->\n\nContainers run in {{< glossary_tooltip text=\"Pods\" term_id=\"pod\" >}} on a {{< glossary_tooltip term_id=\"Node\" >}}.\n");
    write(d, "pod.md", b"---\ntitle: Pod\nshort_description: >\n  A set of running {{< glossary_tooltip text=\"containers\" term_id=\"container\" >}}.\nstatus: Feedback Appreciated\nrelated: [x]\n---\n\nMore. {{< note >}}Careful{{< /note >}} and {{< glossary_tooltip term_id=\"missing\" >}}.\n");
    write(d, "Node.md", b"+++\ntitle = \"Node\"\ndraft = true\naka = [\"Minion\"]\n+++\nA worker machine.\n\nIt runs pods.\n");
    write(
        d,
        "storage_class.md",
        b"---\ntitle: StorageClass\n---\nA way to describe classes of storage.\n",
    );
    write(d, "_index.md", b"---\ntitle: Glossary\n---\n");
    write(d, "index.md", b"---\ntitle: Glossary\n---\n");
    write(d, "listing.md", b"---\ntitle: All\nlayout: glossary\n---\n");
    let imported = read_dir(d, &k8s()).unwrap();
    let slugs: Vec<&str> = imported
        .cards
        .iter()
        .map(|(c, _)| c.slug.as_str())
        .collect();
    assert_eq!(slugs, ["container", "node", "pod", "storage-class"]);
    assert_eq!(imported.skipped.len(), 3);
    let card = |slug: &str| imported.cards.iter().find(|(c, _)| c.slug == slug).unwrap();
    let (container, kept) = card("container");
    assert_eq!(container.term, "Container");
    assert_eq!(
        container.definition,
        "A lightweight and portable executable image."
    );
    assert_eq!(
        container.note,
        "Containers run in [Pods](../pod/) on a [Node](../node/)."
    );
    assert_eq!(container.updated, PartialDate::parse("2018-04-12").ok());
    assert_eq!(kept.keys().collect::<Vec<_>>(), ["full_link", "id", "tags"]);
    let (pod, kept) = card("pod");
    assert_eq!(
        pod.definition,
        "A set of running [containers](../container/)."
    );
    assert_eq!(pod.status.as_deref(), Some("feedback-appreciated"));
    assert!(
        pod.note.contains("{{< note >}}") && pod.note.ends_with("and missing."),
        "{}",
        pod.note
    );
    assert!(kept.contains_key("page-related"));
    let (node, _) = card("node");
    assert_eq!(
        (node.status.as_deref(), node.aliases.clone()),
        (Some("draft"), vec!["Minion".to_owned()])
    );
    assert_eq!(
        (node.definition.as_str(), node.note.as_str()),
        ("A worker machine.", "It runs pods.")
    );
    assert_eq!(imported.term_links, 3);
    assert_eq!(imported.unresolved_links.len(), 1);
    assert_eq!(imported.shortcodes.get("note"), Some(&2));
    assert_eq!(
        imported.statuses.iter().collect::<Vec<_>>(),
        ["feedback-appreciated"]
    );
}

#[test]
fn a_shortcode_in_a_link_target_leaves_the_link_a_link() {
    let text = "[HostAliases](/api/{{< param \"version\" >}}/#hostalias) and \
                [A](/a/{{%  x  y %}}/b \"T\") {{< note >}}a b{{< /note >}} `](`";
    let out = shortcodes_in_link_targets(text);
    assert_eq!(
        out,
        "[HostAliases](/api/{{<param%20\"version\">}}/#hostalias) and \
         [A](/a/{{%x%20y%}}/b \"T\") {{< note >}}a b{{< /note >}} `](`"
    );
    let targets: Vec<String> = crate::card::markdown::links(&out)
        .into_iter()
        .map(|l| l.target)
        .collect();
    assert_eq!(
        targets,
        [
            "/api/{{<param%20\"version\">}}/#hostalias",
            "/a/{{%x%20y%}}/b"
        ]
    );
    assert_eq!(crate::card::rules::markers(&out), []);
    // As the page wrote them, both links were text and their texts markers.
    assert_eq!(crate::card::markdown::links(text), []);
    let ids: Vec<&str> = crate::card::rules::markers(text)
        .into_iter()
        .map(|m| m.id)
        .collect();
    assert_eq!(ids, ["HostAliases", "A"]);
}

#[test]
fn links_to_the_sites_own_pages_are_made_absolute_against_it() {
    let text = "See [the docs](/docs/pods/#x), [a Pod](/pod/), [home](//cdn.example/a), \
                [API](</docs/api v1/>) and [ref][r], `[code](/docs/no/)`.\n\n\
                [r]: /docs/ref/ \"Ref\"\n   [p]: /pod/";
    let is_page = |target: &str| target == "/pod/";
    let mut imported = Imported::default();
    let out = site_links(text, Some("https://k8s.example"), &is_page, &mut imported);
    assert_eq!(
        out,
        "See [the docs](https://k8s.example/docs/pods/#x), [a Pod](/pod/), \
         [home](//cdn.example/a), [API](<https://k8s.example/docs/api v1/>) and [ref][r], \
         `[code](/docs/no/)`.\n\n[r]: https://k8s.example/docs/ref/ \"Ref\"\n   [p]: /pod/"
    );
    assert_eq!(imported.site_links, 3);
    // Without a site, the links are counted and left.
    let mut imported = Imported::default();
    assert_eq!(site_links(text, None, &is_page, &mut imported), text);
    assert_eq!(imported.site_links, 3);
    // A term's page at the site's own address is a term link, as the CNCF glossary's
    // "Related terms" link them; another page there stays as it is.
    let own = "- [Pod](https://k8s.example/pod/)\n- [Docs](https://k8s.example/docs/)\n\
               - [Elsewhere](https://other.example/pod/)";
    let mut imported = Imported::default();
    assert_eq!(
        site_links(own, Some("https://k8s.example"), &is_page, &mut imported),
        "- [Pod](/pod/)\n- [Docs](https://k8s.example/docs/)\n\
         - [Elsewhere](https://other.example/pod/)"
    );
    assert_eq!(imported.site_links, 0);
}

#[test]
fn a_site_must_be_an_address() {
    for bad in [
        "kubernetes.io",
        "https://",
        "https://k8s.example/a b",
        "/docs/",
    ] {
        let settings = ImportSettings {
            site: Some(bad.into()),
            ..ImportSettings::default()
        };
        let error = Mapping::new(Some(&settings), "g.toml").unwrap_err();
        assert!(
            error.to_string().starts_with("g.toml: [import] site `"),
            "{error}"
        );
    }
    let settings = ImportSettings {
        site: Some("https://kubernetes.io/".into()),
        ..ImportSettings::default()
    };
    let mapping = Mapping::new(Some(&settings), "g.toml").unwrap();
    assert_eq!(mapping.site.as_deref(), Some("https://kubernetes.io"));
}

#[test]
fn bad_pages_are_named_with_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "a.md", b"---\ntitle: A\n  bad: [\n---\nBody\n");
    write(d, "b.md", b"---\ntitle: B\nbody \xff\n---\n");
    write(d, "c.md", b"---\ntitle: C\n");
    write(d, "d.md", b"+++\ntitle = \n+++\n");
    let problems = read_dir(d, &Mapping::default()).unwrap_err();
    let said: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert_eq!(problems.len(), 4, "{said:#?}");
    assert!(
        said[0].contains("a.md:") && said[0].contains("YAML"),
        "{said:#?}"
    );
    assert!(said[1].contains("b.md:3: is not UTF-8"), "{said:#?}");
    assert!(
        said[2].contains("c.md:1: the front matter opened by `---` is never closed"),
        "{said:#?}"
    );
    assert!(said[3].contains("d.md:2: front matter (TOML)"), "{said:#?}");
}

#[test]
fn a_term_link_pattern_must_compile_and_name_the_slug() {
    for bad in ["(", "term_id=\"(?P<id>[^\"]+)\""] {
        let settings = ImportSettings {
            term_link: Some(OneOrMany::One(bad.into())),
            ..ImportSettings::default()
        };
        assert!(Mapping::new(Some(&settings), "g.toml").is_err(), "{bad}");
    }
}

#[test]
fn the_singulars_of_a_slug_most_likely_first() {
    assert_eq!(singulars("policies"), ["policy", "polici", "policie"]);
    assert_eq!(singulars("classes"), ["class", "classe"]);
    assert_eq!(
        singulars("storage-classes"),
        ["storage-class", "storage-classe"]
    );
    assert_eq!(singulars("modules"), ["modul", "module"]);
    assert_eq!(singulars("pods"), ["pod"]);
    // No plural: `-ss`, a word too short, no `s`.
    for none in ["class", "os", "ties-x", "module", ""] {
        assert!(singulars(none).is_empty(), "{none}");
    }
}

#[test]
fn of_matches_at_one_place_the_one_with_a_text_wins() {
    let patterns: Vec<regex::Regex> = [r"<(?P<slug>\w+)[^>]*>", r"<(?P<slug>\w+) (?P<text>\w+)>"]
        .iter()
        .map(|p| regex::Regex::new(p).unwrap())
        .collect();
    let text = "a <b> c <d e> <f g h> <>";
    let out = replace_matches(text, &patterns, &mut |caps| {
        let text = caps.name("text").map_or("-", |m| m.as_str());
        format!("[{}|{text}]", &caps["slug"])
    });
    assert_eq!(out, "a [b|-] c [d|e] [f|-] <>");
    // Empty matches name nothing and are passed over, to the end of the text.
    let empty = [regex::Regex::new(r"(?P<slug>x*)").unwrap()];
    let out = replace_matches("aéxxb", &empty, &mut |caps| format!("<{}>", &caps["slug"]));
    assert_eq!(out, "aé<xx>b");
}

#[test]
fn kept_keys_follow_the_card() {
    let dir = tempfile::tempdir().unwrap();
    let card = Draft {
        slug: "a".into(),
        term: "A".into(),
        definition: "D.".into(),
        ..Draft::default()
    };
    let mut kept = Map::new();
    kept.insert("tags".into(), serde_json::json!(["x", "y"]));
    let imported = Imported {
        cards: vec![(card, kept)],
        ..Imported::default()
    };
    let out = dir.path().join("cards");
    let output = crate::rdf::read::Output::Folder(out.clone());
    super::write(&imported, &Config::default(), &output, &mut std::io::sink()).unwrap();
    let json = std::fs::read_to_string(out.join("a.json")).unwrap();
    let value: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["tags"], serde_json::json!(["x", "y"]));
    assert!(
        json.find("\"definition\"") < json.find("\"tags\""),
        "{json}"
    );
}
