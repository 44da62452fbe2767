"""What a rebuild with new and changed stories costs: its time against a fresh build's, and the
bytes of the files it writes against the whole output's (issue "All of Hacker News on one
machine": 1,000 new stories and 5,000 updated on a million, at most 10 % of the time and 3 % of
the bytes).

Generates N + NEW stories (sitegen generate, JSON Lines), builds the last N into a fresh output
(timed), then builds again with the NEW stories on top and UPDATED of the others changed as a
refresh changes them (score and comments up), and reports:
  - both builds' wall time, and the rebuild's as a share of the fresh build's;
  - the files the rebuild wrote (new, or with another inode, mtime or size) and their bytes,
    against the whole output's, by kind (list pages, shards, manifest, search index, item
    pages, the rest), with their .gz and .br siblings.

Which stories are updated: by default the newest (`--updated-from top`), as on HN, whose scores
and comments move for a day or two after a story is posted and whose archive refreshes those
(docs/guides/archive.md); `--updated-from everywhere` spreads them over the whole list instead, the
worst case for pages.

    python3 bench/rebuild.py [--stories N] [--new NEW] [--updated UPDATED]
        [--updated-from top|everywhere] [--dir DIR] [--sitegen PATH] [-- BUILD FLAGS…]

Uses the release build (swift build -c release --product sitegen) unless --sitegen names one.
Prints a Markdown table. Put --dir on /dev/shm to time the program, on disk to time what a
user sees.
"""
import argparse
import json
import os
import random
import subprocess
import tempfile
import time

from incremental import snapshot  # relative path → (inode, mtime_ns, size) of every file


def kind(path):
    """What a file of the output is, for the table."""
    top = path.split("/", 1)[0]
    if path.startswith("index.html") or top == "page" or (top in ("tags", "categories") and "/page/" in path):
        return "list pages"
    return {"s": "shards", "m": "manifest", "x": "search index", "item": "item pages"}.get(top, "the rest")


def build(sitegen, source, out, flags):
    start = time.monotonic()
    subprocess.run([sitegen, "build", "--source", source, "--output", out, "--quiet", *flags], check=True,
                   stdout=subprocess.DEVNULL)
    return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stories", type=int, default=1_000_000)
    parser.add_argument("--new", type=int, default=1_000)
    parser.add_argument("--updated", type=int, default=5_000)
    parser.add_argument("--updated-from", choices=["top", "everywhere"], default="top")
    parser.add_argument("--dir", default=None)
    parser.add_argument("--sitegen", default=None)
    parser.add_argument("flags", nargs="*", help="more flags for both builds (after --)")
    args = parser.parse_args()
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    sitegen = args.sitegen
    if not sitegen:
        subprocess.run(["swift", "build", "-c", "release", "--product", "sitegen"], cwd=root, check=True,
                       stdout=subprocess.DEVNULL)
        sitegen = os.path.join(root, ".build", "release", "sitegen")
    work = args.dir or tempfile.mkdtemp(prefix="sitegen-rebuild-")
    os.makedirs(work, exist_ok=True)
    n, new = args.stories, args.new
    everything = os.path.join(work, f"all-{n}-{new}.jsonl")
    if not os.path.exists(everything):
        subprocess.run([sitegen, "generate", "--count", str(n + new), "--seed", "1", "--format", "jsonl",
                        "--output", everything], check=True, stdout=subprocess.DEVNULL)
    lines = open(everything, encoding="utf-8").read().splitlines()
    before = os.path.join(work, "before.jsonl")
    with open(before, "w", encoding="utf-8") as f:
        f.write("\n".join(lines[new:]) + "\n")
    # The rebuild's input: the new stories on top, and some of the others with more points and
    # comments, as a refresh finds them.
    picked = range(new, new + args.updated) if args.updated_from == "top" else \
        random.Random(1).sample(range(new, len(lines)), args.updated)
    for i in picked:
        story = json.loads(lines[i])
        story["score"] = story.get("score", 0) + 7
        story["descendants"] = story.get("descendants", 0) + 3
        lines[i] = json.dumps(story, ensure_ascii=False, separators=(",", ":"))
    after = os.path.join(work, "after.jsonl")
    with open(after, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    del lines

    out = os.path.join(work, "out")
    subprocess.run(["rm", "-rf", out, os.path.join(work, ".out.stamp")], check=True)
    fresh = build(sitegen, before, out, args.flags)
    first = snapshot(out)
    again = build(sitegen, after, out, args.flags)
    second = snapshot(out)

    kinds = {}
    for path, stat in second.items():
        k = kinds.setdefault(kind(path), [0, 0, 0, 0])
        k[0] += 1
        k[1] += stat[2]
        if first.get(path) != stat:
            k[2] += 1
            k[3] += stat[2]
    files = sum(k[0] for k in kinds.values())
    size = sum(k[1] for k in kinds.values())
    written = sum(k[2] for k in kinds.values())
    written_bytes = sum(k[3] for k in kinds.values())

    print(f"{n:,} stories, then {new:,} new on top and {args.updated:,} updated ({args.updated_from}); "
          f"flags: {' '.join(args.flags) or '(every default)'}; output in {out}\n")
    print(f"| build | wall |\n| --- | ---: |\n| fresh | {fresh:.2f} s |\n| rebuild | {again:.2f} s |")
    print(f"\nrebuild ÷ fresh build: {again / fresh:.3f}\n")
    print("| kind | files | bytes | files written | bytes written | share of the output's bytes |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name in ["list pages", "shards", "manifest", "search index", "item pages", "the rest"]:
        if name in kinds:
            k = kinds[name]
            print(f"| {name} | {k[0]:,} | {k[1]:,} | {k[2]:,} | {k[3]:,} | {100 * k[3] / size:.2f} % |")
    print(f"| all | {files:,} | {size:,} | {written:,} | {written_bytes:,} | {100 * written_bytes / size:.2f} % |")
    print("\n(files with their .gz and .br siblings; written: new, or another inode, mtime or size)")


if __name__ == "__main__":
    main()
