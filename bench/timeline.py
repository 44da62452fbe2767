"""Where a build's cores go, 25 ms at a time: a `perf` timeline of one command.

    python3 bench/timeline.py [--step 25] [--depth 6] -- sitegen build --source ... --output ...

Records the command with `perf record -F 2000 -g`, then prints one line a step: how many of the
step's samples each thread took (so a step where one thread works alone shows as one core
waiting), and the sitegen frames most samples of that step were under. The frames named are the
innermost ones from sitegen's own modules (not Swift's runtime nor libc), so a line says which
of sitegen's steps the time went to. docs/internals/perf-log.md uses it to find serial stretches.
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

OURS = re.compile(r"Sitegen|sitegen")


def demangled(symbols):
    """Readable names of mangled Swift symbols, by `swift demangle --simplified`, cut to the
    function's name and its type (no arguments)."""
    names = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(symbols),
                           capture_output=True, text=True).stdout.splitlines()
    short = {}
    for sym, name in zip(symbols, names):
        name = re.sub(r"^(closure #\d+ .*? in |partial apply for |specialized |merged )+", "", name)
        short[sym] = name.split("(")[0][:70]
    return short


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--step", type=float, default=25.0, help="milliseconds a line")
    ap.add_argument("--depth", type=int, default=40, help="frames to look through for sitegen's own")
    ap.add_argument("--top", type=int, default=3, help="frames named a line")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.command[1:] if a.command and a.command[0] == "--" else a.command
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "perf.data")
        subprocess.run(["perf", "record", "-q", "-F", "2000", "-g", "-o", data, "--"] + cmd, check=True,
                       stdout=subprocess.DEVNULL)
        out = subprocess.run(["perf", "script", "-i", data, "-F", "tid,time,ip,sym"], check=True,
                             capture_output=True, text=True).stdout
    samples = []  # (time, tid, frame)
    cur = None
    for line in out.splitlines():
        if not line.strip():
            if cur:
                samples.append(cur)
            cur = None
            continue
        if cur is None:
            m = re.match(r"\s*(\d+)\s+([\d.]+):", line)
            if m:
                cur = [float(m.group(2)), int(m.group(1)), None, 0]
            continue
        if cur[2] is None and cur[3] < a.depth:
            cur[3] += 1
            sym = line.strip().split(" ", 1)[-1].split(" (")[0]
            if OURS.search(sym) and "Parallel" not in sym and "BlockingExecutor" not in sym:
                cur[2] = sym
    if cur:
        samples.append(cur)
    if not samples:
        sys.exit("no samples")
    names = demangled(sorted({s[2] for s in samples if s[2]}))
    for s in samples:
        s[2] = names.get(s[2], s[2])
    t0 = min(s[0] for s in samples)
    step = a.step / 1000
    buckets = collections.defaultdict(list)
    for t, tid, frame, _ in samples:
        buckets[int((t - t0) / step)].append((tid, frame or "(runtime, libc, kernel)"))
    per_ms = 2.0  # samples a millisecond of one core at 2000 Hz
    for b in range(max(buckets) + 1):
        got = buckets.get(b, [])
        cores = len(got) / (per_ms * a.step)
        top = collections.Counter(f for _, f in got).most_common(a.top)
        what = "; ".join(f"{f} {n * 100 // max(1, len(got))}%" for f, n in top)
        print(f"{b * a.step:6.0f} ms  {cores:3.1f} cores  {what}")


if __name__ == "__main__":
    main()
