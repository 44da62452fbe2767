"""`sitegen serve` under load: requests a second and the 99th percentile's latency, for two
sitegen binaries in turn (interleaved rounds), against the same built sample.

Each binary runs `sitegen serve` (live reload on, as a user runs it) in a folder of its own,
which builds the embedded sample into Public/. wrk (Debian's; `bash .ci/install --bench`)
then asks, over --connections connections from one thread, for --files files of that output
picked at random (seeded): pages, shards, manifests, thread files, stylesheets and scripts,
each with `Accept-Encoding: gzip`, as a browser sends it. Both run on this machine, so the
numbers are the server's share of two cores, not a host's.

    python3 bench/serve.py --base /path/to/old/sitegen [--new .build/release/sitegen]
                           [--rounds 3] [--seconds 10] [--connections 16] [--files 300]
"""
import argparse
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(binary, folder):
    """`sitegen serve` in `folder`; returns (process, port) once it says it is serving."""
    port = free_port()
    process = subprocess.Popen(
        [binary, "serve", "--port", str(port), "--quiet"], cwd=folder,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            raise SystemExit(f"{binary} serve ended: {process.stderr.read()}")
        if re.search(r"Serving http://127\.0\.0\.1:\d+/", line):
            return process, port
    raise SystemExit("serve never said it was serving")


def stop(process):
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()


def paths(public, count, seed=7):
    """`count` URLs of files under `public`, picked at random; a page by its folder's URL."""
    files = []
    for folder, _, names in os.walk(public):
        for name in names:
            if name.endswith((".gz", ".br")):
                continue
            relative = os.path.relpath(os.path.join(folder, name), public)
            files.append("/" + (relative[: -len("index.html")] if relative.endswith("index.html") else relative))
    files.sort()
    random.Random(seed).shuffle(files)
    return files[:count]


def load(port, urls, seconds, connections, work):
    """wrk's requests a second and 99th percentile (ms) over `urls` in turn."""
    script = os.path.join(work, "paths.lua")
    with open(script, "w") as f:
        f.write("paths = {" + ",".join('"%s"' % u for u in urls) + "}\n")
        f.write("i = 0\nrequest = function()\n  i = i % #paths + 1\n")
        f.write('  return wrk.format("GET", paths[i], {["Accept-Encoding"] = "gzip"})\nend\n')
    out = subprocess.run(
        ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency", "-s", script, f"http://127.0.0.1:{port}"],
        capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    value, unit = re.search(r"\s99%\s+([\d.]+)(us|ms|s)\b", out).groups()
    p99 = float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if errors:
        raise SystemExit(f"wrk saw {errors.group(1)} failed responses:\n{out}")
    return rps, p99


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True, help="the sitegen to compare against")
    parser.add_argument("--new", default=os.path.join(ROOT, ".build", "release", "sitegen"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--files", type=int, default=300)
    args = parser.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("wrk is not installed: bash .ci/install --bench")
    binaries = {"base": os.path.abspath(args.base), "new": os.path.abspath(args.new)}
    results = {name: [] for name in binaries}
    with tempfile.TemporaryDirectory(prefix="sitegen-serve-bench-", dir="/dev/shm") as work:
        for rnd in range(args.rounds):
            for name, binary in binaries.items():
                folder = os.path.join(work, f"{name}-{rnd}")
                os.makedirs(folder)
                process, port = start(binary, folder)
                try:
                    urls = paths(os.path.join(folder, "Public"), args.files)
                    load(port, urls, 2, args.connections, work)  # warm: every file prepared once
                    rps, p99 = load(port, urls, args.seconds, args.connections, work)
                finally:
                    stop(process)
                shutil.rmtree(folder)
                results[name].append((rps, p99))
                print(f"round {rnd + 1} {name}: {rps:,.0f} requests/s, p99 {p99:.2f} ms", flush=True)
    med = {name: (sorted(r[0] for r in rs)[len(rs) // 2], sorted(r[1] for r in rs)[len(rs) // 2])
           for name, rs in results.items()}
    print(f"\n| | requests/s | p99 |\n| --- | ---: | ---: |")
    for name, (rps, p99) in med.items():
        print(f"| {name} | {rps:,.0f} | {p99:.2f} ms |")
    print(f"\nnew / base: {med['new'][0] / med['base'][0]:.2f}× the requests a second, "
          f"p99 {med['new'][1] / med['base'][1]:.2f}× (medians of {args.rounds} interleaved rounds, "
          f"{args.seconds} s each, {args.connections} connections, {args.files} files)")


if __name__ == "__main__":
    main()
