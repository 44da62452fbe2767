// thread.js: a story's thread as a table view, for a page sitegen built with a thread.
//
// The page holds its comments as nested <details open> and works without this script: each
// subtree folds, and the rest of the thread is on later pages linked with rel=next. With it,
// the comments after the page's own come below them in one list, as the reader reaches them:
// only the comments near the viewport exist, the shards holding the comments about to be seen
// are fetched, and those the reader scrolls away from before they arrive are aborted (the
// list's script does the same for stories: docs/internals/browser.md, "Threads").
//
// It also opens a link to any comment in place (`#c<id>`, even in a shard not yet read), marks
// the comments new since the reader's last visit to this thread (kept in localStorage, sent
// nowhere), and keeps what the reader folded across back and forward.
//
// Written for people: `bash .ci/minify` makes the served file with esbuild; tests hold it to
// its gzip budget and check the committed file is current. docs/internals/format.md describes
// the manifest and shards it reads.
(() => {
  const configElement = document.getElementById('sitegen-thread');
  const section = configElement && configElement.parentElement;
  const staticList = section && section.querySelector(':scope > ol.comments');
  // Feature-detect first: without these the static pages are the thread.
  if (!staticList || !window.fetch || !window.AbortController || !window.localStorage) return;

  const config = JSON.parse(configElement.textContent);
  const { min, max, floor } = Math;
  // Rows made beyond the viewport, in viewport heights: two below (a fling at 6,000 px/s
  // crosses them in a round trip and a shard's download), half above.
  const BELOW = 2;
  const ABOVE = 0.5;
  // A comment's height before it is measured: the average of those measured so far.
  let averageHeight = 96;
  let measuredCount = 0;

  // The thread, from its manifest.
  let ids = [];
  let depths = [];
  /** row → the row after its last reply (its subtree is [row, end)) */
  let subtreeEnd = [];
  /** comment id → its row */
  const rowOf = new Map();
  /** row → its shard's index; shard index → {name, first}: its file and its first row */
  const shardOfRow = [];
  let shards = [];
  /** The rows this page holds as static HTML: [pageStart, pageEnd). The list below the page
   *  (the "view") holds [pageEnd, ids.length). */
  let pageStart = 0;
  let pageEnd = 0;
  /** Where each static page of the thread starts (row 0 is the story's page). */
  let pageStarts = [];

  /** row → its comment's inner HTML, once its shard has arrived */
  const records = new Map();
  /** row → measured height, px */
  const heights = new Map();
  /** rows folded (their replies hidden), by comment id so they survive a rebuild's new rows */
  const foldedIDs = new Set(history.state?.sitegenFolded || []);
  /** row → its <li> in the view, for the rows that exist now */
  const made = new Map();
  /** shard index → its request's AbortController */
  const inFlight = new Map();
  /** shard index → failures so far */
  const failures = new Map();

  // The view's rows that are not hidden under a folded comment, and each one's top (px from
  // the view's top); `tops` has one more entry: the view's height. `placeOf` maps a row back
  // to its index in `shown` (absent when hidden).
  let shown = [];
  let tops = [0];
  let placeOf = new Map();
  let layoutDirty = true;

  const view = document.createElement('ol');
  view.className = 'comments thread-view';

  /** The comments new since the reader's last visit: those with a larger id (HN's ids grow
   *  with time). Nothing is marked on a first visit. */
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
    // A folded comment of the page whose replies go on past it hides those in the view too.
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

  /** A row's content: its comment when its shard is here, else an empty line that says so,
   *  or, once its shard has failed four times (a newer build replaced it), a link to the
   *  static page that holds the comment. */
  const fill = (item, row) => {
    const html = records.get(row);
    if (html === undefined) {
      if ((failures.get(shardOfRow[row]) || 0) >= 4) {
        item.removeAttribute('aria-busy');
        const page = pageStarts.filter(start => start <= row).length;
        item.innerHTML = `<a class="failed" href="${config.href}${page > 1 ? `comments/${page}/` : ''}#c${ids[row]}">Couldn't load this comment — open its page</a>`;
        return;
      }
      item.setAttribute('aria-busy', 'true');
      return;
    }
    item.removeAttribute('aria-busy');
    // (The record is what the static <li> holds: the comment's link, then its <details>.)
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

  // A static comment whose replies go on past the page folds those in the view too.
  staticList.addEventListener(
    'toggle',
    event => {
      const item = event.target.parentElement;
      const row = item && item.id ? rowOf.get(+item.id.slice(1)) : undefined;
      if (row !== undefined) setFolded(row, !event.target.open);
    },
    true,
  );

  const fetchShard = index => {
    const controller = new AbortController();
    inFlight.set(index, controller);
    fetch(config.base + 'c/' + shards[index].name + '.json', { signal: controller.signal })
      .then(response => {
        if (!response.ok) throw response.status;
        return response.json();
      })
      .then(file => {
        file.comments.forEach((comment, k) => records.set(shards[index].first + k, comment.html));
        inFlight.delete(index);
        for (const [row, item] of made) if (shardOfRow[row] === index) fill(item, row);
        schedule();
      })
      .catch(() => {
        if (inFlight.get(index) !== controller) return;
        inFlight.delete(index);
        failures.set(index, (failures.get(index) || 0) + 1);
        for (const [row, item] of made) if (shardOfRow[row] === index) fill(item, row);
        // Asked again as the reader comes near, after a pause that doubles.
        setTimeout(schedule, 250 << failures.get(index));
      });
  };

  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(update);
  };

  /** A row to bring into view (a link to a comment), until it is in place. */
  let target = -1;

  const update = () => {
    scheduled = false;
    // Heights measured since the last frame, and folds: the rows above the viewport move the
    // page by what they grew, so the comment being read stays where it is. (The anchor is read
    // from the rows as placed now, before they are placed again.)
    const viewportTop = -viewTop();
    let anchorRow = -1;
    let anchorOffset = 0;
    const at = indexAt(viewportTop);
    if (shown[at] !== undefined) {
      anchorRow = shown[at];
      anchorOffset = tops[at] - viewportTop;
    }
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
    // Rows far from the viewport go (the focused one stays, so the keyboard keeps its place).
    const focused = document.activeElement && document.activeElement.closest('.thread-view > li');
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
      // Folded or opened by a link or a restored state since it was made.
      const details = item.querySelector('details');
      if (details && details.open === foldedIDs.has(ids[row])) details.open = !details.open;
      if (records.get(row) === undefined) wanted.add(shardOfRow[row]);
    }
    // Requests for shards the reader has left are aborted; the nearest wanted go first, a
    // few at a time.
    for (const [index, controller] of inFlight) {
      if (!wanted.has(index)) {
        inFlight.delete(index);
        controller.abort();
      }
    }
    for (const index of wanted) {
      if (inFlight.size >= 3) break;
      if (!inFlight.has(index) && (failures.get(index) || 0) < 4) fetchShard(index);
    }
    if (target >= 0 && made.get(target) && records.get(target) !== undefined) {
      made.get(target).classList.add('target');
      if (!wanted.size) target = -1;
    }
  };

  /** Opens the comment `#c<id>` names, when it is in the view: its folded ancestors unfolded. */
  const open = () => {
    const id = +(location.hash.match(/^#c(\d+)$/) || [])[1];
    if (!id) return;
    const row = rowOf.get(id);
    if (!(row >= pageEnd)) return;
    for (let r = row - 1, depth = depths[row]; r >= 0 && depth > 0; r--) {
      if (depths[r] < depth) {
        depth = depths[r];
        foldedIDs.delete(ids[r]);
        const item = r < pageEnd && document.getElementById('c' + ids[r]);
        if (item) item.querySelector('details').open = true;
      }
    }
    for (const item of view.querySelectorAll('.target')) item.classList.remove('target');
    target = row;
    layoutDirty = true;
    schedule();
  };

  const start = manifest => {
    ({ ids, depths } = manifest);
    const pages = (pageStarts = manifest.pages);
    pageStart = pages[config.page - 1];
    pageEnd = config.page < pages.length ? pages[config.page] : ids.length;
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
    // The page's own comments: marked when new, folded as the reader left them.
    for (let row = pageStart; row < pageEnd; row++) {
      const item = document.getElementById('c' + ids[row]);
      if (!item) continue;
      markIfNew(item, ids[row]);
      if (foldedIDs.has(ids[row])) item.querySelector('details').open = false;
    }
    // The rest of the thread comes below the page's comments, and the link to the next page
    // goes (the one to earlier comments stays: the list only grows downward).
    if (pageEnd < ids.length) {
      staticList.after(view);
      for (const next of section.querySelectorAll('.thread-pages a[rel=next]')) next.hidden = true;
    }
    addEventListener('scroll', schedule, { passive: true });
    // A new width changes the rows' heights: those made are measured again in the next frame
    // (the others keep theirs until they are made).
    addEventListener('resize', schedule);
    addEventListener('hashchange', open);
    // A comment's date is its link: with the view, it opens in place.
    section.addEventListener('click', event => {
      const link = event.target.closest && event.target.closest('a.permalink');
      const id = link && +(link.hash.match(/^#c(\d+)$/) || [])[1];
      if (!(rowOf.get(id) >= pageEnd)) return;
      event.preventDefault();
      history.pushState(history.state, '', '#c' + id);
      open();
    });
    // What this visit saw is what the next one counts as old.
    const newest = ids.reduce((a, b) => max(a, b), 0);
    addEventListener('pagehide', () => localStorage.setItem(seenKey, newest));
    open();
    schedule();
  };

  fetch(config.manifest)
    .then(response => {
      if (!response.ok) throw response.status;
      return response.json();
    })
    .then(start, () => {});
})();
