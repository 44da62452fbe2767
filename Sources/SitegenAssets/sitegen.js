// sitegen.js: the web form of UITableViewDataSourcePrefetching, for a list page sitegen built.
//
// The static page holds its own rows and works without this script. With it, the feed becomes
// a table view: it is as tall as the whole list, only the rows near the viewport exist (made as
// they come near, released when far behind, like dequeueReusableCell), the shards holding rows
// about to be seen are fetched (prefetchRowsAt) and those the reader scrolls away from before
// they arrive are aborted (cancelPrefetchingForRowsAt). docs/internals/browser.md explains it all, and
// docs/internals/format.md the files it reads.
//
// Written for people: `bash .ci/minify` makes the served files with esbuild, one per strategy
// (SITEGEN_STRATEGY is replaced by "prefetch", "batch" or "all", and the other strategies' code
// is dropped). Tests hold each to 2,750 bytes gzipped and check the committed files are current.
(() => {
  const configElement = document.getElementById('sitegen-config');
  const feed = document.querySelector('[role=feed]');
  // Feature-detect first: without these the static pages and their pager are the site. (A
  // browser that parses this file, ES2020, has fetch and AbortController: each engine had them
  // two years or more before optional chaining.)
  if (!configElement || !feed || !feed.firstElementChild) return;

  const { min, max, floor, abs } = Math;
  // A new row starts as a bare copy of the static page's first: the very element sitegen writes.
  const blank = feed.firstElementChild.cloneNode();
  blank.removeAttribute('data-id');
  const config = JSON.parse(configElement.textContent);
  const { pageSize, partRows } = config;
  const connection = navigator.connection || {};
  // How far ahead rows are made and fetched, in viewport heights: two screens below (a fling
  // that starts at 6,000 px/s covers them in a round trip and a shard's download; a fling adds
  // its own second of travel), but one after a jump until the reader moves on, so a jump asks
  // for little beyond what it shows. Half a screen above: readers mostly scroll down. Readers
  // on Save-Data or 2g pay for every byte: a quarter of all that.
  const ahead = connection.saveData || /2g/.test(connection.effectiveType) ? 0.25 : 1;
  // Browsers cap an element's height (Firefox near 17.9M px, Chromium and WebKit 33.5M, less
  // when zoomed). A longer list gets a feed of this height, and the scroll position maps onto
  // it proportionally; see "Past the height cap" in docs/internals/browser.md.
  const MAX_HEIGHT = 8e6;

  // The list's length and manifest (`total`, `build`): the front page says them, any other
  // page reads them from the list's head.json (its bytes must not change as the list grows).
  // `landing` is the page's first row; the rows the list has are [listStart, listEnd): all of
  // them, or for batch (seed 000's approach 2, like infinite scroll) the landing page's,
  // growing a page at a time at the bottom. Rows are counted from the list's top, as the
  // reader sees them; a page counts its rows and shards from the list's end (`below`), which
  // new stories on top do not move.
  let total, build, landing, listStart, listEnd;

  /** row → its shard entry [first, count, name, bytes], for rows whose manifest part is here */
  const entries = new Map();
  /** row → its record {id, html}, for every row whose shard has arrived */
  const records = new Map();
  /** row → its <article>, for the rows that exist now */
  const rows = new Map();
  /** shard name → its request's AbortController, or its pending retry (abort() clears it) */
  const inFlight = new Map();
  /** shard name → failures so far; manifest part → 1 asked for, 2 given up */
  let failures = {}, parts = {};
  // (Measured when the table view starts: read as the script runs, innerHeight could make its
  // task lay the whole page out, as it runs before the browser first does.)
  let rowHeight, viewportHeight, anchorY = 0, anchorRow;
  let lastY, lastTime = 0, speed = 0, settleUntil = 0, jumped = false, landed = false, idleTimer;

  const learn = entry => {
    for (let r = entry[0]; r < entry[0] + entry[1]; r++) entries.set(r, entry);
  };
  // Pages are numbered from the list's end: page 1 holds its oldest rows, and the front (the
  // list's own URL) its newest, one to two pages of them. (`list` is the list's own folder:
  // the site's, or a term's, as tags/swift/.)
  const pageURL = r => {
    // (Every page from the front's number on is the front.)
    const page = floor((total - 1 - r) / pageSize) + 1;
    return config.list + (page < floor(total / pageSize) ? `page/${page}/` : '');
  };
  /** `url`.json, parsed; a failure (HTTP or JSON) rejects. */
  const getJSON = (url, options) =>
    fetch(url + '.json', options).then(response => {
      if (!response.ok) throw response.status;
      return response.json();
    });

  // Geometry. The feed is `height()` px tall. Rows move 1:1 with the scroll around an anchor
  // (anchorRow is at anchorY px below the feed's top), so reading is never faster than the
  // wheel. Below the height cap the anchor is (0, listStart) for good; past it, a jump puts
  // the anchor where the scrollbar says (proportional), and a pause moves the scrollbar back
  // to where the rows are.
  const height = () => min((listEnd - listStart) * rowHeight, MAX_HEIGHT);
  const scaled = () => height() == MAX_HEIGHT;
  const scrollRange = () => height() - viewportHeight;
  const rowRange = () => listEnd - listStart - viewportHeight / rowHeight;
  const proportionalRow = y => listStart + (min(max(y, 0), scrollRange()) / scrollRange()) * rowRange();
  const topOf = r => anchorY + (r - anchorRow) * rowHeight;
  /** The whole row at or before r, within the list (or its end). */
  const clamp = r => min(max(floor(r), listStart), listEnd);
  const rowAt = y => anchorRow + (y - anchorY) / rowHeight;
  /** How far the viewport's top is below the feed's top; measures the row height on the way
   *  (a theme may make rows taller on a narrow screen, and a phone turns sideways). */
  const measure = () => {
    rowHeight = feed.firstElementChild?.getBoundingClientRect().height || rowHeight;
    viewportHeight = innerHeight;
    return -feed.getBoundingClientRect().top;
  };
  /** Anchors row r (fractional) where the scrollbar has it. */
  const anchor = r => {
    if (!scaled()) return (anchorY = 0), (anchorRow = listStart);
    anchorRow = min(max(r, listStart), listStart + rowRange());
    anchorY = ((anchorRow - listStart) / rowRange()) * scrollRange();
  };
  // What the rows were placed by. A new anchor, row height (fonts or the stylesheet may come
  // after the script ran) or list length places them again.
  const placement = () => [anchorY, anchorRow, rowHeight, listEnd] + '';
  let placedBy;
  const place = () => {
    placedBy = placement();
    feed.style.height = height() + 'px';
    for (const [r, row] of rows) row.style.top = topOf(r) + 'px';
  };
  /** Puts row r (fractional) at the viewport's top, `y` being where the viewport is now. The
   *  rows move and the page scrolls by the same amount with no layout read between, so
   *  nothing visible moves and browsers count no layout shift. */
  const scrollToRow = (r, y) => {
    anchor(r);
    place();
    // (No scroll, no read of the layout: a caller may have changed it.)
    if (topOf(r) != y) scrollBy(0, topOf(r) - y), (lastY = scrollY);
  };

  // A row's state is its element's: filled (data-id), loading (aria-busy) or given up (a link
  // to its static page: never an endless spinner). Rows are made for one index and never
  // reused for another, so a row can only ever show its own story.
  const stateOf = r => {
    if (records.has(r)) return 'filled';
    const entry = entries.get(r);
    return (entry ? failures[entry[2]] > 3 : parts[floor(r / partRows)] > 1) ? 'failed' : 'busy';
  };
  const draw = (row, r) => {
    const state = (row.state = stateOf(r)), record = records.get(r);
    // (The list's URL is the site owner's base, checked by sitegen, and a term's folder,
    // percent-encoded by sitegen; the rest are numbers.)
    row.innerHTML = record ? record.html : state == 'busy' ? '' : `<a class=failed href="${pageURL(r)}">Couldn't load — open its page</a>`;
    if (record) row.dataset.id = record.id;
    state == 'busy' ? row.setAttribute('aria-busy', 'true') : row.removeAttribute('aria-busy');
  };
  /** The very element a static page has for row r, placed. */
  const makeRow = r => {
    const row = blank.cloneNode();
    adopt(row, r);
    draw(row, r);
    return row;
  };
  /** Makes `row` a row of the table view: absolutely placed, in `rows`. */
  const adopt = (row, r) => {
    row.row = r;
    // (The static page leaves the rank out: it would change as the list grows.)
    row.setAttribute('aria-posinset', r + 1);
    row.setAttribute('aria-setsize', total);
    row.style.position = 'absolute';
    row.style.left = row.style.right = 0;
    row.style.top = topOf(r) + 'px';
    rows.set(r, row);
  };
  /** Makes rows [from, to) that are missing, in document order (for tab order and screen readers). */
  const makeRows = (from, to) => {
    let next = rows.get(min(...[...rows.keys()].filter(r => r >= to))) || null;
    for (let r = to - 1; r >= from; r--) {
      if (!rows.has(r)) feed.insertBefore(makeRow(r), next);
      next = rows.get(r);
    }
  };

  // One request per shard. Its records are kept (a row made again later is filled at once),
  // and the rows that exist now are drawn. A failure (404, 5xx, offline, bad JSON) is retried
  // after .25, .5 and 1 s; 2 s after the fourth, its rows give up (stateOf).
  const load = entry => {
    const name = entry[2], controller = new AbortController();
    controller.entry = entry;
    inFlight.set(name, controller);
    getJSON(config.base + 's/' + name, controller).then(shard => {
      shard.items.forEach((item, i) => records.set(entry[0] + i, item));
      inFlight.delete(name);
      update();
    }).catch(() => {
      if (inFlight.get(name) != controller) return;
      failures[name] = (failures[name] || 0) + 1;
      const timer = setTimeout(() => {
        inFlight.delete(name);
        update();
      }, 125 << failures[name]);
      // The same entry, now cancelled by clearing the timer.
      controller.abort = () => clearTimeout(timer);
    });
  };
  const loadPart = k => {
    parts[k] = 1;
    getJSON(`${config.base}m/${build}/${k}`)
      .then(part => part.shards.forEach(learn))
      .catch(() => (parts[k] = 2))
      .then(update);
  };

  /** prefetchRowsAt and cancelPrefetchingForRowsAt, and the rows' coming and going, in one pass. */
  const update = () => {
    const y = measure();
    // Past the height cap, a jump and the list's two ends put the rows where the scrollbar is.
    if (jumped || y <= 0 || y >= scrollRange()) anchor(proportionalRow(y));
    jumped = false;
    // The rows near the viewport, by arithmetic (rows are one height): made, and their shards
    // fetched nearest first. Further in the direction of a fling: a second of travel.
    const top = rowAt(y), bottom = rowAt(y + viewportHeight), screen = viewportHeight / rowHeight;
    const from = clamp(top - (ahead * screen) / 2 + min(0, speed / rowHeight));
    const to = clamp(bottom + ahead * screen * (landed ? 1 : 2) + max(0, speed / rowHeight) + 1);
    // Rows behind are released, but not those just read (within a screen), and never the one
    // with focus: the DOM stays bounded however far the reader goes, and small (every row there
    // is costs each frame's style, layout and paint, which on a phone is most of the frame).
    const focused = document.activeElement?.closest('[role=feed] > article');
    for (const [r, row] of rows) {
      if (row == focused || (r >= min(from, top - screen) && r < max(to, bottom + screen))) continue;
      row.remove();
      rows.delete(r);
    }
    if (placedBy != placement()) place();
    // Rows are made a screen ahead, plus a quarter second of a fling's travel (what the
    // compositor may scroll to before the next pass), not as far as their shards are fetched.
    makeRows(from, min(to, clamp(bottom + screen + max(0, speed / rowHeight / 4) + 1)));
    // The feed is busy while a row in view is loading (the feed pattern's aria-busy).
    let loading = false;
    for (const [r, row] of rows) {
      // (A filled row is never drawn again: it shows its story for as long as it exists.) A row
      // more than a screen below waits until it comes nearer: an arriving shard fills its rows
      // as the reader reaches them, not thirty in one frame.
      if (row.state != 'filled' && row.state != stateOf(r) && r < bottom + screen) draw(row, r);
      loading ||= row.state == 'busy' && r >= top - 1 && r < bottom;
    }
    if (feed.getAttribute('aria-busy') != '' + loading) feed.setAttribute('aria-busy', loading);

    // The shards wanted: those of the rows near (prefetch), of every row (all), or of every
    // row the list has so far (batch). A row whose manifest part is not here asks for it, once.
    let [a, b] = SITEGEN_STRATEGY === 'prefetch' ? [from, to] : [listStart, listEnd];
    const wanted = new Set(), list = [];
    for (let r = a; r < b; ) {
      const entry = entries.get(r), part = floor(r / partRows);
      if (!entry) {
        // A row the static page holds needs nothing (a list on one page has no shards at all).
        if (records.has(r)) {
          r++;
        } else {
          parts[part] || loadPart(part);
          r = (part + 1) * partRows;
        }
      } else {
        // (A shard's rows arrive together, but a static page may hold some of them already.)
        const missing = !records.has(max(entry[0], a)) || !records.has(min(entry[0] + entry[1], b) - 1);
        if (missing && !(failures[entry[2]] > 3)) {
          wanted.add(entry[2]);
          list.push(entry);
        }
        r = entry[0] + entry[1];
      }
    }
    // Cancel what went out of reach, with slack: the zone's edge moves with the speed, and a
    // request there must not be cancelled and asked for again as the speed jitters. Twenty
    // rows, plus the second of travel a fling adds.
    const slack = 20 + abs(speed) / rowHeight;
    let busy = 0, busyInView = 0;
    const inView = entry => entry[0] < bottom && entry[0] + entry[1] > top;
    for (const [name, controller] of inFlight) {
      const entry = controller.entry;
      if (wanted.has(name) || (entry[0] + entry[1] > a - slack && entry[0] < b + slack)) {
        busy++;
        busyInView += inView(entry);
      } else {
        controller.abort();
        inFlight.delete(name);
      }
    }
    // While a jump is still moving, no shard is asked for (its manifest part may be: a part is
    // a kilobyte, and having it early saves a round trip once the reader rests).
    if (settleUntil > Date.now()) return;
    // Nearest first, three at a time: on a slow link parallel requests share it and all arrive
    // late. At rest (after a jump) the rows in view come first: nothing else starts while one
    // of theirs is on its way.
    const middle = (top + bottom) / 2, distance = e => abs(e[0] + e[1] / 2 - middle);
    list.sort((p, q) => distance(p) - distance(q));
    for (const entry of list) {
      if (inFlight.has(entry[2]) || busy > 2 || (busyInView && !speed && !inView(entry))) continue;
      busy++;
      busyInView += inView(entry);
      load(entry);
    }
    // Batch: the next page's rows once the reader reaches the bottom, and not before.
    if (SITEGEN_STRATEGY === 'batch' && listEnd < total && !list.length && bottom >= listEnd) {
      listEnd = min(total, listEnd + pageSize);
      update();
    }
  };

  // The history entry keeps the row at the top, fractional, so the offset within it survives
  // a reload or a return; the URL is that row's static page. It is counted from the list's
  // end, which stories new since do not move. (The URL names the row mostly in view at the
  // top; null leaves the URL as it is.)
  const follow = withURL => {
    const r = rowAt(measure());
    history.replaceState({ fromEnd: total - r }, '', withURL ? pageURL(min(clamp(r + 0.5), listEnd - 1)) : null);
  };
  const onScroll = () => {
    const now = Date.now(), dy = scrollY - lastY;
    // Scrolls of this script's own (scrollToRow) have set lastY already and need nothing more.
    if (!dy) return;
    // A move of more than three screens at once is a jump (scrollbar drag, End, a link): ask
    // for no shard until it rests 50 ms (a drag moves every frame), so the shards of rows passed
    // over are never downloaded.
    if (dy * dy > 9 * viewportHeight ** 2) {
      jumped = landed = true;
      speed = 0;
      settleUntil = now + 50;
      setTimeout(update, 60);
    } else {
      landed = false;
      // Smoothed over frames: two scroll events in one millisecond must not read as a fling.
      speed = (speed + (dy * 1e3) / max(16, now - lastTime)) / 2;
    }
    lastY = scrollY;
    lastTime = now;
    update();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      speed = 0;
      // Past the height cap, a pause brings the scrollbar back to where the rows are (1:1
      // reading drifts from it); below the cap this scroll is zero.
      relayout();
      follow(true);
    }, 150);
  };

  // Feed pattern keys: Page Down / Page Up move focus to the next / previous article (made if
  // need be); Control+End / Control+Home to the nearest focusable element after / before the feed.
  feed.addEventListener('keydown', event => {
    const row = event.target.closest('[role=feed] > article');
    const key = event.key, control = event.ctrlKey || event.metaKey, end = key == 'End';
    if (control && (end || key == 'Home')) {
      const outside = [...document.querySelectorAll('a[href],button,input,select,textarea,[tabindex]')].filter(
        e => !feed.contains(e) && feed.compareDocumentPosition(e) & (end ? 4 : 2)
      );
      const target = end ? outside[0] : outside.pop();
      if (target) event.preventDefault(), target.focus();
    } else if (row?.row >= 0 && !control && (key == 'PageDown' || key == 'PageUp')) {
      // (A row of the table view: before it starts, or without it, the keys are the browser's.)
      const r = row.row + (key == 'PageDown' ? 1 : -1);
      event.preventDefault();
      if (r < listStart || r >= listEnd) return;
      const y = measure();
      // Far from the view (the reader scrolled away from the focused row): go there first.
      if (abs(topOf(r) - y) > 2 * viewportHeight) scrollToRow(r, y), update();
      makeRows(r, r + 1);
      rows.get(r).focus();
    }
  });

  /** Runs f in the task after the next frame (a frame's callback, then a timeout, which runs
   *  after that frame is drawn). */
  const afterFrame = f => requestAnimationFrame(() => setTimeout(f));

  // Land where the reader was: coming back (reload, back), on the row they left; landing on
  // page N, on its first row, exactly where the static page showed it.
  history.scrollRestoration = 'manual';
  let saved;
  const start = () => {
    const y = measure();
    lastY = scrollY;
    // The static page's rows are rows like any other; their stories are kept for when they
    // are made again.
    for (let r = landing, row = feed.firstElementChild; row; row = row.nextElementSibling, r++) {
      adopt(row, r);
      row.state = 'filled';
      records.set(r, { id: row.dataset.id, html: row.innerHTML });
    }
    feed.style.position = 'relative';
    // The static page has its first row at the feed's top; so must the table view. (On page
    // 1 that takes no scroll, so nothing here reads the layout: the next frame lays the page
    // out, and the first pass comes after it, so no start-up task holds both.)
    scrollToRow(saved >= 0 ? saved : landing, saved >= 0 ? y : 0);
    addEventListener('scroll', onScroll);
    addEventListener('resize', relayout);
    addEventListener('load', relayout);
    // Back online: rows that gave up are asked for again.
    addEventListener('online', () => {
      failures = {};
      parts = {};
      update();
    });
    // Leaving: the position is kept, and requests in flight are aborted, so the browser's
    // back-forward cache can keep the page; restored from it, the page carries on.
    addEventListener('pagehide', () => {
      follow(false);
      for (const controller of inFlight.values()) controller.abort();
      inFlight.clear();
    });
    addEventListener('pageshow', event => event.persisted && update());
    afterFrame(update);
  };
  // The row at the top stays at the top (above the feed, nothing moves) when the scrollbar is
  // brought back to it after a pause, and under a new row height (a phone turned sideways, or
  // the stylesheet applied only after this script ran, as WebKit may do).
  const relayout = () => {
    const r = rowAt(-feed.getBoundingClientRect().top), y = measure();
    if (y > 0) scrollToRow(r, y);
    update();
  };
  // The static page paints first, as it would without this script: the table view starts in
  // the task after the first frame, and its first pass comes after the next. A reader coming
  // back to a row further down starts at once, rows and all, so the page never shows its top
  // first (the later pass then finds nothing to do). (A page loaded hidden draws no frame: it
  // starts when shown.) A page other than the front starts once the list's head is here;
  // without it (offline, an old host) the static page stays the site.
  const go = head => {
    ({ total, build } = head);
    landing = total - config.below - config.count;
    // A head older than the page (a cache) cannot place its rows: the static page stays.
    if (landing < 0) return;
    listStart = SITEGEN_STRATEGY === 'batch' ? landing : 0;
    listEnd = SITEGEN_STRATEGY === 'batch' ? landing + config.count : total;
    // ([below, count, name, bytes] → [first, count, name, bytes])
    config.shards.forEach(entry => learn([total - entry[0] - entry[1], ...entry.slice(1)]));
    saved = total - history.state?.fromEnd;
    saved >= 0 ? (start(), update()) : afterFrame(start);
  };
  config.total >= 0
    ? go(config)
    : getJSON(config.list + 'head').then(go, () => {});
})();
