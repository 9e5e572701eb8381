"""Uses the glossgraph query page in headless Chromium as a person would: types a query
into the text area, presses Ctrl+Enter, waits for the results, and reads the table.

Usage: python3 page_cdp.py CHROMIUM URL QUERY SCREENSHOT.png
Speaks the Chrome DevTools Protocol over --remote-debugging-pipe (file descriptors 3
and 4, messages separated by NUL bytes), so it needs nothing beyond the standard library.
Prints {"status": ..., "state": ..., "headers": [...], "rows": [[...], ...]} as JSON.
"""
import base64
import json
import os
import subprocess
import sys
import tempfile
import time

chromium, url, query, screenshot = sys.argv[1:5]
to_child_r, to_child_w = os.pipe()
from_child_r, from_child_w = os.pipe()


def wire_fds():
    # os.pipe() makes close-on-exec fds, and dup2 onto the same number keeps that flag.
    os.dup2(to_child_r, 3)
    os.dup2(from_child_w, 4)
    os.set_inheritable(3, True)
    os.set_inheritable(4, True)


profile = tempfile.mkdtemp(prefix="glossgraph-chromium-")
proc = subprocess.Popen(
    [
        chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--user-data-dir=" + profile, "--remote-debugging-pipe",
        "--window-size=1200,900", "about:blank",
    ],
    # The pipes become fds 3 and 4 in the child; close_fds would close them again.
    close_fds=False, preexec_fn=wire_fds,
    stdout=subprocess.DEVNULL, stderr=None if os.environ.get("CDP_DEBUG") else subprocess.DEVNULL,
)
os.close(to_child_r)
os.close(from_child_w)
writer = os.fdopen(to_child_w, "wb", buffering=0)
reader = os.fdopen(from_child_r, "rb", buffering=0)
pending = b""
next_id = 0


def call(method, params=None, session=None):
    global next_id, pending
    next_id += 1
    message = {"id": next_id, "method": method, "params": params or {}}
    if session:
        message["sessionId"] = session
    writer.write(json.dumps(message).encode() + b"\0")
    while True:
        while b"\0" not in pending:
            chunk = reader.read(65536)
            if not chunk:
                raise SystemExit("chromium closed the pipe")
            pending += chunk
        raw, pending = pending.split(b"\0", 1)
        reply = json.loads(raw)
        if reply.get("id") == next_id:
            if "error" in reply:
                raise SystemExit(f"{method}: {reply['error']}")
            return reply.get("result", {})


def evaluate(expression, session):
    result = call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)
    return result["result"].get("value")


try:
    target = call("Target.createTarget", {"url": url})["targetId"]
    session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    deadline = time.time() + 30
    while evaluate("document.readyState", session) != "complete" or not evaluate("!!document.getElementById('query')", session):
        if time.time() > deadline:
            raise SystemExit("the page did not load")
        time.sleep(0.1)
    # Clear the text area and type the query, then Ctrl+Enter.
    evaluate("const q = document.getElementById('query'); q.focus(); q.select();", session)
    call("Input.insertText", {"text": query}, session)
    for kind in ("keyDown", "keyUp"):
        call("Input.dispatchKeyEvent", {"type": kind, "key": "Enter", "code": "Enter",
                                        "windowsVirtualKeyCode": 13, "modifiers": 2}, session)
    while evaluate("document.getElementById('status').dataset.state", session) in ("idle", "running"):
        if time.time() > deadline:
            raise SystemExit("no results appeared")
        time.sleep(0.1)
    data = evaluate("""(() => {
        const t = document.getElementById('results-table');
        return {
          status: document.getElementById('status').textContent,
          state: document.getElementById('status').dataset.state,
          typed: document.getElementById('query').value,
          headers: t ? [...t.tHead.rows[0].cells].map(c => c.textContent) : [],
          rows: t ? [...t.tBodies[0].rows].map(r => [...r.cells].map(c => c.textContent)) : [],
        };
    })()""", session)
    shot = call("Page.captureScreenshot", {"format": "png"}, session)
    with open(screenshot, "wb") as f:
        f.write(base64.b64decode(shot["data"]))
    print(json.dumps(data))
finally:
    proc.kill()
    proc.wait()
