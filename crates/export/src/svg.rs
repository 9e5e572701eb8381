//! The topic map as SVG, drawn by glossgraph itself ([`draw`]) from its own layout, with no
//! other program: the same bytes on every machine. (Maps that Graphviz draws, in SVG, PNG or
//! PDF, are [`crate::render`]'s, from the DOT.)

pub mod draw;
mod gaps;
mod legend;
mod regions;
