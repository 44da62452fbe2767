"""Fixtures for the browser tests: built sites, a server with latency, and real Chromium.

Chromium is Debian's (/usr/bin/chromium), driven by Playwright for Python; nothing is downloaded.
The sitegen binary is $SITEGEN, or the package's debug build.
"""
import glob
import json
import os
import subprocess
import tempfile

import pytest
from playwright.sync_api import sync_playwright

from server import SiteServer

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SITEGEN = os.environ.get("SITEGEN") or os.path.join(ROOT, ".build", "debug", "sitegen")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
STORIES = 10_000


def run_sitegen(*args):
    result = subprocess.run([SITEGEN, *args], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.fixture(scope="session")
def workdir():
    with tempfile.TemporaryDirectory(prefix="sitegen-browser-") as path:
        yield path


@pytest.fixture(scope="session")
def stories_file(workdir):
    path = os.path.join(workdir, "stories.json")
    run_sitegen("generate", "--count", str(STORIES), "--seed", "7", "--format", "json", "--output", path)
    return path


@pytest.fixture(scope="session")
def build(workdir, stories_file):
    """build(strategy="prefetch", base="/") → the folder of a site built from the test stories."""
    cache = {}

    def make(strategy="prefetch", base="/"):
        key = (strategy, base)
        if key not in cache:
            out = os.path.join(workdir, f"site-{strategy}-{len(cache)}")
            # With the .gz and .br siblings, as a site for nginx's gzip_static would be built.
            run_sitegen("build", "--source", stories_file, "--output", out, "--strategy", strategy, "--base-url", base, "--precompress")
            cache[key] = out
        return cache[key]

    return make


@pytest.fixture
def serve():
    servers = []

    def start(root, prefix="/"):
        server = SiteServer(root, prefix)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


class Reader:
    """A page as a reader has it: network emulated, requests, errors and CSP reports recorded."""

    def __init__(self, browser, rtt_ms=150, kbps=1600, javascript=True, init_script=None, viewport=None, **options):
        # (`options`: more of the context's, as a phone's is_mobile and has_touch.)
        self.context = browser.new_context(viewport=viewport or {"width": 1000, "height": 800}, java_script_enabled=javascript, **options)
        if init_script:
            self.context.add_init_script(init_script)
        self.page = self.context.new_page()
        self.javascript = javascript
        self.errors = []
        self.finished = []
        self.failed = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        # A clean console: not even the 404 of /favicon.ico (the theme links its own icon).
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(f"{m.text} ({(m.location or {}).get('url')})"))
        self.page.on("requestfinished", lambda r: self.finished.append(r.url))
        self.page.on("requestfailed", lambda r: self.failed.append((r.url, r.failure)))
        if rtt_ms or kbps:
            cdp = self.context.new_cdp_session(self.page)
            cdp.send("Network.enable")
            cdp.send(
                "Network.emulateNetworkConditions",
                {"offline": False, "latency": rtt_ms, "downloadThroughput": kbps * 1000 / 8, "uploadThroughput": kbps * 1000 / 8},
            )
        # CSP violations are reported as events in the page; keep them.
        self.context.add_init_script(
            "window.__csp = []; document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"
        )

    def open(self, url):
        """The page at `url`, loaded; a list page's table view started, which it does in the task
        after the first frame (perhaps after `load`): a test that scrolls must not race it."""
        self.page.goto(url, wait_until="load")
        if self.javascript:
            try:
                self.page.wait_for_function(
                    """() => { const feed = document.querySelector('[role=feed]');
                        return !feed || !document.querySelector('script[src*="/sitegen."]') || !!feed.style.height; }""",
                    timeout=10000)
            except Exception:
                pass  # a test whose script never starts (blocked, broken) looks at the static page
        return self.page

    def shards_finished(self):
        return [u for u in self.finished if "/s/" in u]

    def close(self):
        self.context.close()


@pytest.fixture
def reader(browser):
    readers = []

    def make(**kwargs):
        r = Reader(browser, **kwargs)
        readers.append(r)
        return r

    yield make
    for r in readers:
        r.close()


def page_count(total=STORIES, size=30):
    """A list's pages (docs/internals/format.md): numbered from the oldest, the front the last."""
    return max(1, total // size)


def page_rows(number, total=STORIES, size=30):
    """The rows (0-based, from the list's top) of page `number`, 1 being the oldest page and
    the front (the list's own URL) the last, holding the newest total % size + size rows."""
    upper = total - (number - 1) * size
    return range(0 if number == page_count(total, size) else upper - size, upper)


def page_path(number, total=STORIES, size=30):
    """"" for the front, "page/N/" for page N."""
    return "" if number == page_count(total, size) else f"page/{number}/"


def page_of_row(row, total=STORIES, size=30):
    return min((total - 1 - row) // size + 1, page_count(total, size))


@pytest.fixture(scope="session")
def story_ids(stories_file):
    """The test stories' ids in the list's order."""
    return [story["id"] for story in json.load(open(stories_file))]


def manifest_shards(site):
    """Every shard entry of a built site, in row order: [first, count, name, bytes]."""
    parts = sorted(glob.glob(os.path.join(site, "m", "*", "*.json")), key=lambda p: int(os.path.basename(p)[:-5]))
    seen, entries = set(), []
    for part in parts:
        for entry in json.load(open(part))["shards"]:
            if entry[2] not in seen:
                seen.add(entry[2])
                entries.append(entry)
    return entries
