"""Whether a built site is whole: every file that any page or JSON file references exists."""
import glob
import html
import json
import os
import re

import searchindex

LINK = re.compile(r'(?:href|src)="([^"]*)"')
CONFIG = re.compile(r'<script type="application/json" id="sitegen-config">(.*?)</script>', re.S)


def local_file(site, url, base="/"):
    """The file a same-site URL names, or None for a URL off the site."""
    url = html.unescape(url).split("#")[0].split("?")[0]
    if not url.startswith(base) or url.startswith("//"):
        return None
    path = url[len(base):]
    if path == "" or path.endswith("/"):
        path += "index.html"
    return os.path.join(site, path)


def missing_references(site, base="/"):
    """[(referrer, missing file)] for the site at `site`; [] when it is whole."""
    missing = []
    builds = set()
    roots = set()

    def need(referrer, path):
        if path and not os.path.isfile(path):
            missing.append((os.path.relpath(referrer, site), os.path.relpath(path, site)))

    def links(referrer, text):
        for url in LINK.findall(text):
            need(referrer, local_file(site, url, base))

    for page in glob.glob(os.path.join(site, "**", "*.html"), recursive=True):
        text = open(page, encoding="utf-8").read()
        links(page, text)
        for block in CONFIG.findall(text):
            config = json.loads(block)
            if "root" in config:
                # The search page: its index (docs/internals/format.md, "Search").
                roots.add(config["root"])
                continue
            # The front page names its list's length and manifest; every other page reads them
            # from the list's head.json, which must be there (docs/internals/format.md).
            if "total" in config:
                builds.add((config["build"], config["total"], config["partRows"]))
            else:
                head_file = local_file(site, config["list"] + "head.json", base)
                need(page, head_file)
                if head_file and os.path.isfile(head_file):
                    head = json.load(open(head_file))
                    builds.add((head["build"], head["total"], config["partRows"]))
            for entry in config["shards"]:
                need(page, os.path.join(site, "s", entry[2] + ".json"))
    for root_path in roots:
        root_file = os.path.join(site, root_path)
        need(os.path.join(site, "search", "index.html"), root_file)
        if not os.path.isfile(root_file):
            continue
        root = searchindex.named(json.load(open(root_file)))
        builds.add((root["build"], root["stories"], root["partRows"]))
        # Each segment's packs and files of later results, listed by the root or a directory.
        listings = [(root_file, root)]
        for _, name in root.get("directories", []):
            directory = os.path.join(site, "x", name + ".json")
            need(root_file, directory)
            if os.path.isfile(directory):
                listings.append((directory, json.load(open(directory, encoding="utf-8"))))
        for referrer, listing in listings:
            for segment in listing["packs"] + listing["more"]:
                for entry in segment or []:
                    need(referrer, os.path.join(site, "x", entry[-1] + ".json"))
    for build, total, part_rows in builds:
        for k in range((total + part_rows - 1) // part_rows):
            need(os.path.join(site, "index.html"), os.path.join(site, "m", build, f"{k}.json"))
    for part in glob.glob(os.path.join(site, "m", "*", "*.json")):
        for entry in json.load(open(part))["shards"]:
            need(part, os.path.join(site, "s", entry[2] + ".json"))
    for shard in glob.glob(os.path.join(site, "s", "*.json")):
        for item in json.load(open(shard, encoding="utf-8"))["items"]:
            links(shard, item["html"])
    return missing
