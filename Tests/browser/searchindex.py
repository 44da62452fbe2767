"""A built site's search index read as docs/internals/format.md ("Search") describes it, for tests and
benchmarks: the root the search page carries, each segment's listings (the root's, or a
directory's), packs and their entries."""
import json
import os
import re


def page_config(site):
    """The search page's config block: {"v", "base", "root", "index"}."""
    html = open(os.path.join(site, "search", "index.html"), encoding="utf-8").read()
    return json.loads(re.search(r'id="sitegen-config">(.*?)</script>', html).group(1))


def named(index):
    """The root with each file the root lists by its folder (format v7: a segment's `packs`
    `[folder, [first word, …]]`, its `more` `[[first word, run], …]`, the `directories`
    `[folder, [first word, …]]`) given its name, as a directory lists its files: `[first
    word, "<folder>/<k>"]`, `[first word, run, "<folder>/m<k>"]`."""
    index = dict(index)
    index["more"] = [None if more is None else [[*first, f"{index['packs'][s][0]}/m{k}"] for k, first in enumerate(more)]
                     for s, more in enumerate(index["more"])]
    index["packs"] = [None if packs is None else [[first, f"{packs[0]}/{k}"] for k, first in enumerate(packs[1])]
                      for packs in index["packs"]]
    if "directories" in index:
        folder, firsts = index["directories"]
        index["directories"] = [[first, f"{folder}/{k}"] for k, first in enumerate(firsts)]
    return index


def root(site):
    """The root the search page carries, its files named (`named`)."""
    return named(page_config(site)["index"])


def load(site, name):
    return json.load(open(os.path.join(site, "x", name + ".json"), encoding="utf-8"))


def pack_entries(site, name):
    """The pack's entries, each [word, count, records, rows, titled, marks]: a line of its `words`
    with its `records` put in third place (the file has its words, a line break, then their
    records, so that a client reading it as it arrives starts on the words)."""
    pack = load(site, name)
    return [[w[0], w[1], records, *w[2:]] for w, records in zip(pack["words"], pack["records"], strict=True)]


def listing(site, word, segment):
    """(packs, more) of segment `segment` that may hold `word`: the root's, or its directory's."""
    index = root(site)
    if index["packs"][segment] is not None:
        return index["packs"][segment], index["more"][segment]
    directory = load(site, [name for first, name in index["directories"] if first <= word][-1])
    # A list for each segment the root does not list, in order.
    k = sum(1 for names in index["packs"][:segment] if names is None)
    return directory["packs"][k], directory["more"][k]


def pack_of(site, word, segment):
    """The name of segment `segment`'s pack for `word` (the last whose first word is not after it)."""
    packs, _ = listing(site, word, segment)
    return [name for first, name in packs if first <= word][-1] if packs else None


def packs(site):
    """[(segment, pack name)] of every pack of every segment, once each."""
    index = root(site)
    listings = [index] + [load(site, name) for _, name in index.get("directories", [])]
    unlisted = [s for s, names in enumerate(index["packs"]) if names is None]
    seen, known = [], set()
    for n, one in enumerate(listings):
        for k, names in enumerate(one["packs"]):
            if names is None:
                continue
            segment = k if n == 0 else unlisted[k]
            for _, name in names:
                if (segment, name) not in known:
                    known.add((segment, name))
                    seen.append((segment, name))
    return seen


def entries(site):
    """word → [(segment, entry)] for every word of the index, entry [word, count, records, rows, titled, marks]."""
    words = {}
    for segment, name in packs(site):
        for entry in pack_entries(site, name):
            words.setdefault(entry[0], []).append((segment, entry))
    return words


def filter_lacks(word_filter, word):
    """Whether a segment's filter ([probes, hex bits], docs/internals/format.md "The root") surely lacks
    `word`: WordFilter.swift's probes, written a third time from the format's words."""
    probes, digits = word_filter
    bits, full = len(digits) * 4, 0xFFFFFFFF
    h1 = 0x811C9DC5
    for byte in word.encode():
        h1 = ((h1 ^ byte) * 0x01000193) & full
    h = h1 ^ (h1 >> 16)
    h = (h * 0x85EBCA6B) & full
    h ^= h >> 13
    h = (h * 0xC2B2AE35) & full
    h2 = (h ^ (h >> 16)) | 1
    for i in range(probes):
        b = ((h1 + i * h2) & full) % bits
        if not (int(digits[b >> 2], 16) >> (b & 3)) & 1:
            return True
    return False
