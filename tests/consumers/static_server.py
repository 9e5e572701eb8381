"""Python's own static file server (`python3 -m http.server`), as a plain static host serves
the website, plus one response header: `LinkChecker`, by which a server tells LinkChecker that
it may be checked at the rate its configuration allows (otherwise it waits 0.1 to 0.6 s before
every request, a minute for the sample site).

Usage: python3 static_server.py DIR PORT [NOT_FOUND]
With NOT_FOUND (a file below DIR), a missing path is answered 404 with that file, as GitHub
Pages and Apache's `ErrorDocument` answer it.
"""
import functools
import http.server
import os
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("LinkChecker", "allowed")
        super().end_headers()

    def log_message(self, *args):
        pass

    def send_error(self, code, message=None, explain=None):
        if code != 404 or not_found is None:
            return super().send_error(code, message, explain)
        with open(os.path.join(directory, not_found), "rb") as f:
            body = f.read()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


directory, port = sys.argv[1], int(sys.argv[2])
not_found = sys.argv[3] if len(sys.argv) > 3 else None
handler = functools.partial(Handler, directory=directory)
http.server.ThreadingHTTPServer(("127.0.0.1", port), handler).serve_forever()
