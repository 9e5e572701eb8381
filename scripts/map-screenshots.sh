#!/usr/bin/env bash
# Photographs the sample glossary's HTML map in headless Chromium for the README:
# docs/map.png (as it opens) and docs/map-roce-v2.png (opened as glossary.html#roce-v2), and
# the website's page of roce-v2 (docs/site-roce-v2.png).
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
# The website's page of roce-v2, opened from the disk as a reader of the folder would.
cargo run --quiet --release -- site --out "$dir/site"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1000,1500 \
  --user-data-dir="$dir/profile" --screenshot="$dir/site.png" \
  "file://$dir/site/term/roce-v2/index.html" 2>/dev/null
cp "$dir/site.png" docs/site-roce-v2.png
echo "map-screenshots: wrote docs/map.png, docs/map-roce-v2.png and docs/site-roce-v2.png" >&2
