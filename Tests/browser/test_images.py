"""Per-row pictures: lazy, with their box reserved, each row showing its own."""
import json
import os
import subprocess

from conftest import SITEGEN
from pagejs import LAYOUT_SHIFT

ROW_PX = 56


def site_with_images(workdir):
    items = []
    for i in range(400):
        item = {"id": 1000 + i, "type": "story", "title": f"Story {i}", "by": "someone", "time": 1_700_000_000 - i * 60}
        if i % 3 == 0:
            item["image"] = f"/img/{1000 + i}.svg"
        elif i % 3 == 1:
            item["image"] = {"url": f"/img/{1000 + i}.svg", "width": 80, "height": 60}
        items.append(item)
    items[5]["image"] = "javascript:alert(1)"  # refused: the row keeps no picture
    items[8]["image"] = "http://insecure.example/x.png"  # refused: pages allow https and the site's own
    source = os.path.join(workdir, "with-images.json")
    with open(source, "w") as f:
        json.dump(items, f)
    out = os.path.join(workdir, "site-images")
    subprocess.run([SITEGEN, "build", "--source", source, "--output", out], check=True, capture_output=True)
    os.makedirs(os.path.join(out, "img"), exist_ok=True)
    for i in range(400):
        with open(os.path.join(out, "img", f"{1000 + i}.svg"), "w") as f:
            f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60"><text y="30">{1000 + i}</text></svg>')
    return out


def test_each_row_shows_its_own_picture_lazily_in_a_reserved_box(workdir, serve, reader):
    server = serve(site_with_images(workdir))
    r = reader()
    page = r.open(server.url)
    # Only rows near the viewport exist, so the filled rows are gathered as the reader goes.
    seen = {}
    for _ in range(13):
        page.wait_for_timeout(250)
        for row in page.evaluate("""() => [...document.querySelectorAll('[role=feed] > article[data-id]')].map(a => {
          const img = a.querySelector('img');
          return [a.dataset.id, img && img.getAttribute('src'), img && img.getAttribute('loading'),
                  img && img.getAttribute('width'), img && img.getAttribute('height')];
        })"""):
            assert seen.setdefault(row[0], row) == row, "a row made again shows what it showed"
        page.evaluate(f"() => scrollBy(0, {15 * ROW_PX})")
    assert len(seen) > 150
    for id, src, loading, width, height in seen.values():
        i = int(id) - 1000
        if i in (5, 8) or i % 3 == 2:
            assert src is None, (id, src)
        else:
            assert src == f"/img/{id}.svg"  # its own picture, never another row's
            assert loading == "lazy"
            assert (width, height) == (("64", "48") if i % 3 == 0 else ("80", "60"))
    heights = page.evaluate("() => [...new Set([...document.querySelectorAll('[role=feed] > article')].map(a => a.offsetHeight))]")
    assert heights == [ROW_PX]
    assert page.evaluate(LAYOUT_SHIFT) <= 0.01
    assert page.evaluate("() => window.__csp") == []
    assert r.errors == []
