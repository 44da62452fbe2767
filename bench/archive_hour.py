"""What one hour of Hacker News costs the archive's build (issue "A change costs what it
changed": at most 5 % of a fresh build's time and 3 % of the output's bytes, the output byte
for byte a fresh build's of the same store).

Makes an archive's store of --stories HN-shaped stories with about --comments comments
(`sitegen generate --format hn --threads`, written into the store as the walk writes them:
docs/guides/archive.md, "The store"), builds it fresh (`--list all --offline`, every default
on: item pages, threads, search), then makes an hour of HN in the store, as a refresh would
have fetched it:

  - --new stories (60) above the newest, each with 0 to 3 comments;
  - --updated stories (1,500), the newest (HN's scores and comments move for a day or two): a
    higher score, every tenth a new title, 1 to 3 new comments each (under the story or one of
    its comments, whose `kids` then name them: a parent's bytes change too);
  - --killed stories (5) turned dead;

and each item's `change` and the store's count of changes moved as `ArchiveStore.put` moves
them. It does that twice, rebuilding over the output after each (timed): the first refresh
keeps what the fresh build recorded, the second what a refresh recorded (a build before
2026-12-07's last recorded no thread pages in a fresh build, so its first refresh made every
page). Then it builds
the same store fresh into another folder (timed), and reports the times, the shares, the files
and bytes the second refresh wrote against the output's, and the peak memory of each (GNU
time). With --check, the two outputs are compared file by file.

The fetch is not here: the builds are `--offline`, reading the store alone (the issue asks for
the build's time with the fetch's apart; bench/fetch.py times fetching).

    python3 bench/archive_hour.py [--stories 50000] [--comments 500000] [--dir /dev/shm/sitegen-hour]
        [--check] [--sitegen PATH] [-- BUILD FLAGS...]

Prints a Markdown table. Put --dir on /dev/shm to time the program, on disk to time what a
user sees. Uses $SITEGEN, else .build/release/sitegen.
"""
import argparse
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from blog_edit import differences  # noqa: E402
from incremental import snapshot  # noqa: E402

SCHEMA = """
CREATE TABLE item (
    id INTEGER PRIMARY KEY, kind TEXT NOT NULL, time INTEGER, gone INTEGER NOT NULL,
    json BLOB NOT NULL, fetched INTEGER NOT NULL, parent INTEGER, change INTEGER NOT NULL DEFAULT 0);
CREATE INDEX item_listed ON item (kind, gone, id);
CREATE INDEX item_time ON item (kind, time);
CREATE INDEX item_parent ON item (parent) WHERE parent IS NOT NULL;
CREATE INDEX item_change ON item (change);
CREATE TABLE walk (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE thread (story INTEGER PRIMARY KEY, descendants INTEGER NOT NULL, kids TEXT NOT NULL,
    change INTEGER NOT NULL DEFAULT 0);
PRAGMA application_id = 1936290919;
PRAGMA user_version = 3;
"""


def encoded(item):
    return json.dumps(item, separators=(",", ":")).encode()


def row(item, now, change):
    return (item["id"], item.get("type", "story"), item.get("time"), int(bool(item.get("dead") or item.get("deleted"))),
            encoded(item), now, item.get("parent"), change)


def make_store(sitegen, folder, store, stories, comments):
    """The generated folder's items, in a store as the walk leaves it."""
    if not os.path.isdir(folder):
        subprocess.run([sitegen, "generate", "--count", str(stories), "--format", "hn", "--threads", "--comments",
                        str(comments), "--seed", "1", "--output", folder], check=True, stdout=subprocess.DEVNULL)
    if os.path.exists(store):
        os.remove(store)
    db = sqlite3.connect(store)
    db.executescript(SCHEMA)
    now = int(time.time())
    items = os.path.join(folder, "item")
    rows = []
    for name in os.listdir(items):
        with open(os.path.join(items, name), "rb") as f:
            rows.append(row(json.load(f), now, 1))
    db.executemany("INSERT INTO item VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
    ids = [r[0] for r in rows]
    db.executemany("INSERT INTO walk VALUES (?, ?)", [("low", min(ids)), ("done", max(ids)), ("changes", len(rows))])
    db.commit()
    db.close()
    return len([r for r in rows if r[1] == "story"]), len([r for r in rows if r[1] == "comment"])


def an_hour(store, new, updated, killed, seed):
    """An hour of HN, into the store: returns how many items came in with new bytes."""
    rng = random.Random(seed)
    db = sqlite3.connect(store)
    now = int(time.time())
    top = db.execute("SELECT max(id) FROM item").fetchone()[0]
    newest = [r[0] for r in db.execute(
        "SELECT id FROM item WHERE kind = 'story' AND gone = 0 ORDER BY id DESC LIMIT ?", (updated + killed,))]
    changed = {}

    def load(id):
        if id not in changed:
            changed[id] = json.loads(db.execute("SELECT json FROM item WHERE id = ?", (id,)).fetchone()[0])
        return changed[id]

    next_id = top + 1

    def comment(story, parent):
        nonlocal next_id
        item = {"by": f"user{rng.randrange(5000)}", "id": next_id, "parent": parent,
                "text": f"A new reply, {rng.randrange(10**6)}: the numbers moved again.", "time": now, "type": "comment"}
        next_id += 1
        changed[item["id"]] = item
        load(parent).setdefault("kids", []).insert(0, item["id"])
        load(story)["descendants"] = load(story).get("descendants", 0) + 1

    for story in newest[:updated]:
        item = load(story)
        item["score"] = item.get("score", 1) + rng.randrange(1, 40)
        if rng.random() < 0.1:
            item["title"] = item.get("title", "") + " (updated)"
        replies = [r[0] for r in db.execute("SELECT id FROM item WHERE parent = ? LIMIT 20", (story,))]
        for _ in range(rng.randrange(1, 4)):
            comment(story, rng.choice([story] + replies))
    for story in newest[updated:updated + killed]:
        load(story)["dead"] = True
    for _ in range(new):
        story = {"by": f"user{rng.randrange(5000)}", "descendants": 0, "id": next_id, "score": 1, "time": now,
                 "title": f"A story new this hour, number {next_id}", "type": "story",
                 "url": f"https://example.com/new/{next_id}"}
        next_id += 1
        changed[story["id"]] = story
        for _ in range(rng.randrange(0, 4)):
            comment(story["id"], story["id"])
    change = db.execute("SELECT value FROM walk WHERE key = 'changes'").fetchone()[0] + 1
    db.executemany("INSERT OR REPLACE INTO item VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                   [row(item, now, change) for item in changed.values()])
    db.execute("UPDATE walk SET value = value + ? WHERE key = 'changes'", (len(changed),))
    db.execute("UPDATE walk SET value = ? WHERE key = 'done'", (next_id - 1,))
    db.commit()
    db.close()
    return len(changed)


def build(sitegen, store, output, flags):
    """Wall time, peak RSS in MiB, and the summary's last line."""
    started = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-f", "%M", sitegen, "build", "--source", "http://127.0.0.1:9/v0",
                           "--list", "all", "--offline", "--store", store, "--output", output, *flags],
                          check=True, capture_output=True, text=True)
    wall = time.perf_counter() - started
    peak = int(done.stderr.strip().splitlines()[-1]) / 1024
    return wall, peak, done.stdout.strip().splitlines()[-1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stories", type=int, default=50_000)
    parser.add_argument("--comments", type=int, default=500_000)
    parser.add_argument("--new", type=int, default=60)
    parser.add_argument("--updated", type=int, default=1_500)
    parser.add_argument("--killed", type=int, default=5)
    parser.add_argument("--dir", default="/dev/shm/sitegen-hour")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--sitegen", default=os.environ.get("SITEGEN", os.path.join(HERE, "..", ".build/release/sitegen")))
    parser.add_argument("flags", nargs="*", help="more flags for every build (after --)")
    args = parser.parse_args()

    os.makedirs(args.dir, exist_ok=True)
    folder = os.path.join(args.dir, f"hn-{args.stories}-{args.comments}")
    store = os.path.join(args.dir, "archive.sqlite")
    out, fresh = os.path.join(args.dir, "out"), os.path.join(args.dir, "fresh")
    for path in (out, fresh):
        shutil.rmtree(path, ignore_errors=True)
    stories, comments = make_store(args.sitegen, folder, store, args.stories, args.comments)
    first, first_peak, _ = build(args.sitegen, store, out, args.flags)
    an_hour(store, args.new, args.updated, args.killed, seed=4)
    warm, warm_peak, _ = build(args.sitegen, store, out, args.flags)
    before = snapshot(out)
    came = an_hour(store, args.new, args.updated, args.killed, seed=5)
    hour, hour_peak, summary = build(args.sitegen, store, out, args.flags)
    after = snapshot(out)
    again, again_peak, _ = build(args.sitegen, store, fresh, args.flags)

    written = [k for k, v in after.items() if before.get(k) != v]
    out_bytes = sum(v[2] for v in after.values())
    written_bytes = sum(after[k][2] for k in written)
    print(f"{stories:,} stories, {comments:,} comments in the store; an hour: {args.new} new, {args.updated:,} "
          f"updated, {args.killed} killed ({came:,} items with new bytes in the second); {args.dir}\n")
    print("| build | time | of fresh | peak |")
    print("| --- | ---: | ---: | ---: |")
    print(f"| fresh (before the hours) | {first:.2f} s | | {first_peak:.0f} MiB |")
    print(f"| the first hour after it, over the output | {warm:.2f} s | {100 * warm / again:.1f} % | {warm_peak:.0f} MiB |")
    print(f"| the next hour, over the output | {hour:.2f} s | {100 * hour / again:.1f} % | {hour_peak:.0f} MiB |")
    print(f"| fresh (after the hours) | {again:.2f} s | 100 % | {again_peak:.0f} MiB |")
    print(f"\nWritten by the next hour's build: {len(written):,} of {len(after):,} files "
          f"({100 * len(written) / len(after):.1f} %), {written_bytes:,} of {out_bytes:,} B "
          f"({100 * written_bytes / out_bytes:.1f} %)")
    print(f"Its summary: {summary}")
    if args.check:
        found = differences(out, fresh)
        print(f"\nCompared with the fresh build: {'the same' if not found else f'{len(found)} differences'}")
        for line in found[:20]:
            print(f"  {line}")
        if found:
            sys.exit(1)


if __name__ == "__main__":
    main()
