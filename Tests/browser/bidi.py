"""A minimal WebDriver BiDi client for Firefox: enough to load a page, run script in it and
collect its errors. No geckodriver: Firefox itself speaks BiDi on a WebSocket.

    firefox-esr --headless --remote-debugging-port=0 --profile <fresh temp dir> --no-remote about:blank

With port 0 Firefox picks a free port and writes it to WebDriverBiDiServer.json in the profile;
the client connects to ws://127.0.0.1:PORT/session and sends session.new (a WebSocket-only
session, no HTTP). BiDi is Firefox's only remote protocol since 141 (`remote.active-protocols`
is gone), and the remote agent sets its own recommended automation preferences
(`remote.prefs.recommended`); user.js below only keeps a test profile quiet: no first-run or
what's-new pages, no telemetry, updates or remote settings (fetched at start-up, they log
errors with no network).
"""
import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time

from websockets.sync.client import connect

FIREFOX = os.environ.get("FIREFOX", "firefox-esr")

USER_JS = """
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.page", 0);
user_pref("browser.startup.homepage", "about:blank");
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("startup.homepage_welcome_url", "about:blank");
user_pref("startup.homepage_override_url", "");
user_pref("browser.aboutwelcome.enabled", false);
user_pref("trailhead.firstrun.didSeeAboutWelcome", true);
user_pref("browser.newtabpage.enabled", false);
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("datareporting.healthreport.uploadEnabled", false);
user_pref("toolkit.telemetry.enabled", false);
user_pref("toolkit.telemetry.unified", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
user_pref("app.update.disabledForTesting", true);
user_pref("app.update.auto", false);
user_pref("app.normandy.enabled", false);
user_pref("messaging-system.rsexperimentloader.enabled", false);
user_pref("services.settings.server", "data:,");
user_pref("extensions.update.enabled", false);
user_pref("extensions.getAddons.cache.enabled", false);
user_pref("browser.safebrowsing.update.enabled", false);
user_pref("network.captive-portal-service.enabled", false);
user_pref("network.connectivity-service.enabled", false);
user_pref("browser.sessionstore.resume_from_crash", false);
user_pref("toolkit.startup.max_resumed_crashes", -1);
user_pref("dom.max_script_run_time", 0);
"""


class BiDiError(Exception):
    """An error response to a command: its error code and message."""


def deserialize(value):
    """A BiDi RemoteValue as Python: primitives, arrays, objects and maps; other kinds as their type name."""
    kind, v = value["type"], value.get("value")
    if kind in ("undefined", "null"):
        return None
    if kind == "number":
        return {"NaN": float("nan"), "-0": -0.0, "Infinity": float("inf"), "-Infinity": float("-inf")}.get(v, v) if isinstance(v, str) else v
    if kind in ("string", "boolean"):
        return v
    if kind == "bigint":
        return int(v)
    if kind in ("array", "set"):
        return [deserialize(x) for x in v or []]
    if kind in ("object", "map"):
        return {k if isinstance(k, str) else json.dumps(deserialize(k)): deserialize(x) for k, x in v or []}
    return f"<{kind}>"


class Firefox:
    """One headless Firefox and one BiDi session on it; close() always ends both and removes the profile."""

    def __init__(self, binary=FIREFOX, start_timeout=60.0):
        # In RAM where there is /dev/shm: the disk here is slow, and Firefox writes its profile at start.
        self.profile = tempfile.mkdtemp(prefix="sitegen-firefox-", dir="/dev/shm" if os.access("/dev/shm", os.W_OK) else None)
        with open(os.path.join(self.profile, "user.js"), "w") as f:
            f.write(USER_JS)
        self._stderr = tempfile.TemporaryFile()
        self.proc = None
        self.ws = None
        self._stack = contextlib.ExitStack()
        self._next = 0
        self._replies = {}
        self._cond = threading.Condition()
        self._closed = False
        self.events = []  # every event received, in order: (method, params)
        self.handlers = []  # callables(method, params), called on the reader thread
        try:
            self.proc = subprocess.Popen(
                [binary, "--headless", "--remote-debugging-port=0", "--profile", self.profile, "--no-remote", "about:blank"],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self._stderr,
                env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"},
            )
            # (As a context manager: how websockets ≥ 16 wants a connection kept, and older ones take.)
            self.ws = self._stack.enter_context(connect(self._endpoint(start_timeout) + "/session", max_size=None, open_timeout=start_timeout))
            self._reader = threading.Thread(target=self._read, daemon=True)
            self._reader.start()
            self.capabilities = self.call("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": False}}})["capabilities"]
        except BaseException:
            self.close()
            raise

    def _endpoint(self, timeout):
        # Firefox writes the address it listens on to the profile once BiDi is up.
        path = os.path.join(self.profile, "WebDriverBiDiServer.json")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"firefox exited with {self.proc.returncode}: {self.stderr_tail()}")
            try:
                with open(path) as f:
                    info = json.load(f)
                return f"ws://{info['ws_host']}:{info['ws_port']}"
            except (OSError, ValueError, KeyError):
                time.sleep(0.05)
        raise RuntimeError(f"firefox did not start BiDi in {timeout} s: {self.stderr_tail()}")

    def stderr_tail(self, n=2000):
        try:
            self._stderr.seek(0)
            return self._stderr.read().decode(errors="replace")[-n:]
        except (OSError, ValueError):
            return ""

    def _read(self):
        try:
            for raw in self.ws:
                message = json.loads(raw)
                if "id" in message and message.get("type") != "event":
                    with self._cond:
                        self._replies[message["id"]] = message
                        self._cond.notify_all()
                elif message.get("type") == "event":
                    self.events.append((message["method"], message["params"]))
                    for handler in list(self.handlers):
                        handler(message["method"], message["params"])
        except Exception:
            pass
        finally:
            with self._cond:
                self._closed = True
                self._cond.notify_all()

    def call(self, method, params=None, timeout=60.0):
        """Sends a command and waits for its result; raises BiDiError for an error response."""
        with self._cond:
            self._next += 1
            ident = self._next
        self.ws.send(json.dumps({"id": ident, "method": method, "params": params or {}}))
        deadline = time.monotonic() + timeout
        with self._cond:
            while ident not in self._replies:
                left = deadline - time.monotonic()
                if self._closed:
                    raise BiDiError(f"{method}: the connection closed ({self.stderr_tail(500)})")
                if left <= 0:
                    raise TimeoutError(f"{method}: no answer in {timeout} s")
                self._cond.wait(left)
            reply = self._replies.pop(ident)
        if reply.get("type") == "error":
            raise BiDiError(f"{method}: {reply.get('error')}: {reply.get('message')}")
        return reply["result"]

    # The commands the tests use.

    def new_context(self, isolated=True):
        """A new tab; with `isolated`, in a user context of its own (own cookies, storage, cache)."""
        params = {"type": "tab"}
        if isolated:
            params["userContext"] = self.call("browser.createUserContext")["userContext"]
        return self.call("browsingContext.create", params)["context"], params.get("userContext")

    def close_context(self, context, user_context=None):
        self.call("browsingContext.close", {"context": context})
        if user_context:
            self.call("browser.removeUserContext", {"userContext": user_context})

    def set_viewport(self, context, width, height):
        self.call("browsingContext.setViewport", {"context": context, "viewport": {"width": width, "height": height}})

    def navigate(self, context, url, wait="complete", timeout=60.0):
        return self.call("browsingContext.navigate", {"context": context, "url": url, "wait": wait}, timeout=timeout)

    def subscribe(self, events, contexts=None):
        params = {"events": list(events)}
        if contexts:
            params["contexts"] = list(contexts)
        return self.call("session.subscribe", params)

    def _script_result(self, result):
        if result["type"] == "exception":
            details = result["exceptionDetails"]
            raise BiDiError(f"script threw: {details.get('text')} ({deserialize(details['exception'])})")
        return deserialize(result["result"])

    def evaluate(self, context, expression, await_promise=True, timeout=60.0):
        return self._script_result(self.call(
            "script.evaluate",
            {"expression": expression, "target": {"context": context}, "awaitPromise": await_promise},
            timeout=timeout,
        ))

    def call_function(self, context, declaration, *args, await_promise=True, timeout=60.0):
        """Calls `declaration` (a JavaScript function's source) with arguments that are JSON values."""
        return self._script_result(self.call(
            "script.callFunction",
            {
                "functionDeclaration": declaration,
                "arguments": [serialize(a) for a in args],
                "target": {"context": context},
                "awaitPromise": await_promise,
            },
            timeout=timeout,
        ))

    def close(self):
        """Ends the session and the browser however far start-up got; removes the profile."""
        if self.ws is not None:
            try:
                # browser.close ends the session and shuts Firefox down cleanly.
                self.call("browser.close", timeout=10)
            except Exception:
                try:
                    self.call("session.end", timeout=5)
                except Exception:
                    pass
            try:
                self._stack.close()
            except Exception:
                pass
            self.ws = None
        if self.proc is not None:
            # After browser.close, Firefox may take ~5 s more to exit (here, once it has loaded
            # a site); its profile is thrown away, so it gets 2 s, then SIGTERM (it exits at
            # once), then SIGKILL. Its content processes end with it.
            for stop, wait in ((None, 2), (self.proc.terminate, 5), (self.proc.kill, None)):
                if stop:
                    stop()
                try:
                    self.proc.wait(timeout=wait)
                    break
                except subprocess.TimeoutExpired:
                    pass
            self.proc = None
        shutil.rmtree(self.profile, ignore_errors=True)
        self._stderr.close()


def serialize(value):
    """A JSON value as a BiDi LocalValue."""
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "boolean", "value": value}
    if isinstance(value, (int, float)):
        return {"type": "number", "value": value}
    if isinstance(value, str):
        return {"type": "string", "value": value}
    if isinstance(value, (list, tuple)):
        return {"type": "array", "value": [serialize(v) for v in value]}
    if isinstance(value, dict):
        return {"type": "object", "value": [[str(k), serialize(v)] for k, v in value.items()]}
    raise TypeError(f"not a JSON value: {value!r}")
