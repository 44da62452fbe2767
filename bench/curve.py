"""The build's curve: time, peak memory, output bytes and files at 100,000, 1,000,000 and
10,000,000 stories (issue "All of Hacker News on one machine": ten million with every default
on but item pages in at most 1 GiB, and at most 12 times a million's time, on disk).

For each size it generates the stories once (`sitegen generate --seed 1 --format jsonl`, kept
in --data for the next run), builds them into a fresh folder under --dir with GNU time
(`sitegen build --no-item-pages`, every other default on: search, taxonomies, precompression
as configured by default), and counts the output's files and bytes. With --baseline, another
sitegen binary (an earlier commit's release build) builds the same stories right after, up to
--baseline-max stories, for a ratio measured in the same run.

    python3 bench/curve.py [--sizes 100000 1000000 10000000] [--dir DIR] [--data DIR]
        [--sitegen PATH] [--baseline PATH] [--baseline-max N] [--item-pages]

--dir is where the outputs go: on disk (the default, a folder under /var/tmp) to measure what
a user sees, /dev/shm to measure the program. Prints a Markdown table.
"""
import argparse
import os
import shutil
import subprocess
import tempfile

from build import timed  # (wall seconds, peak RSS in KiB) of one run, by GNU time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def weigh(folder):
    """(files, bytes) under folder."""
    files = size = 0
    for parent, _, names in os.walk(folder):
        for name in names:
            files += 1
            size += os.lstat(os.path.join(parent, name)).st_size
    return files, size


def build(sitegen, source, out, item_pages):
    shutil.rmtree(out, ignore_errors=True)
    stamp = os.path.join(os.path.dirname(out), "." + os.path.basename(out) + ".stamp")
    if os.path.exists(stamp):
        os.remove(stamp)
    flags = [] if item_pages else ["--no-item-pages"]
    wall, kib = timed([sitegen, "build", "--source", source, "--output", out, "--quiet", *flags])
    files, size = weigh(out)
    shutil.rmtree(out, ignore_errors=True)
    return wall, kib, files, size


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000, 10_000_000])
    parser.add_argument("--dir", default=None)
    parser.add_argument("--data", default=None)
    parser.add_argument("--sitegen", default=None)
    parser.add_argument("--baseline", default=None)
    parser.add_argument("--baseline-max", type=int, default=1_000_000)
    parser.add_argument("--item-pages", action="store_true")
    args = parser.parse_args()
    sitegen = args.sitegen
    if not sitegen:
        subprocess.run(["swift", "build", "-c", "release", "--product", "sitegen"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        sitegen = os.path.join(ROOT, ".build", "release", "sitegen")
    work = args.dir or tempfile.mkdtemp(prefix="sitegen-curve-", dir="/var/tmp")
    data = args.data or work
    os.makedirs(work, exist_ok=True)
    os.makedirs(data, exist_ok=True)

    rows = []
    for n in args.sizes:
        source = os.path.join(data, f"stories-{n}.jsonl")
        if not os.path.exists(source):
            subprocess.run([sitegen, "generate", "--count", str(n), "--seed", "1", "--format", "jsonl", "--output", source],
                           check=True, stdout=subprocess.DEVNULL)
        out = os.path.join(work, "out")
        rows.append(("sitegen", n, *build(sitegen, source, out, args.item_pages)))
        if args.baseline and n <= args.baseline_max:
            rows.append(("baseline", n, *build(args.baseline, source, out, args.item_pages)))

    first = {name: (n, wall) for name, n, wall, *_ in reversed(rows)}
    print(f"{'every default' if args.item_pages else 'every default but item pages'}; outputs in {work}\n")
    print("| binary | stories | wall | time ÷ the smallest's | stories ÷ the smallest's | peak | output | files |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, n, wall, kib, files, size in rows:
        n0, wall0 = first[name]
        print(f"| {name} | {n:,} | {wall:.1f} s | {wall / wall0:.1f} | {n / n0:g} | {kib / 1024:,.1f} MiB | "
              f"{size / 1e9:.2f} GB | {files:,} |")


if __name__ == "__main__":
    main()
