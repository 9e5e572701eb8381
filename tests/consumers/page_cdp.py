"""Uses the glossgraph query page in headless Chromium as a person would: types a query
into the text area, presses Ctrl+Enter, waits for the results, and reads the table.

Usage: python3 page_cdp.py CHROMIUM URL QUERY SCREENSHOT.png
Drives Chromium through cdp.py (the Chrome DevTools Protocol over a pipe, standard library only).
Prints {"status": ..., "state": ..., "headers": [...], "rows": [[...], ...], "links": [...]}
as JSON (the links: the targets of the table's anchors).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402

chromium, url, query, screenshot = sys.argv[1:5]
browser = Browser(chromium)
try:
    browser.open(url)
    browser.wait_for("document.readyState === 'complete' && !!document.getElementById('query')",
                     "the page to load")
    # Clear the text area and type the query, then Ctrl+Enter.
    browser.evaluate("const q = document.getElementById('query'); q.focus(); q.select();")
    browser.call("Input.insertText", {"text": query})
    browser.key("Enter", vk=13, modifiers=2)
    browser.wait_for("!['idle', 'running'].includes(document.getElementById('status').dataset.state)",
                     "the results")
    data = browser.evaluate("""(() => {
        const t = document.getElementById('results-table');
        return {
          status: document.getElementById('status').textContent,
          state: document.getElementById('status').dataset.state,
          typed: document.getElementById('query').value,
          headers: t ? [...t.tHead.rows[0].cells].map(c => c.textContent) : [],
          rows: t ? [...t.tBodies[0].rows].map(r => [...r.cells].map(c => c.textContent)) : [],
          links: t ? [...t.querySelectorAll('a')].map(a => a.href) : [],
        };
    })()""")
    browser.screenshot(screenshot)
    print(json.dumps(data))
finally:
    browser.close()
