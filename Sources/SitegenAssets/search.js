// search.js: the search page's script (search/?q=words), loaded by that page alone, so no other
// page pays for search. It reads the sharded index sitegen wrote (docs/internals/format.md, "Search"):
// the index is a few segments (ranges of the list), the root (which the page carries) names
// each segment's packs (through directories, for a large index) by their first word, and a
// pack gives each of its words' count and first rows, ready to show. A query costs a
// directory and a pack a segment the first time, and often nothing after. Results are rows like the list's, in
// a feed as tall as the results, where only the rows near the viewport exist; later rows load
// from the site's list pages (or its manifest and shards) as the reader comes near them, and
// loads for rows scrolled past are aborted. No WebAssembly, no eval: the page's `script-src
// 'self'` holds.
//
// Written for people: `bash .ci/minify` makes the served file with esbuild.
(() => {
  const configElement = document.getElementById('sitegen-config');
  const feed = document.querySelector('[role=feed]');
  const status = document.querySelector('[role=status]');
  const input = document.querySelector('form[role=search] [name=q]');
  // Feature-detect first: Unicode property escapes and normalize() fold words as the index
  // did; without them (or without the page's parts) the page keeps saying search needs more.
  let wordPattern;
  try {
    wordPattern = new RegExp('\\p{L}', 'u');
  } catch (e) {}
  if (!configElement || !feed || !status || !input || !wordPattern || !''.normalize || !window.AbortController || !window.TextDecoder) return;

  const config = JSON.parse(configElement.textContent);
  const { min, max, floor } = Math;

  // words:begin — the rules of SearchWords.swift, held to it by SearchWordsTests (Node).
  // A query's words: each name whole (`node.js`, `1.88`, `c++`, `it's`), and of a run of
  // CJK scalars (Han, Kana, Hangul) its one character or its pairs of neighbours: the
  // index keeps every character and pair, so `文件` finds every text holding it, and a
  // name's pieces between apostrophes, so `google` finds `Google's`.
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


  /** path → its JSON (or what `read` makes of the response: a list page's rows), one
   *  request each; a failed one is forgotten, so it is asked again. */
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
  // The index's root: the page carries it (docs/internals/format.md, "The root"). The segments it
  // lists, and the directories, name a folder and each file's first word (file k of it is
  // <folder>/<k>, a file of later results <folder>/m<k>); given names as a directory's files
  // have, [first word, name] and [first word, run, name], every file is found one way.
  const index = config.index;
  const inFolder = (folder, firsts, prefix = '') => firsts.map((first, k) => [].concat(first, `${folder}/${prefix}${k}`));
  index.more = index.more.map((list, s) => list && inFolder(index.packs[s][0], list, 'm'));
  index.packs = index.packs.map(list => list && inFolder(list[0], list[1]));
  if (index.directories) index.directories = inFolder(index.directories[0], index.directories[1]);
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
  /** Whether a filter, [probes, its bits as hex digits (bit b: digit b >> 2's bit b & 3)],
   *  surely lacks `word`: one of the word's bits is not set. */
  const filterLacks = ([probes, hex], word) => {
    const bits = hex.length * 4, h1 = fnv(word), h2 = mix(h1) | 1;
    for (let i = 0; i < probes; i++) {
      const b = ((h1 + Math.imul(i, h2)) >>> 0) % bits;
      if (!((parseInt(hex[b >> 2], 16) >> (b & 3)) & 1)) return true;
    }
    return false;
  };
  // filter:end
  /** Whether segment s surely lacks `word`, by its filter (a small segment's, in the root).
   *  Never true of a word the segment has, so a count is never short; a word it lacks but the
   *  filter may hold (about 1 in 120) costs its pack, as without a filter. */
  const lacks = (s, word) => !!index.filters?.[s] && filterLacks(index.filters[s], word);
  /** The last of `list` whose key (`key(item)`) is not after `word`: binary search. */
  const floorOf = (list, word, key) => {
    let low = 0, high = list.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      key(list[mid]) <= word ? (low = mid) : (high = mid - 1);
    }
    return low;
  };
  const at = (list, k) => `x/${list[k][1]}.json`;
  /** A pack as it arrives: {words, records} once its first line, its words (their counts, rows
   *  and marks), is in; `records`, their records, is a promise of the rest of the file. So a
   *  query of several words, which reads only the words, asks for its rows while the records,
   *  most of the bytes, still come. */
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
  /** Every segment's packs and files of later results that may hold `word`: the root lists
   *  small segments (the newest), and for a large index its directory for the word the others. */
  const listingOf = async word => {
    if (!index.directories) return index;
    const directory = await get(at(index.directories, floorOf(index.directories, word, d => d[0])));
    // The directory has a list for each segment the root does not list (null there), in order.
    let k = 0;
    const own = index.packs.map(list => (list ? -1 : k++));
    return {
      packs: index.packs.map((list, s) => list || directory.packs[own[s]]),
      more: index.more.map((list, s) => list || directory.more[own[s]]),
    };
  };
  /** Segment s's pack for `word` (by its first word) → [the pack, where `word` is or would be
   *  among its words, the pack's place]. */
  const packOf = async (s, word, listing) => {
    const packs = listing.packs[s], p = floorOf(packs, word, e => e[0]);
    const pack = await packAt(at(packs, p));
    return [pack, floorOf(pack.words, word, e => e[0]), p];
  };
  /** `word`'s part in segment s (`partFrom`), or null when no story there has it. */
  const partOf = async (s, word, listing) => {
    const [pack, i] = await packOf(s, word, listing);
    const e = pack.words[i];
    return e && e[0] == word ? partFrom(pack, i, s, listing) : null;
  };

  /** A word of the query → its entry {term, count, parts} or null: a part a segment holding
   *  it, newest segment first. While the reader types, the last word is a prefix: the
   *  commonest word it begins, its counts in all segments added up. */
  const lookUp = async (word, prefix) => {
    const listing = await listingOf(word);
    const present = index.segments.map((_, s) => listing.packs[s].length > 0);
    let term = null;
    const counts = new Map();
    // Words beginning with `word` follow it: in its pack, or from the start of the next (one
    // running past that, or past a directory's end, is rare and costs a suggestion).
    const gather = async ([{ words: entries }, i, p], s) => {
      if (entries[i] && entries[i][0] < word) i++;
      if (i == entries.length && p + 1 < listing.packs[s].length) {
        entries = (await packAt(at(listing.packs[s], p + 1))).words;
        i = 0;
      }
      for (; i < entries.length && entries[i][0].startsWith(word); i++) {
        counts.set(entries[i][0], (counts.get(entries[i][0]) || 0) + entries[i][1]);
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
    // A word found as typed in any segment is the word: a segment without it must not ask for
    // its next pack in case of a suggestion (a request and a pack's bytes on a cold query).
    // Found nowhere, every segment's words beginning with it are gathered, those whose filter
    // said they lack it too.
    if (!prefix && looked.some(l => l && l[0].words[l[1]]?.[0] == word)) term = word;
    else if (!prefix) await Promise.all(looked.map(async (l, s) => present[s] && gather(l || (await packOf(s, word, listing)), s)));
    if (term == null) for (const [t, n] of counts) if (term == null || n > counts.get(term)) term = t;
    if (term == null) return null;
    // The word's entry in each segment (for a prefix, perhaps in another pack or directory).
    const own = term == word ? listing : await listingOf(term);
    const parts = await Promise.all(
      index.segments.map(async (_, s) => {
        return own.packs[s].length && !lacks(s, term) ? partOf(s, term, own) : null;
      })
    );
    const held = parts.filter(p => p);
    return { term, count: held.reduce((n, p) => n + p.count, 0), parts: held };
  };

  /** A part's result j as a row of its segment: in the pack, or in run floor(k / moreRows)
   *  of the word's later results (k = j past the pack's). */
  const localRow = async (part, j) => {
    if (j < part.rows.length) return part.rows[j];
    const k = j - part.rows.length;
    return (await laterRun(part, floor(k / index.moreRows))).rows[k % index.moreRows];
  };
  /** A word's results: its first rows from its packs, the rest, by row of the site's list,
   *  from its files of later results and then the site's manifest and shards. Results rank
   *  as one list: every segment's results that hold the word in their title, newest segment
   *  first, then the rest the same way. With `order` (rows counted from the list's end), the
   *  results are those rows. */
  const resultsOf = (entry, order) => {
    const blocks = [];
    for (const titles of [true, false]) {
      for (const part of entry.parts) {
        const from = titles ? 0 : part.titled, length = titles ? part.titled : part.count - part.titled;
        if (length) blocks.push({ part, from, length });
      }
    }
    /** Result i → [its part, its place in the part's results]. */
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
        // A pack's records come after its words: a row they hold waits for them rather than
        // asks the list.
        const known = part && j >= 0 && j < index.firstRows && (await part.records)[j];
        if (known) return known;
        // Results fewer than one a page (a rare word's, several words'): each row alone in
        // its page, one request. Denser (a common word's), a page would hold several, but a
        // shard holds them for half the bytes and its manifest part serves a thousand rows.
        const sparse = (order ? order.length : entry.count) * index.pageRows < index.stories;
        return (sparse && (await fromPage(row, signal))) || fromShard(row, signal);
      },
    };
  };
  /** Row `row` of the site's list from its static page, whose rows are the very elements a
   *  shard's records fill: one request, where a manifest part and then a shard are two, one
   *  after the other (the index says whether a page is small enough: `pageRows`). Pages are
   *  numbered from the list's end (docs/internals/format.md): row n from the end is on page
   *  floor(n / pageRows) + 1, or on the front, which holds the newest one to two pages' worth.
   *  Undefined when the pages are no longer this index's list (the site was built again
   *  since: a page's URL, unlike a shard's, is not named by its content; the front page
   *  names its build, and the list's head.json, asked for once beside the first other page,
   *  names it for the rest), lack the row or fail. Once a page is of another build, lacks
   *  its row (a theme whose feed does not hold the rows) or fails, no more are asked: every
   *  one would likely be a request thrown away before the manifest's two. */
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
  /** A list page's build (the front's alone names it) and its rows' records, by their place
   *  from the list's end (the page's `below` and `count`). A parsed document runs no script
   *  and loads nothing. */
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
  /** Row `row` of the site's list through the manifest of the index's own build (kept for
   *  readers of an older search page, docs/guides/deploy.md) and a shard. */
  const fromShard = async (row, signal) => {
    const manifest = await get(`m/${index.build}/${floor(row / index.partRows)}.json`);
    const shard = manifest.shards.find(s => row >= s[0] && row < s[0] + s[1]);
    return (await get(`s/${shard[2]}.json`, signal)).items[row - shard[0]];
  };
  /** Row n (counted from the list's end) → [the part of the word's segment holding it, its
   *  place in the part's rows (-1 when they do not list it)]. */
  const placeOf = (entry, n) => {
    const part = entry.parts.find(p => n >= p.start && n < p.start + p.stories);
    return [part, part ? part.rows.indexOf(n - part.start) : -1];
  };
  /** [120, 3, 1] → [120, 117, 116]: rows as files write them, the first, then each as the one
   *  before minus it. */
  const undelta = deltas => {
    let n = 0;
    return deltas.map((d, i) => (n = i ? n - d : d));
  };
  /** Run r of the part's later results, as rows of its segment, and their marks, decoded once. */
  const runs = new Map();
  const laterRun = (part, run) => {
    const word = part.term, key = `${part.s} ${run} ${word}`;
    if (!runs.has(key)) {
      const before = f => f[0] < word || (f[0] == word && f[1] <= run);
      let f = 0;
      while (f + 1 < part.more.length && before(part.more[f + 1])) f++;
      const promise = get(`x/${part.more[f][2]}.json`).then(file => {
        const [, , deltas, marks] = file.words.find(w => w[0] == word && w[1] == run);
        return { rows: undelta(deltas), marks: marksOf(marks) };
      });
      promise.catch(() => runs.delete(key));
      runs.set(key, promise);
    }
    return runs.get(key);
  };
  /** "0005,,0c" → [[0, 5], [], [12]]: each result's marks, the ids (places in the root's
   *  `common` for the segment, two hex digits each) of the common words its story holds. */
  const marksOf = text => (text == null ? [] : text.split(',').map(m => (m.match(/../g) || []).map(h => parseInt(h, 16))));
  /** Segment s's pack and a word's place in it → the word's part there: its rows counted from
   *  the segment's oldest story, how many of all hold it in their title, their marks, the files
   *  of later results `listing` names, and, once the pack's records are in (`records`), its
   *  first results as records, ready to show (`first`; none for a name: an author's, a
   *  domain's few stories load through the list). */
  const partFrom = (pack, i, s, listing) => {
    const e = pack.words[i], [start, stories] = index.segments[s];
    const part = { s, term: e[0], start, stories, count: e[1], rows: undelta(e[2]), titled: e[3], marks: marksOf(e[4]), more: listing.more[s] };
    part.records = pack.records.then(records => (part.first = records[i]));
    return part;
  };
  /** Every result of a part (a word in a segment) as rows of the segment, with their marks. */
  const segmentAll = async part => {
    const count = Math.ceil((part.count - part.rows.length) / index.moreRows);
    const later = await Promise.all(Array.from({ length: count }, (_, r) => laterRun(part, r)));
    return [part.rows.concat(...later.map(l => l.rows)), part.marks.concat(...later.map(l => l.marks))];
  };

  // walk:begin — held to a plain sort of every kept story by SearchPageWalkTests (Node).
  /** A segment's stories holding several words, read as far as asked: its driver's results
   *  (its pack's rows, then its runs of later results, in rank order: those holding it in
   *  their title, then the others, each group in the list's order), each kept when `keep(n,
   *  marks)`. Every kept story newer than the oldest row read of each group is known to be
   *  in its place (`placed`, rows of the list, newest first); `found` counts every one kept. */
  const walk = (part, start, keep) => {
    const known = part.rows.slice(), marks = part.marks.slice(), ends = [part.titled, part.count];
    const w = { count: part.count, found: 0, placed: [], done: false };
    const settle = () => {
      // Each group's next unread result, and the oldest row read before it (none read: any
      // row may come; all read: none).
      const next = [0, part.titled].map((i, g) => {
        while (i < ends[g] && known[i] != null) i++;
        return i;
      });
      const bounds = next.map((i, g) => (i == ends[g] ? -1 : i == (g ? part.titled : 0) ? Infinity : known[i - 1]));
      const bound = max(...bounds), kept = [];
      known.forEach((n, i) => n != null && keep(n, marks[i]) && kept.push(n));
      w.found = kept.length;
      w.placed = kept.filter(n => n >= bound).sort((a, b) => b - a).map(n => n + start);
      w.done = bound < 0;
      // Reads the run holding the next unread result of the group that holds the others back.
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

  // Several words mean all of them, wherever each is (title, domain, author or body): every
  // story holding them all, in the list's order. In each segment the results of one word are
  // read: its rarest that is not common there (or, all being common, its rarest). A common
  // word's are never read: every result says which of the segment's common words its story
  // holds (its marks); another word's rows are read (a word of few results has them all in
  // its pack). A driver of more than 5,000 results (past its pack's 2,048 rows) has its runs
  // read only as far as the reader goes: until then the count is "at least" the stories found.
  const allOf = async words => {
    // A word's directory is fetched only for a segment the root does not list and where its
    // pack is read: a word common there (most often the whole query's commonest) needs none.
    const listings = [];
    const parts = [];
    const walks = await Promise.all(
      index.segments.map(async ([start, stories], s) => {
        // (An entry an id: the words of the very same results, a domain's parts, share one.)
        const common = new Map((index.common[s] || []).flatMap(([ws, n], id) => ws.map(w => [w, [id, n]])));
        // A segment whose filter lacks a word (none of its common words) holds no story of all.
        if (words.some(w => !common.has(w) && lacks(s, w))) return null;
        const partOfWord = async k => {
          const listing = index.packs[s] ? index : await (listings[k] ||= listingOf(words[k]));
          return listing.packs[s].length ? partOf(s, words[k], listing) : null;
        };
        const uncommon = words.map((_, k) => k).filter(k => !common.has(words[k]));
        const read = await Promise.all(uncommon.map(partOfWord));
        if (read.some(p => !p)) return null;
        const countOf = k => (common.has(words[k]) ? common.get(words[k])[1] : read[uncommon.indexOf(k)].count);
        const pool = uncommon.length ? uncommon : words.map((_, k) => k);
        const d = pool.reduce((a, b) => (countOf(b) < countOf(a) ? b : a));
        const driver = common.has(words[d]) ? await partOfWord(d) : read[uncommon.indexOf(d)];
        if (!driver) return null;
        parts.push(driver);
        const others = await Promise.all(
          uncommon.filter(k => k != d).map(async k => new Set((await segmentAll(read[uncommon.indexOf(k)]))[0]))
        );
        const ids = words.filter((w, k) => k != d && common.has(w)).map(w => common.get(w)[0]);
        return walk(driver, start, (n, mark) => ids.every(id => mark.includes(id)) && others.every(set => set.has(n)));
      })
    );
    /** The results so far: newest segment first, a segment's placed stories once every newer
     *  one is read through. `grow()` reads a run more, and gives the results then. */
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

  // Marks, passages and phrases live in search-more.js, loaded the first time a query needs
  // them: on a site with documents (whose rows show passages), or for a phrase in quotes. None
  // of it stands between a query and its first rows, so a one-word query on a site of titles
  // never pays for it.
  let loaded;
  const more = () =>
    (loaded ||= import(config.moreScript).then(module => module.searchMore({ get, wordsOf, wordRE, fold, texts: config.texts })));

  // The feed: as tall as the results, rows placed absolutely, only those near the viewport
  // made (as a table view makes cells). A row is made for one result and never reused for
  // another, so it can only ever show its own story.
  feed.style.position = 'relative';
  const rows = new Map();
  // (Rows are one height, the theme's: 56 px until a row is there to measure; taller on a
  // phone, where a title gets two lines.)
  let results = null, total = 0, rowHeight = 56, generation = 0, controllers = new Map(), named, growing;
  /** The current query's terms and phrases, which its rows mark. */
  let marking = { terms: [], phrases: [] };
  // Results of several common words are read as far as the reader goes: their count is then
  // "at least" the stories found, and a row's place in a set of unknown size is -1 (ARIA).
  const partial = () => results?.exact == false;
  const setSize = () => (partial() ? -1 : total);
  // Browsers cap an element's height; results past it are not reachable by scrolling (a
  // query that matches more than a hundred thousand stories or so wants more words).
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
   *  shows, in place of its summary, the passage of its text that holds them. The text is
   *  read for the rows near the screen alone, and a row scrolled away aborts it. */
  const decorate = (i, row) => {
    if (!config.texts && !marking.phrases.length) return;
    // (A row scrolled away, or of a query since replaced, is aborted: `update`, `clear`.)
    const controller = new AbortController();
    controllers.set(i, controller);
    more()
      .then(m => m.decorate(row, marking, controller.signal))
      .catch(() => {});
  };
  /** prefetchRowsAt and cancelPrefetchingForRowsAt for the results: rows within a quarter
   *  screen of the viewport are made and loaded, loads for rows left behind are aborted. Until
   *  the reader first scrolls, only the rows on the screen: in a window up to about 1,000 px
   *  tall those are the first 16, which the word's pack holds, so a query costs no request
   *  for rows until then. */
  const update = () => {
    if (!results) return;
    const shown = min(total, floor(MAX_HEIGHT / rowHeight));
    feed.style.height = shown * rowHeight + 'px';
    const top = -feed.getBoundingClientRect().top;
    const from = max(0, floor((top - innerHeight / 4) / rowHeight));
    const to = min(shown, floor((top + innerHeight * (scrolled ? 1.25 : 1)) / rowHeight) + 1);
    // Within a screen of the last result placed so far: read on, once at a time.
    if (partial() && !growing && to + (to - from) >= total) {
      const was = results;
      growing = was.grow().then(
        next => {
          growing = null;
          if (results != was) return;
          results = next;
          total = next.count;
          for (const row of rows.values()) row.setAttribute('aria-setsize', setSize());
          tell();
          update();
        },
        () => (growing = null)
      );
    }
    for (const [i, row] of rows) {
      if (i < from || i >= to) {
        row.remove();
        rows.delete(i);
        controllers.get(i)?.abort();
        controllers.delete(i);
      }
    }
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
    // Made from the bottom up (each placed before the one below it), loaded from the top down:
    // a reader reads from the top, and a host taking six requests at a time (HTTP/1.1) takes
    // the first six asked.
    for (const [i, row] of pending.reverse()) load(i, row);
    feed.setAttribute('aria-busy', [...rows.values()].some(r => r.hasAttribute('aria-busy')));
    // Rows taller than assumed (a phone's): place them again, and make those that now fit.
    const measured = rows.values().next().value?.getBoundingClientRect().height;
    if (measured && measured != rowHeight) {
      rowHeight = measured;
      for (const [i, row] of rows) row.style.top = i * rowHeight + 'px';
      update();
    }
  };
  /** Starts loading result i into `row`, which waits busy; a load of a row scrolled away is
   *  aborted (`update`). */
  const load = (i, row) => {
    row.setAttribute('aria-busy', 'true');
    const controller = new AbortController(),
      made = generation;
    controllers.set(i, controller);
    results.load(i, controller.signal).then(
      record => made == generation && rows.get(i) == row && record && fill(i, row, record),
      error => {
        if (made != generation || rows.get(i) != row) return;
        // A list page or shard another row asked for, and then left behind, was aborted
        // under this one too: ask again (the new request is this row's own).
        if (error?.name == 'AbortError' && !controller.signal.aborted) return rows.delete(i), row.remove(), update();
        row.textContent = "Couldn't load this result.";
      }
    );
  };
  const say = text => (status.textContent = text);
  // (A phrase can leave none of the stories holding all its words.)
  const tell = () =>
    say(total || partial() ? `${partial() ? `At least ${stories(results.found)}` : stories(total)} with ${named}` : `No stories have ${named}.`);
  const stories = n => `${n.toLocaleString('en')} ${n == 1 ? 'story' : 'stories'}`;
  const clear = () => {
    for (const c of controllers.values()) c.abort();
    controllers.clear();
    rows.clear();
    feed.textContent = '';
    feed.style.height = '0';
    results = growing = null;
    total = 0;
  };

  /** Runs the query in the box. `typing`: the last word is a prefix. Results of an older
   *  query that arrive late are dropped (`generation`). */
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
      // Each word's entry, through its packs (the last, while typing, a prefix: the commonest
      // word it begins), except a word common in a segment, which is a word as typed and
      // whose packs several words never need.
      const end = words.length - 1, common = new Set(index.common.flat().flatMap(c => c[0]));
      const looked = Promise.all(
        words.map((w, i) => (end && common.has(w) && !(typing && i == end) ? { term: w } : lookUp(w, typing && i == end)))
      );
      // Several words as typed are most often the words the look-ups find: their results are
      // read beside the look-ups (the same files, each asked for once), not a round trip or
      // two after them. Kept only if the look-ups agree.
      const early = end && !typing ? allOf(words) : null;
      early?.catch(() => {});
      const entries = await looked;
      if (!alive()) return;
      if (entries.some(e => !e)) return clear(), say(`No stories have ${words.map(w => `“${w}”`).join(' and ')}.`);
      const terms = entries.map(e => e.term);
      // One word shows its first rows with its count: they are its packs' records.
      if (!end) await Promise.all(entries[0].parts.map(p => p.records));
      // (Assigned only once it is known to be the current query's: an older one that ends
      // later must not put its stories under the newer one's count.)
      let found = end ? await (early && terms.every((t, k) => t == words[k]) ? early : allOf(terms)) : resultsOf(entries[0]);
      let said = terms.map(w => `“${w}”`).join(' and '), phrases = [];
      if (/["“”„]/.test(query)) ({ found, said, phrases } = await (await more()).withPhrases(query, words, terms, found, said));
      if (!alive()) return;
      clear();
      named = said;
      marking = { terms, phrases };
      results = found;
      total = results.count;
      tell();
      update();
    } catch (e) {
      if (alive()) say("Couldn't search: the index did not load. Try again.");
    }
  };

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
  // Typing refines the results in place, a quarter second after the last key (a request per
  // pause, not per key).
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
