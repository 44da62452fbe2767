"""What an author's change costs on a big Markdown blog: one post's body edited, one post added,
a setting changed, each rebuilt over the last build's output, against a fresh build's time
(issue "A change costs what it changed": an edit and an addition at most 5 % of a fresh build,
an edit at most 1 s; a setting changed is a fresh build, said in the summary).

Writes bench/blog.py's posts (real text and code), builds them fresh (best of --fresh runs),
then, in order: appends a paragraph to one post in the middle and rebuilds, to another and
rebuilds (the first rebuild parses every post; the second takes the parses it kept), adds a
post and rebuilds, changes the site's title and rebuilds. With --check, each rebuild's output
is compared, file by file, with a fresh build of the same input: every file of it, the same
bytes (beyond them the rebuild keeps the previous generations' shards, parts and index
files, and its m/builds.txt names them).

    python3 bench/blog_edit.py [--posts 20000] [--dir /dev/shm/sitegen-blog-edit] [--fresh 2]
        [--check] [--sitegen PATH]

Prints a Markdown table. Put --dir on /dev/shm to time the program, on disk to time what a
user sees. Uses $SITEGEN, else .build/release/sitegen.
"""
import argparse
import filecmp
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from blog import write_blog  # noqa: E402


def build(sitegen, source, output, *flags):
    started = time.perf_counter()
    done = subprocess.run([sitegen, "build", "--source", source, "--output", output, *flags],
                          check=True, capture_output=True, text=True)
    return time.perf_counter() - started, done.stdout.strip().splitlines()[-1]


def differences(rebuilt, fresh):
    """Files of the fresh build missing from the rebuild or with other bytes there. The rebuild
    may hold more: the files of the previous generations it keeps (--keep-generations), each
    named by its content or in a build's folder, under m/, s/, x/ or c/ (threads)."""
    found = []
    comparison = filecmp.dircmp(rebuilt, fresh)
    stack = [("", comparison)]
    while stack:
        prefix, c = stack.pop()
        found += [f"missing: {prefix}{name}" for name in c.right_only]
        found += [f"extra: {prefix}{name}" for name in c.left_only if prefix.split("/")[0] not in ("m", "s", "x", "c")
                  and not (prefix == "" and name in ("m", "s", "x", "c"))]
        _, mismatch, errors = filecmp.cmpfiles(os.path.join(rebuilt, prefix), os.path.join(fresh, prefix), c.common_files,
                                               shallow=False)
        # m/builds.txt lists the generations kept: the rebuild's names the previous one too.
        found += [f"differs: {prefix}{name}" for name in mismatch + errors if prefix + name != "m/builds.txt"]
        stack += [(f"{prefix}{name}/", sub) for name, sub in c.subdirs.items()]
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--posts", type=int, default=20000)
    parser.add_argument("--dir", default="/dev/shm/sitegen-blog-edit")
    parser.add_argument("--fresh", type=int, default=2, help="fresh builds, the best of them counts")
    parser.add_argument("--check", action="store_true", help="compare each rebuild with a fresh build")
    parser.add_argument("--sitegen", default=os.environ.get("SITEGEN", os.path.join(HERE, "..", ".build", "release", "sitegen")))
    args = parser.parse_args()
    shutil.rmtree(args.dir, ignore_errors=True)
    site = os.path.join(args.dir, "blog")
    write_blog(site, args.posts)
    content, out = os.path.join(site, "content"), os.path.join(args.dir, "out")
    posts = sorted(os.path.join(root, name) for root, _, names in os.walk(content) for name in names if name.endswith(".md"))
    fresh = []
    for _ in range(args.fresh):
        shutil.rmtree(out, ignore_errors=True)
        fresh.append(build(args.sitegen, content, out)[0])
    base = min(fresh)
    rows = [("fresh build", base, "")]

    def step(name, flags=()):
        took, summary = build(args.sitegen, content, out, *flags)
        rows.append((name, took, summary))
        if args.check:
            check = os.path.join(args.dir, "check")
            shutil.rmtree(check, ignore_errors=True)
            build(args.sitegen, content, check, *flags)
            found = differences(out, check)
            if found:
                sys.exit(f"{name}: the rebuild differs from a fresh build: {found[:5]}")

    # The first rebuild after a fresh build parses every post (a fresh build keeps no parses,
    # KeptParses); the edits after it take theirs.
    for n, edited in enumerate([posts[len(posts) // 2], posts[len(posts) // 3]]):
        with open(edited, "a") as f:
            f.write("\nOne more paragraph, with `code` and a [link](https://example.com/).\n")
        step("one post's body edited" + (" (the first rebuild)" if n == 0 else ", again"))
    with open(os.path.join(os.path.dirname(edited), "a-new-post.md"), "w") as f:
        f.write("---\ntitle: \"A new post: rustc 1.88.0\"\ndate: 2030-01-01\ntags: [rust]\n---\n"
                "A new post.\n\n```rust\nfn main() { println!(\"hi\"); }\n```\n")
    step("one post added")
    step("a setting changed (the title)", ("--title", "Another title"))
    print(f"{args.posts:,} posts, {'RAM disk' if args.dir.startswith('/dev/shm') else 'disk'}"
          f"{', each rebuild checked against a fresh build' if args.check else ''}:\n")
    print("| build | seconds | of a fresh build | what the summary says |")
    print("| --- | ---: | ---: | --- |")
    for name, took, summary in rows:
        written = re.search(r"\(([\d,]+ files? written, [\d,]+ unchanged)\)", summary)
        kept = re.findall(r"[\d,]+ item pages? kept|Settings, theme or sitegen changed", summary)
        short = "; ".join(([written.group(1)] if written else []) + kept)
        print(f"| {name} | {took:.2f} | {100 * took / base:.0f} % | {short} |")
    shutil.rmtree(args.dir, ignore_errors=True)


if __name__ == "__main__":
    main()
