// sitegen.js turns a list page that sitegen built into a table view: the web's form of UIKit's
// UITableView with UITableViewDataSourcePrefetching.
//
// The static page holds its own rows and works without this script. With the script, the feed
// is as tall as the whole list, but only the rows near the viewport exist: a row is made as it
// comes near and removed when it is far behind, as a table view reuses its cells. The script
// fetches the shards that hold the rows the reader is about to see (prefetchRowsAt), and aborts
// the requests for rows the reader scrolls away from before they arrive
// (cancelPrefetchingForRowsAt). docs/internals/browser.md explains the design, and
// docs/internals/format.md describes the files the script reads.
//
// This file is written for people. `bash .ci/minify` makes the served files from it with
// esbuild, one for each loading strategy: it replaces SITEGEN_STRATEGY with "prefetch", "batch"
// or "all" and drops the code of the other strategies. The tests hold each served file to 2,750
// bytes gzipped and check that the committed files are current.
(() => {
  const configElement = document.getElementById('sitegen-config');
  const feed = document.querySelector('[role=feed]');
  // Detect the features first: without them, the static pages and their pager are the site.
  // Every browser that can parse this file (ES2020) has fetch and AbortController, since each
  // engine shipped them two years or more before optional chaining; they need no test.
  if (!configElement || !feed || !feed.firstElementChild) return;

  const { min, max, floor, abs } = Math;
  // Every new row starts as a bare copy of the static page's first row, so that the script
  // makes the very element sitegen writes.
  const blank = feed.firstElementChild.cloneNode();
  blank.removeAttribute('data-id');
  const config = JSON.parse(configElement.textContent);
  const { pageSize, partRows } = config;
  const connection = navigator.connection || {};
  // How far ahead rows are made and fetched, in viewport heights. Below the view it is two
  // screens, because a fling that starts at 6,000 px/s covers them in one round trip and one
  // shard's download (a fling adds a second of its own travel on top). Right after a jump it is
  // one screen until the reader moves on, so that a jump asks for little beyond what it shows.
  // Above the view it is half a screen, because readers mostly scroll down. Readers who ask to
  // save data, or who are on a 2G connection, pay for every byte, so they get a quarter of this.
  const ahead = connection.saveData || /2g/.test(connection.effectiveType) ? 0.25 : 1;
  // Browsers cap an element's height (Firefox near 17.9 million px, Chromium and WebKit near
  // 33.5 million, less when zoomed). A longer list gets a feed of this height instead; see "Past
  // the height cap" in docs/internals/browser.md.
  const MAX_HEIGHT = 8e6;

  // The list. `total` is its length and `build` names its manifest: the front page says them,
  // and every other page reads them from the list's head.json, because a page's bytes must not
  // change as the list grows. `landing` is the first row of this page. The table view holds the
  // rows from `listStart` up to, not including, `listEnd`: the whole list, or for the batch
  // strategy the landing page's rows, growing a page at a time at the bottom. Rows are counted
  // from the list's top, as the reader sees them.
  let total, build, landing, listStart, listEnd;

  // What the script knows, by row and by shard. A shard is an object that `learn` makes.
  /** row → the shard that holds it, for the rows whose manifest part has arrived */
  const shardOfRow = new Map();
  /** row → its record, {id, html}, for every row whose shard has arrived */
  const records = new Map();
  /** row → its <article>, for the rows that exist now */
  const rows = new Map();
  /** shard name → the AbortController of its request, or of its pending retry */
  const inFlight = new Map();
  // What failed. The `online` event empties both, so that everything is asked for again.
  /** shard name → how many times its request has failed */
  let failures = {};
  /** manifest part → 1 once it is asked for, 2 once it has failed */
  let parts = {};

  // The geometry, measured when the table view starts and on every pass. Reading innerHeight as
  // the script runs would make the browser lay out the whole page, because the script runs
  // before the browser's first layout.
  let rowHeight, viewportHeight;
  // The anchor: row `anchorRow` sits `anchorY` px below the feed's top, and every other row at
  // its distance in rows from it, times the row height.
  let anchorY = 0, anchorRow;

  // How the reader scrolls, which decides how far ahead the script looks and whether it fetches
  // yet. They are plain variables rather than an object's fields because esbuild shortens
  // variables' names but not fields', and the gzip budget has no room for the difference.
  /** scrollY at the last scroll event, to tell how far the reader moved since */
  let lastY;
  /** the reader's speed, px per second (positive downward), smoothed over frames */
  let speed = 0;
  /** a time (Date.now()) before which no shard is asked for, because a jump is still moving */
  let settleUntil = 0;
  /** set by a jump, so that the next pass anchors the rows where the scrollbar is */
  let jumped = false;
  /** true from a jump until the reader scrolls on: the zone ahead is then one screen, not two */
  let landed = false;

  /** Records a shard of the manifest (docs/internals/format.md) as {first, end, name}: its rows
   *  are `first` up to, not including, `end`, and its file is s/<name>.json. */
  const learn = (first, count, name) => {
    const shard = { first, end: first + count, name };
    for (let r = first; r < shard.end; r++) shardOfRow.set(r, shard);
  };
  // Pages are numbered from the list's end: page 1 holds the oldest rows, and the front (the
  // list's own URL) holds the newest, one to two pages of them. `config.list` is the list's own
  // folder: the site's, or a term's, such as tags/swift/.
  const pageURL = r => {
    // Every page from the front's number on is the front.
    const page = floor((total - 1 - r) / pageSize) + 1;
    return config.list + (page < floor(total / pageSize) ? `page/${page}/` : '');
  };
  /** Fetches `url`.json and parses it; a failure of HTTP or of the JSON rejects. */
  const getJSON = (url, options) =>
    fetch(url + '.json', options).then(response => {
      if (!response.ok) throw response.status;
      return response.json();
    });

  // Geometry. The feed is `height()` px tall. Rows move with the scroll pixel for pixel around
  // the anchor, so reading is never faster than the wheel. Below the height cap the anchor is
  // row `listStart` at the feed's top, for good. Past the cap, a jump moves the anchor to where
  // the scrollbar says (proportionally), and a pause moves the scrollbar back to where the rows
  // are.
  const height = () => min((listEnd - listStart) * rowHeight, MAX_HEIGHT);
  const scaled = () => height() == MAX_HEIGHT;
  const scrollRange = () => height() - viewportHeight;
  const rowRange = () => listEnd - listStart - viewportHeight / rowHeight;
  const proportionalRow = y => listStart + (min(max(y, 0), scrollRange()) / scrollRange()) * rowRange();
  const topOf = r => anchorY + (r - anchorRow) * rowHeight;
  /** The whole row at or before r, kept within the list (its end included). */
  const clamp = r => min(max(floor(r), listStart), listEnd);
  const rowAt = y => anchorRow + (y - anchorY) / rowHeight;
  /** Returns how far the viewport's top is below the feed's top. It measures the row height on
   *  the way, because a theme may make rows taller on a narrow screen, and a phone may turn. */
  const measure = () => {
    rowHeight = feed.firstElementChild?.getBoundingClientRect().height || rowHeight;
    viewportHeight = innerHeight;
    return -feed.getBoundingClientRect().top;
  };
  /** Anchors row r (which may be fractional) where the scrollbar has it. */
  const anchor = r => {
    if (!scaled()) return (anchorY = 0), (anchorRow = listStart);
    anchorRow = min(max(r, listStart), listStart + rowRange());
    anchorY = ((anchorRow - listStart) / rowRange()) * scrollRange();
  };
  // What the rows were last placed by. The rows are placed again when any of it changes: a new
  // anchor, a new row height (fonts or the stylesheet may come after the script ran), or a
  // longer list.
  const placement = () => [anchorY, anchorRow, rowHeight, listEnd] + '';
  let placedBy;
  const place = () => {
    placedBy = placement();
    feed.style.height = height() + 'px';
    for (const [r, row] of rows) row.style.top = topOf(r) + 'px';
  };
  /** Puts row r (which may be fractional) at the viewport's top, `y` being where the viewport
   *  is now. The rows move and the page scrolls by the same amount with no read of the layout
   *  in between, so nothing visible moves and browsers count no layout shift. */
  const scrollToRow = (r, y) => {
    anchor(r);
    place();
    // This neither scrolls nor reads the layout when it need not, since a caller may have just
    // changed the layout.
    if (topOf(r) != y) scrollBy(0, topOf(r) - y), (lastY = scrollY);
  };

  /** Whether the script has stopped asking for the shard: it failed four times. */
  const gaveUp = shard => failures[shard.name] > 3;
  // A row is in one of three states, and its element shows which: filled (it has a data-id),
  // loading (it has aria-busy) or given up (it holds a link to its static page, so that no
  // spinner turns for ever). A row is made for one index and never reused for another, so a row
  // can only ever show its own story.
  const stateOf = r => {
    if (records.has(r)) return 'filled';
    const shard = shardOfRow.get(r);
    return (shard ? gaveUp(shard) : parts[floor(r / partRows)] > 1) ? 'failed' : 'busy';
  };
  const draw = (row, r) => {
    const state = (row.state = stateOf(r)), record = records.get(r);
    // The link is safe to write as HTML: the list's URL is the site owner's base URL, which
    // sitegen checks, or a term's folder, which sitegen percent-encodes; the rest are numbers.
    row.innerHTML = record ? record.html : state == 'busy' ? '' : `<a class=failed href="${pageURL(r)}">Couldn't load — open its page</a>`;
    if (record) row.dataset.id = record.id;
    state == 'busy' ? row.setAttribute('aria-busy', 'true') : row.removeAttribute('aria-busy');
  };
  /** Makes the element that a static page would have for row r, and places it. */
  const makeRow = r => {
    const row = blank.cloneNode();
    adopt(row, r);
    draw(row, r);
    return row;
  };
  /** Makes `row` a row of the table view: placed absolutely, and kept in `rows`. */
  const adopt = (row, r) => {
    row.row = r;
    // The static page leaves the rank out, because the rank changes as the list grows.
    row.setAttribute('aria-posinset', r + 1);
    row.setAttribute('aria-setsize', total);
    row.style.position = 'absolute';
    row.style.left = row.style.right = 0;
    row.style.top = topOf(r) + 'px';
    rows.set(r, row);
  };
  /** Makes the missing rows from `from` up to, not including, `to`, in document order, which is
   *  the order of the keyboard's tab stops and of screen readers. */
  const makeRows = (from, to) => {
    let next = rows.get(min(...[...rows.keys()].filter(r => r >= to))) || null;
    for (let r = to - 1; r >= from; r--) {
      if (!rows.has(r)) feed.insertBefore(makeRow(r), next);
      next = rows.get(r);
    }
  };
  /** Removes the rows outside `from` up to `to`, except the one with focus, so that the
   *  document stays small however far the reader goes: every row costs each frame's style,
   *  layout and paint, which on a phone is most of the frame. */
  const releaseRows = (from, to) => {
    const focused = document.activeElement?.closest('[role=feed] > article');
    for (const [r, row] of rows) {
      if (row == focused || (r >= from && r < to)) continue;
      row.remove();
      rows.delete(r);
    }
  };
  /** Draws again the rows whose state changed, and says whether a row in view, from `top` to
   *  `bottom`, is loading (the feed pattern's aria-busy on the feed). */
  const drawRows = (top, bottom, screen) => {
    let loading = false;
    for (const [r, row] of rows) {
      // A filled row is never drawn again: it shows its story for as long as it exists. A row
      // more than a screen below waits until it comes nearer, so that an arriving shard fills
      // its rows as the reader reaches them, not thirty of them in one frame.
      if (row.state != 'filled' && row.state != stateOf(r) && r < bottom + screen) draw(row, r);
      loading ||= row.state == 'busy' && r >= top - 1 && r < bottom;
    }
    if (feed.getAttribute('aria-busy') != '' + loading) feed.setAttribute('aria-busy', loading);
  };

  // There is one request for each shard. Its records are kept, so that a row made again later is
  // filled at once, and the rows that exist now are drawn. A failure (404, 5xx, offline, bad
  // JSON) is retried after 0.25, 0.5 and 1 s; 2 s after the fourth, its rows give up (stateOf).
  const load = shard => {
    const { name } = shard, controller = new AbortController();
    controller.shard = shard;
    inFlight.set(name, controller);
    // The controller serves as fetch's options, since the only option fetch needs is its signal.
    getJSON(config.base + 's/' + name, controller).then(file => {
      file.items.forEach((record, i) => records.set(shard.first + i, record));
      inFlight.delete(name);
      update();
    }).catch(() => {
      if (inFlight.get(name) != controller) return;
      failures[name] = (failures[name] || 0) + 1;
      const timer = setTimeout(() => {
        inFlight.delete(name);
        update();
      }, 125 << failures[name]);
      // The pending retry stays in flight under the same controller, whose abort() now clears
      // the timer.
      controller.abort = () => clearTimeout(timer);
    });
  };
  const loadPart = k => {
    parts[k] = 1;
    getJSON(`${config.base}m/${build}/${k}`)
      .then(part => part.shards.forEach(([first, count, name]) => learn(first, count, name)))
      .catch(() => (parts[k] = 2))
      .then(update);
  };
  /** The shards of the rows from `from` up to `to` that still have rows to load; a row whose
   *  manifest part has not arrived asks for the part, once. */
  const shardsWanted = (from, to) => {
    const wanted = [];
    for (let r = from; r < to; ) {
      const shard = shardOfRow.get(r), part = floor(r / partRows);
      if (shard) {
        // A shard's rows arrive together, but a static page may hold some of them already.
        const missing = !records.has(max(shard.first, from)) || !records.has(min(shard.end, to) - 1);
        if (missing && !gaveUp(shard)) wanted.push(shard);
        r = shard.end;
      } else if (records.has(r)) {
        // A row the static page holds needs nothing, so a list on one page has no shards at all.
        r++;
      } else {
        parts[part] || loadPart(part);
        r = (part + 1) * partRows;
      }
    }
    return wanted;
  };

  /** One pass over the table view, run on every scroll and whenever a file arrives: it makes the
   *  rows near the viewport and removes those far behind, draws the rows whose state changed,
   *  and fetches the shards near the view and cancels those left behind (prefetchRowsAt and
   *  cancelPrefetchingForRowsAt). */
  const update = () => {
    const y = measure();
    // Past the height cap, a jump and the list's two ends put the rows where the scrollbar is.
    if (jumped || y <= 0 || y >= scrollRange()) anchor(proportionalRow(y));
    jumped = false;
    // The rows near the viewport are found by arithmetic, since rows are all one height. In the
    // direction of a fling the zone reaches a second of travel further.
    const top = rowAt(y), bottom = rowAt(y + viewportHeight), screen = viewportHeight / rowHeight;
    const travel = speed / rowHeight;
    const from = clamp(top - (ahead * screen) / 2 + min(0, travel));
    const to = clamp(bottom + ahead * screen * (landed ? 1 : 2) + max(0, travel) + 1);
    // The rows just read (within a screen) stay, so scrolling back a little makes nothing.
    releaseRows(min(from, top - screen), max(to, bottom + screen));
    if (placedBy != placement()) place();
    // Rows are made a screen ahead, plus a quarter second of a fling's travel (what the
    // compositor may scroll to before the next pass), not as far as their shards are fetched.
    makeRows(from, min(to, clamp(bottom + screen + max(0, travel / 4) + 1)));
    drawRows(top, bottom, screen);
    // The shards wanted are those of the rows near the view (prefetch), of every row (all), or
    // of every row the list has so far (batch).
    if (SITEGEN_STRATEGY === 'prefetch') requestShards(from, to, top, bottom, travel);
    else requestShards(listStart, listEnd, top, bottom, travel);
  };
  /** Fetches the shards of the rows from `a` up to `b`, nearest the rows in view (`top` to
   *  `bottom`) first, and cancels the requests that went out of reach. */
  const requestShards = (a, b, top, bottom, travel) => {
    const wanted = shardsWanted(a, b);
    // Requests that went out of reach are cancelled, with slack: the zone's edge moves with the
    // speed, and a request there must not be cancelled and asked for again as the speed jitters.
    // The slack is twenty rows, plus the second of travel a fling adds.
    const slack = 20 + abs(travel), inView = shard => shard.first < bottom && shard.end > top;
    let busy = 0, busyInView = 0;
    for (const [name, controller] of inFlight) {
      const { shard } = controller;
      if (wanted.some(shard => shard.name == name) || (shard.end > a - slack && shard.first < b + slack)) {
        busy++;
        busyInView += inView(shard);
      } else {
        controller.abort();
        inFlight.delete(name);
      }
    }
    // While a jump is still moving, no shard is asked for. Its manifest part may be: a part is a
    // kilobyte, and having it early saves a round trip once the reader rests.
    if (settleUntil > Date.now()) return;
    // Nearest first, three at a time: on a slow link parallel requests share it and all arrive
    // late. At rest (after a jump) the rows in view come first: nothing else starts while one of
    // their shards is on its way.
    const middle = (top + bottom) / 2, distance = shard => abs((shard.first + shard.end) / 2 - middle);
    wanted.sort((p, q) => distance(p) - distance(q));
    for (const shard of wanted) {
      if (inFlight.has(shard.name) || busy > 2 || (busyInView && !speed && !inView(shard))) continue;
      busy++;
      busyInView += inView(shard);
      load(shard);
    }
    // The batch strategy adds the next page's rows once the reader reaches the bottom, and not
    // before.
    if (SITEGEN_STRATEGY === 'batch' && listEnd < total && !wanted.length && bottom >= listEnd) {
      listEnd = min(total, listEnd + pageSize);
      update();
    }
  };

  // The history entry keeps the row at the top, fractional, so that a reload or a return lands
  // at the same offset within it. It is counted from the list's end, which new stories do not
  // move. The URL becomes the static page of the row mostly in view at the top when `withURL`
  // is true, and stays as it is otherwise.
  const follow = withURL => {
    const r = rowAt(measure());
    history.replaceState({ fromEnd: total - r }, '', withURL ? pageURL(min(clamp(r + 0.5), listEnd - 1)) : null);
  };
  // onScroll's own state: when the last scroll event came (for the speed), and the timer that
  // fires once the reader pauses.
  let lastTime = 0, idleTimer;
  const onScroll = () => {
    const now = Date.now(), dy = scrollY - lastY;
    // A scroll of the script's own (scrollToRow) has set lastY already and needs nothing more.
    if (!dy) return;
    // A move of more than three screens at once is a jump (a scrollbar drag, End, a link). No
    // shard is asked for until it rests for 50 ms (a drag moves every frame), so that the shards
    // of the rows passed over are never downloaded.
    if (dy * dy > 9 * viewportHeight ** 2) {
      jumped = landed = true;
      speed = 0;
      settleUntil = now + 50;
      setTimeout(update, 60);
    } else {
      landed = false;
      // The speed is smoothed over frames, so that two scroll events in one millisecond do not
      // read as a fling.
      speed = (speed + (dy * 1e3) / max(16, now - lastTime)) / 2;
    }
    lastY = scrollY;
    lastTime = now;
    update();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      speed = 0;
      // Past the height cap, a pause brings the scrollbar back to where the rows are, since
      // reading pixel for pixel drifts from it; below the cap this scrolls by nothing.
      relayout();
      follow(true);
    }, 150);
  };

  // The feed pattern's keys: Page Down and Page Up move focus to the next or previous article,
  // making it if need be; Control+End and Control+Home move it to the nearest focusable element
  // after or before the feed.
  feed.addEventListener('keydown', event => {
    const row = event.target.closest('[role=feed] > article');
    const key = event.key, control = event.ctrlKey || event.metaKey, end = key == 'End';
    if (control && (end || key == 'Home')) {
      // 4 and 2 are Node.DOCUMENT_POSITION_FOLLOWING and Node.DOCUMENT_POSITION_PRECEDING.
      const outside = [...document.querySelectorAll('a[href],button,input,select,textarea,[tabindex]')].filter(
        e => !feed.contains(e) && feed.compareDocumentPosition(e) & (end ? 4 : 2)
      );
      const target = end ? outside[0] : outside.pop();
      if (target) event.preventDefault(), target.focus();
    } else if (row?.row >= 0 && !control && (key == 'PageDown' || key == 'PageUp')) {
      // Only a row of the table view has `row`: before the table view starts, or without it,
      // the keys do what the browser does.
      const r = row.row + (key == 'PageDown' ? 1 : -1);
      event.preventDefault();
      if (r < listStart || r >= listEnd) return;
      const y = measure();
      // When the reader has scrolled away from the focused row, the view goes to it first.
      if (abs(topOf(r) - y) > 2 * viewportHeight) scrollToRow(r, y), update();
      makeRows(r, r + 1);
      rows.get(r).focus();
    }
  });

  /** Runs f in the task after the next frame: a frame callback, then a timeout, which runs
   *  after that frame is drawn. */
  const afterFrame = f => requestAnimationFrame(() => setTimeout(f));

  // The page lands where the reader was. Coming back (by a reload, or by going back), it lands
  // on the row they left, `saved`; landing on page N, it lands on that page's first row, exactly
  // where the static page showed it.
  history.scrollRestoration = 'manual';
  const start = saved => {
    const y = measure();
    lastY = scrollY;
    // The static page's rows become rows like any other, and their stories are kept for when
    // they are made again.
    for (let r = landing, row = feed.firstElementChild; row; row = row.nextElementSibling, r++) {
      adopt(row, r);
      row.state = 'filled';
      records.set(r, { id: row.dataset.id, html: row.innerHTML });
    }
    feed.style.position = 'relative';
    // The static page has its first row at the feed's top, and so must the table view. On page
    // 1 that takes no scroll, so nothing here reads the layout: the next frame lays the page
    // out, and the first pass comes after it, so that no task at start-up does both.
    scrollToRow(saved >= 0 ? saved : landing, saved >= 0 ? y : 0);
    addEventListener('scroll', onScroll);
    addEventListener('resize', relayout);
    addEventListener('load', relayout);
    // Back online, the rows that gave up are asked for again.
    addEventListener('online', () => {
      failures = {};
      parts = {};
      update();
    });
    // On leaving, the position is kept and the requests in flight are aborted, so that the
    // browser's back-forward cache can keep the page; restored from it, the page carries on.
    addEventListener('pagehide', () => {
      follow(false);
      for (const controller of inFlight.values()) controller.abort();
      inFlight.clear();
    });
    addEventListener('pageshow', event => event.persisted && update());
    afterFrame(update);
  };
  // Keeps the row at the top where it is (and above the feed nothing moves) when the scrollbar is
  // brought back to it after a pause, and when the row height changes: a phone turned sideways,
  // or the stylesheet applied only after this script ran, as WebKit may do.
  const relayout = () => {
    const r = rowAt(-feed.getBoundingClientRect().top), y = measure();
    if (y > 0) scrollToRow(r, y);
    update();
  };
  // The static page paints first, as it would without this script: the table view starts in
  // the task after the first frame, and its first pass comes after the next frame. A reader
  // coming back to a row further down starts at once, rows and all, so that the page never
  // shows its top first; the later pass then finds nothing to do. A page loaded hidden draws no
  // frame, so it starts when it is shown. A page other than the front starts once the list's
  // head has arrived; without the head (offline, or an old host) the static page stays the
  // site.
  const go = head => {
    ({ total, build } = head);
    landing = total - config.below - config.count;
    // A head older than the page (from a cache) cannot place the page's rows, so the static
    // page stays.
    if (landing < 0) return;
    listStart = SITEGEN_STRATEGY === 'batch' ? landing : 0;
    listEnd = SITEGEN_STRATEGY === 'batch' ? landing + config.count : total;
    // The config block lists the shards near this page by the rows below them, which new
    // stories do not change: [below, count, name, bytes] (docs/internals/format.md).
    config.shards.forEach(([below, count, name]) => learn(total - below - count, count, name));
    // The row the reader left, when the history entry keeps one. Without it, afterFrame calls
    // `start` with no argument, and the page lands on its own first row.
    const saved = total - history.state?.fromEnd;
    saved >= 0 ? (start(saved), update()) : afterFrame(start);
  };
  config.total >= 0
    ? go(config)
    : getJSON(config.list + 'head').then(go, () => {});
})();
