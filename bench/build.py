"""Build benchmark: `sitegen build` against Hugo on the same stories, in one run.

For each size N it generates the stories deterministically (`sitegen generate --seed 1`): a JSON
array file up to 100,000, a JSON Lines file at 1,000,000. It times `sitegen build --no-item-pages`
(release; Hugo's job: the paginated list, item pages not rendered) with its peak RSS (GNU time),
into a fresh folder under --dir each run, and the full build (item pages too) once. For sizes
up to --hugo-max it writes the same stories as a Hugo site (bench/hugo_site.py: one Markdown file
a story, Hugo's best shot) and times `hugo` building it the same way. sitegen and Hugo take
turns, --runs times each, and each keeps its best time.

    python3 bench/build.py [--sizes 1000 10000 100000 1000000] [--dir /dev/shm/bench] [--json out.json]
        [--baseline OTHER_SITEGEN]

--baseline times another sitegen binary (an earlier commit's release build) on the same
stories, taking turns with this one, and adds its time and the ratio: "no slower than before",
measured in one run.

Use a RAM disk for --dir (the default /dev/shm/sitegen-bench) to measure the programs rather than
the file system. Prints a Markdown table.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def timed(command, cwd=None):
    """(wall seconds, peak RSS in KiB) of one run, by GNU time."""
    out = subprocess.run(["/usr/bin/time", "-f", "%e %M", *command], cwd=cwd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{out.stderr}")
    wall, kib = out.stderr.strip().splitlines()[-1].split()
    return float(wall), int(kib)


def best(runs, command, clean, cwd=None):
    results = []
    for _ in range(runs):
        clean()
        results.append(timed(command, cwd))
    clean()
    return min(results)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10_000, 100_000, 1_000_000])
    parser.add_argument("--dir", default="/dev/shm/sitegen-bench")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hugo-max", type=int, default=100_000)
    parser.add_argument("--json")
    parser.add_argument("--baseline", help="another sitegen binary to time on the same stories, in turns")
    args = parser.parse_args()
    sitegen = os.environ.get("SITEGEN") or os.path.join(ROOT, ".build", "release", "sitegen")
    if not os.environ.get("SITEGEN"):
        subprocess.run(["swift", "build", "-c", "release", "--product", "sitegen"], cwd=ROOT, check=True, capture_output=True)
    hugo = shutil.which("hugo")
    os.makedirs(args.dir, exist_ok=True)
    version = subprocess.run([hugo, "version"], capture_output=True, text=True).stdout.split()[1] if hugo else None
    rows = []
    for n in args.sizes:
        fmt = "jsonl" if n >= 1_000_000 else "json"
        source = os.path.join(args.dir, f"stories-{n}.{fmt}")
        if not os.path.exists(source):
            subprocess.run([sitegen, "generate", "--count", str(n), "--seed", "1", "--format", fmt, "--output", source], check=True, capture_output=True)
        out = os.path.join(args.dir, "out")
        clean = lambda: shutil.rmtree(out, ignore_errors=True)
        build = [sitegen, "build", "--source", source, "--output", out, "--quiet"]
        # Hugo's job: the paginated list, no item pages. sitegen also writes its shards and
        # manifest, which Hugo does not. The full build (item pages for the 15 % of stories
        # with text) is timed too, once.
        list_only = build + ["--no-item-pages"]
        hugo_run = None
        if hugo and n <= args.hugo_max and fmt == "json":
            site = os.path.join(args.dir, f"hugo-{n}")
            if not os.path.exists(site):
                subprocess.run([sys.executable, os.path.join(ROOT, "bench", "hugo_site.py"), source, site], check=True)
            hugo_out = os.path.join(args.dir, "hugo-out")
            hugo_run = lambda: best(1, [hugo, "--quiet", "-d", hugo_out], lambda: shutil.rmtree(hugo_out, ignore_errors=True), cwd=site)  # noqa: E731
        # Where both run, they take turns, the same number of times, and each keeps its best:
        # this machine's speed drifts by half from minute to minute, and a ratio of two
        # timings taken minutes apart measured the drift as much as the programs.
        timings, hugo_timings, baseline_timings = [], [], []
        for run in range(args.runs):
            # The second of two back-to-back builds runs up to 8 % faster (measured: the same
            # binary, either place), so this one and the baseline swap places every run.
            if args.baseline and run % 2:
                baseline_timings.append(best(1, [args.baseline] + list_only[1:], clean))
            timings.append(best(1, list_only, clean))
            if args.baseline and not run % 2:
                baseline_timings.append(best(1, [args.baseline] + list_only[1:], clean))
            if hugo_run:
                hugo_timings.append(hugo_run())
        wall, kib = min(timings)
        full_wall, full_kib = best(1, build, clean)
        row = {"stories": n, "source": "JSON Lines" if fmt == "jsonl" else "JSON array", "wall": wall, "rss_mib": kib / 1024,
               "full_wall": full_wall, "full_rss_mib": full_kib / 1024}
        if baseline_timings:
            bwall, bkib = min(baseline_timings)
            row.update({"baseline_wall": bwall, "baseline_rss_mib": bkib / 1024})
        if hugo_timings:
            hwall, hkib = min(hugo_timings)
            row.update({"hugo_wall": hwall, "hugo_rss_mib": hkib / 1024, "ratio": wall / hwall})
        rows.append(row)
        print(f"  {n:,}: sitegen {wall:.2f} s" + (f", hugo {row['hugo_wall']:.2f} s" if "hugo_wall" in row else ""), file=sys.stderr)
    print(f"| stories | source | sitegen, list only (best of {args.runs}) | peak RSS | per 1k stories | Hugo {version or '(not installed)'} | Hugo peak RSS | sitegen ÷ Hugo | sitegen with item pages | peak RSS |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        hugo_cols = (f"{r['hugo_wall']:.2f} s | {r['hugo_rss_mib']:.0f} MiB | {r['ratio']:.4f}" if "hugo_wall" in r else "not run | | ")
        print(f"| {r['stories']:,} | {r['source']} | {r['wall']:.2f} s | {r['rss_mib']:.0f} MiB | {1000 * r['wall'] / r['stories'] * 1000:.1f} ms | {hugo_cols}"
              f" | {r['full_wall']:.2f} s | {r['full_rss_mib']:.0f} MiB |")
    if args.baseline:
        print()
        print(f"| stories | this sitegen (best of {args.runs}) | peak RSS | baseline {args.baseline} | peak RSS | this ÷ baseline |")
        print("| ---: | ---: | ---: | ---: | ---: | ---: |")
        for r in rows:
            print(f"| {r['stories']:,} | {r['wall']:.2f} s | {r['rss_mib']:.0f} MiB | {r['baseline_wall']:.2f} s | {r['baseline_rss_mib']:.0f} MiB"
                  f" | {r['wall'] / r['baseline_wall']:.3f} |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rows": rows, "hugo": version}, f, indent=1)


if __name__ == "__main__":
    main()
