"""Search as a reader meets it, in real Chromium: /search/?q=words on a site of Zipf-law titles
states the exact count, shows rows like the list's that hold every word, in rank order, fills
later rows from the site's list pages as the reader scrolls (through its manifest and shards
once the site is built again under an open search page); typing refines in place and the URL
follows; Escape clears; a second query of a word whose pack is in hand costs no index
request; the landing page never loads the search script; with JavaScript off the page says
search needs it."""
import json
import os
import re
import unicodedata
from urllib.parse import quote

import pytest

from conftest import run_sitegen
from pagejs import wait_filled
import searchindex

ROW_PX = 56


def fold(word):
    """SearchWords' fold, for the words these titles have."""
    word = unicodedata.normalize("NFD", word.lower().replace("ς", "σ"))
    return "".join(c for c in word if not unicodedata.category(c).startswith("M"))


@pytest.fixture(scope="module")
def zipf_site(workdir):
    """4,200 stories whose titles draw on 3,000 Zipf-law words (no text: title words only): an
    index of three segments (the oldest 4,096 stories, 64, the newest 40)."""
    stories = os.path.join(workdir, "zipf.jsonl")
    run_sitegen("generate", "--count", "4200", "--format", "jsonl", "--titles", "zipf", "--vocabulary", "3000", "--output", stories)
    out = os.path.join(workdir, "zipf-site")
    run_sitegen("build", "--source", stories, "--output", out)
    items = [json.loads(line) for line in open(stories)]
    # The site's list keeps the file's order, and search ranks in the list's order.
    holding = {}
    for item in items:
        for word in set(fold(w) for w in item["title"].split()):
            holding.setdefault(word, []).append(item)
    ranked = {w: [str(i["id"]) for i in its] for w, its in holding.items()}
    return out, ranked


def word_with(ranked, low, high, syllables=2):
    """A title word (two syllables or more, so no author or domain has it) held by low…high stories."""
    return next(w for w, ids in sorted(ranked.items()) if low <= len(ids) <= high and len(w) >= 2 * syllables)


def shown(page):
    return page.evaluate("""() => [...document.querySelectorAll('[role=feed] > article[data-id]')]
        .map(a => [+a.getAttribute('aria-posinset'), a.dataset.id, a.textContent])""")


def list_pages(urls):
    """The site's list pages among `urls`, whole or paths alone (page 1 is the site's root)."""
    return [u for u in urls if re.fullmatch(r"(https?://[^/]+)?/(page/\d+/)?", u)]


def scroll_through(page, count, each=None):
    """Scrolls `count` results (all of them) down 500 px at a time to their end, each time
    waiting until the row at the viewport's top exists (the scroll was handled) and the whole
    viewport is filled (rows made for the last step can satisfy the first test before this
    scroll's frame makes the rows below them: CI once read ranks 13 and 14 as never shown).
    Returns {rank: id} of every row seen; `each(rows)` sees each step's [rank, id, text]."""
    seen = {}
    for step in range(0, count * ROW_PX + 720, 500):
        page.evaluate(f"() => scrollTo(0, document.querySelector('[role=feed]').offsetTop + {step})")
        top = min(step // ROW_PX, count - 1) + 1
        page.wait_for_function(
            """top => document.querySelector(`[role=feed] > article[aria-posinset="${top}"]`)""", arg=top, timeout=10000)
        wait_filled(page, timeout=10)
        rows = shown(page)
        seen.update((rank, id) for rank, id, _ in rows)
        if each:
            each(rows)
    return seen


def wait_status(page, pattern):
    page.wait_for_function(
        "re => new RegExp(re).test(document.querySelector('[role=status]').textContent)", arg=pattern, timeout=10000)
    return page.inner_text("[role=status]")


def test_a_query_states_the_exact_count_and_every_row_in_rank_order(zipf_site, serve, reader):
    site, ranked = zipf_site
    # (Fewer than one story a page of 30: its rows past the pack's come from list pages.)
    word = word_with(ranked, 60, 130)
    expected = ranked[word]
    server = serve(site)
    r = reader(rtt_ms=20, kbps=0, viewport={"width": 1280, "height": 720})
    page = r.open(server.url + "search/?q=" + quote(word.upper()))
    assert wait_status(page, "stories with") == f"{len(expected):,} stories with “{word}”"
    assert page.input_value("[name=q]") == word.upper()
    # The feed is as tall as the results from the first frame; only rows near the screen exist.
    assert page.evaluate("() => document.querySelector('[role=feed]').offsetHeight") == len(expected) * ROW_PX
    page.wait_for_function("() => document.querySelectorAll('[role=feed] > article[data-id]').length >= 8")
    assert page.evaluate("() => document.querySelectorAll('[role=feed] > article').length") < 30
    # The first view's rows came with the word's pack: nothing of the list was asked for yet.
    assert not [p for p in server.requests if "/s/" in p or "/m/" in p] and not list_pages(server.requests)
    def hold_the_word(rows):
        for _, _, text in rows:
            assert word in [fold(w) for w in re.findall(r"\w+", text)], text

    seen = scroll_through(page, len(expected), hold_the_word)
    assert [seen.get(rank) for rank in range(1, len(expected) + 1)] == expected
    # Rows past the pack's came from the list's own pages, a request each, not through its
    # manifest and shards (two, one after the other).
    assert list_pages(server.requests) and not [p for p in server.requests if "/s/" in p or "/m/" in p]
    # The rows are the list's rows: the same element, the same record.
    row = page.evaluate("() => document.querySelector('[role=feed] > article[data-id]').outerHTML")
    attributes = dict(re.findall(r'([\w-]+)="([^"]*)"', row.split(">")[0]))
    assert attributes["class"] == "row" and attributes["tabindex"] == "0" and attributes["aria-setsize"] == str(len(expected))
    assert attributes["data-id"] == expected[int(attributes["aria-posinset"]) - 1]
    assert r.errors == [] and page.evaluate("() => window.__csp") == []


def test_a_common_word_s_later_rows_come_from_shards_not_pages(zipf_site, serve, reader):
    """A word in more stories than one a page (30): its rows are dense in the list, and a
    shard holds several of them for half a page's bytes, its manifest part a thousand rows."""
    site, ranked = zipf_site
    word = word_with(ranked, 150, 1000, syllables=1)
    server = serve(site)
    r = reader(rtt_ms=0, kbps=0, viewport={"width": 1280, "height": 720})
    page = r.open(server.url + "search/?q=" + quote(word))
    assert wait_status(page, "stories with") == f"{len(ranked[word]):,} stories with “{word}”"
    seen = scroll_through(page, len(ranked[word]))
    assert [seen.get(rank) for rank in range(1, len(ranked[word]) + 1)] == ranked[word]
    assert any("/s/" in p for p in server.requests) and not list_pages(server.requests)
    assert r.errors == []


def test_typing_refines_in_place_the_url_follows_and_escape_clears(zipf_site, serve, reader):
    site, ranked = zipf_site
    server = serve(site)
    r = reader(rtt_ms=20, kbps=0)
    page = r.open(server.url + "search/")
    # ("^Search " and a number: the page's own no-JavaScript text also begins "Search".)
    assert re.fullmatch(r"Search 4,200 stories\.", wait_status(page, "^Search [0-9]"))
    # The last word is a prefix while typing: the commonest word it begins.
    word = word_with(ranked, 30, 200)
    prefix = word[:3]
    commonest = min((w for w in ranked if w.startswith(prefix)), key=lambda w: (-len(ranked[w]), w))
    page.focus("[name=q]")
    page.keyboard.type(prefix, delay=30)
    status = wait_status(page, "stories? with")
    assert status.endswith(f"with “{commonest}”") and page.url.endswith("/search/?q=" + quote(prefix))
    assert page.evaluate("() => location.pathname") == "/search/"
    # Several words mean all of them: every row holds both.
    other = fold(next(t for t in ranked if t != commonest and set(ranked[t]) & set(ranked[commonest]) and len(t) >= 4))
    page.keyboard.type(" " + other, delay=30)
    status = wait_status(page, f"with “{commonest}” and “{other}”")
    both = set(ranked[commonest]) & set(ranked[other])
    assert status.startswith(f"{len(both):,} stor")
    # (Rows the rarest word's pack has no record for load through the list's shards.)
    page.wait_for_function("() => !document.querySelector('[role=feed] > article[aria-busy]')")
    ids = [id for _, id, _ in shown(page)]
    assert ids and set(ids) <= both
    page.keyboard.press("Escape")
    wait_status(page, "^Search [0-9]")
    assert page.input_value("[name=q]") == "" and page.url.endswith("/search/")
    assert page.evaluate("() => document.querySelectorAll('[role=feed] > article').length") == 0
    assert r.errors == []


def test_a_search_page_open_across_a_rebuild_shows_its_own_results_through_the_kept_manifest(workdir, serve, reader):
    """The list's pages are not named by their content: built again with 30 new stories on top,
    page N holds other rows. A search page loaded before the rebuild (its index, its ranking)
    must not show them: it sees the pages are of another build, and loads its rows through its
    own build's manifest and shards, which the output keeps (--keep-generations)."""
    lines = open(run_sitegen_stories(workdir, 3030)).read().splitlines(keepends=True)
    before = os.path.join(workdir, "rebuilt-before.jsonl")
    after = os.path.join(workdir, "rebuilt-after.jsonl")
    open(before, "w").writelines(lines[30:])
    open(after, "w").writelines(lines)
    out = os.path.join(workdir, "rebuilt-site")
    run_sitegen("build", "--source", before, "--output", out)
    holding = {}
    for item in map(json.loads, lines[30:]):
        for word in set(fold(w) for w in item["title"].split()):
            holding.setdefault(word, []).append(str(item["id"]))
    # (Past the packs' 16 a segment, and fewer than one story a page of 30: rows from pages.)
    word = word_with(holding, 45, 95)
    server = serve(out)
    r = reader(rtt_ms=0, kbps=0, viewport={"width": 1280, "height": 720})
    page = r.open(server.url + "search/?q=" + quote(word))
    assert wait_status(page, "stories with").startswith(f"{len(holding[word]):,} stories")
    run_sitegen("build", "--source", after, "--output", out)
    asked = []  # list pages asked for, after each step
    seen = scroll_through(page, len(holding[word]), lambda _: asked.append(len(list_pages(server.requests))))
    assert [seen.get(rank) for rank in range(1, len(holding[word]) + 1)] == holding[word]
    # It asked for pages, saw another build's, and read the rows through the manifest; once
    # it had seen one, it asked for no more (those in flight with it aside).
    assert any("/s/" in p for p in server.requests) and any("/m/" in p for p in server.requests), server.requests
    first = next(n for n in asked if n)
    assert asked[-1] == first and len(asked) > asked.index(first) + 2, asked
    assert r.errors == []


def test_when_list_pages_fail_rows_come_through_the_manifest(zipf_site, serve, reader):
    site, ranked = zipf_site
    word = word_with(ranked, 60, 200)
    server = serve(site)
    pages = len([d for d in os.listdir(os.path.join(site, "page"))]) + 1
    server.faults.update({"/": 500, **{f"/page/{n}/": 500 for n in range(2, pages + 1)}})
    r = reader(rtt_ms=0, kbps=0, viewport={"width": 1280, "height": 720})
    page = r.open(server.url + "search/?q=" + quote(word))
    wait_status(page, "stories with")
    seen = scroll_through(page, len(ranked[word]))
    assert [seen.get(rank) for rank in range(1, len(ranked[word]) + 1)] == ranked[word]
    # A page failed, and the page asked for no more (those in flight with it aside).
    assert 0 < len(list_pages(server.requests)) <= 16, server.requests
    assert any("/s/" in p for p in server.requests)


def run_sitegen_stories(workdir, count):
    """`count` generated stories with Zipf-law titles of a thousand words (so that some word has
    tens of stories), as JSON lines: their file."""
    path = os.path.join(workdir, f"zipf-{count}.jsonl")
    run_sitegen("generate", "--count", str(count), "--format", "jsonl", "--titles", "zipf", "--vocabulary", "1000", "--output", path)
    return path


def test_a_second_query_whose_pack_is_in_hand_costs_no_index_request(zipf_site, serve, reader):
    site, ranked = zipf_site
    server = serve(site)
    r = reader(rtt_ms=20, kbps=0, viewport={"width": 1280, "height": 720})
    first = word_with(ranked, 40, 400)
    # Another word of the same packs, in every segment (the bar: a word whose pack the
    # page has).
    segments = searchindex.root(site)["segments"]
    largest = max(range(len(segments)), key=lambda s: segments[s][1])
    words = searchindex.pack_entries(site, searchindex.pack_of(site, first, largest))
    same = lambda w: all(searchindex.pack_of(site, w, s) == searchindex.pack_of(site, first, s) for s in range(len(segments)))
    # (A title word: it has records. An author's name with a few stories lists rows instead.)
    second = next(w[0] for w in words if 3 <= w[1] <= 10 and w[0] != first and w[2] and same(w[0]))
    page = r.open(server.url + "search/?q=" + quote(first))
    wait_status(page, "stories with")
    page.wait_for_load_state("networkidle")
    cold = len(r.finished)
    # Cold: the page (which carries the index's root), its stylesheet, favicon and script, a
    # directory, and a pack a segment.
    assert [n for _, n in segments] == [40, 64, 4096]
    assert cold <= 4 + ("directories" in searchindex.root(site)) + len(segments), r.finished
    before = len(r.finished)
    page.fill("[name=q]", second)
    page.press("[name=q]", "Enter")
    wait_status(page, f"with “{second}”")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    after = r.finished[before:]
    # (Chromium may ask for the favicon again when the address changes.)
    assert len(after) <= 1 and not [u for u in after if "/x/" in u or "/s/" in u or "/m/" in u], after


def test_a_small_segment_s_filter_spares_its_pack_and_never_hides_a_story(zipf_site, workdir, serve, reader):
    """The root carries a filter of the words of each small segment (the newest two here): a
    word a filter lacks costs no pack of that segment, and a word of the newest stories alone
    is found there, with its count."""
    site, ranked = zipf_site
    index = searchindex.root(site)
    filters, folders = index["filters"], [p and p[0] for p in searchindex.page_config(site)["index"]["packs"]]
    assert filters[0] and filters[1] and filters[2] is None
    # Every word of the small segments is held (the filter, as Python reads the format, agrees).
    for segment, name in searchindex.packs(site):
        if filters[segment]:
            for entry in searchindex.pack_entries(site, name):
                assert not searchindex.filter_lacks(filters[segment], entry[0]), entry[0]
    lines = open(os.path.join(workdir, "zipf.jsonl")).readlines()
    newest = {str(json.loads(line)["id"]) for line in lines[:40]}
    newer = {str(json.loads(line)["id"]) for line in lines[:104]}
    old = next(w for w, ids in sorted(ranked.items()) if 3 <= len(ids) <= 10 and len(w) >= 4 and not newer & set(ids)
               and searchindex.filter_lacks(filters[0], w) and searchindex.filter_lacks(filters[1], w))
    new = next(w for w, ids in sorted(ranked.items()) if len(w) >= 4 and set(ids) <= newest)
    server = serve(site)
    for word, count, asked in [(old, len(ranked[old]), False), (new, len(ranked[new]), True)]:
        r = reader(rtt_ms=20, kbps=0, viewport={"width": 1280, "height": 720})
        # Requests as they are made (what they cost), not as their events reach this process.
        requested = []
        r.page.on("request", lambda request: requested.append(request.url))
        page = r.open(server.url + "search/?q=" + quote(word))
        assert wait_status(page, "with") == f"{count:,} {'story' if count == 1 else 'stories'} with “{word}”"
        page.wait_for_load_state("networkidle")
        assert any(f"/x/{folders[0]}/" in u for u in requested) == asked, (word, folders, requested)
        # (The middle segment's filter may hold the newest's word: about 1 in 120.)
        assert asked or not [u for u in requested if f"/x/{folders[1]}/" in u], (word, folders, requested)
        assert {id for _, id, _ in shown(page)} == set(ranked[word])


def test_no_word_no_story(zipf_site, serve, reader):
    site, _ = zipf_site
    server = serve(site)
    page = reader(rtt_ms=0, kbps=0).open(server.url + "search/?q=qqqxqqq")
    assert wait_status(page, "^No stories") == "No stories have “qqqxqqq”."


def test_the_landing_page_has_the_box_and_not_the_script_and_the_box_works_without_javascript(zipf_site, serve, reader):
    site, ranked = zipf_site
    server = serve(site)
    r = reader(rtt_ms=0, kbps=0, javascript=False)
    page = r.open(server.url)
    assert not [u for u in r.finished if "/assets/search." in u]
    word = word_with(ranked, 3, 10)
    page.fill("form[role=search] input[type=search][name=q]", word)
    page.press("[name=q]", "Enter")
    page.wait_for_url("**/search/?q=" + word)
    assert "needs JavaScript" in page.inner_text("[role=status]")
    on = reader(rtt_ms=0, kbps=0)
    on.open(server.url)
    assert not [u for u in on.finished if "/assets/search." in u]


@pytest.fixture(scope="module")
def markdown_site(workdir):
    """Four posts: 'Zürich' in the title of the two oldest, in the body alone of the two newest."""
    content = os.path.join(workdir, "search-content")
    os.makedirs(content, exist_ok=True)
    posts = [("old-title", "Zürich notes", "2020-01-01", "Nothing here."), ("older-title", "ZURICH trip", "2019-01-01", "Nor here."),
             ("new-body", "Winter", "2024-01-01", "A week in **Zurich**, [pictures](https://zurich.example/x)."),
             ("newer-body", "Summer", "2025-01-01", "Zürich again.")]
    for slug, title, date, body in posts:
        with open(os.path.join(content, slug + ".md"), "w") as f:
            f.write(f"---\ntitle: {title}\ndate: {date}\n---\n{body}\n")
    out = os.path.join(workdir, "search-md-site")
    run_sitegen("build", "--source", content, "--output", out)
    return out


def test_title_words_rank_above_body_words_then_newer_above_older(markdown_site, serve, reader):
    server = serve(markdown_site)
    page = reader(rtt_ms=0, kbps=0).open(server.url + "search/?q=zürich")
    assert wait_status(page, "with") == "4 stories with “zurich”"
    page.wait_for_function("() => document.querySelectorAll('[role=feed] > article[data-id]').length == 4")
    titles = [text.split("\n")[0].strip() for _, _, text in shown(page)]
    assert titles == ["Zürich notes", "ZURICH trip", "Summer", "Winter"]


def test_on_a_phone_rows_are_placed_by_their_own_height(zipf_site, serve, reader):
    site, ranked = zipf_site
    server = serve(site)
    word = word_with(ranked, 60, 200)
    page = reader(rtt_ms=0, kbps=0, viewport={"width": 375, "height": 700}).open(server.url + "search/?q=" + word)
    wait_status(page, "stories with")
    page.wait_for_function("() => document.querySelectorAll('[role=feed] > article[data-id]').length >= 5")
    boxes = page.evaluate("""() => [...document.querySelectorAll('[role=feed] > article')]
        .map(a => { const r = a.getBoundingClientRect(); return [+a.getAttribute('aria-posinset'), r.top, r.height]; })""")
    boxes.sort()
    height = boxes[0][2]
    assert height > ROW_PX  # the theme's phone rows are taller
    assert all(abs((b[1] - a[1]) - height) < 0.5 for a, b in zip(boxes, boxes[1:])), boxes
    assert page.evaluate("() => document.querySelector('[role=feed]').offsetHeight") == round(len(ranked[word]) * height)


def test_an_older_query_that_ends_later_never_shows_under_a_newer_one(zipf_site, serve, reader):
    """Two words whose packs take a round trip; once they are asked for, one word whose pack the
    page has (no request): the older query's packs arrive after the newer query is shown, and
    the page keeps the newer query's count and rows, scrolled through."""
    site, ranked = zipf_site
    server = serve(site)
    page = reader(rtt_ms=1000, kbps=0).open(server.url + "search/")
    wait_status(page, "^Search [0-9]")
    common = max(ranked, key=lambda w: (len(ranked[w]), w))
    rare = word_with(ranked, 30, 200)
    single = next(w for w, ids in sorted(ranked.items()) if 20 <= len(ids) <= 200 and w not in (rare, common) and len(w) >= 4)
    # The single word's pack first, so that its query later needs no request.
    page.fill("[name=q]", single)
    page.press("[name=q]", "Enter")
    wait_status(page, f"with “{single}”")
    # A pack of the pair's that the single word's query did not load: in the oldest segment,
    # the rare word's, or else the common word's.
    oldest = len(searchindex.root(site)["segments"]) - 1
    loaded = {searchindex.pack_of(site, single, s) for s in range(oldest + 1)}
    pack = next(p for p in (searchindex.pack_of(site, w, oldest) for w in (rare, common)) if p not in loaded)
    page.fill("[name=q]", f"{rare} {common}")
    # Once the older query asks for it, the newer one starts.
    with page.expect_request(lambda request: request.url.endswith(f"/x/{pack}.json"), timeout=20000):
        page.press("[name=q]", "Enter")
    page.fill("[name=q]", single)
    page.press("[name=q]", "Enter")
    status = wait_status(page, f"with “{single}”")
    page.wait_for_timeout(1500)
    for y in range(0, len(ranked[single]) * ROW_PX, 300):
        page.evaluate("y => scrollTo(0, y)", y)
        page.wait_for_timeout(100)
    page.wait_for_function("() => !document.querySelector('[role=feed] > article[aria-busy]')", timeout=10000)
    assert page.inner_text("[role=status]") == status
    assert status.startswith(f"{len(ranked[single]):,} stories")
    ids = [id for _, id, _ in shown(page)]
    assert ids and set(ids) <= set(ranked[single]), (ids, single)
    assert "Couldn't load" not in page.inner_text("[role=feed]")


def test_common_words_are_never_read_their_marks_say_which_stories_hold_them(workdir, serve, reader):
    """A site whose oldest segment has common words (more than 5,000 stories hold each): a query
    of a rare word and common ones states the exact count, shows exactly the stories holding
    them all, newest first, and loads no pack of a common word, nor its directory. A query of
    common words alone shows its first stories from the driver's pack, says "at least" the
    stories it has found (never more than there are), and reads on as the reader scrolls: at
    the end the count is exact and the last rows are the oldest stories holding them."""
    stories = os.path.join(workdir, "common.jsonl")
    run_sitegen("generate", "--count", "8300", "--format", "jsonl", "--titles", "zipf", "--vocabulary", "3000", "--output", stories)
    items = [json.loads(line) for line in open(stories)]
    # Two common words, in four stories of five (in the body of one of those four: a body's
    # word is a story's word too) and in three of four.
    for n, item in enumerate(items):
        if n % 5 < 3:
            item["title"] += " Alpha"
        elif n % 5 == 3:
            item["text"] = "<p>alpha</p>"
        if n % 4 < 3:
            item["title"] += " Beta"
    with open(stories, "w") as f:
        f.writelines(json.dumps(item) + "\n" for item in items)
    site = os.path.join(workdir, "common-site")
    run_sitegen("build", "--source", stories, "--output", site)
    common = [w for c in searchindex.root(site)["common"][-1] for w in c[0]]
    assert {"alpha", "beta"} <= set(common), common
    # What a story holds: its title's words and its text's.
    holds = [set(fold(w) for w in item["title"].split()) | ({"alpha"} if item.get("text") else set()) for item in items]
    rare = next(w for w in sorted(set().union(*holds)) if 20 <= sum(w in h for h in holds) <= 60 and len(w) >= 4)
    server = serve(site)
    for query in [f"{rare} alpha", f"alpha {rare} beta", "beta alpha"]:
        r = reader(rtt_ms=0, kbps=0, viewport={"width": 1280, "height": 2400})
        page = r.open(server.url + "search/?q=" + quote(query))
        words = query.split()
        expected = [str(item["id"]) for item, h in zip(items, holds) if all(w in h for w in words)]
        status = wait_status(page, "stories? with")
        page.wait_for_function("() => !document.querySelector('[role=feed] > article[aria-busy]')", timeout=10000)
        ids = [id for _, id, _ in shown(page)]
        assert ids == expected[: len(ids)] and len(ids) >= min(len(expected), 30), (query, ids[:5], expected[:5])
        # Common words alone: the rarer is in more than 5,000 stories of the oldest segment,
        # read as the reader goes.
        assert status.startswith("At least") == (rare not in words), (query, status)
        if rare not in words:
            assert 30 <= int(re.match(r"At least ([0-9,]+)", status).group(1).replace(",", "")) < len(expected), status
            assert page.get_attribute("[role=feed] > article", "aria-setsize") == "-1"
            # To the end, a screen at a time, until the count is exact.
            for _ in range(200):
                page.evaluate("() => scrollBy(0, innerHeight)")
                page.wait_for_timeout(50)
                if not page.inner_text("[role=status]").startswith("At least"):
                    break
            page.evaluate("() => scrollTo(0, document.documentElement.scrollHeight)")
            status = wait_status(page, "^[0-9,]+ stor")
            page.evaluate("() => scrollTo(0, document.documentElement.scrollHeight)")
            page.wait_for_selector(f"[role=feed] > article[aria-posinset='{len(expected)}'][data-id]", timeout=10000)
            last = shown(page)
            assert last and all(expected[n - 1] == id for n, id, _ in last), query
            assert max(n for n, _, _ in last) == len(expected)
            assert page.get_attribute("[role=feed] > article", "aria-setsize") == str(len(expected))
        assert status.startswith(f"{len(expected):,} stor"), (query, status)
        if rare in words:
            # Neither common word's pack in the oldest segment was asked for.
            requests = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
            assert any("/x/" in u for u in requests)
            oldest = len(searchindex.root(site)["segments"]) - 1
            for word in ("alpha", "beta"):
                pack = searchindex.pack_of(site, word, oldest)
                if pack != searchindex.pack_of(site, rare, oldest):
                    assert not any(u.endswith(f"/x/{pack}.json") for u in requests), (query, word)
            # Nor a common word's directory: only the rare word's (the oldest segment is
            # listed by directories; the root lists the newer ones).
            directories = searchindex.root(site)["directories"]
            own = [name for first, name in directories if first <= rare][-1]
            asked = [name for _, name in directories if any(u.endswith(f"/x/{name}.json") for u in requests)]
            assert asked == [own], (query, asked, own)
        assert r.errors == []


def test_several_words_ask_for_their_rows_while_their_packs_records_still_come(zipf_site, serve, reader):
    """A pack has its words' counts, rows and marks on its first line and their records after
    it, and a query of several words reads the first line alone: with the records of the rare
    word's pack in the oldest segment held back 1.5 s, the page asks for the rows' list pages
    before that pack is whole, then states the exact count and shows exactly the stories
    holding both words, in the list's order."""
    site, ranked = zipf_site
    entries = searchindex.entries(site)
    common = max(ranked, key=lambda w: (len(ranked[w]), w))
    both = lambda w: [id for id in ranked[w] if id in set(ranked[common])]
    records = lambda w: {str(record["id"]) for _, entry in entries[w] for record in entry[2]}
    # A rare word some of whose stories with the common word are not in its packs' records
    # (those load through the list) and that fit the window.
    rare = next(w for w in sorted(ranked) if w != common and 8 <= len(both(w)) <= 30 and set(both(w)) - records(w))
    server = serve(site)
    # (One pack: Chromium opens six connections to this HTTP/1.1 server, which held packs
    # would all take.)
    oldest = len(searchindex.root(site)["segments"]) - 1
    held = f"/x/{searchindex.pack_of(site, rare, oldest)}.json"
    server.hold[held] = 1.5
    r = reader(rtt_ms=0, kbps=0, viewport={"width": 1280, "height": 2400})
    page = r.open(server.url + "search/?q=" + quote(f"{rare} {common}"))
    status = wait_status(page, "stories? with")
    assert status.startswith(f"{len(both(rare)):,} stor"), status
    page.wait_for_function("() => !document.querySelector('[role=feed] > article[aria-busy]')", timeout=10000)
    assert [id for _, id, _ in shown(page)] == both(rare)
    whole = dict(server.held)[held]
    asked = [t for path, t in server.request_times if list_pages([path])]
    assert asked and min(asked) < whole, "the rows' list pages were asked for only once a pack was whole"
    assert r.errors == []
