"""Incremental-rebuild benchmark: what a rebuild rewrites, and what a deploy would upload.

Generates N + 10 stories (default N = 100,000), builds the last N into a fresh output, then:
  1. rebuilds the same input: files rewritten (a new inode or mtime) and time;
  2. builds with the 10 new stories on top (every rank moves): files rewritten, and the share of
     JSON bytes in files that are new (not in the previous output as they are), against all
     JSON in the output and against the current build's JSON alone (previous generations'
     manifest parts left out); the issue asks for at most 3 %; and of the search index alone
     (the files its new root lists), the files and bytes that are new.

    python3 bench/incremental.py [--stories N] [--dir DIR] [--sitegen PATH]

Uses the release build (swift build -c release --product sitegen). Prints a Markdown table.
"""
import argparse
import json
import os
import subprocess
import tempfile
import time


def snapshot(root):
    """relative path → (inode, mtime_ns, size) of every file under root."""
    files = {}
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            st = os.stat(path)
            files[os.path.relpath(path, root)] = (st.st_ino, st.st_mtime_ns, st.st_size)
    return files


def build(sitegen, source, out):
    start = time.monotonic()
    subprocess.run([sitegen, "build", "--source", source, "--output", out, "--quiet"], check=True, stdout=subprocess.DEVNULL)
    return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stories", type=int, default=100_000)
    parser.add_argument("--dir", default=None)
    parser.add_argument("--sitegen", default=None)
    args = parser.parse_args()
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    sitegen = args.sitegen
    if not sitegen:
        subprocess.run(["swift", "build", "-c", "release", "--product", "sitegen"], cwd=root, check=True, stdout=subprocess.DEVNULL)
        sitegen = os.path.join(root, ".build", "release", "sitegen")
    work = args.dir or tempfile.mkdtemp(prefix="sitegen-incremental-")
    os.makedirs(work, exist_ok=True)
    n = args.stories
    full = os.path.join(work, f"full-{n}.json")
    subprocess.run([sitegen, "generate", "--count", str(n + 10), "--seed", "1", "--format", "json", "--output", full],
                   check=True, stdout=subprocess.DEVNULL)
    before = os.path.join(work, f"before-{n}.json")
    json.dump(json.load(open(full))[10:], open(before, "w"))
    out = os.path.join(work, "out")
    subprocess.run(["rm", "-rf", out], check=True)

    rows = []
    seconds = build(sitegen, before, out)
    first = snapshot(out)
    rows.append(("fresh build of %d stories" % n, seconds, len(first), "", ""))

    seconds = build(sitegen, before, out)
    again = snapshot(out)
    rewritten = sum(1 for k, v in again.items() if first.get(k) != v)
    rows.append(("rebuild, unchanged input", seconds, rewritten, "", ""))

    seconds = build(sitegen, full, out)
    after = snapshot(out)
    rewritten = sum(1 for k, v in after.items() if again.get(k) != v)
    json_files = {k: v for k, v in after.items() if k.endswith(".json")}
    total = sum(v[2] for v in json_files.values())
    fresh = sum(v[2] for k, v in json_files.items() if again.get(k) != v)
    current_build = open(os.path.join(out, "m", "builds.txt")).read().split()[0]
    current = sum(v[2] for k, v in json_files.items() if not k.startswith("m/") or k.startswith(f"m/{current_build}/"))
    rows.append(("10 new stories on top", seconds, rewritten,
                 f"{fresh:,} of {total:,} B = {100 * fresh / total:.2f} %",
                 f"{fresh:,} of {current:,} B = {100 * fresh / current:.2f} %"))

    # The search index alone: the files the new root lists (its x/<root>.txt), and which of
    # them the build before did not have as they are (issue 27 asks for at most 3 % of both).
    config = open(os.path.join(out, "search", "index.html")).read()
    root_file = json.loads(config.split('id="sitegen-config">', 1)[1].split("</script>", 1)[0])["root"]
    index = open(os.path.join(out, root_file[:-len(".json")] + ".txt")).read().split()
    new_index = [k for k in index if again.get(k) != after[k]]
    index_bytes = sum(after[k][2] for k in index)
    new_index_bytes = sum(after[k][2] for k in new_index)
    index_row = (f"{len(new_index):,} of {len(index):,} files = {100 * len(new_index) / len(index):.1f} %",
                 f"{new_index_bytes:,} of {index_bytes:,} B = {100 * new_index_bytes / index_bytes:.1f} %")

    print("| step | wall | files rewritten | new JSON bytes / all JSON | / this build's JSON |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for step, wall, files, share, share_current in rows:
        print(f"| {step} | {wall:.2f} s | {files:,} | {share} | {share_current} |")
    print(f"\nunchanged rebuild ÷ fresh build: {rows[1][1] / rows[0][1]:.2f}")
    print(f"\nsearch index, 10 new stories on top: {index_row[0]} new, {index_row[1]}")
    print(f"\n(files counted with their .gz and .br siblings; output in {out}, on the disk that holds it)")


if __name__ == "__main__":
    main()
