#!/usr/bin/env bash
# Photographs the sample glossary's HTML map in headless Chromium for the README:
# docs/map.png (as it opens) and docs/map-roce-v2.png (opened as glossary.html#roce-v2).
# Needs Chromium and Python 3 (scripts/install-test-tools.sh installs Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
# The Python tools come from the venv scripts/install-test-tools.sh makes.
export PATH="$PWD/target/test-tools/venv/bin:$PATH"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cargo run --quiet --release -- render --output "$dir/glossary.html"
python3 tests/consumers/map_cdp.py chromium "$dir/glossary.html" --shots "$dir" >/dev/null
cp "$dir/map.png" docs/map.png
python3 tests/consumers/map_cdp.py chromium "$dir/glossary.html" --hash roce-v2 --shots "$dir" >/dev/null
cp "$dir/selected.png" docs/map-roce-v2.png
echo "map-screenshots: wrote docs/map.png and docs/map-roce-v2.png" >&2
