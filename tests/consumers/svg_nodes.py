#!/usr/bin/env python3
"""Read an SVG written by Graphviz and print, as JSON, what each node shows.

Usage: svg_nodes.py FILE

Prints {node_name: {"texts": [...], "tooltip": str|null, "href": str|null}}: the node's
name is its <title>, "texts" the content of its <text> elements (one per label line), and the
tooltip and link come from the <a xlink:title xlink:href> Graphviz wraps around a node that has
them. The XML parser decodes every entity, so the strings are what a browser shows.
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
        name = group.find(SVG + "title").text
        link = group.find(".//" + SVG + "a")
        nodes[name] = {
            "texts": [t.text or "" for t in group.iter(SVG + "text")],
            "tooltip": None if link is None else link.get(XLINK + "title"),
            "href": None if link is None else link.get(XLINK + "href"),
        }
    json.dump(nodes, sys.stdout, ensure_ascii=True)


if __name__ == "__main__":
    main()
