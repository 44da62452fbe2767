"""Fetch benchmark: `sitegen build` against a slow, flaky Hacker News-shaped API on 127.0.0.1.

The server (Python, one thread a connection, keep-alive) answers every request after --latency
(default 50 ms); a share of first attempts (--fail, default 10 %) answer 503, and --truncated items
(default 2) answer JSON cut in half. It times the build at the default concurrency and, as the
baseline in the same run, at --concurrency 1 (one request at a time), and checks that every good
story is on the pages and every truncated id is named in the summary.

    python3 bench/fetch.py [--items 500] [--latency 0.05] [--fail 0.1] [--backlog 128] [--skip-serial]

Uses .build/release/sitegen (builds it when missing), or $SITEGEN. Prints a Markdown table.
"""
import argparse
import glob
import http.server
import json
import os
import random
import re
import shutil
import socket
import socketserver
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def make_server(items, latency, fail, truncated, backlog, seed):
    rng = random.Random(seed)
    failing = set(rng.sample(items, int(len(items) * fail)))
    cut = set(rng.sample([i for i in items if i not in failing], truncated))
    asked = {}
    lock = threading.Lock()

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self):
            super().setup()
            # Headers and body leave in two writes; without TCP_NODELAY, Nagle's algorithm holds
            # the body until the client's delayed ACK (40 ms), and every request would take 90 ms.
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

        def log_message(self, *args):
            pass

        def do_GET(self):
            time.sleep(latency)
            with lock:
                n = asked.get(self.path, 0)
                asked[self.path] = n + 1
            status, body = 200, b""
            if self.path == "/v0/topstories.json":
                body = json.dumps(items).encode()
            else:
                m = re.fullmatch(r"/v0/item/(\d+)\.json", self.path)
                if not m:
                    status, body = 404, b"null"
                else:
                    i = int(m.group(1))
                    item = {"id": i, "type": "story", "by": "bench", "time": 1700000000 + i,
                            "title": f"Story {i}", "url": f"https://example.com/{i}", "score": i % 500}
                    body = json.dumps(item).encode()
                    if i in cut:
                        body = body[: len(body) // 2]
                    elif i in failing and n == 0:
                        status, body = 503, b'{"error":"busy"}'
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    class Server(http.server.ThreadingHTTPServer):
        request_queue_size = backlog
        daemon_threads = True

    server = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, cut, asked


def build(binary, url, out, extra):
    started = time.monotonic()
    run = subprocess.run([binary, "build", "--source", url, "--output", out, "--quiet", "--cache-ttl", "0"] + extra,
                         capture_output=True, text=True, cwd=os.path.dirname(out))
    return time.monotonic() - started, run


def rows(out):
    count = 0
    for page in glob.glob(os.path.join(out, "index.html")) + glob.glob(os.path.join(out, "page", "*", "index.html")):
        count += open(page, encoding="utf-8").read().count("<article")
    return count


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, default=500)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--fail", type=float, default=0.1)
    parser.add_argument("--truncated", type=int, default=2)
    parser.add_argument("--backlog", type=int, default=128)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-serial", action="store_true")
    args = parser.parse_args()
    binary = os.environ.get("SITEGEN") or os.path.join(ROOT, ".build", "release", "sitegen")
    if not os.path.exists(binary):
        subprocess.run(["swift", "build", "-c", "release", "--product", "sitegen"], cwd=ROOT, check=True)
    items = list(range(1_000_001, 1_000_001 + args.items))
    work = tempfile.mkdtemp(prefix="sitegen-fetch-")
    print(f"{args.items} items, {int(args.latency * 1000)} ms a request, {int(args.fail * 100)} % of first attempts 503, "
          f"{args.truncated} truncated, listen backlog {args.backlog}\n")
    print("| run | wall | requests | rows | bad ids named |")
    print("| --- | ---: | ---: | ---: | --- |")
    runs = [("concurrency 32 (default)", [])] + ([] if args.skip_serial else [("concurrency 1 (baseline)", ["--concurrency", "1"])])
    walls = {}
    ok = True
    for name, extra in runs:
        server, cut, asked = make_server(items, args.latency, args.fail, args.truncated, args.backlog, args.seed)
        out = os.path.join(work, "site")
        shutil.rmtree(out, ignore_errors=True)
        shutil.rmtree(os.path.join(work, ".sitegen-cache"), ignore_errors=True)
        wall, run = build(binary, f"http://127.0.0.1:{server.server_address[1]}/v0", out, extra)
        server.shutdown()
        named = all(f"id {i}" in run.stdout for i in cut)
        got = rows(out) if run.returncode == 0 else 0
        ok &= run.returncode == 0 and named and got == args.items - len(cut)
        walls[name] = wall
        print(f"| {name} | {wall:.2f} s | {sum(asked.values())} | {got} | {'yes' if named else 'NO'} |")
        if run.returncode != 0:
            print(run.stderr, file=sys.stderr)
    if len(walls) == 2:
        a, b = walls.values()
        print(f"\nDefault concurrency is {b / a:.1f}x faster than one request at a time.")
    shutil.rmtree(work, ignore_errors=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
