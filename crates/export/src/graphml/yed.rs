//! What the yEd profile adds: yFiles graphics for every node (a rounded box sized to its
//! label, filled by status, at its place on the map) and edge (dashed related lines, arrows
//! on supersedes, hollow-headed arrows in the palette's colour on broader), so that the file
//! opens in yEd readable, before any layout is run there.
//!
//! The graphics are made once, as quick-xml events, and then copied around the values that
//! change from element to element: the writer stands at the same depth before each.

use std::io::Write;

use quick_xml::events::{BytesEnd, BytesStart, BytesText, Event};

use super::{k, DataKey, GraphMl, Profile};
use crate::drawing::palette;
use crate::graph::Link;
use crate::map::Coordinate;
use crate::output::ExportError;
use crate::xml::{escape_runs, origin, Muted, TEXT};

impl<'a> GraphMl<Muted<'a>> {
    /// What `events` write in the yEd profile inside a `<graphml><graph><{element}>` just
    /// opened: a block of yFiles graphics, made once and copied into every element.
    pub(super) fn yed_block(
        element: &str,
        events: impl FnOnce(&mut GraphMl<Muted<'_>>) -> Result<(), ExportError>,
    ) -> Vec<u8> {
        let mut out = Vec::new();
        let mut w = GraphMl::inside(&mut out, Profile::Yed, &["graphml", "graph", element]);
        // Writing to a `Muted` sink cannot fail.
        let _ = events(&mut w);
        out
    }
}

impl<W: Write> GraphMl<W> {
    /// yFiles graphics of an edge. They depend only on its kind, and the writer stands at the
    /// same depth before every edge's: they are written once per kind, and copied.
    pub(super) fn edge_graphics(&mut self, link: Link) -> Result<(), ExportError> {
        // The graphics of an edge depend only on its kind, and the writer stands at the
        // same depth before every edge's: they are written once per kind, and copied.
        let kind = match link {
            Link::Related { .. } => 0,
            Link::Supersedes { .. } => 1,
            Link::Broader { .. } => 2,
        };
        let blocks = self.edge_graphics.get_or_insert_with(|| {
            [
                Link::Related { mutual: false },
                Link::Supersedes {
                    by_old: false,
                    by_new: false,
                },
                Link::Broader {
                    by_narrower: false,
                    by_broader: false,
                },
            ]
            .map(|link| GraphMl::yed_block("edge", |w| w.edge_graphics_events(link)))
        });
        self.xml.get_mut().write_all(&blocks[kind])?;
        Ok(())
    }

    /// yFiles graphics of an edge, as events: fixed tags, written from their text as it stands.
    pub(super) fn edge_graphics_events(&mut self, link: Link) -> Result<(), ExportError> {
        let (style, arrows) = match link {
            Link::Related { .. } => (
                r##"y:LineStyle color="#888888" type="dashed" width="1.0""##.to_owned(),
                r#"y:Arrows source="none" target="none""#,
            ),
            Link::Supersedes { .. } => (
                r##"y:LineStyle color="#333333" type="line" width="1.0""##.to_owned(),
                r#"y:Arrows source="none" target="standard""#,
            ),
            // The hollow head of the maps' `broader` arrows, at the broader term.
            Link::Broader { .. } => (
                format!(
                    r#"y:LineStyle color="{}" type="line" width="1.0""#,
                    palette::BROADER
                ),
                r#"y:Arrows source="none" target="white_delta""#,
            ),
        };
        self.xml.write_event(Event::Start(BytesStart::from_content(
            k!("edgegraphics").tag,
            4,
        )))?;
        self.xml
            .write_event(Event::Start(BytesStart::new("y:PolyLineEdge")))?;
        self.xml
            .write_event(Event::Empty(BytesStart::from_content(style, 11)))?;
        self.xml
            .write_event(Event::Empty(BytesStart::from_content(arrows, 8)))?;
        self.xml
            .write_event(Event::End(BytesEnd::new("y:PolyLineEdge")))?;
        self.xml.write_event(Event::End(BytesEnd::new("data")))?;
        Ok(())
    }

    /// yFiles graphics of a node: a rounded box of the size of its label box on the topic map,
    /// at its place there (`(x, y, width, height)`, the top-left corner in yEd's coordinates,
    /// y downwards), filled by status, so that the map opens laid out.
    ///
    /// Only the numbers, the fill and the label change from node to node, and the writer
    /// stands at the same depth before every node's graphics: the fixed parts are written once
    /// by [`Self::node_graphics_events`], and copied around the values.
    pub(super) fn node_graphics(
        &mut self,
        slug: &str,
        label: &str,
        fill: &str,
        (x, y, width, height): (f64, f64, f64, f64),
    ) -> Result<(), ExportError> {
        let pieces = self.node_graphics.get_or_insert_with(|| {
            let out = GraphMl::yed_block("node", |w| w.node_graphics_events(["\0"; 6]));
            let pieces: Vec<Vec<u8>> = out.split(|&b| b == 0).map(<[u8]>::to_vec).collect();
            pieces
                .try_into()
                .expect("six values cut the graphics in seven")
        });
        let numbers = [height, width, x, y].map(|v| Coordinate(v).to_string());
        let values = [
            numbers[0].as_str(),
            numbers[1].as_str(),
            numbers[2].as_str(),
            numbers[3].as_str(),
            // A fill is a colour of the form #rrggbb: nothing to escape.
            fill,
        ];
        let sink = self.xml.get_mut();
        for (piece, value) in pieces.iter().zip(values) {
            sink.write_all(piece)?;
            sink.write_all(value.as_bytes())?;
        }
        sink.write_all(&pieces[5])?;
        escape_runs(label, origin(slug, "term"), &TEXT, |run| {
            sink.write_all(run.as_bytes())
        })?;
        sink.write_all(&pieces[6])?;
        Ok(())
    }

    /// yFiles graphics of a node, as events, with `[height, width, x, y, fill, label]` written
    /// as given (the label already escaped).
    pub(super) fn node_graphics_events(
        &mut self,
        [height, width, x, y, fill, label]: [&str; 6],
    ) -> Result<(), ExportError> {
        self.xml.write_event(Event::Start(BytesStart::from_content(
            k!("nodegraphics").tag,
            4,
        )))?;
        self.xml
            .write_event(Event::Start(BytesStart::new("y:ShapeNode")))?;
        let geometry = format!(r#"y:Geometry height="{height}" width="{width}" x="{x}" y="{y}""#);
        self.xml
            .write_event(Event::Empty(BytesStart::from_content(geometry, 10)))?;
        let fill = format!(r#"y:Fill color="{fill}" transparent="false""#);
        self.xml
            .write_event(Event::Empty(BytesStart::from_content(fill, 6)))?;
        self.xml.write_event(Event::Empty(BytesStart::from_content(
            r##"y:BorderStyle color="#333333" type="line" width="1.0""##,
            13,
        )))?;
        self.xml
            .write_event(Event::Start(BytesStart::new("y:NodeLabel")))?;
        self.xml
            .write_event(Event::Text(BytesText::from_escaped(label)))?;
        self.xml
            .write_event(Event::End(BytesEnd::new("y:NodeLabel")))?;
        self.xml.write_event(Event::Empty(BytesStart::from_content(
            r#"y:Shape type="roundrectangle""#,
            7,
        )))?;
        self.xml
            .write_event(Event::End(BytesEnd::new("y:ShapeNode")))?;
        self.xml.write_event(Event::End(BytesEnd::new("data")))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_graphics_copied_around_their_values_are_those_written_as_events() {
        // (label, its escaping) for plain, escaped and two-line labels.
        let nodes = [
            ("RoCE v2", "RoCE v2"),
            (
                "a <b> & \"c\"\nsecond line",
                "a &lt;b&gt; &amp; \"c\"\nsecond line",
            ),
            ("😀", "😀"),
        ];
        let path = ["graphml", "graph", "node"];
        let (mut copied, mut events) = (Vec::new(), Vec::new());
        let mut w = GraphMl::inside(&mut copied, Profile::Yed, &path);
        for (i, (label, _)) in nodes.iter().enumerate() {
            let place = (i as f64 * 240.5, -560.0, 101.0 + i as f64, 26.0);
            w.node_graphics("s", label, "#b3de69", place).unwrap();
        }
        let mut w = GraphMl::inside(&mut events, Profile::Yed, &path);
        for (i, (_, escaped)) in nodes.iter().enumerate() {
            let x = format!("{:.2}", i as f64 * 240.5);
            let width = format!("{:.2}", 101.0 + i as f64);
            w.node_graphics_events(["26.00", &width, &x, "-560.00", "#b3de69", escaped])
                .unwrap();
        }
        let events = String::from_utf8(events).unwrap();
        assert!(events
            .contains(r#"<y:Geometry height="26.00" width="102.00" x="240.50" y="-560.00"/>"#));
        assert_eq!(String::from_utf8(copied).unwrap(), events);
    }
}
