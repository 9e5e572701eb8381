//! What a topic map draws and how: `--focus`, `--depth`, `--status`, `--cluster`, `--engine`
//! and `--max-nodes`, defined once for `render` and for the DOT and SVG of `export`, and
//! turned into the library's [`View`].

use clap::{Args, ValueEnum};

use glossgraph::export::drawing::{Cluster, Engine, View};

/// Which part of the glossary a topic map draws, and how (`render`, and in `export` only
/// glossary.dot and glossary.svg: every other format holds the whole glossary).
#[derive(Debug, Clone, Args)]
pub struct ViewArgs {
    /// Draw only this term and its neighbourhood (export: glossary.dot and .svg only).
    #[arg(long, value_name = "SLUG")]
    pub focus: Option<String>,

    /// With --focus: draw the terms up to N links away (any kind, either direction).
    #[arg(long, value_name = "N", default_value_t = 1, requires = "focus")]
    pub depth: usize,

    /// Draw only terms with these statuses (comma-separated); the focus term is always drawn
    /// (export: glossary.dot and .svg only).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub status: Vec<String>,

    /// Group terms into boxes [default: topic; none with sfdp, which draws no boxes] (export:
    /// glossary.dot and .svg only).
    #[arg(long, value_enum)]
    pub cluster: Option<ClusterArg>,

    /// Who lays the map out: map (glossgraph's topic map, any size; drawn by glossgraph as SVG,
    /// by Graphviz's neato -n2 as PNG or PDF), dot (Graphviz's layered layout, up to a few hundred terms) or sfdp (Graphviz's
    /// force-directed layout) (export: glossary.dot and .svg only).
    #[arg(long, value_enum, default_value_t = EngineArg::Map)]
    pub engine: EngineArg,

    /// Refuse to draw more than N terms [default: no limit with map, 500 with dot, 20000
    /// with sfdp; 0: no limit].
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<usize>,
}

impl ViewArgs {
    /// The flags given that change the view, as typed: `--focus` and the others.
    pub fn given(&self) -> Vec<&'static str> {
        let mut given = Vec::new();
        if self.focus.is_some() {
            given.push("--focus");
        }
        if !self.status.is_empty() {
            given.push("--status");
        }
        if self.cluster.is_some() {
            given.push("--cluster");
        }
        if self.engine != EngineArg::Map {
            given.push("--engine");
        }
        if self.max_nodes.is_some() {
            given.push("--max-nodes");
        }
        given
    }

    /// The view these flags ask for, with the size guard of the engine unless --max-nodes says
    /// otherwise.
    pub fn view(&self) -> View {
        let engine = match self.engine {
            EngineArg::Map => Engine::Map,
            EngineArg::Dot => Engine::Dot,
            EngineArg::Sfdp => Engine::Sfdp,
        };
        let cluster = self.cluster.unwrap_or(match engine {
            Engine::Sfdp => ClusterArg::None,
            _ => ClusterArg::Topic,
        });
        View {
            focus: self.focus.clone(),
            depth: self.depth,
            statuses: self.status.clone(),
            cluster: match cluster {
                ClusterArg::None => Cluster::None,
                ClusterArg::Topic => Cluster::Topic,
                ClusterArg::Status => Cluster::Status,
                ClusterArg::Component => Cluster::Component,
            },
            engine,
            max_nodes: match self.max_nodes {
                Some(0) => None,
                Some(n) => Some(n),
                None => Some(engine.default_max_nodes()).filter(|&n| n < usize::MAX),
            },
            pair: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ClusterArg {
    None,
    /// One box per topic found in the graph.
    Topic,
    /// One box per status (with --engine dot: the map engine places terms by topic).
    Status,
    /// One box per connected group of terms.
    Component,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EngineArg {
    Map,
    Dot,
    Sfdp,
}
