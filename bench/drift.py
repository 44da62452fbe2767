"""Never drift, the long run: a thousand random changes to a site, each built over the last
build's output and afresh, the two outputs compared file by file.

    python3 bench/drift.py [--steps 1000] [--seed 1] [--dir /dev/shm/sitegen-drift]

Two sites take turns, a step each: a Markdown folder (posts edited, retitled, redated,
retagged, added, deleted, renamed, made drafts; page size, search, taxonomies and the base URL
changed) and a JSON array of HN stories (new on top, changed, killed, removed, moved, given
text; page size, search and item pages changed). `keep_generations` is 0, so the rebuild's
output must be the fresh build's exactly (the stamp and changed list live beside it). The Swift
suite's `DriftTests` run the same kinds of changes, a few dozen steps, in CI.

Exits 1 at the first difference, printing the seed, the step, the changes so far and the
differing files. Uses $SITEGEN, else .build/release/sitegen.
"""
import argparse
import filecmp
import json
import os
import random
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, ".."))
SITEGEN = os.environ.get("SITEGEN") or os.path.join(ROOT, ".build", "release", "sitegen")

PARAGRAPHS = [
    "See [the other post]({other}) and [its usage]({other}#usage).",
    "```swift\nlet doubled = [1, 2, 3].map { $0 * 2 }\n```",
    "```python\ndef square(x):\n    return x ** 2\n```",
    "Upgrade to 1.88.0 before 2.0.0-beta.1 lands.",
    "中文段落：搜索应该找到这些词。",
    "한국어 문단입니다.",
    "فقرة باللغة العربية للبحث.",
    "A claim.[^1]\n\n[^1]: The source.",
    "<details><summary>More</summary><p>Hidden.</p></details>",
    "# Section of its own\n\nWords under it.",
    "## Usage\n\nRun `sitegen build`.",
]
TAGS = ["swift", "web", "Rust", "검색", "中文", "perf"]


def differences(a, b):
    """Files only in one tree, and files in both whose bytes differ."""
    found = []
    walk = filecmp.dircmp(a, b)
    stack = [("", walk)]
    while stack:
        prefix, d = stack.pop()
        found += [f"only in one: {prefix}{n}" for n in d.left_only + d.right_only]
        for name in d.common_files:
            if not filecmp.cmp(os.path.join(d.left, name), os.path.join(d.right, name), shallow=False):
                found.append(f"differs: {prefix}{name}")
        stack += [(f"{prefix}{n}/", sub) for n, sub in d.subdirs.items()]
    return found


def build(source, output, settings):
    args = [SITEGEN, "build", "--source", source, "--output", output, "--quiet", "--keep-generations", "0"]
    args += [f"--page-size={settings['page_size']}"]
    args += [f"--base-url={settings.get('base_url', '/')}"]
    for flag in ("search", "taxonomies", "item_pages"):
        if flag in settings:
            args.append(("--" if settings[flag] else "--no-") + flag.replace("_", "-"))
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)


class MarkdownSite:
    def __init__(self, rng, folder):
        self.rng, self.folder, self.next = rng, folder, 0
        self.posts = {}
        self.settings = {"page_size": 3, "search": True, "taxonomies": True, "base_url": "/"}
        for _ in range(10):
            self.posts[self.new_name()] = self.post(f"Post {self.next}", self.next)

    def new_name(self):
        self.next += 1
        return f"notes/Note {self.next}.md" if self.next % 3 == 0 else f"posts/Post-{self.next}.md"

    def body(self):
        names = [os.path.basename(n) for n in self.posts] or ["Missing.md"]
        return "\n\n".join(self.rng.choice(PARAGRAPHS).replace("{other}", self.rng.choice(names))
                             for _ in range(self.rng.randint(1, 4)))

    def post(self, title, day):
        return {"title": title, "day": day, "tags": [t for t in TAGS if self.rng.random() < 0.25],
                "body": self.body(), "draft": False}

    def change(self, step):
        rng, name = self.rng, self.rng.choice(sorted(self.posts))
        kind = rng.randrange(9)
        if kind == 0:
            self.posts[name]["body"] = self.body()
            return f"edited {name}"
        if kind == 1:
            self.posts[name]["title"] = f"Retitled {step}: 한국어"
            return f"retitled {name}"
        if kind == 2:
            self.posts[name]["day"] = rng.randrange(60)
            return f"redated {name}"
        if kind == 3:
            self.posts[name]["tags"] = [t for t in TAGS if rng.random() < 0.25]
            return f"retagged {name}"
        if kind == 4:
            added = self.new_name()
            self.posts[added] = self.post(f"Added {step}", 60 + step % 300)
            return f"added {added}"
        if kind == 5 and len(self.posts) > 3:
            del self.posts[name]
            return f"deleted {name}"
        if kind == 6:
            renamed = self.new_name()
            self.posts[renamed] = self.posts.pop(name)
            return f"renamed {name} to {renamed}"
        if kind == 7:
            self.posts[name]["draft"] = not self.posts[name]["draft"]
            return f"drafted {name}: {self.posts[name]['draft']}"
        key = rng.choice(["page_size", "search", "taxonomies", "base_url"])
        self.settings[key] = {"page_size": rng.choice([2, 3, 5]), "search": not self.settings["search"],
                              "taxonomies": not self.settings["taxonomies"],
                              "base_url": "/blog/" if self.settings["base_url"] == "/" else "/"}[key]
        return f"set {key} {self.settings[key]}"

    def write(self):
        source = os.path.join(self.folder, "site")
        shutil.rmtree(source, ignore_errors=True)
        for name, p in self.posts.items():
            path = os.path.join(source, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            day = 1_700_000_000 + p["day"] * 86_400
            lines = ["---", f'title: "{p["title"]}"', "date: " + time.strftime("%Y-%m-%d", time.gmtime(day))]
            if p["tags"]:
                lines.append("tags: [" + ", ".join(p["tags"]) + "]")
            if p["draft"]:
                lines.append("draft: true")
            with open(path, "w") as f:
                f.write("\n".join(lines + ["---", p["body"]]) + "\n")
        return source


class StoryList:
    def __init__(self, rng, folder):
        self.rng, self.folder = rng, folder
        self.items = self.generated(400, seed=rng.randrange(1 << 30))
        self.unused = [dict(i, id=i["id"] + 50_000_000) for i in self.generated(400, seed=rng.randrange(1 << 30))]
        self.settings = {"page_size": 7, "search": True, "item_pages": True}

    def generated(self, count, seed):
        path = os.path.join(self.folder, "generated.json")
        subprocess.run([SITEGEN, "generate", "--count", str(count), "--seed", str(seed), "--format", "json",
                        "--output", path], check=True, stdout=subprocess.DEVNULL)
        with open(path) as f:
            return json.load(f)

    def change(self, step):
        rng, items = self.rng, self.items
        k = rng.randrange(len(items))
        kind = rng.randrange(7)
        if kind == 0 and self.unused:
            n = rng.randint(1, 20)
            items[:0], self.unused = self.unused[:n], self.unused[n:]
            return f"{n} new"
        if kind == 1:
            items[k]["score"] = rng.randrange(900)
            items[k]["title"] = f"{items[k].get('title', '')} (updated {step})"
            return f"changed {items[k]['id']}"
        if kind == 2:
            items[k]["dead"] = True
            return f"killed {items[k]['id']}"
        if kind == 3 and len(items) > 10:
            return f"removed {items.pop(k)['id']}"
        if kind == 4:
            j = rng.randrange(len(items))
            items[k], items[j] = items[j], items[k]
            return f"moved {items[k]['id']}"
        if kind == 5:
            items[k]["text"] = "Now with text: 1.88.0, 中文, <i>html</i>."
            return f"gave {items[k]['id']} text"
        key = rng.choice(["page_size", "search", "item_pages"])
        self.settings[key] = rng.choice([5, 7, 30]) if key == "page_size" else not self.settings[key]
        return f"set {key} {self.settings[key]}"

    def write(self):
        path = os.path.join(self.folder, "stories.json")
        with open(path, "w") as f:
            json.dump(self.items, f, sort_keys=True)
        return path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", default="/dev/shm/sitegen-drift")
    a = parser.parse_args()
    shutil.rmtree(a.dir, ignore_errors=True)
    rng = random.Random(a.seed)
    sites = []
    for name, kind in (("markdown", MarkdownSite), ("stories", StoryList)):
        folder = os.path.join(a.dir, name)
        os.makedirs(folder)
        sites.append((name, kind(rng, folder), folder, []))
    for step in range(a.steps):
        name, site, folder, log = sites[step % 2]
        log.append(site.change(step))
        source = site.write()
        out, fresh = os.path.join(folder, "out"), os.path.join(folder, "fresh")
        build(source, out, site.settings)
        shutil.rmtree(fresh, ignore_errors=True)
        build(source, fresh, site.settings)
        found = differences(out, fresh)
        if found:
            print(f"drift: seed {a.seed}, step {step}, the {name} site after: {'; '.join(log[-10:])}")
            print("\n".join(found[:10]))
            sys.exit(1)
        if (step + 1) % 100 == 0:
            print(f"{step + 1} steps, no drift", flush=True)
    shutil.rmtree(a.dir, ignore_errors=True)
    print(f"{a.steps} steps (seed {a.seed}): every rebuild was its fresh build, byte for byte")


if __name__ == "__main__":
    main()
