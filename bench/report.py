"""Runs every benchmark and writes their results into docs/internals/benchmarks.md, with the trade-off plot,
and the README's table against the field from the same output.

    python3 bench/report.py [--quick]

Runs bench/build.py (sitegen against Hugo, 1k to 1M stories), bench/first_view.py (page 1's
bytes at 1k and 1M), bench/reader.py (the three strategies in Chromium, the script's cost at
load, jumps far into a million stories) and bench/fetch.py (a flaky API over HTTP), each as its
own process, and puts each one's printed tables into docs/internals/benchmarks.md between its
`<!-- bench:NAME -->` and `<!-- /bench:NAME -->` markers, so the numbers are exactly what this run
printed; the README's `bench:landing` block is cut from those same tables.
docs/bench-strategies.svg is drawn from the reader run: for each strategy and scrolling speed,
bytes downloaded against the share of time the reader saw loading or stalled rows. --quick uses
smaller sizes and only prints (for trying the script; it leaves the docs, the README and the plot alone).
Needs: a release build (made if missing), hugo, and what the browser tests need: all of it
installed by `bash .ci/install --bench`.
"""
import argparse
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
TABLES = os.path.join(ROOT, "docs", "internals", "benchmarks.md")
README = os.path.join(ROOT, "README.md")
PLOT = os.path.join(ROOT, "docs", "bench-strategies.svg")
COLORS = {"all": "#c0392b", "batch": "#2471a3", "prefetch": "#1e8449"}


def run(name, args):
    print(f"running {name}: {' '.join(args)}", file=sys.stderr)
    out = subprocess.run([sys.executable, os.path.join(ROOT, "bench", name), *args], cwd=ROOT, capture_output=True, text=True)
    sys.stderr.write(out.stderr)
    if out.returncode != 0:
        print(out.stdout)
        sys.exit(f"{name} failed (exit {out.returncode})")
    return out.stdout.strip()


def splice(text, name, table, command):
    block = f"<!-- bench:{name} -->\n{table}\n\n<sub>`{command}`, {datetime.date.today().isoformat()}</sub>\n<!-- /bench:{name} -->"
    pattern = re.compile(rf"<!-- bench:{name} -->.*?<!-- /bench:{name} -->", re.S)
    if not pattern.search(text):
        sys.exit(f"no <!-- bench:{name} --> block to write into")
    return pattern.sub(lambda _: block, text)


def cells(table, first, contains=""):
    """The cells of the table's first row whose first cell is `first` or begins with it and a
    space ("Hugo" for "Hugo v0.111.3+extended (Chroma)"), and that holds `contains`."""
    for line in table.splitlines():
        parts = [c.strip() for c in line.strip().strip("|").split("|")]
        if parts and (parts[0] == first or parts[0].startswith(first + " ")) and contains in line:
            return parts
    return None


def landing(build, blog, search):
    """The README's table against the field: rows cut from the benchmarks' own tables."""
    rows = ["| | sitegen | the field |", "| --- | ---: | ---: |"]
    hundred = cells(build, "100,000")
    if hundred:
        rows.append(f"| 100,000 stories, paginated list (`bench/build.py`) | {hundred[2]}, {hundred[3]} | Hugo: {hundred[5]}, {hundred[6]} |")
    million = cells(build, "1,000,000")
    if million:
        rows.append(f"| 1,000,000 stories, every page (`bench/build.py`) | {million[8]}, {million[9]} | Hugo: not run |")
    sitegen, hugo = cells(blog, "sitegen (every default, highlighted)"), cells(blog, "Hugo", "Chroma")
    if sitegen and hugo:
        rows.append(f"| a code-heavy blog of 20,000 posts, highlighted (`bench/blog.py`) | {sitegen[1]}, {sitegen[2]} | Hugo: {hugo[1]}, {hugo[2]} |")
    rare = cells(search, "100,000", "3 titles") or cells(search, "10,000", "3 titles")
    if rare:
        # The search table's cells are "requests, bytes".
        def query(cell):
            requests, _, size = cell.partition(", ")
            return f"{requests} requests, {size}" if size else cell

        rows.append(
            f"| a rare word's cold query, {rare[0]} stories (`bench/search.py`) | {query(rare[2])} | Pagefind: {query(rare[4])} |")
    return "\n".join(rows)


def plot(reader):
    """An SVG scatter: x = KB downloaded, y = % of frames loading or stalled; one dot a strategy and speed."""
    rows = reader["rows"]
    width, height, left, bottom, top, right = 640, 360, 70, 50, 30, 150
    max_kb = max(r["kb"] for r in rows) * 1.1 or 1
    max_wait = max(100 * (r["loading"] + r["stalled"]) for r in rows) * 1.1 or 1
    x = lambda kb: left + (width - left - right) * kb / max_kb  # noqa: E731
    y = lambda pct: height - bottom - (height - bottom - top) * pct / max_wait  # noqa: E731
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
        f'<text x="{left}" y="18" font-size="14">Waiting against bytes: the three strategies, {rows[0]["speed"]} and {rows[-1]["speed"]} px/s</text>',
        f'<line x1="{left}" y1="{height - bottom}" x2="{width - right}" y2="{height - bottom}" stroke="#333"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{height - bottom}" stroke="#333"/>',
        f'<text x="{(left + width - right) / 2}" y="{height - 12}" text-anchor="middle">KB downloaded while scrolling</text>',
        f'<text x="16" y="{(top + height - bottom) / 2}" text-anchor="middle" transform="rotate(-90 16 {(top + height - bottom) / 2})">% of frames loading or stalled</text>',
    ]
    for i in range(5):
        kb = max_kb * i / 4
        pct = max_wait * i / 4
        parts.append(f'<text x="{x(kb):.0f}" y="{height - bottom + 16}" text-anchor="middle">{kb:.0f}</text>')
        parts.append(f'<text x="{left - 6}" y="{y(pct) + 4:.0f}" text-anchor="end">{pct:.0f}</text>')
    for r in rows:
        cx, cy = x(r["kb"]), y(100 * (r["loading"] + r["stalled"]))
        shape = (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="6" fill="{COLORS[r["strategy"]]}"/>' if r["speed"] == rows[0]["speed"]
                 else f'<rect x="{cx - 6:.1f}" y="{cy - 6:.1f}" width="12" height="12" fill="{COLORS[r["strategy"]]}"/>')
        parts.append(shape)
        parts.append(f'<text x="{cx + 9:.1f}" y="{cy - 8:.1f}" fill="{COLORS[r["strategy"]]}">{r["strategy"]}</text>')
    legend_x = width - right + 20
    for i, (name, color) in enumerate(COLORS.items()):
        parts.append(f'<rect x="{legend_x}" y="{top + 20 * i}" width="12" height="12" fill="{color}"/>')
        parts.append(f'<text x="{legend_x + 18}" y="{top + 20 * i + 11}">{name}</text>')
    parts.append(f'<circle cx="{legend_x + 6}" cy="{top + 76}" r="6" fill="#777"/><text x="{legend_x + 18}" y="{top + 80}">{rows[0]["speed"]} px/s</text>')
    parts.append(f'<rect x="{legend_x}" y="{top + 90}" width="12" height="12" fill="#777"/><text x="{legend_x + 18}" y="{top + 100}">{rows[-1]["speed"]} px/s</text>')
    parts.append(f'<text x="{legend_x}" y="{top + 130}" fill="#555">best: bottom left</text>')
    parts.append("</svg>")
    with open(PLOT, "w") as f:
        f.write("\n".join(parts) + "\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    # Without Hugo the build table would lose its ratio column and the README its headline
    # number; refuse rather than write a table that says less than the last one.
    if not shutil.which("hugo"):
        sys.exit("error: hugo is not installed; `bash .ci/install --bench` installs it (and what the browser runs need)")
    work = tempfile.mkdtemp(prefix="sitegen-report-")
    reader_json = os.path.join(work, "reader.json")
    sizes = ["1000", "10000"] if args.quick else ["1000", "10000", "100000", "1000000"]
    text = open(TABLES, encoding="utf-8").read()
    build = run("build.py", ["--sizes", *sizes])
    text = splice(text, "build", build, "python3 bench/build.py")
    first = run("first_view.py", ["--sizes", sizes[0], sizes[-1]])
    text = splice(text, "first-view", first, "python3 bench/first_view.py")
    reader = run("reader.py", ["--json", reader_json] + (["--quick", "--stories", "2000", "--big", "100000"] if args.quick else []))
    text = splice(text, "reader", reader, "python3 bench/reader.py")
    fetch = run("fetch.py", [])
    text = splice(text, "fetch", fetch, "python3 bench/fetch.py")
    taxonomy = run("taxonomy.py", ["--stories", "10000", "--terms", "500"] if args.quick else [])
    text = splice(text, "taxonomy", taxonomy, "python3 bench/taxonomy.py")
    search = run("search.py", ["--sizes", "10000", "--pagefind-max", "10000"] if args.quick else [])
    text = splice(text, "search", search, "python3 bench/search.py")
    blog = run("blog.py", ["--posts", "2000", "--runs", "1"] if args.quick else [])
    text = splice(text, "blog", blog, "python3 bench/blog.py")
    readme = splice(open(README, encoding="utf-8").read(), "landing", landing(build, blog, search), "python3 bench/report.py")
    if args.quick:
        # Smaller sizes are for trying the script; the docs keep the full run's numbers.
        print("\n\n".join([build, first, reader, fetch, taxonomy, search, blog, readme]))
        print("\n--quick: the docs, README.md and the plot left as they were.")
        return
    with open(reader_json) as f:
        plot(json.load(f))
    with open(TABLES, "w", encoding="utf-8") as f:
        f.write(text)
    with open(README, "w", encoding="utf-8") as f:
        f.write(readme)
    print(f"docs/internals/benchmarks.md, README.md and {os.path.relpath(PLOT, ROOT)} updated.")


if __name__ == "__main__":
    main()
