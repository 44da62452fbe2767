"""`sitegen serve` as a user runs it: a real process on 127.0.0.1, asked over HTTP and by Chromium."""
import gzip
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from conftest import ROOT, SITEGEN, run_sitegen


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Serve:
    """`sitegen serve` in a folder; waits for its "Serving http://…" line."""

    def __init__(self, cwd, *args):
        self.port = free_port()
        self.process = subprocess.Popen(
            [SITEGEN, "serve", "--port", str(self.port), *args],
            cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        self.lines = []
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError("serve ended: " + self.process.stderr.read())
            self.lines.append(line)
            match = re.search(r"Serving (http://127\.0\.0\.1:\d+/\S*)", line)
            if match:
                self.url = match.group(1)
                return
        raise AssertionError("serve never said it was serving")

    def stop(self):
        """Ctrl-C; returns the exit status and the seconds it took to exit."""
        if self.process.poll() is not None:
            return self.process.returncode, 0.0
        started = time.monotonic()
        self.process.send_signal(signal.SIGINT)
        try:
            code = self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError("serve did not stop within 10 s of Ctrl-C")
        return code, time.monotonic() - started


@pytest.fixture
def serve_process():
    processes = []

    def start(cwd, *args):
        p = Serve(cwd, *args)
        processes.append(p)
        return p

    yield start
    for p in processes:
        if p.process.poll() is None:
            p.process.kill()
            p.process.wait()
        p.process.stdout.close()
        p.process.stderr.close()


def get(url, headers=None):
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def test_in_the_repository_serve_answers_with_html_an_etag_and_304(serve_process, workdir):
    out = os.path.join(workdir, "serve-repo")
    server = serve_process(ROOT, "--output", out)
    assert server.url == f"http://127.0.0.1:{server.port}/"
    assert any("300 stories from the embedded sample" in line for line in server.lines)
    status, headers, body = get(server.url)
    assert status == 200
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    etag = headers["ETag"]
    assert etag and etag.startswith('"')
    assert headers["Cache-Control"] == "no-cache"
    assert b"/__sitegen/livereload.js" in body, "serve adds its reload script to HTML it serves"
    assert b"livereload" not in open(os.path.join(out, "index.html"), "rb").read(), "never to built files"
    status, headers, body = get(server.url, {"If-None-Match": etag})
    assert status == 304 and body == b""
    css = next(f for f in os.listdir(os.path.join(out, "assets")) if f.endswith(".css"))
    status, headers, _ = get(server.url + "assets/" + css)
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert headers["Content-Type"] == "text/css; charset=utf-8"
    status, headers, body = get(server.url + "no/such/page/")
    assert status == 404 and b"Page not found" in body
    code, seconds = server.stop()
    assert code == 0
    print(f"\nserve stopped {seconds:.2f} s after Ctrl-C")


def test_a_gz_sibling_or_gzip_per_request_goes_to_clients_that_take_gzip(serve_process, workdir):
    out = os.path.join(workdir, "serve-gz")
    server = serve_process(ROOT, "--output", out, "--no-reload")
    data = b'{"hello": "' + b"x" * 500 + b'"}'
    with open(os.path.join(out, "s", "probe.json"), "wb") as f:
        f.write(data)
    with open(os.path.join(out, "s", "probe.json.gz"), "wb") as f:
        f.write(gzip.compress(data))
    status, headers, body = get(server.url + "s/probe.json", {"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers["Content-Encoding"] == "gzip"
    assert headers["Content-Type"] == "application/json"
    assert gzip.decompress(body) == data
    status, headers, body = get(server.url + "s/probe.json")
    assert headers["Content-Encoding"] is None and body == data
    status, headers, body = get(server.url + "index.html")
    assert b"livereload" not in body, "--no-reload serves the files as built"
    # Without a sibling, text is gzipped per request, as hosts do: a page weighs what it will.
    status, headers, zipped = get(server.url + "index.html", {"Accept-Encoding": "gzip, br"})
    assert headers["Content-Encoding"] == "gzip" and gzip.decompress(zipped) == body
    assert len(zipped) * 3 < len(body)
    assert server.stop()[0] == 0


def test_a_template_edit_reloads_an_open_page(serve_process, workdir, browser):
    site = os.path.join(workdir, "reload-site")
    run_sitegen("init", site)
    server = serve_process(site)
    context = browser.new_context()
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url, wait_until="load")
    assert "Welcome to your new site" in page.content()
    page.wait_for_timeout(500)  # the event stream is open
    template = os.path.join(site, "Templates", "page.mustache")
    with open(template, encoding="utf-8") as f:
        text = f.read()
    started = time.monotonic()
    with open(template, "w", encoding="utf-8") as f:
        f.write('<p id="edited">edited</p>\n' + text)
    page.wait_for_selector("#edited", timeout=10_000)
    seconds = time.monotonic() - started
    print(f"\ntemplate edit → page reloaded in {seconds:.2f} s")
    assert seconds < 5, "the goal is 2 s; 5 leaves room for a loaded CI machine"
    # A config edit rebuilds too.
    config = os.path.join(site, "sitegen.toml")
    with open(config, encoding="utf-8") as f:
        toml = f.read()
    with open(config, "w", encoding="utf-8") as f:
        f.write(re.sub(r'^title = .*$', 'title = "Renamed"', toml, flags=re.M))
    page.wait_for_function("() => document.title === 'Renamed'", timeout=10_000)
    # A broken template keeps the last good site and says why.
    with open(template, "w", encoding="utf-8") as f:
        f.write("{{#rows}}\n" + text)
    time.sleep(2)
    status, _, body = get(server.url)
    assert status == 200 and b'id="edited"' in body
    assert errors == []
    # Ctrl-C with a page's event stream open still stops at once.
    code, seconds = server.stop()
    context.close()
    assert code == 0
    assert seconds < 5
    stderr = server.process.stderr.read()
    assert "page.mustache:" in stderr and "template error" in stderr, stderr


def test_a_config_edit_that_moves_the_output_keeps_serving_and_says_restart(serve_process, workdir):
    site = os.path.join(workdir, "moved-site")
    run_sitegen("init", site)
    server = serve_process(site)
    config = os.path.join(site, "sitegen.toml")
    with open(config, encoding="utf-8") as f:
        toml = f.read()
    toml = re.sub(r'^output = .*$', 'output = "Elsewhere"', toml, flags=re.M)
    toml = re.sub(r'^title = .*$', 'title = "Moved"', toml, flags=re.M)
    with open(config, "w", encoding="utf-8") as f:
        f.write(toml)
    # The rebuild lands where the server looks, with the new title; nothing is written elsewhere.
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        status, _, body = get(server.url)
        if b"<title>Moved" in body:
            break
        time.sleep(0.2)
    assert status == 200 and b"<title>Moved" in body
    assert not os.path.exists(os.path.join(site, "Elsewhere"))
    assert server.stop()[0] == 0
    stderr = server.process.stderr.read()
    assert "note: output is now Elsewhere; serving Public until sitegen serve is restarted" in stderr.replace(site + "/", ""), stderr
