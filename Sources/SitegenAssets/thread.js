// thread.js turns a story's thread into a table view, on a page that sitegen built with a
// thread.
//
// The page holds its comments as nested <details open> elements and works without this script:
// each subtree folds, and the rest of the thread is on later pages, linked with rel=next. With
// the script, the comments after the page's own come below them in one list, as the reader
// reaches them. Only the comments near the viewport exist, the shards that hold the comments
// about to be seen are fetched, and the requests for those the reader scrolls away from before
// they arrive are aborted. The list's script does the same for stories; see "Threads" in
// docs/internals/browser.md.
//
// The script also opens a link to any comment in place (`#c<id>`, even in a shard not read
// yet), marks the comments that are new since the reader's last visit to this thread (kept in
// localStorage and sent nowhere), and keeps what the reader folded across back and forward.
//
// This file is written for people: `bash .ci/minify` makes the served file from it with
// esbuild, and the tests hold that file to its gzip budget and check that it is current.
// docs/internals/format.md describes the manifest and the shards the script reads.
(() => {
  const configElement = document.getElementById('sitegen-thread');
  const section = configElement && configElement.parentElement;
  const staticList = section && section.querySelector(':scope > ol.comments');
  // Detect the features first: without them, the static pages are the thread.
  if (!staticList || !window.fetch || !window.AbortController || !window.localStorage) return;

  const config = JSON.parse(configElement.textContent);
  const { min, max, floor } = Math;
  // How far beyond the viewport rows are made, in viewport heights: two below, because a fling
  // at 6,000 px/s crosses them in a round trip and a shard's download, and half a screen above.
  const BELOW = 2;
  const ABOVE = 0.5;
  // A comment's height before it is measured is taken to be the average of the heights measured
  // so far, which `measure` keeps.
  let averageHeight = 96;
  let measuredCount = 0;

  // The thread, from its manifest; `start` sets these once it has arrived.
  /** row → its comment's id, and row → its depth (0 for a reply to the story) */
  let ids = [];
  let depths = [];
  /** row → the row after its last reply, so that its subtree is the rows [row, end) */
  let subtreeEnd = [];
  /** comment id → its row */
  const rowOf = new Map();
  /** row → the index of its shard */
  const shardOfRow = [];
  /** shard index → {name, first}: its file's name and its first row */
  let shards = [];
  /** Where each static page of the thread starts, as a row: page 1, the story's page, at 0. */
  let pageStarts = [];
  /** The row after this page's last: the page holds its comments as static HTML, and the list
   *  below the page, the view, holds the rows [pageEnd, ids.length). */
  let pageEnd = 0;

  /** row → its comment's inner HTML, once its shard has arrived */
  const records = new Map();
  /** row → its measured height, px */
  const heights = new Map();
  /** the comments folded (their replies hidden), by id, so that they stay folded when a new
   *  build adds rows */
  const foldedIDs = new Set(history.state?.sitegenFolded || []);
  /** row → its <li> in the view, for the rows that exist now */
  const made = new Map();
  /** shard index → the AbortController of its request */
  const inFlight = new Map();
  /** shard index → how many times its request has failed */
  const failures = new Map();
  const failuresOf = index => failures.get(index) || 0;

  // The layout of the view, which `layout` makes again whenever a height or a fold changes.
  // `shown` lists the view's rows that are not hidden under a folded comment, and `tops` each
  // one's top, in px from the view's top, with one more entry: the view's height. `placeOf`
  // maps a row back to its index in `shown`, and has no entry for a hidden row.
  let shown = [];
  let tops = [0];
  let placeOf = new Map();
  let layoutDirty = true;

  const view = document.createElement('ol');
  view.className = 'comments thread-view';

  /** Fetches a JSON file; a failure of HTTP or of the JSON rejects. */
  const getJSON = (url, signal) =>
    fetch(url, { signal }).then(response => {
      if (!response.ok) throw response.status;
      return response.json();
    });
  /** The comment id that a link's hash `#c<id>` names, or 0. */
  const idIn = hash => +(hash.match(/^#c(\d+)$/) || [])[1] || 0;

  // The comments new since the reader's last visit are those with a larger id, since HN's ids
  // grow with time. Nothing is marked on a first visit.
  const seenKey = 'sitegen-seen:' + config.story;
  const lastSeen = +localStorage.getItem(seenKey) || Infinity;
  const markIfNew = (element, id) => {
    if (id > lastSeen) element.classList.add('new');
  };

  const layout = () => {
    shown = [];
    tops = [0];
    placeOf = new Map();
    let top = 0;
    // A folded comment of the page whose replies go on past it hides those replies in the view
    // too.
    let row = pageEnd;
    for (const id of foldedIDs) {
      const folded = rowOf.get(id);
      if (folded < pageEnd && subtreeEnd[folded] > row) row = subtreeEnd[folded];
    }
    while (row < ids.length) {
      placeOf.set(row, shown.length);
      shown.push(row);
      top += heights.get(row) || averageHeight;
      tops.push(top);
      row = foldedIDs.has(ids[row]) ? subtreeEnd[row] : row + 1;
    }
    view.style.height = top + 'px';
    layoutDirty = false;
  };

  /** The index in `shown` of the row at `y` px from the view's top. */
  const indexAt = y => {
    let low = 0;
    let high = shown.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (tops[middle] <= y) low = middle;
      else high = middle - 1;
    }
    return max(low, 0);
  };

  const viewTop = () => view.getBoundingClientRect().top;

  const makeRow = row => {
    const item = document.createElement('li');
    item.className = 'comment';
    item.id = 'c' + ids[row];
    item.style.setProperty('--depth', min(depths[row], 48));
    item.setAttribute('aria-level', depths[row] + 1);
    item.setAttribute('aria-posinset', row - pageEnd + 1);
    item.setAttribute('aria-setsize', ids.length - pageEnd);
    markIfNew(item, ids[row]);
    fill(item, row);
    view.appendChild(item);
    made.set(row, item);
    return item;
  };

  /** Fills a row: with its comment when its shard is here, else with an empty line that says it
   *  is loading. Once its shard has failed four times (a newer build may have replaced it), the
   *  row becomes a link to the static page that holds the comment. */
  const fill = (item, row) => {
    const html = records.get(row);
    if (html === undefined) {
      if (failuresOf(shardOfRow[row]) >= 4) {
        item.removeAttribute('aria-busy');
        const page = pageStarts.filter(start => start <= row).length;
        item.innerHTML = `<a class="failed" href="${config.href}${page > 1 ? `comments/${page}/` : ''}#c${ids[row]}">Couldn't load this comment — open its page</a>`;
        return;
      }
      item.setAttribute('aria-busy', 'true');
      return;
    }
    item.removeAttribute('aria-busy');
    // The record is what the static <li> holds: the comment's link, then its <details>.
    item.innerHTML = html;
    const details = item.querySelector('details');
    if (!details) return;
    details.open = !foldedIDs.has(ids[row]);
    details.addEventListener('toggle', () => setFolded(row, !details.open));
  };

  const setFolded = (row, folded) => {
    const id = ids[row];
    if (folded === foldedIDs.has(id)) return;
    if (folded) foldedIDs.add(id);
    else foldedIDs.delete(id);
    history.replaceState({ ...history.state, sitegenFolded: [...foldedIDs] }, '');
    layoutDirty = true;
    schedule();
  };

  // A static comment whose replies go on past the page folds those replies in the view too.
  staticList.addEventListener(
    'toggle',
    event => {
      const item = event.target.parentElement;
      const row = item && item.id ? rowOf.get(+item.id.slice(1)) : undefined;
      if (row !== undefined) setFolded(row, !event.target.open);
    },
    true,
  );

  /** Fills again the rows of shard `index` that exist, after the shard arrived or failed. */
  const fillShard = index => {
    for (const [row, item] of made) if (shardOfRow[row] === index) fill(item, row);
  };
  const fetchShard = index => {
    const controller = new AbortController();
    inFlight.set(index, controller);
    getJSON(config.base + 'c/' + shards[index].name + '.json', controller.signal)
      .then(file => {
        file.comments.forEach((comment, k) => records.set(shards[index].first + k, comment.html));
        inFlight.delete(index);
        fillShard(index);
        schedule();
      })
      .catch(() => {
        if (inFlight.get(index) !== controller) return;
        inFlight.delete(index);
        failures.set(index, failuresOf(index) + 1);
        fillShard(index);
        // The shard is asked for again as the reader comes near, after a pause that doubles.
        setTimeout(schedule, 250 << failures.get(index));
      });
  };

  // One pass a frame, however many events ask for it.
  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(update);
  };

  /** A row to bring into view (the comment a link names), until it is in place; -1 for none. */
  let target = -1;

  /** Measures the rows that were filled since the last frame. A change of height makes the
   *  layout dirty, and a row measured for the first time joins the average. */
  const measure = () => {
    for (const [row, item] of made) {
      if (!item.isConnected || records.get(row) === undefined) continue;
      const height = item.offsetHeight;
      if (height && height !== heights.get(row)) {
        if (!heights.has(row)) {
          measuredCount++;
          averageHeight += (height - averageHeight) / measuredCount;
        }
        heights.set(row, height);
        layoutDirty = true;
      }
    }
  };

  /** One pass over the view, run once a frame when something changed: it measures the rows,
   *  lays the view out again, keeps the comment being read where it is, makes the rows near the
   *  viewport and removes those far from it, and fetches the shards they need. */
  const update = () => {
    scheduled = false;
    // Rows above the viewport that grew or shrank, or folded, move the page by as much, so that
    // the comment being read stays where it is. The anchor is read from the rows as they are
    // placed now, before they are placed again.
    const viewportTop = -viewTop();
    let anchorRow = -1;
    let anchorOffset = 0;
    const at = indexAt(viewportTop);
    if (shown[at] !== undefined) {
      anchorRow = shown[at];
      anchorOffset = tops[at] - viewportTop;
    }
    measure();
    if (layoutDirty) {
      layout();
      const i = placeOf.get(anchorRow);
      if (target < 0 && i !== undefined) scrollBy(0, tops[i] - viewportTop - anchorOffset);
    }
    if (target >= 0) {
      const i = placeOf.get(target);
      if (i !== undefined) {
        const y = tops[i] + viewTop();
        if (Math.abs(y) > 1) scrollBy(0, y);
      }
    }
    const y = -viewTop();
    const first = indexAt(y - ABOVE * innerHeight);
    const last = indexAt(y + (1 + BELOW) * innerHeight);
    // Rows far from the viewport go, except the focused one, so that the keyboard keeps its
    // place.
    const focused = document.activeElement?.closest('.thread-view > li');
    for (const [row, item] of made) {
      const i = placeOf.get(row);
      if (item !== focused && !(i >= first && i <= last)) {
        item.remove();
        made.delete(row);
      }
    }
    const wanted = new Set();
    for (let i = first; i <= last && i < shown.length; i++) {
      const row = shown[i];
      const item = made.get(row) || makeRow(row);
      item.style.top = tops[i] + 'px';
      // A row's fold is set where it changes (a click, a link, a restored state), never here:
      // a click's toggle event comes a task after the click, and setting the row from
      // `foldedIDs` in between would undo the click.
      if (records.get(row) === undefined) wanted.add(shardOfRow[row]);
    }
    // The requests for shards the reader has left are aborted, and the nearest wanted shards go
    // first, a few at a time.
    for (const [index, controller] of inFlight) {
      if (!wanted.has(index)) {
        inFlight.delete(index);
        controller.abort();
      }
    }
    for (const index of wanted) {
      if (inFlight.size >= 3) break;
      if (!inFlight.has(index) && failuresOf(index) < 4) fetchShard(index);
    }
    if (target >= 0 && made.get(target) && records.get(target) !== undefined) {
      made.get(target).classList.add('target');
      if (!wanted.size) target = -1;
    }
  };

  /** Opens the comment that the URL's `#c<id>` names, when it is in the view, unfolding its
   *  folded ancestors. */
  const open = () => {
    const id = idIn(location.hash);
    if (!id) return;
    const row = rowOf.get(id);
    if (!(row >= pageEnd)) return;
    for (let r = row - 1, depth = depths[row]; r >= 0 && depth > 0; r--) {
      if (depths[r] < depth) {
        depth = depths[r];
        foldedIDs.delete(ids[r]);
        const item = r < pageEnd ? document.getElementById('c' + ids[r]) : made.get(r);
        const details = item && item.querySelector('details');
        if (details) details.open = true;
      }
    }
    for (const item of view.querySelectorAll('.target')) item.classList.remove('target');
    target = row;
    layoutDirty = true;
    schedule();
  };

  /** Starts the view once the thread's manifest has arrived: {rows, shards, pages, ids,
   *  depths}, where each shard is {name, rows} (docs/internals/format.md, "Threads"). */
  const start = manifest => {
    ({ ids, depths } = manifest);
    const pages = (pageStarts = manifest.pages), pageStart = pages[config.page - 1];
    pageEnd = config.page < pages.length ? pages[config.page] : ids.length;
    // A comment's subtree ends at the first row after it that is no deeper than it.
    subtreeEnd = new Array(ids.length);
    const stack = [];
    for (let row = 0; row <= ids.length; row++) {
      const depth = row < ids.length ? depths[row] : -1;
      while (stack.length && depths[stack[stack.length - 1]] >= depth) subtreeEnd[stack.pop()] = row;
      stack.push(row);
    }
    ids.forEach((id, row) => rowOf.set(id, row));
    let first = 0;
    shards = manifest.shards.map((shard, index) => {
      for (let k = 0; k < shard.rows; k++) shardOfRow[first + k] = index;
      first += shard.rows;
      return { name: shard.name, first: first - shard.rows };
    });
    // The page's own comments are marked when new, and folded as the reader left them.
    for (let row = pageStart; row < pageEnd; row++) {
      const item = document.getElementById('c' + ids[row]);
      if (!item) continue;
      markIfNew(item, ids[row]);
      if (foldedIDs.has(ids[row])) item.querySelector('details').open = false;
    }
    // The rest of the thread comes below the page's comments, and the link to the next page
    // goes. The link to earlier comments stays, since the list only grows downward.
    if (pageEnd < ids.length) {
      staticList.after(view);
      for (const next of section.querySelectorAll('.thread-pages a[rel=next]')) next.hidden = true;
    }
    addEventListener('scroll', schedule, { passive: true });
    // A new width changes the rows' heights: the rows that exist are measured again in the next
    // frame, and the others keep their heights until they are made.
    addEventListener('resize', schedule);
    addEventListener('hashchange', open);
    // A comment's date is its link, which with the view opens the comment in place.
    section.addEventListener('click', event => {
      const link = event.target.closest?.('a.permalink');
      const id = link && idIn(link.hash);
      if (!(rowOf.get(id) >= pageEnd)) return;
      event.preventDefault();
      history.pushState(history.state, '', '#c' + id);
      open();
    });
    // What this visit saw is what the next visit counts as old.
    const newest = ids.reduce((a, b) => max(a, b), 0);
    addEventListener('pagehide', () => localStorage.setItem(seenKey, newest));
    open();
    schedule();
  };

  getJSON(config.manifest).then(start, () => {});
})();
