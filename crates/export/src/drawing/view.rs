//! What a topic map draws: the engine, the clusters, the view (focus, depth, statuses, size
//! guard), why a view cannot be drawn, and the [`Drawing`] a view of a glossary makes.

use petgraph::graph::NodeIndex;

use crate::config::Config;
use crate::output::ExportError;
use crate::Glossary;

/// Who lays the map out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Engine {
    /// glossgraph's own topic map ([`crate::map`]): every node pinned at its place
    /// (`pos="x,y!"`), so that Graphviz only draws (`neato -n2`). Any size.
    #[default]
    Map,
    /// Graphviz's layered layout; good maps up to a few hundred terms.
    Dot,
    /// Graphviz's scalable force-directed layout (no clusters).
    Sfdp,
}

impl Engine {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Map => "map",
            Engine::Dot => "dot",
            Engine::Sfdp => "sfdp",
        }
    }

    /// The Graphviz program that draws the map, and its arguments.
    pub fn program(self) -> (&'static str, &'static [&'static str]) {
        match self {
            Engine::Map => ("neato", &["-n2"]),
            Engine::Dot => ("dot", &[]),
            Engine::Sfdp => ("sfdp", &[]),
        }
    }

    /// The size guard's default limit: `dot` becomes slow and unreadable past about 1,000
    /// nodes; `sfdp` lays out 20,000 in under two minutes; a pinned map has no limit
    /// (Graphviz only draws it).
    pub fn default_max_nodes(self) -> usize {
        match self {
            Engine::Map => usize::MAX,
            Engine::Dot => 500,
            Engine::Sfdp => 20_000,
        }
    }
}

/// How nodes are grouped into `subgraph cluster_*` boxes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Cluster {
    #[default]
    None,
    /// One box per status.
    Status,
    /// One box per connected component of the drawn graph; unlinked terms share one box.
    Component,
    /// One box per topic of the topic map ([`crate::map`]), largest first.
    Topic,
}

/// What part of the glossary to draw, and how. The default draws the whole glossary at the
/// places of its topic map, with no size limit: the map `export` writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct View {
    /// Draw only this term and the terms within `depth` links of it (any kind, either way).
    pub focus: Option<String>,
    pub depth: usize,
    /// Keep only terms with one of these statuses (the focus term is always kept); empty: all.
    pub statuses: Vec<String>,
    pub cluster: Cluster,
    pub engine: Engine,
    /// Refuse to draw more nodes than this; `None`: no limit.
    pub max_nodes: Option<usize>,
    /// The source and target languages of the two-column TSV ([`crate::tsv`]), which
    /// `--languages` gives: the one part of the view that shapes no drawing.
    pub pair: Option<(String, String)>,
}

impl Default for View {
    fn default() -> Self {
        Self {
            focus: None,
            depth: 1,
            statuses: Vec::new(),
            cluster: Cluster::None,
            engine: Engine::Map,
            max_nodes: None,
            pair: None,
        }
    }
}

impl From<ViewError> for ExportError {
    /// A view that cannot be drawn makes its drawing unwritable, with the view's message.
    fn from(e: ViewError) -> Self {
        ExportError::Unwritable(e.to_string())
    }
}

/// A view that cannot be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ViewError {
    #[error("no term has the slug `{slug}`{}", suggestion.as_ref().map(|s| format!("; did you mean `{s}`?")).unwrap_or_default())]
    UnknownFocus {
        slug: String,
        suggestion: Option<String>,
    },
    #[error(
        "`{status}` is not a status of this glossary{} (statuses: {})",
        suggestion.as_ref().map(|s| format!("; did you mean `{s}`?")).unwrap_or_default(),
        known.join(", ")
    )]
    UnknownStatus {
        status: String,
        suggestion: Option<String>,
        known: Vec<String>,
    },
    #[error("the view selects no term")]
    Empty,
    #[error("`sfdp` does not draw clusters; use the `map` or `dot` engine for clusters, or --cluster none")]
    ClustersNeedDot,
    #[error(
        "the `map` engine places terms by topic, so boxes by status would overlap them: draw \
         status boxes with --engine dot, or keep the map (each term's ring shows its status; \
         --status filters by it)"
    )]
    StatusClustersNeedDot,
    #[error(
        "the topic map would draw {nodes} nodes, more than the limit of {limit} for `{}`; {}",
        engine.name(),
        too_large_advice(*engine, *focused, *fits)
    )]
    TooLarge {
        nodes: usize,
        limit: usize,
        engine: Engine,
        /// Whether the view is a term's neighbourhood (`--focus`).
        focused: bool,
        /// For a neighbourhood: the largest smaller `--depth` (at least 1) whose view is within
        /// the limit, and how many nodes it draws.
        fits: Option<(usize, usize)>,
    },
}

/// What to do about a map too large for its engine, in the terms of the command that asked:
/// a neighbourhood is told the depth that fits, if one does; the engines with a limit are
/// told of the one without.
pub(super) fn too_large_advice(
    engine: Engine,
    focused: bool,
    fits: Option<(usize, usize)>,
) -> String {
    let mut ways = Vec::new();
    let mut lead = String::new();
    if let Some((depth, nodes)) = fits {
        lead = format!("--depth {depth} draws {nodes} nodes: ");
        ways.push(format!("lower --depth to {depth}"));
    }
    if engine != Engine::Map {
        ways.push("let glossgraph's map engine draw it at any size (--engine map)".to_owned());
    }
    if !focused {
        ways.push("draw one term's neighbourhood with --focus SLUG [--depth N]".to_owned());
    }
    if engine == Engine::Map || (focused && fits.is_none()) {
        ways.push("filter with --status".to_owned());
    }
    ways.push(match engine {
        Engine::Map => "raise the limit with --max-nodes N (0: no limit)".to_owned(),
        _ => "raise the limit with --max-nodes N".to_owned(),
    });
    let last = ways.pop().unwrap_or_default();
    if ways.is_empty() {
        format!("{lead}{last}")
    } else {
        format!("{lead}{}, or {last}", ways.join(", "))
    }
}

/// The nodes a view draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    /// Sorted by node index (slug order; stubs last).
    pub nodes: Vec<NodeIndex>,
    /// `keep[i]`: whether node `i` is drawn.
    pub(super) keep: Vec<bool>,
    pub focus: Option<NodeIndex>,
}

impl Selection {
    /// Every node of `glossary`: what the HTML map, which draws the whole glossary, shows.
    pub fn whole(glossary: &Glossary) -> Self {
        let count = glossary.graph().node_count();
        Self {
            nodes: (0..count).map(NodeIndex::new).collect(),
            keep: vec![true; count],
            focus: None,
        }
    }

    pub fn contains(&self, node: NodeIndex) -> bool {
        self.keep.get(node.index()).copied().unwrap_or(false)
    }
}

/// A topic map to draw: the glossary, its settings, the view asked for and the terms it
/// selects. What the DOT writer and glossgraph's own SVG draw from, handed to them and to
/// their parts as one.
pub struct Drawing<'a> {
    pub glossary: &'a Glossary,
    pub config: &'a Config,
    pub view: &'a View,
    /// The terms of `view` ([`View::select`]).
    pub selection: Selection,
}

impl<'a> Drawing<'a> {
    /// The drawing of `view` of `glossary` under `config`, its terms selected.
    ///
    /// # Errors
    /// Those of [`View::select`]: a view that cannot be drawn.
    pub fn select(
        glossary: &'a Glossary,
        config: &'a Config,
        view: &'a View,
    ) -> Result<Self, ViewError> {
        let selection = view.select(glossary, config)?;
        Ok(Self {
            glossary,
            config,
            view,
            selection,
        })
    }
}

impl View {
    /// The nodes this view draws.
    ///
    /// # Errors
    /// An unknown focus slug or status (with a suggestion), an empty selection, clusters with
    /// `sfdp`, status boxes on the `map` engine, or more nodes than `max_nodes`.
    pub fn select(&self, glossary: &Glossary, config: &Config) -> Result<Selection, ViewError> {
        if self.cluster != Cluster::None && self.engine == Engine::Sfdp {
            return Err(ViewError::ClustersNeedDot);
        }
        if self.cluster == Cluster::Status && self.engine == Engine::Map {
            return Err(ViewError::StatusClustersNeedDot);
        }
        for status in &self.statuses {
            let used = glossary.cards().iter().any(|c| c.status() == Some(status));
            if !used && !config.statuses.contains(status) {
                let suggestion =
                    crate::suggest::closest(status, config.statuses.iter().map(String::as_str))
                        .map(|(s, _)| s.to_owned());
                return Err(ViewError::UnknownStatus {
                    status: status.clone(),
                    suggestion,
                    known: config.statuses.clone(),
                });
            }
        }
        let focus = match &self.focus {
            None => None,
            Some(slug) => Some(glossary.node(slug).ok_or_else(|| ViewError::UnknownFocus {
                slug: slug.clone(),
                suggestion: glossary.suggest(slug).map(str::to_owned),
            })?),
        };
        let keep = self.keep(glossary, focus, self.depth);
        let count = keep.len();
        let nodes: Vec<NodeIndex> = (0..count)
            .filter(|&i| keep[i])
            .map(NodeIndex::new)
            .collect();
        if nodes.is_empty() {
            return Err(ViewError::Empty);
        }
        if let Some(limit) = self.max_nodes {
            if nodes.len() > limit {
                // The deepest neighbourhood that fits, nearest the depth asked for first.
                let fits = focus.and_then(|_| {
                    (1..self.depth).rev().find_map(|depth| {
                        let drawn = self
                            .keep(glossary, focus, depth)
                            .iter()
                            .filter(|&&k| k)
                            .count();
                        (drawn <= limit).then_some((depth, drawn))
                    })
                });
                return Err(ViewError::TooLarge {
                    nodes: nodes.len(),
                    limit,
                    engine: self.engine,
                    focused: focus.is_some(),
                    fits,
                });
            }
        }
        Ok(Selection { nodes, keep, focus })
    }

    /// Which nodes the view keeps with `focus` drawn to `depth`: `keep[i]` for node `i`.
    fn keep(&self, glossary: &Glossary, focus: Option<NodeIndex>, depth: usize) -> Vec<bool> {
        let count = glossary.graph().node_count();
        let mut keep = match focus {
            None => vec![true; count],
            Some(node) => {
                let mut keep = vec![false; count];
                for n in glossary.neighbourhood(node, depth) {
                    keep[n.index()] = true;
                }
                keep
            }
        };
        if !self.statuses.is_empty() {
            for (i, k) in keep.iter_mut().enumerate() {
                let node = NodeIndex::new(i);
                let status = glossary.card(node).and_then(|c| c.status());
                let wanted = status.is_some_and(|s| self.statuses.iter().any(|w| w == s));
                if *k && !wanted && Some(node) != focus {
                    *k = false;
                }
            }
        }
        keep
    }
}
