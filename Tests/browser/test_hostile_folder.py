"""A hostile Markdown folder, as a pull request's preview build would get it: symbolic links to
the build machine's files, paths onto the host's own files and too long for any file system, a
page onto another page's picture, bundle files that run script when opened (SVG with onload and
<script>, an HTML page), a 1 MB alt text, a 1 MB word and nesting 2,000 deep. Built with
`sitegen build`, served by `sitegen serve` and by nginx with the recipe in docs/guides/deploy.md, and
opened in Chromium: nothing from outside the folder is published, every page loads in seconds,
no dialog opens, no handler or CSP violation is found, and the bundle's active files open in a
sandbox on both servers."""
import os
import re
import subprocess
import time
import urllib.error
import urllib.request

from conftest import ROOT, SITEGEN
from nginxserver import Nginx
from test_hostile import FIND_HOSTILE
from test_serve import Serve as SitegenServe

SECRET = "SECRET-7f3a"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def page(title, day, body="Text.", extra=""):
    return f"---\ntitle: {title}\ndate: 2024-03-{day:02d}\n{extra}---\n{body}\n"


def hostile_folder(root):
    """The folder, and the secrets beside it that must never be published."""
    site, outside = os.path.join(root, "site"), os.path.join(root, "outside")
    write(os.path.join(outside, "id_rsa"), f"-----BEGIN KEY----- {SECRET}\n")
    write(os.path.join(outside, "notes", "leak.md"), page(f"{SECRET} page", 1, SECRET))
    write(os.path.join(outside, "out.md"), page(f"{SECRET} md", 1, SECRET))
    write(os.path.join(site, "post", "index.md"), page("A post with pictures", 2, "![diagram](d.svg) [notes](notes.html)"))
    write(os.path.join(site, "post", "d.svg"),
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="9" height="9"/></svg>')
    write(os.path.join(site, "post", "notes.html"), "<!doctype html><title>x</title><script>alert(3)</script><p>notes</p>")
    write(os.path.join(site, "post", "sub", "index.html"), "<script>alert(4)</script>")
    os.symlink(os.path.join(outside, "id_rsa"), os.path.join(site, "post", "key.txt"))
    os.symlink(os.path.join(outside, "notes"), os.path.join(site, "notes"))
    os.symlink("../outside/out.md", os.path.join(site, "out.md"))
    os.symlink(".", os.path.join(site, "loop"))
    os.symlink("/etc/hostname", os.path.join(site, "host.md"))
    write(os.path.join(site, "headers.md"), page("Onto _headers", 3, extra="permalink: /_headers/\n"))
    write(os.path.join(site, "long.md"), page("A long segment", 4, extra=f"permalink: /{'a' * 300}/\n"))
    write(os.path.join(site, "deep.md"), page("A deep path", 5, extra=f"permalink: /{'a/' * 2000}\n"))
    write(os.path.join(site, "onto.md"), page("Onto the picture", 6, extra="permalink: /post/d.svg/\n"))
    write(os.path.join(site, "alias.md"), page("Aliases", 7, extra="aliases: [/post/d.svg/, /_redirects/, /old/]\n"))
    write(os.path.join(site, "alt.md"), page("A 1 MB alt", 8, f'<img src="missing.png" alt="{"A" * 1_000_000}">'))
    write(os.path.join(site, "word.md"), page("A 1 MB word", 9, "W" * 1_000_000))
    write(os.path.join(site, "nest.md"), page("Nesting 2,000 deep", 10, "<div>" * 2000 + "deep" + "</div>" * 2000))
    write(os.path.join(site, "quote.md"), page("Quotes 1,000 deep", 11, "> " * 1000 + "deep"))
    return site


def build(site, out, *flags):
    return subprocess.run([SITEGEN, "build", "--source", site, "--output", out, *flags], capture_output=True, text=True)


def test_a_hostile_folder_builds_without_leaking_and_reads_safely(workdir, reader):
    root = os.path.join(workdir, "hostile-folder")
    site = hostile_folder(root)
    out = os.path.join(root, "out")
    result = build(site, out, "--verbose")
    assert result.returncode == 0, result.stderr
    summary = result.stdout
    assert "5 symbolic links not followed (host.md, loop, notes, +2 more)" in summary, summary
    assert "4 item paths not taken" in summary, summary
    assert "bounds met in 4 Markdown pages" in summary, summary
    for line in ["headers.md: path /_headers not taken", "onto.md: path /post/d.svg not taken", "long.md: path /aaaa",
                 "deep.md: path /a/a/", "post/sub/index.html (would be served as a page of the site)"]:
        assert line in result.stderr + summary, line
    # Nothing from outside the folder, nor the host's name, is anywhere in the output.
    hostname = open("/etc/hostname").read().strip()
    for folder, _, files in os.walk(out):
        for name in files:
            data = open(os.path.join(folder, name), "rb").read()
            assert SECRET.encode() not in data, name
            assert not (hostname and name.endswith(".html") and f"<h1>{hostname}" in data.decode("utf-8", "replace")), name
    assert not os.path.exists(os.path.join(out, "post", "key.txt"))
    assert not os.path.exists(os.path.join(out, "post", "sub"))
    assert open(os.path.join(out, "_headers")).read().startswith("# Cache and security rules")

    server = SitegenServe(root, "--source", site, "--output", out)
    try:
        r = reader(rtt_ms=0, kbps=0)
        dialogs = []
        r.page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        pages = sorted(os.path.relpath(os.path.dirname(p), out) for p in glob_pages(out))
        assert len(pages) >= 12
        for path in pages:
            started = time.monotonic()
            p = r.open(server.url + ("" if path == "." else path + "/"))
            p.evaluate("() => document.body.getBoundingClientRect().height")
            took = time.monotonic() - started
            assert took < 5, (path, took)
            assert p.evaluate(FIND_HOSTILE) == [], path
            assert p.evaluate("() => window.__csp") == [], path
        # (missing.png is the alt page's; a redirect page links no icon, so Chromium may ask for
        # /favicon.ico, which the site does not have.)
        assert [e for e in r.errors if "missing.png" not in e and "/favicon.ico" not in e] == []
        # The bundle's active files, opened on their own: sandboxed, their script blocked.
        r.errors.clear()
        for name in ["post/d.svg", "post/notes.html"]:
            r.page.goto(server.url + name)
            r.page.wait_for_timeout(300)
        assert dialogs == []
        assert r.errors and all("because the document's frame is sandboxed" in e for e in r.errors), r.errors
        served = {name: csp_headers(server.url + name) for name in sample_paths(out)}
    finally:
        server.stop()
    assert served["post/d.svg"][-1] == "sandbox" and served["post/notes.html"][-1] == "sandbox"
    assert all("sandbox" not in policies for name, policies in served.items() if not name.startswith("post/"))

    # nginx with the recipe in docs/guides/deploy.md sends each path the policies sitegen serve does.
    with open(os.path.join(ROOT, "docs", "guides", "deploy.md"), encoding="utf-8") as f:
        recipe = re.search(r"<!-- nginx-security[^>]*-->\n```nginx\n(.*?)```", f.read(), re.S).group(1)
    prefix = os.path.join(root, "nginx")
    os.makedirs(prefix)
    nginx = Nginx(out, prefix, server=recipe)
    try:
        assert {name: csp_headers(nginx.url + name) for name in served} == served
        r = reader(rtt_ms=0, kbps=0)
        r.page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        for name in ["post/d.svg", "post/notes.html", "post/"]:
            r.page.goto(nginx.url + name)
            r.page.wait_for_timeout(300)
        assert dialogs == []
    finally:
        nginx.close()


def glob_pages(out):
    for folder, _, files in os.walk(out):
        if "index.html" in files:
            yield os.path.join(folder, "index.html")


def sample_paths(out):
    """A path of each kind: pages, the feed, an asset, the bundle's files."""
    asset_svg = next(n for n in os.listdir(os.path.join(out, "assets")) if n.endswith(".svg"))
    return ["", "post/", "post/d.svg", "post/notes.html", "feed.xml", "sitemap.xml", "404.html", "assets/" + asset_svg]


def csp_headers(url):
    try:
        response = urllib.request.urlopen(url)
    except urllib.error.HTTPError as error:
        response = error
    return [value.strip() for header in response.headers.get_all("Content-Security-Policy") or [] for value in header.split(",")]


def test_strict_fails_a_hostile_folder_and_names_it(workdir):
    root = os.path.join(workdir, "hostile-strict")
    site = hostile_folder(root)
    out = os.path.join(root, "out")
    result = build(site, out, "--strict")
    assert result.returncode != 0
    assert result.stderr.startswith("error: --strict: 9 refused: host.md: a symbolic link out of the folder"), result.stderr
    assert not os.path.exists(out)
    refuse = build(site, out, "--active-files", "refuse")
    assert refuse.returncode == 0, refuse.stderr
    assert "2 bundle files not copied: post/index.md: bundle file d.svg not copied" in refuse.stdout, refuse.stdout
    assert not os.path.exists(os.path.join(out, "post", "d.svg"))
