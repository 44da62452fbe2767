"""Taxonomy benchmark: what tags and categories cost a build, in one run.

Writes a Markdown folder of N stories (default 100,000) whose tags follow a Zipf law over T
terms (default 5,000; a story has one to five, three on average, the first terms in many
stories and most in a few, as real tags are) and one of 20 categories, deterministically
(seed 1). Then times `sitegen build` of it with its term lists (the default) and with
`--no-taxonomies`, taking turns, --runs times each, best of each, with peak RSS (GNU time) and the
files each output holds. The ratio is the cost of the term lists: the issue's bar is that they
must not multiply the build's time.

    python3 bench/taxonomy.py [--stories 100000] [--terms 5000] [--runs 5] [--dir /dev/shm/sitegen-taxonomy]
        [--sitegen .build/release/sitegen (or $SITEGEN)] [--json out.json]

Use a RAM disk for --dir (the default) to measure the program rather than the file system.
Prints a Markdown table.
"""
import argparse
import bisect
import itertools
import json
import os
import random
import shutil
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def write_folder(folder, stories, terms, seed=1):
    """The Markdown folder; returns how many stories each term has."""
    rng = random.Random(seed)
    cumulative = list(itertools.accumulate(1 / k for k in range(1, terms + 1)))
    categories = [f"Category {c}" for c in range(20)]
    category_weights = list(itertools.accumulate(1 / k for k in range(1, 21)))
    counts = [0] * terms
    os.makedirs(folder)
    for n in range(stories):
        chosen = set()
        for _ in range(rng.randint(1, 5)):
            chosen.add(bisect.bisect_left(cumulative, rng.random() * cumulative[-1]))
        for t in chosen:
            counts[t] += 1
        category = categories[bisect.bisect_left(category_weights, rng.random() * category_weights[-1])]
        tags = ", ".join(f"term-{t}" for t in sorted(chosen))
        seconds = 1_600_000_000 + n * 97
        with open(os.path.join(folder, f"post-{n}.md"), "w") as f:
            f.write(
                f"---\ntitle: Story number {n}\ndate: {seconds_to_iso(seconds)}\ntags: [{tags}]\n"
                f"categories: [{category}]\n---\nThe body of story {n}.\n"
            )
    return counts


def seconds_to_iso(seconds):
    import datetime

    return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def timed(command):
    out = subprocess.run(["/usr/bin/time", "-f", "%e %M", *command], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{out.stderr}")
    wall, kib = out.stderr.strip().splitlines()[-1].split()
    return float(wall), int(kib), out.stdout.strip()


def count_files(folder):
    return sum(len(files) for _, _, files in os.walk(folder))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stories", type=int, default=100_000)
    parser.add_argument("--terms", type=int, default=5_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dir", default="/dev/shm/sitegen-taxonomy")
    parser.add_argument("--sitegen", default=os.environ.get("SITEGEN") or os.path.join(ROOT, ".build", "release", "sitegen"))
    parser.add_argument("--json")
    args = parser.parse_args()

    # The default binary is built first, as bench/build.py does, so the numbers are this tree's.
    if args.sitegen == parser.get_default("sitegen") and not os.environ.get("SITEGEN"):
        subprocess.run(["swift", "build", "-c", "release", "--product", "sitegen"], cwd=ROOT, check=True, capture_output=True)
    shutil.rmtree(args.dir, ignore_errors=True)
    content = os.path.join(args.dir, "content")
    counts = write_folder(content, args.stories, args.terms)
    used = [c for c in counts if c]
    print(
        f"{args.stories:,} stories, {len(used):,} tags used of {args.terms:,} (largest {max(used):,} stories, "
        f"median {sorted(used)[len(used) // 2]}), 20 categories",
        file=sys.stderr,
    )
    variants = {"without": ["--no-taxonomies"], "with": []}
    results = {name: [] for name in variants}
    files, summaries = {}, {}
    for run in range(args.runs):
        # Turns swap every run: the second of two back-to-back builds runs faster.
        for name in (["without", "with"] if run % 2 == 0 else ["with", "without"]):
            out = os.path.join(args.dir, f"out-{name}")
            shutil.rmtree(out, ignore_errors=True)
            wall, kib, summary = timed([args.sitegen, "build", "--source", content, "--output", out, *variants[name]])
            results[name].append((wall, kib))
            files[name] = count_files(out)
            summaries[name] = summary
            shutil.rmtree(out, ignore_errors=True)
    best = {name: min(runs) for name, runs in results.items()}
    ratio = best["with"][0] / best["without"][0]
    print(f"| build of {args.stories:,} Markdown stories, into {args.dir} | time (best of {args.runs}) | peak RSS | files |")
    print("| --- | ---: | ---: | ---: |")
    for name, label in [("without", "--no-taxonomies"), ("with", f"with {len(used):,} tags and 20 categories")]:
        wall, kib = best[name]
        print(f"| {label} | {wall:.2f} s | {kib // 1024} MiB | {files[name]:,} |")
    print(f"\nratio with / without: {ratio:.2f}")
    for name in variants:
        print(f"{name}: {summaries[name]}", file=sys.stderr)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"best": best, "ratio": ratio, "files": files, "runs": results}, f, indent=1)
    shutil.rmtree(args.dir, ignore_errors=True)


if __name__ == "__main__":
    main()
