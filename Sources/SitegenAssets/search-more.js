// search-more.js: what the search page needs beyond one word's first screen, loaded by
// search.js the first time a query needs it, so the one-word query a reader types most never
// pays for it: several words (each segment's stories holding them all), phrases in quotes, and
// the marks and passages of rows (a document's row shows where its text holds the words).
// An ES module, so search.js loads it with import() under the page's `script-src 'self'`.
//
// Written for people: `bash .ci/minify` makes the served file with esbuild.

/** What search.js lends: the index (`index`), a file asked for once (`get`), the words of the
 *  index's rules (`wordsOf`, `wordRE`, `fold`: docs/guides/search.md), a segment's filter (`lacks`),
 *  its packs and files (`listingOf`, `partOf`, `laterRun`), results as rows (`resultsOf`),
 *  and whether the site has documents' texts (`texts`). */
export const searchMore = ({ index, get, wordsOf, wordRE, fold, lacks, listingOf, partOf, laterRun, resultsOf, texts }) => {
  const { max, floor } = Math;

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

  // A text's words are found as the index found them (wordRE, fold), so a passage is found
  // wherever the index found the story.
  /** A text's words with their places, {word (folded), start, end}: a CJK run as its pairs
   *  of neighbours (or its one character), as the index keeps them. */
  const tokensOf = text =>
    [...text.matchAll(wordRE)]
      .flatMap(match => {
        if (!match[1]) return [{ word: fold(match[0]), start: match.index, end: match.index + match[0].length }];
        let at = match.index;
        const chars = [...match[1]].map(c => ({ word: c, start: at, end: (at += c.length) }));
        if (chars.length == 1) return chars;
        return chars.slice(1).map((c, i) => ({ word: chars[i].word + c.word, start: chars[i].start, end: c.end }));
      })
      .filter(token => token.word);
  /** Whether a text's word (folded) is, or holds as a part, one of the query's terms:
   *  `node` marks "Node.js", `google` "Google's", as the index finds them. */
  const isTerm = (word, terms) => terms.some(t => word == t || word.startsWith(t + '.') || word.split(/[.']/).includes(t));
  /** Where in `tokens` the phrase (its words) is, word after word: the text's {start, end}
   *  there, or null. A text's word stands for a phrase's as for a query's (`isTerm`):
   *  `rust 1.88` finds "Rust 1.88.0". */
  const phraseIn = (tokens, phrase) => {
    for (let k = 0; k + phrase.length <= tokens.length; k++) {
      if (phrase.every((word, j) => isTerm(tokens[k + j].word, [word]))) {
        return { start: tokens[k].start, end: tokens[k + phrase.length - 1].end };
      }
    }
    return null;
  };
  /** The places {start, end} of the text to mark: every term's word and every phrase, in
   *  order, overlapping places joined. */
  const marksIn = (tokens, terms, phrases) => {
    const places = tokens.filter(t => isTerm(t.word, terms)).map(({ start, end }) => ({ start, end }));
    for (const phrase of phrases) {
      const place = phraseIn(tokens, phrase);
      if (place) places.push(place);
    }
    places.sort((a, b) => a.start - b.start);
    const joined = [];
    for (const place of places) {
      const last = joined[joined.length - 1];
      if (last && place.start <= last.end) last.end = Math.max(last.end, place.end);
      else joined.push({ ...place });
    }
    return joined;
  };
  /** The passage of `text` to show for the query, {start, end, marks} (the places to mark
   *  in it): about `length` characters around the place where most of the terms are close
   *  together (a phrase's first place, when the query has phrases), beginning a little before
   *  it; null when the text holds none of them. */
  const passageOf = (text, terms, phrases, length = 160) => {
    const tokens = tokensOf(text), marks = marksIn(tokens, terms, phrases);
    if (!marks.length) return null;
    let anchor = marks[0].start;
    if (phrases.length) {
      anchor = phrases.map(p => phraseIn(tokens, p)?.start).find(at => at != null) ?? anchor;
    } else {
      // The mark followed, within a third of the passage, by the most different terms.
      let best = 0;
      for (const { start } of marks) {
        const near = tokens.filter(t => t.start >= start && t.start < start + length / 3 && isTerm(t.word, terms));
        const different = new Set(near.map(t => t.word)).size;
        if (different > best) (best = different), (anchor = start);
      }
    }
    // A few words before the match, cut at a space, so the marked word opens the line a row
    // shows (it is cut with an ellipsis at the row's edge).
    let start = Math.max(0, anchor - 24);
    const space = text.slice(start, anchor).search(/\s/);
    if (start > 0) start = space < 0 ? anchor : start + space + 1;
    let end = Math.min(text.length, start + length);
    if (end < text.length) end = Math.max(text.lastIndexOf(' ', end), anchor + 1);
    const shown = marks.filter(m => m.end > start && m.start < end);
    return { start, end, marks: shown.map(m => ({ start: Math.max(m.start, start), end: Math.min(m.end, end) })) };
  };
  /** `text`'s part from `start` to `end` as nodes, the `marks` ({start, end}) in `<mark>`s. */
  const marked = (text, { start, end, marks }) => {
    const nodes = [];
    let at = start;
    for (const { start: from, end: to } of marks) {
      if (from > at) nodes.push(document.createTextNode(text.slice(at, from)));
      const mark = document.createElement('mark');
      mark.textContent = text.slice(from, to);
      nodes.push(mark);
      at = to;
    }
    if (end > at) nodes.push(document.createTextNode(text.slice(at, end)));
    return nodes;
  };

  /** A document's text (`t/<id>.txt`, written with its page), for its passage and phrases. */
  const textOf = (id, signal) => get(`t/${id}.txt`, signal, response => response.text());

  /** Marks the query's words (`marking`: its terms and phrases) in a row's title; and a
   *  document's row (one with an `.excerpt`) shows, in place of its summary, the passage of
   *  its text that holds them. The text is read for rows near the screen alone: `signal`
   *  aborts it when the row is scrolled away. */
  const decorate = async (row, { terms, phrases }, signal) => {
    const excerpt = row.querySelector('.excerpt');
    const text = texts && excerpt && row.dataset.id ? textOf(row.dataset.id, signal) : null;
    const title = row.querySelector('h2'), nodes = [];
    const walker = title && document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
    while (walker?.nextNode()) nodes.push(walker.currentNode);
    for (const node of nodes) {
      const words = node.data, marks = marksIn(tokensOf(words), terms, phrases);
      if (marks.length) node.replaceWith(...marked(words, { start: 0, end: words.length, marks }));
    }
    const body = text && (await text);
    const passage = body && !signal.aborted && passageOf(body, terms, phrases);
    if (passage) excerpt.replaceChildren(...marked(body, passage));
  };

  // A phrase in quotes ("github actions") means its words side by side, in the story's title
  // or text. The index finds the stories holding all the words; each one's title and text are
  // then read to keep those holding the phrase.
  /** The query's phrases (each run of two words or more between double quotes), and its
   *  results (`all`, those of all its words) and how the status names it (`said`) with them.
   *  A phrase's words are as the look-ups took them (`terms[k]` for `words[k]`: a prefix,
   *  while typing, is the word it begins). */
  const withPhrases = async (query, words, terms, all, said) => {
    const termOf = new Map(words.map((w, k) => [w, terms[k]]));
    const phrases = [...query.matchAll(/["“”„]([^"“”„]*)["“”„]/g)]
      .map(m => wordsOf(m[1]).map(w => termOf.get(w) ?? w))
      .filter(phrase => phrase.length > 1);
    if (!phrases.length) return { found: all, said, phrases };
    const inPhrases = new Set(phrases.flat());
    said = [...phrases.map(p => p.join(' ')), ...terms.filter(t => !inPhrases.has(t))].map(w => `“${w}”`).join(' and ');
    return { found: await phrased(all, phrases), said, phrases };
  };
  /** The stories of `all` whose title or text holds every phrase, word after word. The
   *  candidates are read in order, a few at a time, as the reader goes (a record and a text
   *  each, as a row on the screen costs), so until the last is read the count is "at least"
   *  the stories kept. */
  const phrased = async (all, phrases) => {
    const kept = [];
    let checked = 0;
    const holds = async i => {
      const record = all.peek(i) || (await all.load(i));
      if (!record) return null;
      const row = document.createElement('template');
      row.innerHTML = record.html;
      const title = tokensOf(row.content.querySelector('h2')?.textContent || '');
      const hasText = texts && row.content.querySelector('.excerpt');
      // (A text that fails to load fails the search, which says so: a story left out
      // unread would make the count short.)
      const text = hasText ? tokensOf(await textOf(record.id)) : [];
      return phrases.every(p => phraseIn(title, p) || phraseIn(text, p)) ? record : null;
    };
    const done = () => checked == all.count && all.exact !== false;
    const step = async () => {
      if (checked == all.count && all.exact === false) all = await all.grow();
      const from = checked, to = Math.min(all.count, from + 8);
      const held = await Promise.all(Array.from({ length: to - from }, (_, k) => holds(from + k)));
      kept.push(...held.filter(record => record));
      checked = to;
    };
    const view = () => ({
      count: kept.length,
      found: kept.length,
      exact: done(),
      peek: i => kept[i],
      grow: async () => (await step(), view()),
    });
    // A screen's worth before the first rows show, from at most 64 candidates.
    while (!done() && kept.length < 16 && checked < 64) await step();
    return view();
  };

  return { allOf, decorate, withPhrases };
};
