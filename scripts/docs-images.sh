#!/usr/bin/env bash
# Draws the images of the docs that glossgraph makes by itself, from the sample glossary in
# data/, so that they show what today's glossgraph draws. Needs Graphviz
# (scripts/install-test-tools.sh installs it). The test suite renders each image again and
# compares it with the committed one, byte for byte, as it does with exports/
# (tests/it/docs.rs reads the list below).
#
# The two screenshots of the HTML map (docs/map.png, docs/map-roce-v2.png) are photographs
# taken by headless Chromium, not byte-stable across machines: scripts/map-screenshots.sh
# takes them, and this script runs it too with --screenshots.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each line: the image, then the glossgraph arguments that draw it (--output is added). Any
# build draws the same bytes; the debug one is the quicker to make.
while read -r image args; do
  # shellcheck disable=SC2086 # the arguments are words
  cargo run --quiet -- $args --output "$image" </dev/null
  echo "docs-images: wrote $image" >&2
done <<'IMAGES'
docs/roce-v2.svg render --focus roce-v2 --depth 2
IMAGES
if [[ "${1:-}" == "--screenshots" ]]; then
  scripts/map-screenshots.sh
fi
