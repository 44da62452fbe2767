// search.js is the search page's script (search/?q=words). Only that page loads it, so no other
// page pays for search.
//
// It reads the sharded index that sitegen wrote (docs/internals/format.md, "Search"). The index
// is cut into a few segments, each a range of the list. The root, which the page carries, names
// each segment's packs by their first words (through directories, for a large index), and a pack
// gives each of its words' count and first rows, ready to show. So a query costs a directory and
// a pack in each segment the first time, and often nothing after that. The results are rows like
// the list's, in a feed as tall as the results, where only the rows near the viewport exist. Later
// rows load from the site's list pages (or from its manifest and shards) as the reader comes near
// them, and the loads of rows the reader scrolled past are aborted. The script uses neither
// WebAssembly nor eval, so the page's `script-src 'self'` holds.
//
// This file is written for people: `bash .ci/minify` makes the served file from it with esbuild.
(() => {
  const configElement = document.getElementById('sitegen-config');
  const feed = document.querySelector('[role=feed]');
  const status = document.querySelector('[role=status]');
  const input = document.querySelector('form[role=search] [name=q]');
  // Detect the features first. Unicode property escapes and normalize() are what fold words as
  // the index folded them; without them, or without the page's parts, the page goes on saying
  // that search needs JavaScript.
  let wordPattern;
  try {
    wordPattern = new RegExp('\\p{L}', 'u');
  } catch (e) {}
  if (!configElement || !feed || !status || !input || !wordPattern || !''.normalize || !window.AbortController || !window.TextDecoder) return;

  const config = JSON.parse(configElement.textContent);
  const { min, max, floor } = Math;

  // words:begin — the rules of SearchWords.swift, held to it by SearchWordsTests (Node).
  // A query's words are each name whole (`node.js`, `1.88`, `c++`, `it's`) and, from a run of
  // CJK characters (Han, Kana, Hangul), its one character or each pair of neighbours. The index
  // keeps every such character and pair, so `文件` finds every text that holds it; and it keeps
  // a name's pieces between apostrophes, so `google` finds `Google's`.
  const cjk = '\\u1100-\\u11FF\\u3040-\\u30FF\\u3130-\\u318F\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uA960-\\uA97F\\uAC00-\\uD7FF\\uF900-\\uFAFF\\u{20000}-\\u{2FA1F}';
  const wordChar = `(?:(?![${cjk}])[\\p{L}\\p{N}\\p{M}])`;
  const part = `${wordChar}+(?:['’]${wordChar}+)*`;
  const wordRE = new RegExp(`([${cjk}]+)|\\.?${part}(?:\\.${part})*(?:(?:\\+\\+|#)(?!${wordChar}))?`, 'gu');
  // A phone's keyboard types ’ where a text may hold ', and the other way round.
  const fold = w => w.toLowerCase().replace(/ς/g, 'σ').replace(/’/g, "'").normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
  const wordsOf = text =>
    [...text.matchAll(wordRE)]
      .flatMap(([name, run]) => {
        if (!run) return [name];
        const chars = [...run];
        return chars.length == 1 ? chars : chars.slice(1).map((c, i) => chars[i] + c);
      })
      .map(fold)
      .filter(w => w);
  // words:end

  /** path → a promise of its JSON, or of what `read` makes of the response (a list page's rows).
   *  Each file is asked for once; a failed request is forgotten, so that it is asked again. */
  const files = new Map();
  const get = (path, signal, read = response => response.json()) => {
    if (!files.has(path)) {
      const promise = fetch(config.base + path, { signal }).then(response => {
        if (!response.ok) throw response.status;
        return read(response, path);
      });
      promise.catch(() => files.delete(path));
      files.set(path, promise);
    }
    return files.get(path);
  };
  // The index's root, which the page carries (docs/internals/format.md, "The root"). For each
  // segment it lists, its `packs` are [folder, first words] and its `more` (files of later
  // results) [[first word, first run], …], file k being <folder>/<k> and <folder>/m<k>; the
  // directories are [folder, first words] too. A directory names its files one by one instead,
  // as [first word, name] and [first word, first run, name]. The root's lists are turned into
  // that form here, so that every file is found the same way.
  const index = config.index;
  const inFolder = ([folder, firsts], prefix = '') => firsts.map((first, k) => [].concat(first, `${folder}/${prefix}${k}`));
  // A segment's files of later results are in its packs' folder, index.packs[s][0].
  index.more = index.more.map((firsts, s) => firsts && inFolder([index.packs[s][0], firsts], 'm'));
  index.packs = index.packs.map(packs => packs && inFolder(packs));
  if (index.directories) index.directories = inFolder(index.directories);
  /** A file's first word: what packs, directories and a pack's words are ordered by. */
  const firstWord = ([word]) => word;
  /** The path of a file listed as [first word, name] (a pack or a directory). */
  const pathOf = ([, name]) => `x/${name}.json`;
  // filter:begin — WordFilter.swift's probes, held to it by WordFilterTests (Node).
  /** 32-bit FNV-1a of the word's UTF-8, then MurmurHash3's finalizer of it: the two hashes of
   *  a segment's word filter. */
  const fnv = word => {
    let h = 0x811c9dc5;
    for (const b of new TextEncoder().encode(word)) h = Math.imul(h ^ b, 0x01000193);
    return h >>> 0;
  };
  const mix = h => {
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return h ^ (h >>> 16);
  };
  /** Whether a filter, [probes, its bits as hex digits], surely lacks `word`: one of the word's
   *  bits is not set. Bit b is bit b & 3 of hex digit b >> 2. */
  const filterLacks = ([probes, hex], word) => {
    const bits = hex.length * 4, h1 = fnv(word), h2 = mix(h1) | 1;
    for (let i = 0; i < probes; i++) {
      const b = ((h1 + Math.imul(i, h2)) >>> 0) % bits;
      if (!((parseInt(hex[b >> 2], 16) >> (b & 3)) & 1)) return true;
    }
    return false;
  };
  // filter:end
  /** Whether segment s surely lacks `word`, by the segment's filter (the root has one for each
   *  small segment). It is never true of a word the segment has, so a count is never short. A
   *  word the segment lacks may still pass the filter (about 1 in 120), and then costs its
   *  pack, as it would without a filter. */
  const lacks = (s, word) => !!index.filters?.[s] && filterLacks(index.filters[s], word);
  /** The place in `list` of the last item whose key (`key(item)`) is not after `word`, by a
   *  binary search: `list` is ordered by its keys. */
  const floorOf = (list, word, key) => {
    let low = 0, high = list.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      key(list[mid]) <= word ? (low = mid) : (high = mid - 1);
    }
    return low;
  };
  /** Reads a pack as it arrives, and gives {words, records} as soon as its first line (its words,
   *  with their counts, rows and marks) is in; `records` is a promise of the rest of the file. A
   *  query of several words reads only the words, so it asks for its rows while the records,
   *  most of the bytes, are still coming. */
  const readPack = async (response, path) => {
    const reader = response.body.getReader(), decoder = new TextDecoder();
    let text = '', line = -1, chunk = {};
    while (line < 0 && !chunk.done) {
      chunk = await reader.read();
      text += decoder.decode(chunk.value, { stream: !chunk.done });
      line = text.indexOf('\n');
    }
    const records = (async () => {
      while (!chunk.done) text += decoder.decode((chunk = await reader.read()).value, { stream: !chunk.done });
      return JSON.parse(text).records;
    })();
    records.catch(() => files.delete(path));
    return { words: JSON.parse(text.slice(0, line) + '}').words, records };
  };
  const packAt = path => get(path, null, readPack);
  /** Every segment's packs and files of later results that may hold `word`, as {packs, more}.
   *  The root lists the small segments (the newest); for a large index, the directory of the
   *  word lists the others. */
  const listingOf = async word => {
    if (!index.directories) return index;
    const directory = await get(pathOf(index.directories[floorOf(index.directories, word, firstWord)]));
    // The directory has a list for each segment that the root does not list (the segments that
    // are null there), in the root's order.
    let k = 0;
    const own = index.packs.map(list => (list ? -1 : k++));
    return {
      packs: index.packs.map((list, s) => list || directory.packs[own[s]]),
      more: index.more.map((list, s) => list || directory.more[own[s]]),
    };
  };
  /** Finds segment s's pack for `word`, by the packs' first words, and gives [the pack, the place
   *  where `word` is or would be among its words, the pack's place among the segment's packs]. */
  const packOf = async (s, word, listing) => {
    const packs = listing.packs[s], p = floorOf(packs, word, firstWord);
    const pack = await packAt(pathOf(packs[p]));
    return [pack, floorOf(pack.words, word, firstWord), p];
  };
  /** Whether the place that `packOf` found holds `word` itself. A pack's words are entries
   *  [word, count, rows, titled, marks]. */
  const holds = ([pack, i], word) => pack.words[i]?.[0] == word;
  /** `word`'s part in segment s (see `partFrom`), or null when no story there has the word. */
  const partOf = async (s, word, listing) => {
    const found = await packOf(s, word, listing), [pack, i] = found;
    return holds(found, word) ? partFrom(pack, i, s, listing) : null;
  };

  /** Looks a word of the query up, and gives its entry {term, count, parts}, or null when no
   *  story has it. `parts` holds a part for each segment that has the word, newest segment
   *  first. While the reader types, the last word is a prefix (`prefix`), and its term is the
   *  commonest word that begins with it, by its counts in all segments added up. */
  const lookUp = async (word, prefix) => {
    const listing = await listingOf(word);
    const present = index.segments.map((_, s) => listing.packs[s].length > 0);
    let term = null;
    const counts = new Map();
    // Counts the words that begin with `word` in segment s. They follow it: in its pack, or
    // from the start of the next. Words running past that pack too, or past a directory's end,
    // are rare, and missing them costs no more than a suggestion.
    const gather = async ([{ words: entries }, i, p], s) => {
      if (entries[i] && firstWord(entries[i]) < word) i++;
      if (i == entries.length && p + 1 < listing.packs[s].length) {
        entries = (await packAt(pathOf(listing.packs[s][p + 1]))).words;
        i = 0;
      }
      for (; i < entries.length && firstWord(entries[i]).startsWith(word); i++) {
        const [longer, count] = entries[i];
        counts.set(longer, (counts.get(longer) || 0) + count);
      }
    };
    const looked = await Promise.all(
      index.segments.map(async (_, s) => {
        if (!present[s] || (!prefix && lacks(s, word))) return null;
        const found = await packOf(s, word, listing);
        if (prefix) await gather(found, s);
        return found;
      })
    );
    // A word found as typed in any segment is the term. Then a segment without it must not ask
    // for its next pack in case of a suggestion, which would cost a request and a pack's bytes on
    // a cold query. A word found nowhere is taken as a prefix after all: every segment's words
    // that begin with it are counted, including the segments whose filter said they lack it.
    if (!prefix && looked.some(found => found && holds(found, word))) term = word;
    else if (!prefix) await Promise.all(looked.map(async (found, s) => present[s] && gather(found || (await packOf(s, word, listing)), s)));
    if (term == null) for (const [t, n] of counts) if (term == null || n > counts.get(term)) term = t;
    if (term == null) return null;
    // The term's part in each segment. For a prefix, the term may be in another pack, or
    // another directory, than the prefix.
    const own = term == word ? listing : await listingOf(term);
    const parts = await Promise.all(
      index.segments.map(async (_, s) => {
        return own.packs[s].length && !lacks(s, term) ? partOf(s, term, own) : null;
      })
    );
    const held = parts.filter(p => p);
    return { term, count: held.reduce((n, p) => n + p.count, 0), parts: held };
  };

  /** A part's result j, as a row of its segment. The first results' rows are in the pack; a
   *  later one, k = j - (the pack's rows) past them, is in run floor(k / moreRows) of the
   *  word's later results. */
  const localRow = async (part, j) => {
    if (j < part.rows.length) return part.rows[j];
    const k = j - part.rows.length;
    return (await laterRun(part, floor(k / index.moreRows))).rows[k % index.moreRows];
  };
  /** A word's results, to show: the first ones from its packs, and the rest, by their rows of
   *  the site's list, from its files of later results and then from the site's list. Results
   *  rank as one list: every segment's results that hold the word in their title, newest
   *  segment first, then the other results the same way. Given `order` (rows counted from the
   *  list's end), the results are those rows instead. */
  const resultsOf = (entry, order) => {
    // The ranked results are runs of the parts' results, in this order: each part's results
    // that hold the word in their title, then each part's others.
    const blocks = [];
    for (const titles of [true, false]) {
      for (const part of entry.parts) {
        const from = titles ? 0 : part.titled, length = titles ? part.titled : part.count - part.titled;
        if (length) blocks.push({ part, from, length });
      }
    }
    /** Result i → [its part, its place among the part's results]. */
    const place = i => {
      for (const b of blocks) {
        if (i < b.length) return [b.part, b.from + i];
        i -= b.length;
      }
    };
    const rowOf = async i => {
      if (order) return order[i];
      const [part, j] = place(i);
      return part.start + (await localRow(part, j));
    };
    return {
      count: order ? order.length : entry.count,
      /** Result i's record {id, html}, or undefined when it is not here yet. */
      peek: i => {
        const [part, j] = order ? placeOf(entry, order[i]) : place(i);
        return part?.first?.[j];
      },
      load: async (i, signal) => {
        const n = await rowOf(i), row = index.stories - 1 - n;
        const [part, j] = order ? placeOf(entry, n) : place(i);
        // A pack's records arrive after its words. A row they hold waits for them rather than
        // asks the list for itself.
        const known = part && j >= 0 && j < index.firstRows && (await part.records)[j];
        if (known) return known;
        // When there are fewer results than one a page (a rare word's, or several words'), each
        // row is alone in its page, and the page is one request. When they are denser (a common
        // word's), a page would hold several, but a shard holds them for half the bytes, and its
        // manifest part serves a thousand rows.
        const sparse = (order ? order.length : entry.count) * index.pageRows < index.stories;
        return (sparse && (await fromPage(row, signal))) || fromShard(row, signal);
      },
    };
  };
  /** Reads row `row` of the site's list from its static page, whose rows are the very elements
   *  a shard's records fill. That is one request, where a manifest part and then a shard are
   *  two, one after the other; the index says whether a page is small enough (`pageRows`).
   *  Pages are numbered from the list's end (docs/internals/format.md): row n from the end is on
   *  page floor(n / pageRows) + 1, or on the front, which holds the newest one to two pages'
   *  worth. The result is undefined when the page lacks the row, fails, or is no longer of this
   *  index's list: the site may have been built again since, and a page's URL, unlike a shard's,
   *  is not named by its content. The front page names its build, and the list's head.json
   *  (asked for once, beside the first other page) names it for the rest. */
  // Once a page is of another build, lacks its row (a theme whose feed does not hold the rows)
  // or fails, no more pages are asked for: every one would likely be a request thrown away
  // before the manifest's two.
  let pagesServe = true;
  const fromPage = async (row, signal) => {
    if (!index.pageRows || !pagesServe || !window.DOMParser) return;
    const n = index.stories - 1 - row, pages = max(1, floor(index.stories / index.pageRows));
    const page = min(floor(n / index.pageRows) + 1, pages);
    let rowsOf, build;
    try {
      [rowsOf, { build }] = await Promise.all([
        get(page == pages ? '' : `page/${page}/`, signal, readPage),
        page == pages ? {} : get('head.json'),
      ]);
    } catch (error) {
      if (error?.name == 'AbortError') throw error;
      pagesServe = false;
      return;
    }
    const record = (build || rowsOf.build) == index.build ? rowsOf.rows.get(n) : undefined;
    if (!record) pagesServe = false;
    return record;
  };
  /** Reads a list page into {build, rows}: the page's build (only the front names it) and its
   *  rows' records, by their place from the list's end (from the page's `below` and `count`).
   *  A document parsed this way runs no script and loads nothing. */
  const readPage = async response => {
    const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
    const rows = new Map();
    let page = {};
    try {
      page = JSON.parse(doc.getElementById('sitegen-config').textContent);
    } catch (e) {}
    const articles = doc.querySelectorAll('[role=feed] > article[data-id]');
    if (articles.length == page.count) {
      articles.forEach((a, i) => rows.set(page.below + page.count - 1 - i, { id: +a.dataset.id, html: a.innerHTML }));
    }
    return { build: page.build, rows };
  };
  /** Reads row `row` of the site's list through the manifest of the index's own build, which a
   *  deploy keeps for readers of an older search page (docs/guides/deploy.md), and a shard. A
   *  manifest part lists its shards as [first row, row count, name, bytes]. */
  const fromShard = async (row, signal) => {
    const part = await get(`m/${index.build}/${floor(row / index.partRows)}.json`);
    const [first, , name] = part.shards.find(([from, count]) => row >= from && row < from + count);
    return (await get(`s/${name}.json`, signal)).items[row - first];
  };
  /** Row n (counted from the list's end) → [the part of the word in the segment that holds the
   *  row, the row's place in the part's rows (-1 when they do not list it)]. */
  const placeOf = (entry, n) => {
    const part = entry.parts.find(p => n >= p.start && n < p.start + p.stories);
    return [part, part ? part.rows.indexOf(n - part.start) : -1];
  };
  /** Decodes rows as the index writes them, the first and then each as the one before minus it:
   *  [120, 3, 1] → [120, 117, 116]. */
  const undelta = deltas => {
    let n = 0;
    return deltas.map((d, i) => (n = i ? n - d : d));
  };
  /** Run `run` of the part's later results, as {rows (of its segment), marks}, decoded once. */
  const runs = new Map();
  const laterRun = (part, run) => {
    const word = part.term, key = `${part.s} ${run} ${word}`;
    if (!runs.has(key)) {
      // The run is in the last file of later results whose [first word, first run] is not
      // after [word, run]. The files are listed as [first word, first run, name].
      const before = ([firstWord, firstRun]) => firstWord < word || (firstWord == word && firstRun <= run);
      let f = 0;
      while (f + 1 < part.more.length && before(part.more[f + 1])) f++;
      const [, , name] = part.more[f];
      const promise = get(`x/${name}.json`).then(file => {
        // A file's words are entries [word, run, rows, marks].
        const [, , deltas, marks] = file.words.find(([w, r]) => w == word && r == run);
        return { rows: undelta(deltas), marks: marksOf(marks) };
      });
      promise.catch(() => runs.delete(key));
      runs.set(key, promise);
    }
    return runs.get(key);
  };
  /** Decodes each result's marks: the ids of the common words its story holds, two hex digits
   *  each, an id being a word's place in the root's `common` for the segment.
   *  "0005,,0c" → [[0, 5], [], [12]]. */
  const marksOf = text => (text == null ? [] : text.split(',').map(m => (m.match(/../g) || []).map(h => parseInt(h, 16))));
  /** Makes a word's part in segment s from the word's place i in a pack: its rows, counted from
   *  the segment's oldest story; how many of all its results hold it in their title; their
   *  marks; the files of later results that `listing` names; and, once the pack's records are
   *  in (`records`), its first results as records, ready to show (`first`). A name (an author's,
   *  a domain's) has no records: its few stories load through the list. */
  const partFrom = (pack, i, s, listing) => {
    const [term, count, deltas, titled, marks] = pack.words[i], [start, stories] = index.segments[s];
    const part = { s, term, start, stories, count, rows: undelta(deltas), titled, marks: marksOf(marks), more: listing.more[s] };
    part.records = pack.records.then(records => (part.first = records[i]));
    return part;
  };
  /** Every result of a part (a word in a segment), as rows of the segment. */
  const allRows = async part => {
    const count = Math.ceil((part.count - part.rows.length) / index.moreRows);
    const later = await Promise.all(Array.from({ length: count }, (_, r) => laterRun(part, r)));
    return part.rows.concat(...later.map(run => run.rows));
  };

  // walk:begin — held to a plain sort of every kept story by SearchPageWalkTests (Node).
  /** Reads a segment's stories that hold several words, as far as it is asked to. It reads the
   *  results of the segment's driver, one of the words (`part`): its pack's rows, then its runs
   *  of later results. They come in rank order: the results holding the word in their title,
   *  then the others, each group in the list's order. A result is kept when `keep(n, marks)`
   *  says so. Gives {count, found, placed, done, more}: `found` counts the stories kept so far;
   *  `placed` lists those known to be in their place (as rows of the list, newest first), which
   *  are the kept stories newer than the oldest row read of each group; `done` says that no
   *  result is left to read; and `more()` reads one run more. */
  const walk = (part, start, keep) => {
    // Each result's row and marks, filled in as runs are read: a hole is a result not read yet.
    const known = part.rows.slice(), marks = part.marks.slice();
    // The two groups of results: those holding the word in their title, then the others.
    const groupStarts = [0, part.titled], groupEnds = [part.titled, part.count];
    const w = { count: part.count, found: 0, placed: [], done: false };
    const settle = () => {
      // Each group's next unread result.
      const next = groupStarts.map((i, g) => {
        while (i < groupEnds[g] && known[i] != null) i++;
        return i;
      });
      // Each group's bound: the oldest row it has read before its next unread result, since an
      // unread result of the group is older. With nothing read any row may come (Infinity);
      // with all read, none (-1).
      const bounds = next.map((i, g) => (i == groupEnds[g] ? -1 : i == groupStarts[g] ? Infinity : known[i - 1]));
      const bound = max(...bounds), kept = [];
      known.forEach((n, i) => n != null && keep(n, marks[i]) && kept.push(n));
      w.found = kept.length;
      w.placed = kept.filter(n => n >= bound).sort((a, b) => b - a).map(n => n + start);
      w.done = bound < 0;
      // Reads the run that holds the next unread result of the group whose bound holds the
      // others back.
      w.more = async () => {
        const i = next[bounds.indexOf(bound)], first = part.rows.length, r = floor((i - first) / index.moreRows);
        const run = await laterRun(part, r);
        run.rows.forEach((n, j) => ((known[first + r * index.moreRows + j] = n), (marks[first + r * index.moreRows + j] = run.marks[j])));
        settle();
      };
    };
    settle();
    return w;
  };
  // walk:end

  // Several words mean all of them, wherever each is (title, domain, author or body): the
  // results are every story that holds them all, in the list's order. In each segment, the
  // results of one word are read, the driver: the rarest word that is not common there (or,
  // when all are common, the rarest of all). A common word's results are never read, because
  // every result says which of the segment's common words its story holds (its marks). The
  // other words' rows are read; a word of few results has them all in its pack. A driver of
  // more than 5,000 results (more than its pack's 2,048 rows) has its runs read only as far as
  // the reader goes, and until then the count is "at least" the stories found.
  /** The walk of segment s for several words (see `walk`), or null when the segment holds no
   *  story with all of them. Adds the driver's part to `parts`. */
  const walkSegment = async (words, s, listings, parts) => {
    // The segment's common words, as word → {id, count}. Words with the very same results (a
    // domain's parts) share one entry, and so one id.
    const common = new Map((index.common[s] || []).flatMap(([sharing, count], id) => sharing.map(w => [w, { id, count }])));
    // A segment whose filter lacks one of the words (other than its common words) holds no story
    // with all of them.
    if (words.some(w => !common.has(w) && lacks(s, w))) return null;
    const partOfWord = async k => {
      const listing = index.packs[s] ? index : await (listings[k] ||= listingOf(words[k]));
      return listing.packs[s].length ? partOf(s, words[k], listing) : null;
    };
    // The words that are not common here, by their place in the query, and their parts.
    const uncommon = words.map((_, k) => k).filter(k => !common.has(words[k]));
    const read = await Promise.all(uncommon.map(partOfWord));
    if (read.some(p => !p)) return null;
    const countOf = k => (common.has(words[k]) ? common.get(words[k]).count : read[uncommon.indexOf(k)].count);
    const pool = uncommon.length ? uncommon : words.map((_, k) => k);
    const d = pool.reduce((a, b) => (countOf(b) < countOf(a) ? b : a));
    const driver = common.has(words[d]) ? await partOfWord(d) : read[uncommon.indexOf(d)];
    if (!driver) return null;
    parts.push(driver);
    // A story is kept when it holds every other uncommon word (it is among that word's rows) and
    // every common word (its marks hold the word's id).
    const others = await Promise.all(uncommon.filter(k => k != d).map(async k => new Set(await allRows(read[uncommon.indexOf(k)]))));
    const ids = words.filter((w, k) => k != d && common.has(w)).map(w => common.get(w).id);
    const [start] = index.segments[s];
    return walk(driver, start, (n, mark) => ids.every(id => mark.includes(id)) && others.every(set => set.has(n)));
  };
  const allOf = async words => {
    // Each word's listing, fetched only for a segment that the root does not list and where the
    // word's pack is read: a word common there (most often the query's commonest) needs none.
    const listings = [];
    // The drivers' parts, one for each segment that may hold stories of all the words.
    const parts = [];
    const walks = await Promise.all(index.segments.map((_, s) => walkSegment(words, s, listings, parts)));
    /** The results so far: newest segment first, a segment's placed stories once every newer
     *  segment is read through. `grow()` reads a run more, and gives the results then. */
    const gather = () => {
      const order = [];
      let through = true, found = 0;
      for (const w of walks) {
        if (!w) continue;
        found += w.found;
        if (through) order.push(...w.placed);
        through &&= w.done;
      }
      const results = resultsOf({ parts }, order);
      results.found = found;
      results.exact = through;
      results.grow = async () => {
        await walks.find(w => w && !w.done)?.more();
        return gather();
      };
      return results;
    };
    // A driver of at most 5,000 results is read through before anything shows, so that the
    // count is exact with the first rows (a run of later results or two); a commoner one, then
    // enough for the first screen.
    await Promise.all(walks.map(async w => {
      while (w && !w.done && w.count <= 5000) await w.more();
    }));
    let results = gather();
    while (!results.exact && results.count < index.firstRows) results = await results.grow();
    return results;
  };

  // Marks, passages and phrases live in search-more.js, which is loaded the first time a query
  // needs it: on a site with documents (whose rows show passages), or for a phrase in quotes.
  // None of it stands between a query and its first rows, so a one-word query on a site of
  // titles never pays for it.
  let loaded;
  const more = () =>
    (loaded ||= import(config.moreScript).then(module => module.searchMore({ get, wordsOf, wordRE, fold, texts: config.texts })));

  // The feed is as tall as the results, its rows are placed absolutely, and only the rows near
  // the viewport are made, as a table view makes its cells. A row is made for one result and
  // never reused for another, so it can only ever show its own story.
  feed.style.position = 'relative';
  /** result → its <article>, for the rows that exist now */
  const rows = new Map();
  /** result → the AbortController of its row's load or passage, aborted when the row goes */
  const controllers = new Map();
  // The results the feed shows (see `resultsOf`), or null, and the query they are of: how the
  // status names it (`said`), and the terms and phrases its rows mark.
  let results = null, shown = { said: '', terms: [], phrases: [] };
  /** How many results there are, as far as they are read. */
  const total = () => (results ? results.count : 0);
  // Rows are all one height, the theme's. It is taken to be 56 px until a row is there to
  // measure, and is taller on a phone, where a title takes two lines.
  let rowHeight = 56;
  // Every search counts one more, so that the answers to an older query, arriving late, are
  // dropped.
  let generation = 0;
  // The results of several common words are read as far as the reader goes. Their count is then
  // "at least" the stories found, and a row's place is in a set of unknown size, -1 in ARIA.
  const partial = () => results?.exact == false;
  const setSize = () => (partial() ? -1 : total());
  // Browsers cap an element's height, so results past it cannot be reached by scrolling; a
  // query that matches more than a hundred thousand stories or so wants more words anyway.
  const MAX_HEIGHT = 8e6;
  const makeRow = i => {
    const row = document.createElement('article');
    row.className = 'row';
    row.tabIndex = 0;
    row.setAttribute('aria-posinset', i + 1);
    row.setAttribute('aria-setsize', setSize());
    row.style.position = 'absolute';
    row.style.left = row.style.right = 0;
    row.style.top = i * rowHeight + 'px';
    return row;
  };
  const fill = (i, row, record) => {
    row.innerHTML = record.html;
    row.dataset.id = record.id;
    row.removeAttribute('aria-busy');
    decorate(i, row);
  };
  /** Marks the query's words in a row's title; and a document's row (one with an `.excerpt`)
   *  shows, in place of its summary, the passage of its text that holds them. The text is read
   *  only for the rows near the screen: when the row goes, or its query is replaced, the read
   *  is aborted (`releaseRows`, `clear`). */
  const decorate = (i, row) => {
    if (!config.texts && !shown.phrases.length) return;
    const controller = new AbortController();
    controllers.set(i, controller);
    more()
      .then(m => m.decorate(row, shown, controller.signal))
      .catch(() => {});
  };
  // The promise of reading on, while a partial list of results reads its next run.
  let growing;
  /** Reads more of a partial list of results, one run at a time, and shows them when they come. */
  const readOn = () => {
    const was = results;
    growing = was.grow().then(
      next => {
        growing = null;
        if (results != was) return;
        results = next;
        for (const row of rows.values()) row.setAttribute('aria-setsize', setSize());
        tell();
        update();
      },
      () => (growing = null)
    );
  };
  /** Removes the rows outside `from` up to, not including, `to`, and aborts their loads. */
  const releaseRows = (from, to) => {
    for (const [i, row] of rows) {
      if (i < from || i >= to) {
        row.remove();
        rows.delete(i);
        controllers.get(i)?.abort();
        controllers.delete(i);
      }
    }
  };
  /** Makes the missing rows from `from` up to `to`: filled at once when their record is here,
   *  else loading. */
  const makeRows = (from, to) => {
    let next = null;
    const pending = [];
    for (let i = to - 1; i >= from; i--) {
      let row = rows.get(i);
      if (!row) {
        row = makeRow(i);
        rows.set(i, row);
        feed.insertBefore(row, next);
        const record = results.peek(i);
        if (record) fill(i, row, record);
        else if (results.load) pending.push([i, row]);
      }
      next = row;
    }
    // The rows are made from the bottom up, each placed before the one below it, but loaded from
    // the top down: a reader reads from the top, and a host that takes six requests at a time
    // (HTTP/1.1) takes the first six asked for.
    for (const [i, row] of pending.reverse()) load(i, row);
  };
  /** One pass over the feed, on every scroll and whenever results arrive (prefetchRowsAt and
   *  cancelPrefetchingForRowsAt, in UIKit's words): the rows within a quarter screen of the
   *  viewport are made and loaded, and the loads of rows left behind are aborted. Until the
   *  reader first scrolls, only the rows on the screen are made: in a window up to about 1,000
   *  px tall those are the first 16, which the word's pack holds, so that a query costs no
   *  request for rows until then. */
  const update = () => {
    if (!results) return;
    const shownRows = min(total(), floor(MAX_HEIGHT / rowHeight));
    feed.style.height = shownRows * rowHeight + 'px';
    const top = -feed.getBoundingClientRect().top;
    const from = max(0, floor((top - innerHeight / 4) / rowHeight));
    const to = min(shownRows, floor((top + innerHeight * (scrolled ? 1.25 : 1)) / rowHeight) + 1);
    // Within a screen of the last result placed so far, the results are read on, once at a time.
    if (partial() && !growing && to + (to - from) >= total()) readOn();
    releaseRows(from, to);
    makeRows(from, to);
    feed.setAttribute('aria-busy', [...rows.values()].some(r => r.hasAttribute('aria-busy')));
    // Rows taller than assumed (a phone's) are placed again, and the rows that now fit are made.
    const measured = rows.values().next().value?.getBoundingClientRect().height;
    if (measured && measured != rowHeight) {
      rowHeight = measured;
      for (const [i, row] of rows) row.style.top = i * rowHeight + 'px';
      update();
    }
  };
  /** Starts loading result i into `row`, which waits, busy, meanwhile. The load of a row that
   *  is scrolled away is aborted (`releaseRows`). */
  const load = (i, row) => {
    row.setAttribute('aria-busy', 'true');
    const controller = new AbortController(),
      made = generation;
    controllers.set(i, controller);
    results.load(i, controller.signal).then(
      record => made == generation && rows.get(i) == row && record && fill(i, row, record),
      error => {
        if (made != generation || rows.get(i) != row) return;
        // Another row may have asked for the same list page or shard, and then been left behind,
        // which aborted the request under this row too. So this row asks again, on its own.
        if (error?.name == 'AbortError' && !controller.signal.aborted) return rows.delete(i), row.remove(), update();
        row.textContent = "Couldn't load this result.";
      }
    );
  };
  const say = text => (status.textContent = text);
  // A phrase can leave none of the stories that hold all its words, so "no stories" can come
  // after the words were found.
  const tell = () =>
    say(total() || partial() ? `${partial() ? `At least ${stories(results.found)}` : stories(total())} with ${shown.said}` : `No stories have ${shown.said}.`);
  const stories = n => `${n.toLocaleString('en')} ${n == 1 ? 'story' : 'stories'}`;
  const clear = () => {
    for (const c of controllers.values()) c.abort();
    controllers.clear();
    rows.clear();
    feed.textContent = '';
    feed.style.height = '0';
    results = growing = null;
  };

  /** Runs the query in the box; while the reader is `typing`, its last word is a prefix. The
   *  results of an older query that arrive late are dropped (see `generation`). */
  const search = async typing => {
    const query = input.value, words = wordsOf(query), made = ++generation;
    const alive = () => made == generation;
    history.replaceState(null, '', query.trim() ? `?q=${encodeURIComponent(query.trim())}` : location.pathname);
    if (!words.length) {
      clear();
      say(`Search ${stories(index.stories)}.`);
      return;
    }
    say('Searching…');
    try {
      // Each word is looked up through its packs; while the reader types, the last word is a
      // prefix, which stands for the commonest word that begins with it. A word common in a
      // segment is the exception: it is taken as typed, since a query of several words never
      // needs its packs. The root lists each segment's common words as entries [[word, …],
      // count, titled].
      const end = words.length - 1, common = new Set(index.common.flat().flatMap(([sharing]) => sharing));
      const looked = Promise.all(
        words.map((w, i) => (end && common.has(w) && !(typing && i == end) ? { term: w } : lookUp(w, typing && i == end)))
      );
      // Several words as typed are most often the very words the look-ups find, so their results
      // are read beside the look-ups (from the same files, each asked for once) rather than a
      // round trip or two after them. They are kept only if the look-ups agree.
      const early = end && !typing ? allOf(words) : null;
      early?.catch(() => {});
      const entries = await looked;
      if (!alive()) return;
      if (entries.some(e => !e)) return clear(), say(`No stories have ${words.map(w => `“${w}”`).join(' and ')}.`);
      const terms = entries.map(e => e.term);
      // One word shows its first rows with its count, and those rows are its packs' records.
      if (!end) await Promise.all(entries[0].parts.map(p => p.records));
      // `results` is assigned only once these are known to be the current query's, since an
      // older query that ends later must not put its stories under the newer one's count.
      let found = end ? await (early && terms.every((t, k) => t == words[k]) ? early : allOf(terms)) : resultsOf(entries[0]);
      let said = terms.map(w => `“${w}”`).join(' and '), phrases = [];
      if (/["“”„]/.test(query)) ({ found, said, phrases } = await (await more()).withPhrases(query, words, terms, found, said));
      if (!alive()) return;
      clear();
      shown = { said, terms, phrases };
      results = found;
      tell();
      update();
    } catch (e) {
      if (alive()) say("Couldn't search: the index did not load. Try again.");
    }
  };

  // The events' own state: the timer that waits for a pause in typing, the frame that will run
  // the next pass, and whether the reader has scrolled yet.
  let timer, frame, scrolled = false;
  const onScroll = event => {
    scrolled ||= event?.type == 'scroll';
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      update();
    });
  };
  addEventListener('scroll', onScroll, { passive: true });
  addEventListener('resize', onScroll);
  // Typing refines the results in place, a quarter second after the last key, so that a pause
  // costs requests and a key does not.
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => search(true), 250);
  });
  input.addEventListener('keydown', event => {
    if (event.key != 'Escape') return;
    input.value = '';
    clearTimeout(timer);
    search(false);
  });
  input.form.addEventListener('submit', event => {
    event.preventDefault();
    clearTimeout(timer);
    search(false);
  });
  input.value = new URLSearchParams(location.search).get('q') || '';
  search(false);
  if (!input.value) input.focus();
})();
