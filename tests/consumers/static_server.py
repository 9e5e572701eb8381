"""Python's own static file server (`python3 -m http.server`), as a plain static host serves
the website, plus one response header: `LinkChecker`, by which a server tells LinkChecker that
it may be checked at the rate its configuration allows (otherwise it waits 0.1 to 0.6 s before
every request, a minute for the sample site).

Usage: python3 static_server.py DIR PORT
"""
import functools
import http.server
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("LinkChecker", "allowed")
        super().end_headers()

    def log_message(self, *args):
        pass


directory, port = sys.argv[1], int(sys.argv[2])
handler = functools.partial(Handler, directory=directory)
http.server.ThreadingHTTPServer(("127.0.0.1", port), handler).serve_forever()
