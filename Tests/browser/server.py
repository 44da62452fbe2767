"""A static file server for the browser tests, on 127.0.0.1, that can add latency and faults.

It stands in for a static host: it serves a built site's folder as files, with the MIME types
a host sends, and lets a test make chosen paths fail (a status code, or bad JSON) and count
what was asked for.
"""
import gzip
import http.server
import os
import threading
import time


class SiteServer:
    def __init__(self, root, prefix="/", compress=False):
        self.root = root
        self.prefix = prefix
        # With compress, files go out gzipped (level 6) to a browser that accepts it, as a static
        # host or CDN sends them: what a reader's link carries (the search benchmark's timings).
        self.compress = compress
        self._gzipped = {}  # file path → its gzipped bytes
        self.delay = 0.0
        self.faults = {}  # path → status code or "badjson"
        # no-store keeps the browser from caching between tests; it also keeps a page out of
        # Chromium's back-forward cache, so the test of that cache sets another.
        self.cache_control = "no-store"
        self.requests = []  # paths, in arrival order
        # path → seconds: the file is sent up to its first line break (a search pack: its words,
        # then its records), then the rest that much later, and `held` lists (path, when the rest
        # went): what a slow link does to a large pack, made long enough to see.
        self.hold = {}
        self.held = []
        self.request_times = []  # (path, when it arrived)
        self._lock = threading.Lock()
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, directory=server.root, **kwargs)

            def log_message(self, *args):
                pass

            def do_GET(self):
                path = self.path.split("?")[0]
                with server._lock:
                    server.requests.append(path)
                    server.request_times.append((path, time.monotonic()))
                if server.delay:
                    time.sleep(server.delay)
                if not path.startswith(server.prefix):
                    self.send_error(404)
                    return
                fault = server.faults.get(path)
                if fault == "badjson":
                    body = b'{"v":1,"items":[{"id":'
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                if fault:
                    self.send_error(fault)
                    return
                self.path = "/" + path[len(server.prefix):]
                if path in server.hold and self.send_held(self.translate_path(self.path), path):
                    return
                if server.compress and "gzip" in self.headers.get("Accept-Encoding", ""):
                    file = self.translate_path(self.path)
                    file = os.path.join(file, "index.html") if os.path.isdir(file) else file
                    if os.path.isfile(file):
                        self.send_gzipped(file)
                        return
                super().do_GET()

            def send_gzipped(self, file):
                with server._lock:
                    body = server._gzipped.get(file)
                if body is None:
                    with open(file, "rb") as f:
                        body = gzip.compress(f.read(), 6, mtime=0)
                    with server._lock:
                        server._gzipped[file] = body
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(file))
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def send_held(self, file, path):
                """Sends `file` in two writes around its first line break, held apart; False
                (nothing sent) for a file without one."""
                with open(file, "rb") as f:
                    body = f.read()
                line = body.find(b"\n")
                if line < 0:
                    return False
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body[: line + 1])
                self.wfile.flush()
                time.sleep(server.hold[path])
                with server._lock:
                    server.held.append((path, time.monotonic()))
                self.wfile.write(body[line + 1 :])
                return True

            def end_headers(self):
                self.send_header("Cache-Control", server.cache_control)
                super().end_headers()

        Handler.extensions_map = {**Handler.extensions_map, ".js": "text/javascript", ".json": "application/json"}
        class Server(http.server.ThreadingHTTPServer):
            def handle_error(self, request, client_address):
                pass  # a reader's browser aborting a request is normal here

        self.httpd = Server(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}{prefix}"
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self._thread.start()

    def shard_requests(self):
        with self._lock:
            return [p for p in self.requests if "/s/" in p]

    def clear(self):
        with self._lock:
            self.requests.clear()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()
