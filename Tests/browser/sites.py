"""Built sites for the Firefox and WebKit tests (test_engines.py), as a pytest plugin
(`pytest_plugins = ("sites",)`), so a session-scoped site is built once however many test
files use it.

- `engine_site`: 10,000 stories (`--seed 7`, the same stories as conftest's sites), built once
  (about 1 s).
- `million_site`: 1,000,000 stories (`generate --format jsonl`, `build --no-item-pages`), built
  in /dev/shm (about 1.1 GB; the disk here is slow) and removed at the end of the session. With
  the debug binary on this project's 2-core machine: generate ≈ 20 s, build ≈ 95–100 s.

Each site gets a same-origin error-capture script (`/__errors.js`, engines.ERRORS_JS) as the first
script of its index.html, which is where the tests land: WebKit's WebDriver has no log API, so
that is how a WebKit page's uncaught errors, unhandled rejections and console.error calls
from the very start of the load are seen (a script injected after `load` would miss the load;
MiniBrowser's console-to-stdout setting is not applied to the views WebDriver automates).
It runs under the page's CSP (`script-src 'self'`) like the site's own script.

SITEGEN_SCRIPT=<file> serves that file as these sites' script in place of the one compiled into
sitegen (another version of sitegen.js, without rebuilding the binary).
"""
import glob
import os
import shutil
import subprocess
import tempfile
import time

import pytest

from conftest import SITEGEN
from engines import ERRORS_JS

CAPTURE_TAG = '<script src="/__errors.js"></script>'


def sitegen(*args):
    result = subprocess.run([SITEGEN, *args], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout


def add_error_capture(site, pages=("index.html",)):
    """Puts ERRORS_JS in the site (built with base URL /) and loads it first in `pages`."""
    with open(os.path.join(site, "__errors.js"), "w") as f:
        f.write(ERRORS_JS)
    for page in pages:
        path = os.path.join(site, page)
        html = open(path).read()
        # Right after the CSP <meta>, so the capture runs under the same policy, before any script.
        at = html.index(">", html.index('http-equiv="Content-Security-Policy"')) + 1
        with open(path, "w") as f:
            f.write(html[:at] + "\n" + CAPTURE_TAG + html[at:])


def use_script(site):
    """With $SITEGEN_SCRIPT set, that file becomes the site's script (same name)."""
    script = os.environ.get("SITEGEN_SCRIPT")
    if script:
        targets = glob.glob(os.path.join(site, "assets", "sitegen.*.js"))
        assert targets, f"no assets/sitegen.*.js in {site}"
        for target in targets:
            shutil.copyfile(script, target)


def scratch_dir(prefix, need_bytes):
    """A temp folder in /dev/shm when it has room, else in $TMPDIR. (The disk here is slow:
    removing the 10,000-story site's 2,153 files from /tmp took 9 s, writing a million-row
    site's 67,000 is worse.)"""
    try:
        st = os.statvfs("/dev/shm")
        if st.f_bavail * st.f_frsize > need_bytes:
            return tempfile.mkdtemp(prefix=prefix, dir="/dev/shm")
    except OSError:
        pass
    return tempfile.mkdtemp(prefix=prefix)


@pytest.fixture(scope="session")
def engine_site():
    """The folder of a 10,000-story site (prefetch, base /) with the error capture."""
    path = scratch_dir("sitegen-engines-", 1 << 30)
    try:
        stories = os.path.join(path, "stories.json")
        sitegen("generate", "--count", "10000", "--seed", "7", "--format", "json", "--output", stories)
        site = os.path.join(path, "site")
        sitegen("build", "--source", stories, "--output", site)
        use_script(site)
        add_error_capture(site, pages=("index.html", "search/index.html"))
        yield site
    finally:
        shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def million_site():
    """The folder of a 1,000,000-story site (prefetch, base /, no item pages) with the error capture."""
    path = scratch_dir("sitegen-million-", 3 << 30)
    try:
        stories = os.path.join(path, "stories.jsonl")
        start = time.monotonic()
        sitegen("generate", "--count", "1000000", "--seed", "7", "--format", "jsonl", "--output", stories)
        generated = time.monotonic()
        site = os.path.join(path, "site")
        sitegen("build", "--source", stories, "--output", site, "--no-item-pages")
        os.remove(stories)
        use_script(site)
        add_error_capture(site)
        print(f"\n[million_site] generate {generated - start:.1f} s, build {time.monotonic() - generated:.1f} s in {path}")
        yield site
    finally:
        shutil.rmtree(path, ignore_errors=True)
