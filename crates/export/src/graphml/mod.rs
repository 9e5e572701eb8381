//! GraphML, written with quick-xml, in one of three [`Profile`]s.
//!
//! The consumers of GraphML disagree: Gephi shows a key named `label`, Cytoscape one named
//! `name`, yEd only its own yFiles graphics, Neo4j's APOC importer wants node labels in a
//! `labels` key and the relationship type in the first `label` data of an edge; NetworkX
//! refuses mixed edge directions and igraph refuses two keys with one `attr.name`. So one file
//! cannot suit them all, and each profile adds only what its consumer needs on top of the
//! same card attributes (the key table is in `docs/graphml.md`).
//!
//! The shape is fixed so that every tool reads it the same way and the bytes never change
//! for the same glossary: every `<key>` comes before `<graph>`, in a fixed order, with an
//! explicit `for`, a spaceless `attr.name` equal to its `id` and a real `attr.type`
//! (`string`, `int`, `boolean`, never `long`); node ids are slugs; edges are all directed
//! (a `related` edge runs from the smaller slug to the larger, once per pair; `supersedes`
//! from the old term to the new; `broader` from the narrower term to the broader) with ids
//! `e-{kind}-{source}-{target}`; lists are joined with [`LIST_SEPARATOR`] beside a count. Two
//! kinds of key are written only when the glossary has what they hold, so that a glossary
//! without them keeps the keys it always had: the terms in each language (`term_{tag}`,
//! [`Labels`]) and the flags of `broader` edges (`statedByNarrower`, `statedByBroader`), as
//! `missing` is only written with stub nodes.
//!
//! Text is escaped by this module, not by quick-xml's default, because XML parsers normalise
//! raw carriage returns (and, in attributes, tabs and newlines) away: `&`, `<`, `>` and CR are
//! always written as references, and in attribute values also `"`, TAB and LF. A character
//! that XML 1.0 cannot carry at all (the checker rejects those earlier) makes the writer stop
//! with an error rather than write a file no parser accepts.
//!
//! One concern, the writer every profile shares (about 720 lines of code, the rest tests); what
//! a profile adds is in `yed.rs` and `neo4j.rs`, escaping in `../xml.rs`.

use std::io::{BufWriter, Write};

use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, Event};
use quick_xml::Writer;

mod neo4j;
mod yed;

use super::xml::{escape_runs, origin, Muted, Origin, ATTR, TEXT};
use crate::card::{DateText, PartialDate, Texts};
use crate::config::Config;
use crate::drawing::palette::status_color;
use crate::fields::{Labels, STATED_BY_BROADER, STATED_BY_NARROWER};
use crate::graph::Link;
use crate::map::{Coordinate, TopicMap};
use crate::output::{self, ExportError};
use crate::{Card, Glossary};
use neo4j::neo4j_labels;
use petgraph::graph::{EdgeIndex, NodeIndex};

/// The GraphML namespace.
const GRAPHML_NS: &str = "http://graphml.graphdrawing.org/xmlns";
/// The namespace of yEd's yFiles graphics.
const YFILES_NS: &str = "http://www.yworks.com/xml/graphml";

/// Joins the items of a list attribute (aliases, advantages, citation titles, …) into one
/// string. A line feed: list items are labels and sentences that practically never hold one,
/// while `|`, `;` and `,` are common in titles. The `…Count` attribute beside each list says
/// how many items it has.
pub const LIST_SEPARATOR: &str = "\n";

/// Which consumer the GraphML is shaped for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Profile {
    /// Gephi, Cytoscape, NetworkX and igraph: adds `label` and `name` (the term).
    #[default]
    Default,
    /// yEd: adds yFiles node and edge graphics (label, fill by status, arrows on supersedes).
    Yed,
    /// Neo4j APOC `apoc.import.graphml` with `readLabels: true`: adds node labels
    /// (`:Term` and the status) and relationship types (`RELATED`, `SUPERSEDES`,
    /// `BROADER`).
    Neo4j,
}

impl Profile {
    pub const ALL: [Profile; 3] = [Profile::Default, Profile::Yed, Profile::Neo4j];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Default => "default",
            Profile::Yed => "yed",
            Profile::Neo4j => "neo4j",
        }
    }
}

/// What a key is attached to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Domain {
    Graph,
    Node,
    Edge,
}

impl Domain {
    fn name(self) -> &'static str {
        match self {
            Domain::Graph => "graph",
            Domain::Node => "node",
            Domain::Edge => "edge",
        }
    }
}

/// A `<key>`: its id (also its `attr.name`), domain and type (`None` for yFiles graphics).
type Key = (&'static str, Domain, Option<&'static str>);

const STRING: Option<&str> = Some("string");
const INT: Option<&str> = Some("int");
const BOOLEAN: Option<&str> = Some("boolean");
const DOUBLE: Option<&str> = Some("double");

/// The keys every profile has, in writing order. Node data is written in this order too.
const GRAPH_KEYS: [Key; 2] = [
    ("title", Domain::Graph, STRING),
    ("base", Domain::Graph, STRING),
];

const CARD_KEYS: [Key; 27] = [
    ("slug", Domain::Node, STRING),
    ("term", Domain::Node, STRING),
    ("status", Domain::Node, STRING),
    ("definition", Domain::Node, STRING),
    ("aliases", Domain::Node, STRING),
    ("aliasCount", Domain::Node, INT),
    ("note", Domain::Node, STRING),
    ("advantages", Domain::Node, STRING),
    ("advantageCount", Domain::Node, INT),
    ("limitations", Domain::Node, STRING),
    ("limitationCount", Domain::Node, INT),
    ("related", Domain::Node, STRING),
    ("relatedCount", Domain::Node, INT),
    ("supersedes", Domain::Node, STRING),
    ("supersedesCount", Domain::Node, INT),
    ("supersededBy", Domain::Node, STRING),
    ("supersededByCount", Domain::Node, INT),
    ("firstSeen", Domain::Node, STRING),
    ("lastSeen", Domain::Node, STRING),
    ("updated", Domain::Node, STRING),
    ("citationIds", Domain::Node, STRING),
    ("citationTitles", Domain::Node, STRING),
    ("citationUrls", Domain::Node, STRING),
    ("citationAccessed", Domain::Node, STRING),
    ("citationCount", Domain::Node, INT),
    ("provenance", Domain::Node, STRING),
    ("provenanceCount", Domain::Node, INT),
];

const EDGE_KEYS: [Key; 4] = [
    ("kind", Domain::Edge, STRING),
    ("mutual", Domain::Edge, BOOLEAN),
    ("statedByOld", Domain::Edge, BOOLEAN),
    ("statedByNew", Domain::Edge, BOOLEAN),
];

/// Only when the glossary has stub nodes for dangling links ([`Glossary::with_missing`]).
const MISSING_KEY: Key = ("missing", Domain::Node, BOOLEAN);

/// Only when the glossary has `broader` edges: which of their cards stated them.
const HIERARCHY_KEYS: [Key; 2] = [
    (STATED_BY_NARROWER, Domain::Edge, BOOLEAN),
    (STATED_BY_BROADER, Domain::Edge, BOOLEAN),
];

/// Every node's topic and place on the topic map ([`crate::map`]), in every profile: `x` and
/// `y` are also the names Gephi reads positions from.
const MAP_KEYS: [Key; 4] = [
    ("topic", Domain::Node, STRING),
    ("topicName", Domain::Node, STRING),
    ("x", Domain::Node, DOUBLE),
    ("y", Domain::Node, DOUBLE),
];

/// What Gephi's GraphML importer also reads, in the default profile: a size (by the number of
/// links) and a colour (the topic's).
const GEPHI_KEYS: [Key; 4] = [
    ("size", Domain::Node, DOUBLE),
    ("r", Domain::Node, INT),
    ("g", Domain::Node, INT),
    ("b", Domain::Node, INT),
];

/// The keys a profile adds in front of the card keys (node) and edge keys (edge).
fn profile_keys(profile: Profile) -> (&'static [Key], &'static [Key]) {
    match profile {
        Profile::Default => (
            &[
                ("label", Domain::Node, STRING),
                ("name", Domain::Node, STRING),
            ],
            &[],
        ),
        // APOC reads node labels from the data of key `labels` and the relationship type from
        // an edge's first data of key `label`; Neo4j Browser captions nodes by `name`.
        Profile::Neo4j => (
            &[
                ("labels", Domain::Node, STRING),
                ("name", Domain::Node, STRING),
            ],
            &[("label", Domain::Edge, STRING)],
        ),
        Profile::Yed => (&[], &[]),
    }
}

/// yEd's graphics keys; they come last, as yEd writes them.
const YED_KEYS: [Key; 2] = [
    ("nodegraphics", Domain::Node, None),
    ("edgegraphics", Domain::Edge, None),
];

/// Writes the glossary as GraphML shaped for `profile`.
///
/// Streams through a `BufWriter`; memory does not grow with the glossary. Nodes and edges
/// are written a chunk at a time on every core ([`output::write_chunks`]), in order.
///
/// # Errors
/// Those of `w`, or [`ExportError::Unwritable`] naming the term and field when a text holds a
/// character XML 1.0 cannot carry (U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, U+FFFE,
/// U+FFFF), which `check` reports as `invalid-char`.
pub fn write(
    glossary: &Glossary,
    config: &Config,
    profile: Profile,
    w: impl Write + Send,
) -> Result<(), ExportError> {
    write_in_chunks(glossary, config, profile, w, NODES_PER_CHUNK)
}

/// Nodes (or twice as many edges) rendered together: under a megabyte of GraphML, so that the
/// chunks in flight stay small beside the glossary.
const NODES_PER_CHUNK: usize = 256;

fn write_in_chunks(
    glossary: &Glossary,
    config: &Config,
    profile: Profile,
    w: impl Write + Send,
    per_chunk: usize,
) -> Result<(), ExportError> {
    let labels = Labels::of(glossary, config);
    let mut head = GraphMl::new(BufWriter::with_capacity(1 << 16, w), profile);
    head.head(glossary, config, &labels)?;
    let mut w = head.xml.into_inner();
    let map = glossary.map();
    output::write_chunks(
        &mut w,
        glossary.graph().node_count(),
        per_chunk,
        |nodes, buf| {
            let mut out = GraphMl::inside_graph(buf, profile);
            for i in nodes {
                output::warm_ahead(glossary, i);
                out.node(glossary, config, &labels, map, NodeIndex::new(i))?;
            }
            Ok(())
        },
    )?;
    output::write_chunks(
        &mut w,
        glossary.graph().edge_count(),
        per_chunk.saturating_mul(2),
        |edges, buf| {
            let mut out = GraphMl::inside_graph(buf, profile);
            let graph = glossary.graph();
            for i in edges {
                let e = EdgeIndex::new(i);
                let (a, b) = graph.edge_endpoints(e).expect("edge index in range");
                out.edge(glossary, a, b, graph[e])?;
            }
            Ok(())
        },
    )?;
    let mut tail = Vec::new();
    let mut out = GraphMl::inside_graph(&mut tail, profile);
    out.xml.write_event(Event::End(BytesEnd::new("graph")))?;
    out.xml.write_event(Event::End(BytesEnd::new("graphml")))?;
    w.write_all(&tail)?;
    w.flush()?;
    Ok(())
}

struct GraphMl<W: Write> {
    xml: Writer<W>,
    profile: Profile,
    /// Scratch space for the labels of a Neo4j node.
    buf: String,
    /// Scratch space for start tags.
    tag: String,
    /// yEd's graphics of a `related`, a `supersedes` and a `broader` edge, made once.
    edge_graphics: Option<[Vec<u8>; 3]>,
    /// yEd's graphics of a node, made once, cut where its values go.
    node_graphics: Option<[Vec<u8>; 7]>,
}

impl<'a> GraphMl<Muted<'a>> {
    /// A writer appending to `out` as if it stood inside `<graphml><graph>`, after an element:
    /// what it writes is byte for byte what the writer of the whole document writes there.
    fn inside_graph(out: &'a mut Vec<u8>, profile: Profile) -> Self {
        Self::inside(out, profile, &["graphml", "graph"])
    }

    /// A writer appending to `out` as if it stood inside the elements `path`, just opened.
    fn inside(out: &'a mut Vec<u8>, profile: Profile, path: &[&str]) -> Self {
        let mut this = GraphMl::new(Muted::closed(out), profile);
        this.xml = crate::xml::inside(this.xml, path);
        this
    }
}

impl<W: Write> GraphMl<W> {
    fn new(w: W, profile: Profile) -> Self {
        Self {
            xml: Writer::new_with_indent(w, b' ', 2),
            profile,
            buf: String::new(),
            tag: String::new(),
            edge_graphics: None,
            node_graphics: None,
        }
    }

    /// Everything before the first node: the declaration, the keys, the graph's own data.
    fn head(
        &mut self,
        glossary: &Glossary,
        config: &Config,
        labels: &Labels,
    ) -> Result<(), ExportError> {
        self.xml
            .write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
        let mut root = BytesStart::new("graphml");
        root.push_attribute(("xmlns", GRAPHML_NS));
        if self.profile == Profile::Yed {
            root.push_attribute(("xmlns:y", YFILES_NS));
        }
        self.xml.write_event(Event::Start(root))?;

        let (node_extra, edge_extra) = profile_keys(self.profile);
        let has_stubs = glossary.graph().node_count() > glossary.cards().len();
        let hierarchy = glossary.edge_counts().broader > 0;
        let card_keys = GRAPH_KEYS.iter().chain(node_extra).chain(&CARD_KEYS);
        for &key in card_keys {
            self.key(key)?;
        }
        for name in &labels.names {
            self.key((name, Domain::Node, STRING))?;
        }
        let keys = MAP_KEYS
            .iter()
            .chain(if self.profile == Profile::Default {
                &GEPHI_KEYS[..]
            } else {
                &[]
            })
            .chain(has_stubs.then_some(&MISSING_KEY))
            .chain(edge_extra)
            .chain(&EDGE_KEYS)
            .chain(if hierarchy { &HIERARCHY_KEYS[..] } else { &[] })
            .chain(if self.profile == Profile::Yed {
                &YED_KEYS[..]
            } else {
                &[]
            });
        for &key in keys {
            self.key(key)?;
        }

        let mut graph = BytesStart::new("graph");
        graph.push_attribute(("id", "glossary"));
        graph.push_attribute(("edgedefault", "directed"));
        self.xml.write_event(Event::Start(graph))?;
        let scheme = Origin {
            slug: "(glossary)",
            field: "title",
        };
        self.text(k!("title"), &config.title, scheme)?;
        self.text(k!("base"), &config.base, scheme)?;
        Ok(())
    }

    /// A `<key>` with its id as its `attr.name` (a yFiles key: its `yfiles.type`).
    fn key(&mut self, (id, domain, ty): (&str, Domain, Option<&str>)) -> Result<(), ExportError> {
        let mut key = BytesStart::new("key");
        key.push_attribute(("id", id));
        key.push_attribute(("for", domain.name()));
        match ty {
            Some(ty) => {
                key.push_attribute(("attr.name", id));
                key.push_attribute(("attr.type", ty));
            }
            None => key.push_attribute(("yfiles.type", id)),
        }
        self.xml.write_event(Event::Empty(key))?;
        Ok(())
    }

    /// A `<node>`, at its place on the topic `map`.
    fn node(
        &mut self,
        glossary: &Glossary,
        config: &Config,
        labels: &Labels,
        map: &TopicMap,
        node: NodeIndex,
    ) -> Result<(), ExportError> {
        let slug = glossary.slug(node);
        self.start("node", &[("id", &[slug], origin(slug, "slug"))])?;
        match glossary.card(node) {
            Some(card) => {
                self.card(card)?;
                self.labels(card, labels)?;
            }
            None => self.stub(slug)?,
        }
        let i = node.index();
        let topic = map.topic_of(i);
        let (x, y) = map.position(i);
        self.text(k!("topic"), &topic.id, origin(slug, "topic"))?;
        self.text(k!("topicName"), &topic.name, origin(slug, "topic"))?;
        self.float(k!("x"), x)?;
        self.float(k!("y"), y)?;
        if self.profile == Profile::Default {
            let links = glossary.neighbours(node).len();
            self.float(k!("size"), crate::map::node_size(links))?;
            let (r, g, b) = crate::map::rgb(&topic.color);
            self.int(k!("r"), r.into())?;
            self.int(k!("g"), g.into())?;
            self.int(k!("b"), b.into())?;
        }
        if self.profile == Profile::Yed {
            let label = glossary.card(node).map_or(slug, |c| c.term());
            let status = glossary.card(node).and_then(|c| c.status());
            // yEd's y grows downwards, and a geometry is the box's top-left corner.
            let (w, h) = map.size(i);
            let place = (x - w / 2.0, -y - h / 2.0, w, h);
            self.node_graphics(slug, label, status_color(config, status), place)?;
        }
        self.xml.write_event(Event::End(BytesEnd::new("node")))?;
        Ok(())
    }

    /// An `<edge>` from `a` to `b`.
    fn edge(
        &mut self,
        glossary: &Glossary,
        a: NodeIndex,
        b: NodeIndex,
        link: Link,
    ) -> Result<(), ExportError> {
        let (source, target) = (glossary.slug(a), glossary.slug(b));
        let (from, to) = (origin(source, "slug"), origin(target, "slug"));
        self.start(
            "edge",
            &[
                ("id", &["e-", link.kind(), "-", source, "-", target], from),
                ("source", &[source], from),
                ("target", &[target], to),
            ],
        )?;
        self.edge_data(link)?;
        self.xml.write_event(Event::End(BytesEnd::new("edge")))?;
        Ok(())
    }

    fn card(&mut self, card: &Card) -> Result<(), ExportError> {
        let slug = card.slug();
        let at = |field| origin(slug, field);
        match self.profile {
            Profile::Default => {
                self.text(k!("label"), card.term(), at("term"))?;
                self.text(k!("name"), card.term(), at("term"))?;
            }
            Profile::Neo4j => {
                let mut labels = std::mem::take(&mut self.buf);
                neo4j_labels(card.status(), &mut labels);
                self.text(k!("labels"), &labels, at("status"))?;
                self.buf = labels;
                self.text(k!("name"), card.term(), at("term"))?;
            }
            Profile::Yed => {}
        }
        self.text(k!("slug"), slug, at("slug"))?;
        self.text(k!("term"), card.term(), at("term"))?;
        self.text(k!("status"), card.status().unwrap_or(""), at("status"))?;
        self.text(
            k!("definition"),
            &crate::card::markdown::plain(card.definition()),
            at("definition"),
        )?;
        self.list(
            k!("aliases"),
            k!("aliasCount"),
            card.aliases(),
            at("aliases"),
        )?;
        self.text(
            k!("note"),
            &crate::card::markdown::plain(card.note()),
            at("note"),
        )?;
        self.list(
            k!("advantages"),
            k!("advantageCount"),
            card.advantages(),
            at("advantages"),
        )?;
        self.list(
            k!("limitations"),
            k!("limitationCount"),
            card.limitations(),
            at("limitations"),
        )?;
        self.list(
            k!("related"),
            k!("relatedCount"),
            card.related(),
            at("related"),
        )?;
        self.list(
            k!("supersedes"),
            k!("supersedesCount"),
            card.supersedes(),
            at("supersedes"),
        )?;
        self.list(
            k!("supersededBy"),
            k!("supersededByCount"),
            card.superseded_by(),
            at("supersededBy"),
        )?;
        for (key, date) in [
            (k!("firstSeen"), card.first_seen()),
            (k!("lastSeen"), card.last_seen()),
            (k!("updated"), card.updated()),
        ] {
            if let Some(date) = date {
                self.text(key, date.text().as_str(), at(key.id))?;
            }
        }
        let citations = card.citations();
        if !citations.is_empty() {
            let field = at("citations");
            self.items(k!("citationIds"), citations.iter().map(|c| c.id), field)?;
            self.items(
                k!("citationTitles"),
                citations.iter().map(|c| c.title),
                field,
            )?;
            self.items(k!("citationUrls"), citations.iter().map(|c| c.url), field)?;
            if citations.iter().any(|c| c.accessed.is_some()) {
                let accessed: Vec<Option<DateText>> = citations
                    .iter()
                    .map(|c| c.accessed.map(PartialDate::text))
                    .collect();
                self.items(
                    k!("citationAccessed"),
                    accessed
                        .iter()
                        .map(|d| d.as_ref().map_or("", DateText::as_str)),
                    field,
                )?;
            }
        }
        self.int(k!("citationCount"), citations.len())?;
        self.list(
            k!("provenance"),
            k!("provenanceCount"),
            card.provenance(),
            at("provenance"),
        )?;
        Ok(())
    }

    /// The term of `card` in each language of `labels` it has one in.
    fn labels(&mut self, card: &Card, labels: &Labels) -> Result<(), ExportError> {
        let at = origin(card.slug(), "languages");
        for (name, label) in labels.names.iter().zip(labels.of_card(card)) {
            let Some(label) = label.filter(|l| !l.is_empty()) else {
                continue;
            };
            // A name of `Labels` is letters, digits, `_` and `-`: nothing to escape.
            self.xml.write_indent()?;
            let sink = self.xml.get_mut();
            for part in ["<data key=\"", name, "\">"] {
                sink.write_all(part.as_bytes())?;
            }
            self.escaped(label, at)?;
            self.end_data()?;
        }
        Ok(())
    }

    /// A node for a slug that cards link to but no card defines.
    fn stub(&mut self, slug: &str) -> Result<(), ExportError> {
        let at = origin(slug, "slug");
        match self.profile {
            Profile::Default => {
                self.text(k!("label"), slug, at)?;
                self.text(k!("name"), slug, at)?;
            }
            Profile::Neo4j => {
                self.text(k!("labels"), ":Missing", at)?;
                self.text(k!("name"), slug, at)?;
            }
            Profile::Yed => {}
        }
        self.text(k!("slug"), slug, at)?;
        self.data(k!("missing"), "true")
    }

    fn edge_data(&mut self, link: Link) -> Result<(), ExportError> {
        if self.profile == Profile::Neo4j {
            // APOC takes the relationship type from the edge's first data of key `label`.
            let kind = match link {
                Link::Related { .. } => "RELATED",
                Link::Supersedes { .. } => "SUPERSEDES",
                Link::Broader { .. } => "BROADER",
            };
            self.data(k!("label"), kind)?;
        }
        self.data(k!("kind"), link.kind())?;
        match link {
            Link::Related { mutual } => self.data(k!("mutual"), bool_text(mutual))?,
            Link::Supersedes { by_old, by_new } => {
                self.data(k!("statedByOld"), bool_text(by_old))?;
                self.data(k!("statedByNew"), bool_text(by_new))?;
            }
            Link::Broader {
                by_narrower,
                by_broader,
            } => {
                self.data(k!("statedByNarrower"), bool_text(by_narrower))?;
                self.data(k!("statedByBroader"), bool_text(by_broader))?;
            }
        }
        if self.profile == Profile::Yed {
            self.edge_graphics(link)?;
        }
        Ok(())
    }

    /// `<data key="{key}">{value}</data>` for a value that needs no escaping.
    fn data(&mut self, key: DataKey, value: &str) -> Result<(), ExportError> {
        self.start_data(key)?;
        self.xml.get_mut().write_all(value.as_bytes())?;
        self.end_data()
    }

    // A `<data>` element with text is the bulk of the file: it is written straight into the
    // buffer, on its own indented line, as one opening tag, the escaped text and the closing
    // tag. To quick-xml's writer it is like an empty element: its indentation state stays
    // right for the events around it.
    fn start_data(&mut self, key: DataKey) -> Result<(), ExportError> {
        self.xml.write_indent()?;
        self.xml.get_mut().write_all(key.open.as_bytes())?;
        Ok(())
    }

    /// Writes `value` into the buffer as element content, escaped (inside a `<data>`).
    fn escaped(&mut self, value: &str, at: Origin) -> Result<(), ExportError> {
        let sink = self.xml.get_mut();
        escape_runs(value, at, &TEXT, |run| sink.write_all(run.as_bytes()))
    }

    /// A start tag `<name a="…" …>`, each attribute value made of parts escaped one by one
    /// (the escaping of a concatenation is the concatenation of the escapings), built in a
    /// buffer kept from tag to tag.
    fn start(
        &mut self,
        name: &str,
        attributes: &[(&str, &[&str], Origin)],
    ) -> Result<(), ExportError> {
        let mut tag = std::mem::take(&mut self.tag);
        tag.clear();
        tag.push_str(name);
        for (key, parts, at) in attributes {
            tag.push(' ');
            tag.push_str(key);
            tag.push_str("=\"");
            for part in *parts {
                escape_runs(part, *at, &ATTR, |run| {
                    tag.push_str(run);
                    Ok(())
                })?;
            }
            tag.push('"');
        }
        let written = self.xml.write_event(Event::Start(BytesStart::from_content(
            tag.as_str(),
            name.len(),
        )));
        self.tag = tag;
        written?;
        Ok(())
    }

    fn end_data(&mut self) -> Result<(), ExportError> {
        self.xml.get_mut().write_all(b"</data>")?;
        Ok(())
    }

    /// A string attribute; nothing when it is empty (consumers then use their default).
    fn text(&mut self, key: DataKey, value: &str, at: Origin) -> Result<(), ExportError> {
        if value.is_empty() {
            return Ok(());
        }
        self.start_data(key)?;
        self.escaped(value, at)?;
        self.end_data()
    }

    fn float(&mut self, key: DataKey, value: f64) -> Result<(), ExportError> {
        self.data(key, &Coordinate(value).to_string())
    }

    fn int(&mut self, key: DataKey, value: usize) -> Result<(), ExportError> {
        let mut digits = [0u8; 20];
        self.data(key, decimal(value, &mut digits))
    }

    /// A list: its items joined with [`LIST_SEPARATOR`] (nothing when empty), then its count.
    fn list(
        &mut self,
        key: DataKey,
        count_key: DataKey,
        items: Texts<'_>,
        at: Origin,
    ) -> Result<(), ExportError> {
        self.items(key, items.iter(), at)?;
        self.int(count_key, items.len())
    }

    fn items<'s>(
        &mut self,
        key: DataKey,
        mut items: impl Iterator<Item = &'s str>,
        at: Origin,
    ) -> Result<(), ExportError> {
        let Some(first) = items.next() else {
            return Ok(());
        };
        self.start_data(key)?;
        let mut item = Some(first);
        while let Some(text) = item {
            self.escaped(text, at)?;
            item = items.next();
            if item.is_some() {
                self.xml.get_mut().write_all(LIST_SEPARATOR.as_bytes())?;
            }
        }
        self.end_data()
    }
}

/// A data key's id, the content of its start tag (`data key="…"`) and the whole opening
/// tag, made once at compile time.
#[derive(Clone, Copy)]
struct DataKey {
    id: &'static str,
    tag: &'static str,
    open: &'static str,
}

/// The [`DataKey`] of a key id.
macro_rules! k {
    ($id:literal) => {
        DataKey {
            id: $id,
            tag: concat!("data key=\"", $id, "\""),
            open: concat!("<data key=\"", $id, "\">"),
        }
    };
}
use k;

fn bool_text(b: bool) -> &'static str {
    if b {
        "true"
    } else {
        "false"
    }
}

/// `n` in decimal, written at the end of `buf` (twenty digits hold any `u64`).
fn decimal(mut n: usize, buf: &mut [u8; 20]) -> &str {
    let mut start = buf.len();
    loop {
        start -= 1;
        buf[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[start..]).expect("digits are ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Citation, PartialDate};

    use crate::testing::draft as card;

    fn sample() -> Glossary {
        let mut old = card("roce-v1", "RoCEv1");
        old.superseded_by = vec!["roce-v2".into()];
        old.status = Some("obsolete".into());
        let mut new = card("roce-v2", "RoCEv2");
        new.supersedes = vec!["roce-v1".into()];
        new.related = vec!["iwarp".into()];
        new.aliases = vec!["RoCE v2".into(), "Routable RoCE".into()];
        new.status = Some("shipping".into());
        new.updated = Some(PartialDate::parse("2026-10").unwrap());
        new.citations = vec![
            Citation {
                id: "a".into(),
                title: "T & <A>".into(),
                url: "https://x.org/a".into(),
                accessed: None,
            },
            Citation {
                id: "b".into(),
                title: "B".into(),
                url: "https://x.org/b".into(),
                accessed: Some(PartialDate::parse("2026-10-23").unwrap()),
            },
        ];
        Glossary::new(vec![new.into(), card("iwarp", "iWARP").into(), old.into()])
    }

    fn written(g: &Glossary, profile: Profile) -> String {
        let mut out = Vec::new();
        write(g, &Config::default(), profile, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn chunks_of_any_size_write_the_same_bytes() {
        let g = sample();
        for glossary in [g.clone(), g.with_missing()] {
            for profile in Profile::ALL {
                let write = |per_chunk| {
                    let mut out = Vec::new();
                    write_in_chunks(&glossary, &Config::default(), profile, &mut out, per_chunk)
                        .unwrap();
                    String::from_utf8(out).unwrap()
                };
                let whole = write(usize::MAX);
                assert!(whole.contains("<edge id="), "{whole}");
                for per_chunk in [1, 2, 3] {
                    assert_eq!(
                        write(per_chunk),
                        whole,
                        "{profile:?}, {per_chunk} per chunk"
                    );
                }
            }
        }
    }

    #[test]
    fn keys_come_first_with_explicit_domain_name_and_type() {
        let xml = written(&sample(), Profile::Default);
        let graph_at = xml.find("<graph ").unwrap();
        assert!(!xml[graph_at..].contains("<key "));
        assert!(xml.contains(
            r#"<key id="aliasCount" for="node" attr.name="aliasCount" attr.type="int"/>"#
        ));
        assert!(
            xml.contains(r#"<key id="label" for="node" attr.name="label" attr.type="string"/>"#)
        );
        assert!(!xml.contains("long"));
        assert!(!xml.contains(r#"key id="missing""#));
    }

    #[test]
    fn nodes_edges_and_lists() {
        let xml = written(&sample(), Profile::Default);
        assert!(xml.contains(r#"<node id="roce-v2">"#));
        assert!(xml.contains("<data key=\"aliases\">RoCE v2\nRoutable RoCE</data>"));
        assert!(xml.contains(r#"<data key="aliasCount">2</data>"#));
        assert!(xml.contains(r#"<data key="citationTitles">T &amp; &lt;A&gt;"#));
        assert!(xml.contains("<data key=\"citationAccessed\">\n2026-10-23</data>"));
        assert!(xml.contains(r#"<data key="updated">2026-10</data>"#));
        assert!(xml.contains(
            r#"<edge id="e-supersedes-roce-v1-roce-v2" source="roce-v1" target="roce-v2">"#
        ));
        assert!(
            xml.contains(r#"<edge id="e-related-iwarp-roce-v2" source="iwarp" target="roce-v2">"#)
        );
        assert!(xml.contains(r#"<data key="mutual">false</data>"#));
    }

    #[test]
    fn profiles_add_what_their_consumer_needs() {
        let yed = written(&sample(), Profile::Yed);
        assert!(yed.contains(r#"<key id="nodegraphics" for="node" yfiles.type="nodegraphics"/>"#));
        assert!(yed.contains("<y:NodeLabel>RoCEv2</y:NodeLabel>"));
        assert!(yed.contains(r##"<y:Fill color="#b3de69" transparent="false"/>"##));
        assert!(yed.contains(r#"<y:Arrows source="none" target="standard"/>"#));
        assert!(!yed.contains(r#"key="label""#));
        let neo = written(&sample(), Profile::Neo4j);
        assert!(neo.contains(r#"<data key="labels">:Term:Shipping</data>"#));
        let edge = neo.find(r#"<edge id="e-related"#).unwrap();
        let first_data = &neo[edge..][neo[edge..].find("<data").unwrap()..];
        assert!(first_data.starts_with(r#"<data key="label">RELATED</data>"#));
    }

    #[test]
    fn stubs_are_marked_missing() {
        let mut c = card("a", "A");
        c.related = vec!["ghost".into()];
        let g = Glossary::new(vec![c.into()]).with_missing();
        let xml = written(&g, Profile::Default);
        assert!(xml
            .contains(r#"<key id="missing" for="node" attr.name="missing" attr.type="boolean"/>"#));
        assert!(xml.contains(r#"<node id="ghost">"#));
        assert!(xml.contains(r#"<data key="missing">true</data>"#));
    }
}
