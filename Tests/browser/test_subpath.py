"""A site built with --base-url /sub/ and served only under /sub/ (a GitHub Pages project
site): every reference resolves, and the reader checks of test_prefetch.py pass there too."""
import inspect
import os
import json
import urllib.error
import urllib.request

import pytest

import test_prefetch

SUB = "/sub/"


@pytest.fixture
def build_sub(build):
    return lambda strategy="prefetch", base=SUB: build(strategy, base)


@pytest.fixture
def serve_sub(serve):
    return lambda root, prefix=SUB: serve(root, prefix)


READER_CHECKS = [
    f
    for name, f in inspect.getmembers(test_prefetch, inspect.isfunction)
    if name.startswith("test_") and list(inspect.signature(f).parameters) == ["build", "serve", "reader"]
]


@pytest.mark.parametrize("check", READER_CHECKS, ids=lambda f: f.__name__[5:])
def test_reader_checks_pass_under_a_subpath(check, build_sub, serve_sub, reader):
    check(build_sub, serve_sub, reader)


def status(url):
    try:
        with urllib.request.urlopen(url) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_every_reference_resolves_under_the_subpath(build_sub, serve_sub, reader):
    site = build_sub()
    server = serve_sub(site)
    origin = server.url[: -len(SUB)]
    assert status(origin + "/") == 404, "the test server serves only under /sub/"
    r = reader(rtt_ms=0, kbps=0)
    item = server.url + "item/" + sorted(os.listdir(os.path.join(site, "item")))[0] + "/"
    urls = set()
    for url in [server.url, server.url + "page/2/", item, server.url + "404.html"]:
        page = r.open(url)
        test_prefetch.settle(r, quiet=0.5)
        urls.update(page.eval_on_selector_all("[href], [src]", "es => es.map(e => e.href || e.src)"))
    same_site = sorted(u for u in urls if u.startswith(origin))
    assert same_site, "no link on the site's own origin"
    assert all(u.startswith(server.url) for u in same_site), [u for u in same_site if not u.startswith(server.url)]
    broken = [u for u in same_site if status(u.split("#")[0]) != 200]
    assert broken == []
    # What the page's script fetched (shards, manifest parts) and the page itself asked for.
    assert r.failed == []
    assert all(u.startswith(server.url) for u in r.finished if u.startswith(origin))
    for extra in ["feed.xml", "sitemap.xml", "robots.txt", "_headers", "404.html"]:
        assert status(server.url + extra) == 200, extra
    config = json.loads(r.open(server.url).eval_on_selector("#sitegen-config", "e => e.textContent"))
    assert config["base"] == SUB
