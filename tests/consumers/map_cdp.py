"""Uses glossgraph's HTML map (glossary.html) in headless Chromium as a reader would, opened
from the disk, and reports what happened as JSON on standard output.

Usage: python3 map_cdp.py CHROMIUM PAGE.html [options]
  --hash SLUG          open PAGE.html#SLUG and report what is selected and shown (with
                       topic=ID: how many of the topic's terms are on the canvas)
  --click SLUG         then click the term's position on the canvas
  --query TEXT         then type TEXT into the search box and press Enter
  --pick SLUG          with --query: first press the down arrow until SLUG's suggestion is active
  --back N             then go back N times in the browser's history, reporting each selection
  --shots DIR          save DIR/map.png (as opened, before any selection) and DIR/selected.png (at the end)
  --hide-status NAME   then open the filters and untick the status NAME, reporting the term count
  --geometry STEPS     then report what frames drew (discs, labels, topic names, in canvas pixels)
                       at the fitted zoom (0) and after each number of wheel steps in, e.g. 0,4,10
  --frames N           then zoom in N wheel steps towards the middle, and out again, timing each frame
  --window W,H         the window size (default 1200,900)
  --dark               emulate prefers-color-scheme: dark

Everything the page logs as an error, every uncaught exception and every network request
other than the page itself and data: URLs is reported (`errors`, `requests`).
"""
import argparse
import json
import os
import pathlib
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("chromium")
parser.add_argument("page")
parser.add_argument("--hash")
parser.add_argument("--click")
parser.add_argument("--query")
parser.add_argument("--pick")
parser.add_argument("--back", type=int, default=0)
parser.add_argument("--shots")
parser.add_argument("--hide-status")
parser.add_argument("--geometry")
parser.add_argument("--frames", type=int, default=0)
parser.add_argument("--window", default="1200,900")
parser.add_argument("--dark", action="store_true")
args = parser.parse_args()

page = pathlib.Path(args.page).resolve().as_uri()
report = {}
browser = Browser(args.chromium, window=args.window)

PANEL = """(() => {
  const p = document.getElementById('panel');
  const q = (s) => { const e = p.querySelector(s); return e ? e.textContent : null; };
  return {
    hidden: p.hidden,
    term: q('h2'),
    definition: q('.definition'),
    text: p.textContent,
    links: [...p.querySelectorAll('a')].map(a => ({text: a.textContent, href: a.getAttribute('href'),
                                                  rel: a.rel, target: a.target})),
    elements: [...p.querySelectorAll('*')].map(e => e.tagName.toLowerCase()),
  };
})()"""


# With #topic=ID: how many terms the topic has and how many of them are on the canvas.
TOPIC_ON_SCREEN = """(() => {
  const hash = decodeURIComponent(location.hash.slice(1));
  if (!hash.startsWith('topic=')) return null;
  const data = JSON.parse(document.getElementById('glossary-data').textContent);
  const t = data.topics.findIndex(x => x[0] === hash.slice(6));
  const c = document.getElementById('map').getBoundingClientRect();
  const out = {members: 0, on_screen: 0};
  data.slug.forEach((slug, i) => {
    if (data.topic[i] !== t) return;
    out.members++;
    const p = window.glossgraphMap.screenPosition(slug);
    if (p.x >= c.left && p.x <= c.right && p.y >= c.top && p.y <= c.bottom) out.on_screen++;
  });
  return out;
})()"""


def settle():
    """Waits until the selection animation is over and a frame has been drawn."""
    browser.wait_for("!window.glossgraphMap.moving()", "the map to stop moving")
    browser.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    time.sleep(0.05)


def selected():
    return browser.evaluate("window.glossgraphMap.selected()")


try:
    url = page + ("#" + args.hash if args.hash else "")
    if args.dark:
        browser.session = None
    browser.open("about:blank", domains=("Page", "Runtime", "Log", "Network"))
    if args.dark:
        browser.call("Emulation.setEmulatedMedia",
                     {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    started = time.time()
    browser.call("Page.navigate", {"url": url})
    browser.wait_for("document.documentElement.dataset.ready === 'true'", "the map to draw", timeout=120)
    report["wall_ready_ms"] = round((time.time() - started) * 1000)
    report["ready_ms"] = browser.evaluate("Math.round(window.glossgraphMap.readyAt)")
    # Where the time went: the file read, the HTML parsed up to the script, the script.
    report["timing_ms"] = browser.evaluate("""(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return {response_end: Math.round(nav.responseEnd), script_start: Math.round(window.glossgraphMap.startedAt),
              first_frame: Math.round(window.glossgraphMap.readyAt)};
    })()""")
    report["count"] = browser.evaluate("document.getElementById('count').textContent")
    # The kinds of link the legend explains, as a reader sees them.
    report["legend_keys"] = browser.evaluate(
        "(document.querySelector('#legend .keys') || {textContent: ''}).textContent.trim()")
    report["bytes"] = os.path.getsize(args.page)
    settle()
    report["first_frame"] = browser.evaluate("window.glossgraphMap.stats()")
    if args.shots and not args.hash:
        browser.screenshot(os.path.join(args.shots, "map.png"))
    report["view"] = browser.evaluate("window.glossgraphMap.view()")
    report["site_links"] = browser.evaluate(
        "[...document.querySelectorAll('#site-links a')].map(a => a.getAttribute('href'))")
    if args.hash:
        report["on_load"] = {"selected": selected(), "panel": browser.evaluate(PANEL),
                             "topic": browser.evaluate(TOPIC_ON_SCREEN)}
    if args.click:
        # Where a click reaches the canvas: not under the card panel nor the zoom buttons.
        area = browser.evaluate("""(() => {
          const c = document.getElementById('map').getBoundingClientRect();
          const p = document.getElementById('panel');
          const r = p.getBoundingClientRect();
          // Wide, the card is a column on the right; narrow, a sheet over the bottom.
          const sheet = !p.hidden && r.top > c.top + 10;
          const right = p.hidden || sheet ? c.right : r.left;
          const bottom = sheet ? r.top : c.bottom;
          return {left: c.left + 30, top: c.top + 30, right: right - 30, bottom: bottom - 70};
        })()""")
        where = f"window.glossgraphMap.screenPosition({json.dumps(args.click)})"
        pos = browser.evaluate(where)
        report["drags"] = 0
        # Off screen: drag the map, as a reader would, until the term is in reach.
        while not (area["left"] <= pos["x"] <= area["right"] and area["top"] <= pos["y"] <= area["bottom"]):
            if report["drags"] >= 60:
                raise SystemExit(f"could not bring {args.click} into view: {pos} {area}")
            cx = (area["left"] + area["right"]) / 2
            cy = (area["top"] + area["bottom"]) / 2
            dx = max(-250, min(250, cx - pos["x"]))
            dy = max(-250, min(250, cy - pos["y"]))
            browser.drag(cx - dx / 2, cy - dy / 2, cx + dx / 2, cy + dy / 2)
            report["drags"] += 1
            pos = browser.evaluate(where)
        report["click_at"] = pos
        browser.click(pos["x"], pos["y"])
        browser.wait_for(f"window.glossgraphMap.selected() === {json.dumps(args.click)}",
                         "the clicked term to be selected", timeout=10)
        settle()
        report["after_click"] = {"selected": selected(), "panel": browser.evaluate(PANEL)}
    if args.query:
        browser.evaluate("document.getElementById('search').focus()")
        # Typed one character at a time, as a person would.
        for ch in args.query:
            browser.call("Input.insertText", {"text": ch})
        browser.wait_for("!document.getElementById('suggestions').hidden", "suggestions")
        report["suggestions"] = browser.evaluate(
            "[...document.querySelectorAll('#suggestions li[role=option]')].map(li => li.dataset.slug)")
        report["arrowed_to"] = []
        if args.pick:
            for _ in range(len(report["suggestions"])):
                browser.key("ArrowDown", vk=40)
                active = browser.evaluate(
                    "(document.querySelector('#suggestions li[aria-selected=true]') || {dataset: {}}).dataset.slug")
                report["arrowed_to"].append(active)
                if active == args.pick:
                    break
        before = selected()
        browser.key("Enter", vk=13)
        browser.wait_for(f"window.glossgraphMap.selected() !== {json.dumps(before)}",
                         "the chosen term to be selected", timeout=10)
        settle()
        report["after_enter"] = {"selected": selected(), "panel": browser.evaluate(PANEL),
                                 "hash": browser.evaluate("location.hash")}
    report["history"] = []
    for _ in range(args.back):
        before = selected()
        browser.evaluate("history.back()")
        try:
            browser.wait_for(f"window.glossgraphMap.selected() !== {json.dumps(before)}",
                             "going back to change the selection", timeout=5)
        except SystemExit:
            pass
        settle()
        report["history"].append(selected())
    if args.hide_status:
        browser.evaluate("document.getElementById('filters-toggle').click()")
        box = browser.evaluate(f"""(() => {{
          const label = [...document.querySelectorAll('#status-filter label')]
            .find(l => l.querySelector('span:not(.swatch):not(.n)').textContent === {json.dumps(args.hide_status)});
          if (!label) return null;
          const r = label.querySelector('input').getBoundingClientRect();
          return {{x: r.left + r.width / 2, y: r.top + r.height / 2}};
        }})()""")
        if box:
            browser.click(box["x"], box["y"])
        settle()
        report["filtered_count"] = browser.evaluate("document.getElementById('count').textContent")
        report["filtered_frame"] = browser.evaluate("window.glossgraphMap.stats()")
    if args.geometry:
        browser.evaluate("window.glossgraphMap.record(true)")
        middle = browser.evaluate("""(() => { const c = document.getElementById('map').getBoundingClientRect();
                                     return {x: c.left + c.width / 2, y: c.top + c.height / 2}; })()""")
        drawn = []
        done = 0
        for steps in sorted(int(x) for x in args.geometry.split(",")):
            while done < steps:
                browser.call("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": middle["x"], "y": middle["y"],
                                                          "deltaX": 0, "deltaY": -240})
                browser.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
                done += 1
            settle()
            frame = browser.evaluate("window.glossgraphMap.geometry()")
            frame["steps"] = steps
            frame["scale"] = browser.evaluate("window.glossgraphMap.view().scale")
            frame["stats"] = browser.evaluate("window.glossgraphMap.stats()")
            drawn.append(frame)
        report["geometry"] = drawn
    if args.frames:
        # Wheel steps at the middle of the canvas; each frame's drawing time as the page measured it.
        middle = browser.evaluate("""(() => { const c = document.getElementById('map').getBoundingClientRect();
                                     return {x: c.left + c.width / 3, y: c.top + c.height / 2}; })()""")
        frames = []
        for k in range(2 * args.frames):
            delta = -240 if k < args.frames else 240
            browser.call("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": middle["x"], "y": middle["y"],
                                                      "deltaX": 0, "deltaY": delta})
            browser.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            frames.append(browser.evaluate("window.glossgraphMap.stats()"))
        report["frames"] = frames
    if args.shots:
        browser.screenshot(os.path.join(args.shots, "selected.png"))
    report["pwned"] = browser.evaluate("typeof window.pwned")
    report["last_frame"] = browser.evaluate("window.glossgraphMap.stats()")
    # What went wrong, and what went out.
    errors = []
    requests = []
    for event in browser.events:
        method, params = event["method"], event.get("params", {})
        if method == "Runtime.exceptionThrown":
            errors.append(params["exceptionDetails"].get("exception", {}).get("description")
                          or params["exceptionDetails"].get("text"))
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "warning", "assert"):
            errors.append(" ".join(str(a.get("value", a.get("description"))) for a in params.get("args", [])))
        elif method == "Log.entryAdded" and params["entry"].get("level") in ("error", "warning"):
            errors.append(params["entry"].get("text"))
        elif method == "Network.requestWillBeSent":
            request_url = params["request"]["url"]
            if request_url.split("#")[0] != page and not request_url.startswith("data:"):
                requests.append(request_url)
    report["errors"] = errors
    report["requests"] = requests
    print(json.dumps(report, indent=1))
finally:
    browser.close()
