#!/usr/bin/env python3
"""Reads the DOT that `sfdp -Tdot` wrote and prints `id x y` per node (the `pos` attribute),
for `map_quality score`."""
import re
import sys

text = open(sys.argv[1]).read()
for m in re.finditer(r'^\s*(\d+)\s*\[[^\]]*?pos="([-\d.e]+),([-\d.e]+)', text, re.M | re.S):
    print(m.group(1), m.group(2), m.group(3))
