// sitegen.js: the web form of UITableViewDataSourcePrefetching.
// The static page holds its own rows. This script makes the rest of the list exist as
// placeholder rows of the same fixed height (the whole-length list), fetches the shards of rows
// coming near the viewport (prefetchRowsAt) and aborts those the reader scrolls away from
// before they arrive (cancelPrefetchingForRowsAt). It reads the page's
// <script type="application/json" id="sitegen-config"> block; docs/browser.md explains it all.
// sitegen serves it minified (ScriptMinifier.swift strips comments and spaces, keeps names);
// the test suite holds that to 1.5 KB gzipped, hence the terse style. Names used throughout:
//   c     the page's config            lo, hi  the rows in the document
//   shard row → its shard entry [first, count, name, bytes], for rows whose entry is known
//   busy  shard name → what cancels it: its request's AbortController, or its retry's timer
//   tries shard name → failures so far
(() => {
  // Feature-detect first: without these the static pages and their pager are the site.
  const max = Math.max, min = Math.min, h = history, O = self.IntersectionObserver,
    el = document.querySelector('#sitegen-config'), feed = document.querySelector('[role=feed]'),
    first = el && feed.firstElementChild;
  if (!first || !O) return;
  // Lookahead, in viewport heights. One screen covers a 150 ms round trip at reading speed;
  // readers on Save-Data or 2g pay for every byte, so they get a quarter of one.
  // Rows appear without a fade-in, so there is no motion for prefers-reduced-motion to stop.
  const c = JSON.parse(el.textContent), total = c.total, size = c.pageSize, top = c.first, net = navigator.connection || {},
    ahead = net.saveData || /2g/.test(net.effectiveType) ? .25 : 1;
  // Rows exist only in a window of 10,000 around the landing page, so a million-row list stays
  // light (empty fixed-height boxes lay out fast) and under the browser's maximum element
  // height; the pager reaches the rest.
  // A row's state lives on its element: filled (data-id), in flight or not asked (aria-busy),
  // or given up (neither). Nothing else is kept per row.
  let tries = {}, parts = {}, lastY, lastT = 0, speed = 0, settle = 0, later, lo, hi, rowH;
  // sitegen keeps the lines of the site's strategy (--strategy) and drops the others'.
  // #if batch
  // Batch (seed 000's approach 2) starts with the static page alone and grows at the bottom.
  lo = top, hi = top + c.count;
  // #else
  lo = max(0, top - 5e3), hi = min(total, lo + 1e4);
  // #endif
  const shard = {}, busy = {},
    learn = s => { for (let r = s[0]; r < s[0] + s[1]; r++) shard[r] = s },
    row = r => feed.children[r - lo],
    pageOf = r => 1 + (r / size | 0),
    url = r => c.base + (r < size ? '' : `page/${pageOf(r)}/`),
    // How far the viewport's top is below the feed's top. It measures the row height too:
    // the theme may make rows taller on a narrow screen, and a phone turned sideways crosses
    // that width. Both reads are of one layout, so the second costs nothing.
    at = () => (rowH = first.getBoundingClientRect().height, -feed.getBoundingClientRect().top),
    // (A failed response gives false, and reading `.items` of it throws into the catch.)
    get = (u, o) => fetch(c.base + u + '.json', o).then(x => x.ok && x.json()),
    io = new O(() => update(), { rootMargin: ahead * 100 + '%' });
  // The row height, measured before any row is added (see the landing scroll below).
  c.shards.forEach(learn), at();

  // Placeholder rows: the element a static row is, but busy and empty. Every 16th is watched,
  // so rows coming within the lookahead wake `update`.
  const make = (f, t, where) => {
    let s = '';
    for (let r = f; r < t; r++) s += `<article class=row aria-busy=true aria-posinset=${r + 1} aria-setsize=${total} tabindex=0></article>`;
    feed.insertAdjacentHTML(where, s);
    for (let r = f; r < t; r += 16) io.observe(row(r));
  };

  // One request per shard. Filling touches only its rows, and makes each the very element the
  // static page has. A failure (404, 5xx, offline, bad JSON) is retried after .25, .5 and 1 s;
  // 2 s after the fourth, its rows give up (see update).
  const load = s => {
    const n = s[2], ctl = busy[n] = new AbortController;
    ctl.s = s;
    get('s/' + n, ctl).then(j => {
      j.items.forEach((it, i) => {
        const e = row(s[0] + i);
        if (!e || e.dataset.id) return;
        e.innerHTML = it.html;
        e.dataset.id = it.id;
        e.ariaBusy = null;
      });
      delete busy[n];
      update();
    }).catch(() => {
      if (busy[n] != ctl) return;
      const t = setTimeout(() => { delete busy[n]; update() }, 125 << (tries[n] = -~tries[n]));
      // The same entry, now cancelled by clearing the timer.
      ctl.abort = () => clearTimeout(t);
    });
  };

  // prefetchRowsAt and cancelPrefetchingForRowsAt in one pass. All rows are one height, so the
  // rows near the viewport are arithmetic; their shards are fetched nearest first, and what
  // is in flight for rows no longer near is cancelled.
  const update = () => {
    const y = at(), vh = innerHeight, m = ahead * vh, mid = lo + (y + vh / 2) / rowH, want = {}, list = [];
    // #if all batch
    // All (seed 000's approach 1) wants every row at once; batch, every row of the pages it
    // has added (it adds one when the reader reaches the bottom, below).
    let a = lo, b = hi;
    // #else
    // Twice as far below as above (readers mostly scroll down), and further in the direction
    // of a fling: a second of travel. (`| 0` rounds toward zero, not down: off by one row
    // above the feed, where the bound is clamped anyway.)
    let a = max(lo, lo + ((y - m + min(0, speed)) / rowH | 0));
    let b = min(hi, lo + ((y + vh + 2 * m + max(0, speed)) / rowH | 0) + 1);
    // #endif
    for (let r = a; r < b; r++) {
      const e = row(r), s = shard[r], k = r / c.partRows | 0;
      if (!e.ariaBusy) continue;
      // A row whose manifest part is not here asks for it, once.
      if (!s && !parts[k]) parts[k] = get(`m/${c.build}/${k}`).then(m => m.shards.forEach(learn)).catch(() => parts[k] = 2).then(update);
      // Never an endless spinner: a row whose part or shard gave up links to its static page.
      if (s ? tries[s[2]] > 3 : parts[k] > 1) {
        e.ariaBusy = null;
        e.innerHTML = `<a class=failed href=${url(r)}>Couldn't load — open page ${pageOf(r)}</a>`;
      } else if (s && !want[s[2]]) list.push(want[s[2]] = s);
    }
    // Cancel what went out of reach, with slack: the zone's edge moves with the speed, and a
    // request there must not be cancelled and asked for again as the speed jitters. Twenty
    // rows, plus the second of travel a fling adds.
    let n = 0, slack = 20 + max(speed, -speed) / rowH;
    for (const k in busy) {
      const s = busy[k].s;
      want[k] || s[0] + s[1] > a - slack && s[0] < b + slack ? n++ : (busy[k].abort(), delete busy[k]);
    }
    // Nearest first, three at a time: on a slow link parallel requests share it and all arrive
    // late, and the nearest rows should have it first. (`n++` rides along as an argument load
    // ignores, to count the request it starts.)
    list.sort((p, q) => (p[0] - mid) ** 2 - (q[0] - mid) ** 2);
    // While a jump is still moving, no shard is asked for (its manifest part may be: a part is a
    // kilobyte, and having it early saves a round trip once the reader rests).
    if (settle > Date.now()) return;
    for (const s of list) busy[s[2]] || n > 2 || load(s, n++);
    // #if batch
    // Batch: the next page's rows once the reader reaches the bottom, and not before.
    if (hi < total && !list.length && y + vh >= (hi - lo) * rowH) {
      make(hi, hi = min(total, hi + size), 'beforeend');
      update();
    }
    // #endif
  };

  // #if batch
  // #else
  make(lo, top, 'afterbegin');
  make(top + c.count, hi, 'beforeend');
  // #endif
  // Land where the reader was: coming back (reload, back), on the row they left; landing on
  // page N, on its rows, exactly where they were before the rows above existed. That scroll
  // must equal the inserted height to the pixel, with no layout read in between: then
  // Chromium sees no layout shift (any other scroll there counts as one).
  h.scrollRestoration = 'manual';
  // The history entry keeps the row at the top, fractional, so the offset within it survives.
  const follow = () => {
    const r = lo + at() / rowH;
    h.replaceState({ r: r }, '', url(max(lo, min(hi - 1, r | 0))));
  };
  const st = h.state;
  scrollBy(0, st ? (min(max(st.r, lo), hi) - lo) * rowH - at() : (top - lo) * rowH);
  lastY = scrollY;
  addEventListener('scroll', () => {
    const now = Date.now(), dy = scrollY - lastY;
    // A move of more than three screens at once is a jump (scrollbar drag, a link): ask for
    // nothing until it rests 50 ms (a drag moves every frame, 16 ms), so the shards of rows
    // passed over are never downloaded.
    if (dy * dy > 9 * innerHeight ** 2) settle = now + 50, speed = 0, setTimeout(update, 60);
    // Speed, smoothed over frames: two scroll events in one millisecond must not read as a
    // fling (which would ask for, then cancel, shards far ahead).
    else speed = (speed + dy * 1e3 / max(16, now - lastT)) / 2;
    lastY = scrollY, lastT = now;
    update();
    clearTimeout(later);
    later = setTimeout(follow, 150);
  });
  // Back online: rows that gave up are asked for again.
  addEventListener('online', () => {
    // (Parts are asked for again only by rows that still lack their shard's entry.)
    tries = {};
    parts = {};
    for (const e of feed.children) e.dataset.id || (e.ariaBusy = true, e.innerHTML = '');
    update();
  });
  update();
})();
