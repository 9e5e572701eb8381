#!/usr/bin/env python3
"""Read an SVG topic map, drawn by Graphviz or by glossgraph, and print, as JSON, what each
node shows.

Usage: svg_nodes.py FILE

Prints {node_name: {"texts": [...], "tooltip": str|null, "href": str|null}}: "texts" is the
content of the node's <text> elements (one per label line). In Graphviz's SVG a node's name is
its <title>, and the tooltip and link come from the <a xlink:title xlink:href> it wraps around
a node; in glossgraph's, the name is the group's data-slug, the link the <a xlink:href> and the
tooltip the <title> inside it. The XML parser decodes every entity, so the strings are what a
browser shows.
"""
import json
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"


def main():
    root = ET.parse(sys.argv[1]).getroot()
    nodes = {}
    for group in root.iter(SVG + "g"):
        if group.get("class") != "node":
            continue
        link = group.find(".//" + SVG + "a")
        slug = group.get("data-slug")
        if slug is None:  # Graphviz
            name = group.find(SVG + "title").text
            tooltip = None if link is None else link.get(XLINK + "title")
        else:  # glossgraph
            name = slug
            title = group.find(".//" + SVG + "title")
            tooltip = None if title is None else title.text or ""
        nodes[name] = {
            "texts": [t.text or "" for t in group.iter(SVG + "text")],
            "tooltip": tooltip,
            "href": None if link is None else link.get(XLINK + "href"),
        }
    json.dump(nodes, sys.stdout, ensure_ascii=True)


if __name__ == "__main__":
    main()
