"""Output you can deploy: builds killed at random moments leave a whole site, a page loaded before
a deploy still fills after it, and a real nginx serves the precompressed siblings."""
import json
import os
import random
import signal
import subprocess
import time
import urllib.request

import pytest

from conftest import SITEGEN, run_sitegen
from nginxserver import Nginx
from pagejs import VISIBLE_ROWS, wait_filled
from sitecheck import missing_references


def stories_with_new_on_top(workdir, count, new, seed=11):
    """Two story files: `count` stories, and the same with `new` more on top (every rank moves)."""
    full = os.path.join(workdir, f"full-{count}-{new}.json")
    run_sitegen("generate", "--count", str(count + new), "--seed", str(seed), "--format", "json", "--output", full)
    items = json.load(open(full))
    before = os.path.join(workdir, f"before-{count}-{new}.json")
    json.dump(items[new:], open(before, "w"))
    return before, full


def test_builds_killed_at_random_moments_leave_every_page_whole_and_every_reference_resolving(tmp_path):
    """A rebuild puts changed files in place at its end, shards first and pages last, and removes
    nothing before all are in: killed at any moment, the output is the old build, the new one, or
    a mix of their whole pages, each of which finds every file it names."""
    before, after = stories_with_new_on_top(str(tmp_path), 10_000, 10)
    out = str(tmp_path / "out")
    start = time.monotonic()
    run_sitegen("build", "--source", before, "--output", out)
    duration = time.monotonic() - start
    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    for attempt in range(10):
        source = after if attempt % 2 == 0 else before
        process = subprocess.Popen([SITEGEN, "build", "--source", source, "--output", out, "--quiet"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        moment = rng.uniform(0, duration * 1.1)
        time.sleep(moment)
        process.send_signal(signal.SIGKILL)
        process.wait()
        where = f"seed {seed}, kill {attempt} at {moment:.3f} s of a {duration:.2f} s build"
        assert os.path.isfile(os.path.join(out, "index.html")), where
        missing = missing_references(out)
        assert missing == [], f"{where}: {missing[:5]}"
    # The next build clears what the killed ones left beside the output, and succeeds.
    run_sitegen("build", "--source", after, "--output", out)
    # (Beside the output: its lock, the last build's stamp and its list of changed URLs.)
    assert sorted(os.listdir(tmp_path)) == sorted([".out.lock", ".out.stamp", ".out.changed", "out", os.path.basename(before),
                                                   os.path.basename(after)])
    leftovers = [os.path.join(d, n) for d, _, names in os.walk(out) for n in names if n.endswith(".sitegen-new")]
    assert leftovers == []


@pytest.mark.parametrize("keep", [3, 0])
def test_a_page_loaded_before_a_rebuild_fills_every_row_after_it(tmp_path, serve, reader, keep):
    """The reader loads page 1, then a rebuild with 37 new stories on top moves every rank. With
    the previous generations kept (the default) the old page still fills at 30, 60 and 90 % of
    the list; with none kept (the control) its manifest parts are gone and rows give up."""
    before, after = stories_with_new_on_top(str(tmp_path), 10_000, 37)
    out = str(tmp_path / "out")
    run_sitegen("build", "--source", before, "--output", out, "--keep-generations", str(keep))
    server = serve(out)
    r = reader()
    bad = []
    r.page.on("response", lambda response: response.status >= 400 and bad.append((response.status, response.url)))
    page = r.open(server.url)
    wait_filled(page)
    run_sitegen("build", "--source", after, "--output", out, "--keep-generations", str(keep))
    outcomes = []
    for fraction in (0.3, 0.6, 0.9):
        page.evaluate(f"() => scrollTo(0, document.querySelector('[role=feed]').offsetTop + {fraction} * document.querySelector('[role=feed]').offsetHeight)")
        try:
            wait_filled(page, timeout=10.0)
            outcomes.append("filled")
        except AssertionError:
            outcomes.append("loading")
    failed_links = page.eval_on_selector_all("[role=feed] a.failed", "as => as.length")
    if keep:
        assert outcomes == ["filled"] * 3
        # (Requests aborted because the next jump left their rows are cancellations, not failures.)
        failed = [(url, failure) for url, failure in r.failed if "ERR_ABORTED" not in failure]
        assert bad == [] and failed == [] and failed_links == 0
        assert not r.errors
    else:
        assert bad, "without kept generations the old build's files are gone"
        assert outcomes != ["filled"] * 3 or failed_links > 0


# The host's part of the configuration: no compression on the fly, so what arrives compressed
# is a sibling sent as it is.
PRECOMPRESSED = dict(
    main="load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;",
    http="  gzip off;\n  gzip_static on;\n  brotli_static on;",
)


@pytest.fixture
def nginx(tmp_path):
    """start(root) → base URL of a real nginx serving `root` on 127.0.0.1 with gzip_static and
    brotli_static on; stopped after the test."""
    servers = []

    def start(root):
        prefix = tmp_path / "nginx"
        prefix.mkdir()
        servers.append(Nginx(root, prefix, **PRECOMPRESSED))
        return servers[-1].url

    yield start
    for server in servers:
        server.close()


def fetch(url, encoding=None):
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    with urllib.request.urlopen(request) as response:
        return response.headers.get("Content-Encoding"), response.read()


def test_nginx_sends_the_precompressed_siblings(build, nginx):
    site = build()
    base = nginx(site)
    shard = sorted(f for f in os.listdir(os.path.join(site, "s")) if f.endswith(".json"))[0]
    script = next(f for f in os.listdir(os.path.join(site, "assets")) if f.endswith(".js"))
    for path, file in [("", "index.html"), ("page/2/", "page/2/index.html"), (f"s/{shard}", f"s/{shard}"),
                       (f"assets/{script}", f"assets/{script}")]:
        plain = open(os.path.join(site, file), "rb").read()
        assert fetch(base + path) == (None, plain), path
        assert fetch(base + path, "gzip") == ("gzip", open(os.path.join(site, file + ".gz"), "rb").read()), path
        assert fetch(base + path, "br, gzip") == ("br", open(os.path.join(site, file + ".br"), "rb").read()), path
