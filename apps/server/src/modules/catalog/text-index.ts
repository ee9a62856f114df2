import { stemmer } from '@orama/stemmers/spanish';
import { normalizeText } from '@despensa/domain';
import { bestFirst, HeadQueue, sortedPlace, withDoc, withoutDoc, type Posting } from './text-postings';

/**
 * An in-process inverted index for Spanish product text: accent-folded, stemmed (leches → lech),
 * typo-tolerant (lehce → leche by Damerau distance over the vocabulary) and prefix-aware for
 * as-you-type queries. PostgreSQL stays the source of truth; this is rebuilt from it.
 */

// Articles and the units of pack sizes ('1 l', '500 g') say nothing about what a product is.
const STOPWORDS = new Set([
  ...['de', 'del', 'la', 'el', 'los', 'las', 'y', 'en', 'para', 'al', 'a', 'x', 'con'],
  ...['l', 'g', 'kg', 'ml', 'cc', 'gr', 'un', 'm', 'lt', 'mt'],
]);
/** As-you-type prefixes shorter than this only match whole words: one letter would match half the shop. */
const MIN_PREFIX_LENGTH = 2;

/** The §5 normalisation (accents removed, lowercased), split on anything that is not a letter or digit. */
export function tokenize(text: string): string[] {
  return normalizeText(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/**
 * Words shoppers spell several ways for one thing ('yogur' is a popular search; the labels say 'Yoghurt'),
 * written once: each group's words, and their plurals, index and search as the group's first word.
 */
const SAME_THING: readonly (readonly string[])[] = [
  ['yoghurt', 'yogurt', 'yogur', 'yogourt', 'yoghourt'],
  ['ketchup', 'catsup', 'kechup'],
  ['shampoo', 'champu', 'champoo'],
  ['whisky', 'whiskey'],
  ['palta', 'aguacate'],
  ['poroto', 'frijol', 'frejol'],
  ['frutilla', 'fresa'],
  ['durazno', 'melocoton'],
  ['zapallo', 'calabaza'],
  ['cabritas', 'palomitas'],
];

function plainStem(word: string): string {
  // Numbers and very short words (1 l, 500 g) are kept as they are.
  return word.length <= 3 || /^\d/.test(word) ? word : stemmer(word);
}

const SAME_THING_KEY = new Map<string, string>(
  SAME_THING.flatMap((group) => {
    const key = plainStem(group[0]!);
    return group.flatMap((word) => [[word, key] as const, [plainStem(word), key] as const]);
  }),
);

export function stem(word: string): string {
  const key = plainStem(word);
  return SAME_THING_KEY.get(word) ?? SAME_THING_KEY.get(key) ?? key;
}

export interface IndexedField {
  text: string;
  weight: number;
}

export interface TextMatch {
  /**
   * Documents that matched every query word. Typed, not a list: a two-letter prefix matches a fifth of
   * 500,000 products, and lists that long were collected from the old generation (a third of a cold
   * autocomplete's time, issue 33); a typed array's memory goes with it.
   */
  docs: Int32Array;
  /**
   * Score by document number (0 for documents that did not match). The index's own buffer, valid until its
   * next search: a fresh one per search cost megabytes of zeroing and garbage at 500,000 products.
   */
  scores: Float64Array;
  /** True when a query word only matched through a typo correction. */
  corrected: boolean;
}

/**
 * Field weights are multiples of a quarter and a document's weight for a stem sums a few of them, so
 * postings keep weights in quarters, a byte each (a float each was 16 MB at 500,000 products).
 */
const WEIGHT_STEPS = 4;

export class TextIndex {
  /**
   * Postings as they are added, each entry one small integer (the document times 256 plus its weight in
   * quarters) rather than a document and a weight in two lists: a national chain's millions of entries are
   * held only until freeze() packs them into typed arrays, and at half the memory.
   */
  private adding = new Map<string, number[]>();
  private readonly postings = new Map<string, Posting>();
  /** Surface words → stem, for prefix and typo matching. */
  private readonly vocabulary = new Map<string, string>();
  private sortedWords: string[] = [];
  private wordsByLength: string[][] = [];
  private docCount = 0;
  /** Per-search buffers by document number, and the documents the last search left marks on. */
  private scores = new Float64Array(0);
  private hits = new Uint8Array(0);
  private wordBest = new Float64Array(0);
  /** The documents the first word touched (every later word touches fewer): cleared by the next search. */
  private marked = new Int32Array(0);
  private markedCount = 0;
  /** The documents a later word touched. */
  private touched = new Int32Array(0);
  /** Each document's place in the order that breaks a tie of scores (freeze's `rank`). */
  private rank: Int32Array = new Int32Array(0);
  /** visitBest's marks of the documents it has given: the visit's number, so nothing is cleared between visits. */
  private visited = new Int32Array(0);
  private visits = 0;

  add(doc: number, fields: IndexedField[]): void {
    for (const [key, quarters] of this.termsOf(fields, [])) {
      const entry = doc * 256 + quarters;
      const posting = this.adding.get(key);
      if (posting) posting.push(entry);
      else this.adding.set(key, [entry]);
    }
    this.docCount = Math.max(this.docCount, doc + 1);
  }

  /**
   * After freeze: the document's text changed from `before` to `after` (a product renamed). Its entries
   * move in the postings of the stems that changed, each kept best first; a word never seen before joins the
   * vocabulary. Each posting touched is copied once, so a rename costs the length of its words' postings.
   */
  reindex(doc: number, before: IndexedField[], after: IndexedField[]): void {
    const learnt: string[] = [];
    const was = this.termsOf(before);
    const now = this.termsOf(after, learnt);
    const { postings, rank } = this;
    const without = (key: string) => {
      const posting = postings.get(key);
      const left = posting && withoutDoc(posting, doc);
      if (left) postings.set(key, left);
      else if (left === null) postings.delete(key);
    };
    for (const [key, quarters] of was) if (now.get(key) !== quarters) without(key);
    for (const [key, quarters] of now) {
      if (was.get(key) === quarters) continue;
      without(key);
      postings.set(key, withDoc(postings.get(key), doc, quarters, rank));
    }
    for (const word of learnt) {
      this.sortedWords.splice(sortedPlace(this.sortedWords, word), 0, word);
      (this.wordsByLength[word.length] ??= []).push(word);
    }
    // A word no document has any more is not completed or corrected to.
    for (const { text } of before) for (const word of tokenize(text)) this.forgetIfUnused(word);
  }

  private forgetIfUnused(word: string): void {
    const key = this.vocabulary.get(word);
    if (key === undefined || this.postings.has(key)) return;
    this.vocabulary.delete(word);
    this.sortedWords.splice(sortedPlace(this.sortedWords, word), 1);
    const sameLength = this.wordsByLength[word.length]!;
    sameLength.splice(sameLength.indexOf(word), 1);
  }

  /**
   * Each stem of the fields and its weight in quarters. A term scores the sum of the fields it appears in
   * (name, brand, categories), so 'leche' ranks a milk in the Leches category above a chocolate that only
   * names milk; the first word of the first field (what the product is) gets a bonus. With `learnt`, each
   * word joins the vocabulary, and those it did not know are listed there.
   */
  private termsOf(fields: IndexedField[], learnt?: string[]): Map<string, number> {
    const best = new Map<string, number>();
    for (const [position, field] of fields.entries()) {
      const seen = new Set<string>();
      tokenize(field.text).forEach((word, at) => {
        if (STOPWORDS.has(word)) return;
        const key = stem(word);
        if (learnt && !this.vocabulary.has(word)) learnt.push(word);
        if (learnt) this.vocabulary.set(word, key);
        if (seen.has(key)) return;
        seen.add(key);
        const bonus = position === 0 && at === 0 ? 1 : 0;
        best.set(key, (best.get(key) ?? 0) + field.weight + bonus);
      });
    }
    for (const [key, weight] of best) best.set(key, Math.min(255, Math.round(weight * WEIGHT_STEPS)));
    return best;
  }

  /**
   * Call once after the last add. `rank` is each document's place in the order that breaks a tie of scores
   * (the listing's: most sold first); without it, the documents' own order.
   */
  freeze(rank: Int32Array = Int32Array.from({ length: this.docCount }, (_, doc) => doc)): void {
    this.rank = rank;
    const docAtRank = new Int32Array(this.docCount);
    rank.forEach((place, doc) => (docAtRank[place] = doc));
    for (const [key, entries] of this.adding) this.postings.set(key, bestFirst(entries, rank, docAtRank));
    this.adding = new Map();
    this.scores = new Float64Array(this.docCount);
    this.hits = new Uint8Array(this.docCount);
    this.wordBest = new Float64Array(this.docCount);
    this.marked = new Int32Array(this.docCount);
    this.touched = new Int32Array(this.docCount);
    this.visited = new Int32Array(this.docCount);
    this.sortedWords = [...this.vocabulary.keys()].sort();
    this.wordsByLength = [];
    for (const word of this.sortedWords) (this.wordsByLength[word.length] ??= []).push(word);
  }

  /**
   * Every query word must match (AND). A word matches its stem exactly, or, when `prefix` is set and it is
   * the last word, any indexed word it begins; a word with no exact match falls back to close spellings.
   */
  search(query: string, options: { prefix?: boolean } = {}): TextMatch {
    const words = tokenize(query).filter((word) => !STOPWORDS.has(word));
    // Typed accumulators instead of maps: a two-letter prefix can touch tens of thousands of documents.
    // Only the documents the last search touched are cleared (the first word's: later words touch fewer).
    const { scores, hits, wordBest, marked } = this;
    for (let i = 0; i < this.markedCount; i++) {
      scores[marked[i]!] = 0;
      hits[marked[i]!] = 0;
    }
    this.markedCount = 0;
    if (words.length === 0) return { docs: new Int32Array(0), scores, corrected: false };
    let touched = marked;
    let count = 0;
    let corrected = false;
    words.forEach((word, position) => {
      const isLast = position === words.length - 1;
      const candidates = this.candidateStems(word, Boolean(options.prefix) && isLast);
      if (candidates.typo) corrected = true;
      touched = position === 0 ? marked : this.touched;
      count = 0;
      for (const [key, quality] of candidates.stems) {
        const posting = this.postings.get(key);
        if (!posting) continue;
        const scale = this.scaleOf(posting, quality);
        for (let i = 0; i < posting.docs.length; i++) {
          const doc = posting.docs[i]!;
          if (hits[doc] !== position) continue; // missed an earlier word: cannot match them all
          const score = posting.weights[i]! * scale;
          if (wordBest[doc] === 0) touched[count++] = doc;
          if (score > wordBest[doc]!) wordBest[doc] = score;
        }
      }
      for (let i = 0; i < count; i++) {
        const doc = touched[i]!;
        scores[doc] = scores[doc]! + wordBest[doc]!;
        hits[doc] = position + 1;
        wordBest[doc] = 0;
      }
      if (position === 0) this.markedCount = count;
    });
    const docs = new Int32Array(count);
    let matched = 0;
    for (let i = 0; i < count; i++) if (hits[touched[i]!] === words.length) docs[matched++] = touched[i]!;
    return { docs: matched === count ? docs : docs.slice(0, matched), scores, corrected };
  }

  /**
   * The documents a one-word query matches, each once, in the order of its scores (as search() gives them)
   * and then of the rank, until `visit` answers false. Every word's posting is already in that order, so
   * this merges the heads of the few postings the word stands for: a two-letter prefix that matches a fifth
   * of 500,000 products gives its best dozen after reading about as many postings, not all of them. False,
   * visiting nothing, when the query is several words (search() answers those).
   */
  visitBest(query: string, options: { prefix?: boolean }, visit: (doc: number) => boolean): boolean {
    const words = tokenize(query).filter((word) => !STOPWORDS.has(word));
    if (words.length > 1) return false;
    const queue = new HeadQueue(this.rank);
    const stems = words[0] ? this.candidateStems(words[0], Boolean(options.prefix)).stems : [];
    for (const [key, quality] of stems) {
      const posting = this.postings.get(key);
      if (posting) queue.push(posting, this.scaleOf(posting, quality));
    }
    const visitNumber = ++this.visits;
    const { visited } = this;
    for (let doc = queue.next(); doc >= 0; doc = queue.next()) {
      // A document under several of the word's stems comes first under its best one: the others are its lower scores.
      if (visited[doc] === visitNumber) continue;
      visited[doc] = visitNumber;
      if (!visit(doc)) return true;
    }
    return true;
  }

  /** A posting's weight in quarters times this is its score (a rarer word counts for more). */
  private scaleOf(posting: Posting, quality: number): number {
    return (quality * Math.log(1 + this.docCount / posting.docs.length)) / WEIGHT_STEPS;
  }

  /** Indexed words that begin with the (normalised) prefix, most useful first: the shortest. */
  completions(prefix: string, limit: number): string[] {
    const [word] = tokenize(prefix).slice(-1);
    if (!word) return [];
    return (
      this.wordsStartingWith(word, 200)
        // Words are already accent-folded ASCII: a plain comparison, not the (slow) locale-aware one.
        .sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))
        .slice(0, limit)
    );
  }

  private candidateStems(word: string, prefix: boolean): { stems: Map<string, number>; typo: boolean } {
    const stems = new Map<string, number>();
    const exact = stem(word);
    if (this.postings.has(exact)) stems.set(exact, 1);
    if (prefix && word.length >= MIN_PREFIX_LENGTH) {
      for (const completion of this.wordsStartingWith(word, 40)) {
        const key = this.vocabulary.get(completion)!;
        if (!stems.has(key)) stems.set(key, 0.8);
      }
    }
    if (stems.size > 0 || word.length < 4) return { stems, typo: false };
    const maxDistance = word.length >= 8 ? 2 : 1;
    for (let length = word.length - maxDistance; length <= word.length + maxDistance; length++) {
      for (const candidate of this.wordsByLength[length] ?? []) {
        if (damerauWithin(word, candidate, maxDistance)) {
          const key = this.vocabulary.get(candidate)!;
          stems.set(key, Math.max(stems.get(key) ?? 0, 0.6));
        }
      }
    }
    return { stems, typo: stems.size > 0 };
  }

  private wordsStartingWith(word: string, limit: number): string[] {
    const found: string[] = [];
    for (
      let i = sortedPlace(this.sortedWords, word);
      i < this.sortedWords.length && found.length < limit;
      i++
    ) {
      const candidate = this.sortedWords[i]!;
      if (!candidate.startsWith(word)) break;
      found.push(candidate);
    }
    return found;
  }
}

/** Optimal-string-alignment distance (adjacent transpositions count 1), with an early exit above max. */
export function damerauWithin(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => {
    const row = new Array<number>(cols).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j < cols; j++) d[0]![j] = j;
  for (let i = 1; i < rows; i++) {
    let rowMin = Infinity;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return false;
  }
  return d[a.length]![b.length]! <= max;
}
