"""A tiny page API over two more engines than Playwright's Chromium, so one test runs in each:

- Firefox (Debian's firefox-esr, headless), over WebDriver BiDi with bidi.py: one browser per
  test module, each page a tab in a user context of its own (cookies, storage and history
  apart), the viewport set to 1000×800 with browsingContext.setViewport. Errors: BiDi's
  log.entryAdded at level "error" (uncaught exceptions and unhandled rejections come as
  type "javascript", console.error as type "console").
- WebKit (WebKitGTK's MiniBrowser --automation), over classic WebDriver with Selenium and
  /usr/bin/WebKitWebDriver: one MiniBrowser per page (it starts in about a second). It needs a
  display: .ci/test runs pytest under `xvfb-run -a`. The window is sized so the viewport is
  1000×800 (MiniBrowser's toolbar takes some of the window). Errors: WebDriver has no log API
  in WebKit, so the tests' sites load a capture script first (sites.py, ERRORS_JS) and errors()
  reads what it recorded; on a page without it, open() installs it right after load (then an
  error during the load itself goes unseen, but a script that failed there fills no row, which
  the tests check).

Page: open(url) (returns when `load` has fired), evaluate(js_function_source, *args) (the
function is called with the arguments, JSON values, and may return a promise; the result comes
back as JSON), errors(), wait(seconds), close(). Every Page and browser closes in a finally:
no Firefox or MiniBrowser outlives its fixture.
"""
import json
import os
import time

from bidi import Firefox
from pagejs import VIEW  # what the reader sees of the feed: the same in every engine

WIDTH, HEIGHT = 1000, 800
MINIBROWSER = os.environ.get("MINIBROWSER") or next(
    (p for p in (f"/usr/lib/x86_64-linux-gnu/webkit2gtk-{v}/MiniBrowser" for v in ("4.1", "4.0")) if os.path.exists(p)),
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
)
WEBKIT_WEBDRIVER = os.environ.get("WEBKIT_WEBDRIVER", "/usr/bin/WebKitWebDriver")

# What a page without a log API shows the test: uncaught errors, unhandled rejections and
# console.error calls. sites.py has it load first in the tests' pages; open() runs it after load
# (a no-op there).
ERRORS_JS = """// Test-only: records script errors for a browser whose driver cannot report them.
(() => {
  if (window.__errors) return;
  const list = window.__errors = [], error = console.error;
  // (WebKit's stack has no message in it, V8's and Gecko's do not agree either: message, then stack.)
  const text = x => String(x) + (x && x.stack ? '\\n' + x.stack : '');
  addEventListener('error', e => list.push('uncaught: ' + (e.error ? text(e.error) : e.message) + ' (' + e.filename + ':' + e.lineno + ')'));
  addEventListener('unhandledrejection', e => list.push('unhandled rejection: ' + text(e.reason)));
  console.error = function () {
    list.push('console.error: ' + [].map.call(arguments, String).join(' '));
    return error.apply(this, arguments);
  };
})();
"""


# A list page's table view starts in the task after the first frame, which may come after
# `load`: until then the feed is the static page's rows, as short as they are. (conftest.py's
# Chromium page waits the same way.)
STARTED = """() => { const feed = document.querySelector('[role=feed]');
  return !feed || !document.querySelector('script[src*="/sitegen."]') || !!feed.style.height; }"""


def wait_started(page, timeout=10.0):
    """Waits until a list page's table view has started, so that a test that scrolls does not
    race it (a loaded machine showed WebKit scrolling the static page's 20 rows). A page whose
    script never starts (blocked, broken) is left as it is, for the test to look at."""
    end = time.monotonic() + timeout
    while not page.evaluate(STARTED) and time.monotonic() < end:
        time.sleep(0.05)


class ScriptError(Exception):
    """The function run by evaluate() threw or rejected."""


class FirefoxBrowser:
    """One headless Firefox; new_page() opens a tab of its own."""

    name = "firefox"

    def __init__(self):
        self.firefox = Firefox()
        try:
            self.errors = {}  # browsing context → its error log entries
            self.firefox.handlers.append(self._log)
            self.firefox.subscribe(["log.entryAdded"])
        except BaseException:
            self.firefox.close()
            raise

    def _log(self, method, params):
        if method == "log.entryAdded" and params.get("level") == "error":
            where = ""
            frames = (params.get("stackTrace") or {}).get("callFrames") or []
            if frames:
                where = f" ({frames[0].get('url')}:{frames[0].get('lineNumber', 0) + 1})"
            context = (params.get("source") or {}).get("context")
            self.errors.setdefault(context, []).append(f"{params.get('type')}: {params.get('text')}{where}")

    def new_page(self):
        return FirefoxPage(self)

    def close(self):
        self.firefox.close()


class FirefoxPage:
    def __init__(self, browser):
        self.browser, self.firefox = browser, browser.firefox
        self.context, self.user_context = self.firefox.new_context()
        try:
            self.firefox.set_viewport(self.context, WIDTH, HEIGHT)
        except BaseException:
            self.close()
            raise

    def open(self, url):
        self.firefox.navigate(self.context, url, wait="complete")
        wait_started(self)
        return self

    def evaluate(self, source, *args):
        result = self.firefox.call_function(
            self.context,
            "async (json) => { try { const v = await (" + source + ")(...JSON.parse(json));"
            " return JSON.stringify({ v: v === undefined ? null : v }) }"
            " catch (e) { return JSON.stringify({ e: String(e && e.stack || e) }) } }",
            json.dumps(args),
        )
        return _unwrap(result)

    def errors(self):
        # A round trip first: the events Firefox sent before its answer have been read by then.
        self.firefox.evaluate(self.context, "0")
        return list(self.browser.errors.get(self.context, []))

    def wait(self, seconds):
        time.sleep(seconds)

    def close(self):
        if self.context:
            try:
                self.firefox.close_context(self.context, self.user_context)
            finally:
                self.context = None


class WebKitBrowser:
    """Starts a MiniBrowser per page (WebKitWebDriver runs one session per browser process)."""

    name = "webkit"

    def new_page(self):
        return WebKitPage()

    def close(self):
        pass


class WebKitPage:
    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            raise RuntimeError("WebKit needs a display: run the tests under `xvfb-run -a` (as .ci/test does)")
        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        self._errors = []
        self.driver = None
        self._log = open(os.devnull, "w")
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=Service(executable_path=WEBKIT_WEBDRIVER, log_output=self._log))
            self.driver.set_script_timeout(60)
            self.driver.set_page_load_timeout(60)
            # The window holds the toolbar too: size it, then grow it by what the viewport lacks.
            self.driver.set_window_size(WIDTH, HEIGHT)
            w, h = self.driver.execute_script("return [innerWidth, innerHeight]")
            if (w, h) != (WIDTH, HEIGHT):
                self.driver.set_window_size(2 * WIDTH - w, 2 * HEIGHT - h)
        except BaseException:
            self.close()
            raise

    def open(self, url):
        self._errors += self._read_errors()
        self.driver.get(url)  # returns after `load` (pageLoadStrategy normal)
        self.driver.execute_script(ERRORS_JS)  # a no-op where the page loaded it itself
        wait_started(self)
        return self

    def evaluate(self, source, *args):
        result = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1], args = JSON.parse(arguments[0]);"
            "Promise.resolve().then(() => (" + source + ")(...args)).then("
            " v => done(JSON.stringify({ v: v === undefined ? null : v })),"
            " e => done(JSON.stringify({ e: String(e && e.stack || e) })));",
            json.dumps(args),
        )
        return _unwrap(result)

    def _read_errors(self):
        try:
            return self.driver.execute_script("return window.__errors ? window.__errors.slice() : []") or []
        except Exception:
            return []

    def errors(self):
        return self._errors + self._read_errors()

    def wait(self, seconds):
        time.sleep(seconds)

    def close(self):
        try:
            if self.driver:
                self.driver.quit()  # ends the session (MiniBrowser) and stops WebKitWebDriver
        finally:
            self.driver = None
            self._log.close()


ENGINES = {"firefox": FirefoxBrowser, "webkit": WebKitBrowser}


def _unwrap(result):
    result = json.loads(result)
    if "e" in result:
        raise ScriptError(result["e"])
    return result["v"]


def wait_filled(page, until=None, want="", timeout=10.0, poll=0.05):
    """Polls until the viewport shows rows, all filled and leaving no gap, and `until(ranks)`
    holds if given; returns (seconds, ranks). Fails after `timeout` saying what the viewport
    shows, and `want`."""
    start = time.monotonic()
    while True:
        view = page.evaluate(VIEW)
        rows = view["rows"]
        ranks = [rank for rank, _, _ in rows]
        if rows and not view["gap"] and all(filled for _, _, filled in rows) and (until is None or until(ranks)):
            return time.monotonic() - start, ranks
        if time.monotonic() - start > timeout:
            break
        page.wait(poll)
    filled = sum(1 for _, _, f in rows if f)
    shown = f"ranks {ranks[0]}–{ranks[-1]}, {filled} of {len(rows)} filled" if rows else "no rows"
    shown += ", with a gap no row covers" if view["gap"] else ""
    errors = page.errors()
    raise AssertionError(
        f"after {timeout:g} s the viewport shows {shown}" + (f"; expected {want}" if want else "") + (f"; script errors: {errors}" if errors else "")
    )
