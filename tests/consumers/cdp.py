"""A minimal Chrome DevTools Protocol client for headless Chromium, standard library only.

Speaks CDP over --remote-debugging-pipe (file descriptors 3 and 4, messages separated by NUL
bytes). Events that arrive while waiting for a reply are kept in `Browser.events`, so a test
can look at console messages, exceptions and network requests afterwards.
Used by page_cdp.py (the SPARQL query page) and map_cdp.py (the HTML map).
"""
import base64
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time


class CdpError(SystemExit):
    """A command Chromium answered with an error; `transient` when the page it ran in was
    navigating away (the command may be tried again on the next document)."""

    TRANSIENT = (
        "Inspected target navigated or closed",
        "Execution context was destroyed",
        "Cannot find context with specified id",
    )

    def __init__(self, method, error, params=None):
        what = (params or {}).get("expression", "")
        super().__init__(f"{method}: {error}" + (f" (evaluating {what[:160]!r})" if what else ""))
        message = error.get("message", "") if isinstance(error, dict) else str(error)
        self.transient = any(t in message for t in self.TRANSIENT)


class Browser:
    # However a page or Chromium gets stuck, the script ends: past this many seconds Chromium
    # is stopped, and the command waiting for it fails saying so.
    LIFETIME = 900

    def __init__(self, chromium, window="1200,900"):
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()

        def wire_fds():
            # os.pipe() makes close-on-exec fds, and dup2 onto the same number keeps that flag.
            os.dup2(to_child_r, 3)
            os.dup2(from_child_w, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.profile = tempfile.mkdtemp(prefix="glossgraph-chromium-")
        self.proc = subprocess.Popen(
            [
                chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + self.profile, "--remote-debugging-pipe",
                "--window-size=" + window, "--hide-scrollbars", "about:blank",
            ],
            # The pipes become fds 3 and 4 in the child; close_fds would close them again.
            close_fds=False, preexec_fn=wire_fds,
            stdout=subprocess.DEVNULL,
            stderr=None if os.environ.get("CDP_DEBUG") else subprocess.DEVNULL,
        )
        os.close(to_child_r)
        os.close(from_child_w)
        self.writer = os.fdopen(to_child_w, "wb", buffering=0)
        self.reader = os.fdopen(from_child_r, "rb", buffering=0)
        self.pending = b""
        self.expired = False

        def expire():
            self.expired = True
            self.proc.kill()

        self.watchdog = threading.Timer(self.LIFETIME, expire)
        self.watchdog.daemon = True
        self.watchdog.start()
        self.next_id = 0
        self.events = []
        self.session = None

    def call(self, method, params=None, session=None):
        """Sends one command and returns its result; raises CdpError on a CDP error."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        session = session or self.session
        if session:
            message["sessionId"] = session
        self.writer.write(json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise CdpError(method, reply["error"], params)
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)
                if reply["method"] == "Inspector.targetCrashed":
                    # A crashed page answers nothing more: say so rather than wait forever.
                    raise SystemExit(f"{method}: the page crashed")

    def _read(self):
        while b"\0" not in self.pending:
            chunk = self.reader.read(1 << 20)
            if not chunk:
                if self.expired:
                    raise SystemExit(f"chromium was stopped after {self.LIFETIME} s")
                raise SystemExit("chromium closed the pipe")
            self.pending += chunk
        raw, self.pending = self.pending.split(b"\0", 1)
        return json.loads(raw)

    def open(self, url, domains=()):
        """Opens a tab, attaches to it (flat session), enables `domains`, then navigates."""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        # Inspector reports a crashed page (`Inspector.targetCrashed`), which `call` stops on.
        for domain in ("Inspector",) + tuple(d for d in domains if d != "Inspector"):
            self.call(domain + ".enable")
        self.call("Page.navigate", {"url": url})

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            raise SystemExit(f"evaluate {expression!r}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, what, timeout=30):
        """Polls `expression` until it is truthy (an exception counts as false, e.g. while
        the page is still loading, and so does a page navigating away under the poll);
        returns its value."""
        deadline = time.time() + timeout
        guarded = f"(() => {{ try {{ return ({expression}); }} catch (e) {{ return false; }} }})()"
        while True:
            try:
                value = self.evaluate(guarded)
            except CdpError as error:
                if not error.transient:
                    raise
                value = False
            if value:
                return value
            if time.time() > deadline:
                raise SystemExit(f"timed out waiting for {what}")
            time.sleep(0.05)

    def key(self, key, code=None, vk=0, modifiers=0):
        """Presses and releases one key."""
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", {
                "type": kind, "key": key, "code": code or key,
                "windowsVirtualKeyCode": vk, "modifiers": modifiers,
            })

    def click(self, x, y):
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {
                "type": kind, "x": x, "y": y, "button": "left", "clickCount": 1,
            })

    def drag(self, x0, y0, x1, y1, steps=8):
        """Presses the left button at (x0, y0), moves to (x1, y1) in steps, releases."""
        self.call("Input.dispatchMouseEvent", {"type": "mousePressed", "x": x0, "y": y0,
                                               "button": "left", "clickCount": 1})
        for k in range(1, steps + 1):
            x = x0 + (x1 - x0) * k / steps
            y = y0 + (y1 - y0) * k / steps
            self.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y,
                                                   "button": "left", "buttons": 1})
        self.call("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x1, "y": y1,
                                               "button": "left", "clickCount": 1})

    def screenshot(self, path):
        shot = self.call("Page.captureScreenshot", {"format": "png"})
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))

    def close(self):
        self.watchdog.cancel()
        self.proc.kill()
        self.proc.wait()
        # The profile (a few megabytes) is Chromium's own scratch: every run would leave one.
        shutil.rmtree(self.profile, ignore_errors=True)
