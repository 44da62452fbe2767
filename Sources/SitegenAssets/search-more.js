// search-more.js is what the search page does with stories' texts: the marks and passages of
// rows (a document's row shows where its text holds the query's words), and phrases in quotes.
// search.js loads it the first time a query needs it, on a site of documents or for a phrase in
// quotes, so that a query on a site of titles never pays for it. Nothing here stands between a
// query and its first rows: passages fill in after the rows, and a phrase's stories are among
// those of its words, which search.js finds. It is an ES module, so that search.js can load it
// with import() under the page's `script-src 'self'`.
//
// This file is written for people: `bash .ci/minify` makes the served file from it with esbuild.

/** What search.js lends: `get`, which asks for each file once; `wordsOf`, `wordRE` and `fold`,
 *  the index's rules for words (docs/guides/search.md); and `texts`, whether the site has
 *  documents' texts. */
export const searchMore = ({ get, wordsOf, wordRE, fold, texts }) => {
  // A text's words are found as the index found them (with wordRE and fold), so that a passage
  // is found wherever the index found the story.
  /** A text's words with their places, as {word (folded), start, end}: a CJK run as its pairs
   *  of neighbours (or its one character), as the index keeps them. */
  const tokensOf = text =>
    [...text.matchAll(wordRE)]
      .flatMap(match => {
        // The whole match is a name, unless its first group, a run of CJK, matched.
        const [name, run] = match;
        if (!run) return [{ word: fold(name), start: match.index, end: match.index + name.length }];
        let at = match.index;
        const chars = [...run].map(c => ({ word: c, start: at, end: (at += c.length) }));
        if (chars.length == 1) return chars;
        return chars.slice(1).map((c, i) => ({ word: chars[i].word + c.word, start: chars[i].start, end: c.end }));
      })
      .filter(token => token.word);
  /** Whether a text's word (folded) is one of the query's terms, or holds one as a part, as
   *  the index finds them: `node` marks "Node.js", and `google` marks "Google's". */
  const isTerm = (word, terms) => terms.some(t => word == t || word.startsWith(t + '.') || word.split(/[.']/).includes(t));
  /** Where in `tokens` the phrase (a list of words) is, word after word: the text's {start,
   *  end} there, or null. A text's word stands for a phrase's word as it does for a query's
   *  (`isTerm`), so `rust 1.88` finds "Rust 1.88.0". */
  const phraseIn = (tokens, phrase) => {
    for (let k = 0; k + phrase.length <= tokens.length; k++) {
      if (phrase.every((word, j) => isTerm(tokens[k + j].word, [word]))) {
        return { start: tokens[k].start, end: tokens[k + phrase.length - 1].end };
      }
    }
    return null;
  };
  /** The places of the text to mark, as {start, end}: every word of a term and every phrase, in
   *  order, with overlapping places joined. */
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
  /** The passage of `text` to show for the query, as {start, end, marks}, `marks` being the
   *  places to mark in it. It is about `length` characters long, and begins a little before the
   *  place where most of the terms are close together (or a phrase's first place, when the query
   *  has phrases). It is null when the text holds none of the terms. */
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

  /** Marks the query's words (its terms and phrases) in a row's title; and a document's row (one
   *  with an `.excerpt`) shows, in place of its summary, the passage of its text that holds
   *  them. The text is read only for rows near the screen: `signal` aborts the read when the row
   *  is scrolled away. */
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

  // A phrase in quotes ("github actions") means its words side by side, in the story's title or
  // text. The index finds the stories that hold all the words, and then each one's title and
  // text are read, to keep those that hold the phrase.
  /** Finds the query's phrases (each run of two words or more between double quotes), and gives
   *  them with the query's results (`found`, from `all`, the results of all its words) and how
   *  the status names the query (`said`). A phrase's words are taken as the look-ups took them
   *  (`terms[k]` for `words[k]`), since while the reader types a prefix stands for the word it
   *  begins. */
  const withPhrases = async (query, words, terms, all, said) => {
    const termOf = new Map(words.map((w, k) => [w, terms[k]]));
    const phrases = [...query.matchAll(/["“”„]([^"“”„]*)["“”„]/g)]
      .map(([, quoted]) => wordsOf(quoted).map(w => termOf.get(w) ?? w))
      .filter(phrase => phrase.length > 1);
    if (!phrases.length) return { found: all, said, phrases };
    const inPhrases = new Set(phrases.flat());
    said = [...phrases.map(p => p.join(' ')), ...terms.filter(t => !inPhrases.has(t))].map(w => `“${w}”`).join(' and ');
    return { found: await phrased(all, phrases), said, phrases };
  };
  /** The stories of `all` whose title or text holds every phrase, word after word. The
   *  candidates are read in order, eight at a time, as the reader goes (each costs a record and
   *  a text, as a row on the screen does), so until the last is read the count is "at least"
   *  the stories kept. */
  const phrased = async (all, phrases) => {
    // The stories kept so far, and how many candidates have been checked.
    const kept = [];
    let checked = 0;
    /** Candidate i's record when its title or text holds every phrase, else null. */
    const holds = async i => {
      const record = all.peek(i) || (await all.load(i));
      if (!record) return null;
      const row = document.createElement('template');
      row.innerHTML = record.html;
      const title = tokensOf(row.content.querySelector('h2')?.textContent || '');
      const hasText = texts && row.content.querySelector('.excerpt');
      // A text that fails to load fails the search, which says so, because a story left out
      // unread would make the count short.
      const text = hasText ? tokensOf(await textOf(record.id)) : [];
      return phrases.every(p => phraseIn(title, p) || phraseIn(text, p)) ? record : null;
    };
    /** Whether every candidate has been checked, `all` having no more to read. */
    const done = () => checked == all.count && all.exact !== false;
    /** Checks the next eight candidates, reading on in `all` first when it is read only in part. */
    const step = async () => {
      if (checked == all.count && all.exact === false) all = await all.grow();
      const from = checked, to = Math.min(all.count, from + 8);
      const held = await Promise.all(Array.from({ length: to - from }, (_, k) => holds(from + k)));
      kept.push(...held.filter(record => record));
      checked = to;
    };
    /** The stories kept so far, as results that search.js shows (see its `resultsOf`). */
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

  return { decorate, withPhrases };
};
