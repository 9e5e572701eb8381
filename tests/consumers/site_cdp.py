"""Reads glossgraph's website (`glossgraph site`) in headless Chromium as a reader would, and
reports what happened as JSON on standard output.

Usage: python3 site_cdp.py CHROMIUM ROOT_URL [options]
  --search TEXT --expect SLUG   type TEXT into the index's search box, report the results, follow
                                the one for SLUG and report the page it lands on
  --expect-page PATH            with --search, follow the result whose link ends in PATH instead
                                (a page outside term/)
  --related SLUG                open SLUG's page and follow each related link, reporting where
                                each lands
  --hostile SLUG                open SLUG's page and report its text and whether a payload ran
  --axe FILE                    run axe-core (FILE: axe.min.js) on the index, the first term page
                                and the first topic page, reporting serious and critical findings
  --axe-path PATH               (repeatable) with --axe, run it on ROOT_URL + PATH too
  --depth PATH                  (repeatable) open ROOT_URL + PATH and report how deep the DOM
                                nests: elements in all, lists (ul) in main, list items in main
  --pdf FILE                    print the index to FILE as PDF
  --probe TEXT                  (repeatable) type TEXT into the index's search box and report
                                the results' links, the "more" button and the list's whole
                                text, then press the button and report the results again
  --page URL                    (repeatable) open URL (any page, any scheme) and report whether
                                the stylesheet applies, whether the search index loaded, and
                                where the header's links lead

Every console error, uncaught exception and request to a host other than ROOT_URL's is
reported (`errors`, `foreign`).
"""
import argparse
import base64
import json
import os
import sys
import time
from urllib.parse import urlparse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("chromium")
parser.add_argument("root")
parser.add_argument("--search")
parser.add_argument("--expect")
parser.add_argument("--expect-page")
parser.add_argument("--related")
parser.add_argument("--hostile")
parser.add_argument("--axe")
parser.add_argument("--axe-path", action="append", default=[])
parser.add_argument("--depth", action="append", default=[])
parser.add_argument("--pdf")
parser.add_argument("--probe", action="append", default=[])
parser.add_argument("--page", action="append", default=[])
args = parser.parse_args()

root = args.root if args.root.endswith("/") else args.root + "/"
host = urlparse(root).netloc
report = {}
browser = Browser(args.chromium)
browser.open("about:blank", domains=("Page", "Runtime", "Network", "Log"))
# axe-core is injected by the test, not by the page: the page's own policy allows no script
# but its own files.
browser.call("Page.setBypassCSP", {"enabled": bool(args.axe)})


def go(url):
    """Navigates and waits until the page has loaded."""
    browser.call("Page.navigate", {"url": url})
    browser.wait_for(
        f"document.readyState === 'complete' && location.href === {json.dumps(url)}",
        f"{url} to load",
    )


def landed():
    """Where the browser is now and the page's main heading."""
    return browser.evaluate(
        "({href: location.href, h1: (document.querySelector('h1') || {}).textContent || null})"
    )


def follow(href_expression, what):
    """Clicks the link the expression finds and waits for the next page to load."""
    before = browser.evaluate("location.href")
    # The click is queued so that the evaluation answers before the navigation starts (a
    # click inside it can take the page, and the answer, away under heavy load).
    browser.evaluate(f"(el => {{ if (!el) throw new Error('no such link'); setTimeout(() => el.click(), 0); }})({href_expression})")
    browser.wait_for(
        f"location.href !== {json.dumps(before)} && document.readyState === 'complete'",
        what,
    )
    return landed()


go(root + "index.html")
report["index"] = landed()

if args.search:
    browser.evaluate("document.getElementById('search').focus()")
    browser.call("Input.insertText", {"text": args.search})
    browser.wait_for("!document.getElementById('search-results').hidden", "search results")
    report["results"] = browser.evaluate(
        "[...document.querySelectorAll('#search-results a')].map(a => "
        "({text: a.textContent, href: a.getAttribute('href')}))"
    )
    if args.expect or args.expect_page:
        wanted = args.expect_page or f"term/{args.expect}/index.html"
        report["search_landed"] = follow(
            f"[...document.querySelectorAll('#search-results a')]"
            f".find(a => a.getAttribute('href').endsWith({json.dumps(wanted)}))",
            "the search result's page",
        )

if args.related:
    page = root + f"term/{args.related}/index.html"
    go(page)
    links = browser.evaluate(
        "[...document.querySelectorAll('.links a')].map(a => a.textContent)"
    )
    report["related"] = []
    for i, text in enumerate(links):
        go(page)
        where = follow(f"document.querySelectorAll('.links a')[{i}]", f"related link {text}")
        report["related"].append({"text": text, "landed": where})

if args.hostile:
    go(root + f"term/{args.hostile}/index.html")
    time.sleep(0.3)
    report["hostile"] = browser.evaluate(
        "({pwned: String(window.pwned), text: document.querySelector('main').textContent,"
        " elements: [...document.querySelectorAll('main *')].map(e => e.tagName.toLowerCase()),"
        " links: [...document.querySelectorAll('main a')].map(a => a.getAttribute('href'))})"
    )

if args.axe:
    source = open(args.axe, encoding="utf-8").read()
    report["axe"] = {}
    go(root + "index.html")
    first_term = browser.evaluate(
        "document.querySelector('.entries dt a').getAttribute('href')"
    )
    go(root + "topic/index.html")
    first_topic = browser.evaluate(
        "document.querySelector('.topics a').getAttribute('href')"
    )
    pages = {
        "index": root + "index.html",
        "term": root + first_term,
        "topic": root + "topic/" + first_topic,
    }
    for path in args.axe_path:
        pages[path] = root + path
    for name, url in pages.items():
        go(url)
        browser.evaluate(source)
        browser.call("Runtime.evaluate", {
            "expression": "axe.run(document).then(r => { window.axeResult = r; })",
            "awaitPromise": True,
        })
        report["axe"][name] = browser.evaluate(
            "window.axeResult.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')"
            ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.html).slice(0, 3)}))"
        )

RESULTS = """(() => {
  const more = document.querySelector('#search-results .more-results');
  return {links: [...document.querySelectorAll('#search-results a')].map(a => a.getAttribute('href')),
          texts: [...document.querySelectorAll('#search-results a')].map(a => a.textContent),
          more: more ? more.textContent : null,
          shown: document.getElementById('search-results').textContent};
})()"""

if args.probe:
    report["probes"] = {}
    for text in args.probe:
        go(root + "index.html")
        browser.evaluate("document.getElementById('search').focus()")
        browser.call("Input.insertText", {"text": text})
        browser.wait_for("!document.getElementById('search-results').hidden", "search results")
        first = browser.evaluate(RESULTS)
        after = None
        if first["more"]:
            browser.evaluate("document.querySelector('#search-results .more-results').click()")
            browser.wait_for(
                f"document.querySelectorAll('#search-results a').length > {len(first['links'])}",
                "more results",
            )
            after = browser.evaluate(RESULTS)
            after["focused"] = browser.evaluate(
                "document.activeElement ? document.activeElement.getAttribute('href') : null")
        report["probes"][text] = {"first": first, "after_more": after}

if args.page:
    report["pages"] = []
    for url in args.page:
        browser.call("Page.navigate", {"url": url})
        browser.wait_for("document.readyState === 'complete'", f"{url} to load")
        report["pages"].append(browser.evaluate("""(() => ({
          href: location.href,
          h1: (document.querySelector('h1') || {}).textContent || null,
          styled: getComputedStyle(document.querySelector('header.site')).display === 'flex',
          search: Array.isArray(window.glossgraphSearch),
          nav: [...document.querySelectorAll('header.site a')].map(a => a.href),
          skip: document.querySelector('a.skip').href,
          nearest: [...document.querySelectorAll('main a')].map(a => a.href),
        }))()"""))

DEPTH = """(() => {
  const depth = (el, selector) => {
    let n = 0;
    for (let at = el; at; at = at.parentElement) if (!selector || at.matches(selector)) n++;
    return n;
  };
  const all = [...document.querySelectorAll('*')];
  const items = [...document.querySelectorAll('main li')];
  return {elements: Math.max(...all.map(e => depth(e))),
          lists: Math.max(0, ...items.map(li => depth(li, 'main ul'))),
          items: items.length};
})()"""

if args.depth:
    report["depth"] = {}
    for path in args.depth:
        go(root + path)
        report["depth"][path] = browser.evaluate(DEPTH)

if args.pdf:
    go(root + "index.html")
    pdf = browser.call("Page.printToPDF", {"printBackground": False})
    with open(args.pdf, "wb") as f:
        f.write(base64.b64decode(pdf["data"]))

errors = []
foreign = []
for event in browser.events:
    method = event.get("method")
    params = event.get("params", {})
    if method == "Runtime.exceptionThrown":
        errors.append(params["exceptionDetails"].get("text", "exception"))
    elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
        errors.append(" ".join(str(a.get("value")) for a in params.get("args", [])))
    elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
        errors.append(params["entry"].get("text"))
    elif method == "Network.requestWillBeSent":
        url = params["request"]["url"]
        parsed = urlparse(url)
        if parsed.scheme in ("http", "https", "ws", "wss") and parsed.netloc != host:
            foreign.append(url)
report["errors"] = errors
report["foreign"] = foreign
browser.close()
print(json.dumps(report))
