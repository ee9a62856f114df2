import { firstPlace } from './first-place';

/**
 * A posting's documents, best first: by weight, then by the document rank TextIndex.freeze() was given (the
 * listing's order after the score), so the best matches of a word are the first of its posting
 * (TextIndex.visitBest).
 */
export interface Posting {
  docs: Int32Array;
  /** In quarters (TextIndex's WEIGHT_STEPS): 12 is a weight of 3. */
  weights: Uint8Array;
}

/**
 * A posting packed in typed arrays from its entries (each the document times 256 plus its weight), best
 * first: one numeric sort of keys (weight and rank in one number) rather than a comparator over half a
 * million.
 */
export function bestFirst(entries: number[], rank: Int32Array, docAtRank: Int32Array): Posting {
  const places = rank.length;
  const keys = new Float64Array(entries.length);
  entries.forEach((entry, i) => {
    keys[i] = (255 - (entry % 256)) * places + rank[Math.floor(entry / 256)]!;
  });
  keys.sort();
  const posting = { docs: new Int32Array(entries.length), weights: new Uint8Array(entries.length) };
  keys.forEach((key, i) => {
    posting.docs[i] = docAtRank[key % places]!;
    posting.weights[i] = 255 - Math.floor(key / places);
  });
  return posting;
}

/** The posting without the document: undefined when it has none, null when nothing is left. */
export function withoutDoc(posting: Posting, doc: number): Posting | null | undefined {
  const at = posting.docs.indexOf(doc);
  if (at < 0) return undefined;
  if (posting.docs.length === 1) return null;
  const docs = new Int32Array(posting.docs.length - 1);
  const weights = new Uint8Array(docs.length);
  docs.set(posting.docs.subarray(0, at));
  docs.set(posting.docs.subarray(at + 1), at);
  weights.set(posting.weights.subarray(0, at));
  weights.set(posting.weights.subarray(at + 1), at);
  return { docs, weights };
}

/**
 * A posting with the document (not in it) at its place: after every heavier document and every one of its
 * weight ranked before it.
 */
export function withDoc(
  posting: Posting | undefined,
  doc: number,
  quarters: number,
  rank: Int32Array,
): Posting {
  const before = posting ?? { docs: new Int32Array(0), weights: new Uint8Array(0) };
  const low = firstPlace(before.docs.length, (at) => {
    const weight = before.weights[at]!;
    return weight > quarters || (weight === quarters && rank[before.docs[at]!]! < rank[doc]!);
  });
  const docs = new Int32Array(before.docs.length + 1);
  const weights = new Uint8Array(docs.length);
  docs.set(before.docs.subarray(0, low));
  docs[low] = doc;
  docs.set(before.docs.subarray(low), low + 1);
  weights.set(before.weights.subarray(0, low));
  weights[low] = quarters;
  weights.set(before.weights.subarray(low), low + 1);
  return { docs, weights };
}

/** Where the word is, or would be, in the sorted words: the first place whose word is not before it. */
export function sortedPlace(sortedWords: readonly string[], word: string): number {
  return firstPlace(sortedWords.length, (at) => sortedWords[at]! < word);
}

/** A posting read best first: where it is, and its next document with that document's score. */
interface Head {
  posting: Posting;
  scale: number;
  at: number;
  doc: number;
  score: number;
}

/**
 * Several postings merged best first (TextIndex.visitBest): the higher score, then the lower rank. A binary
 * heap of their heads, so the forty postings of a two-letter prefix cost a few comparisons a document, not
 * forty (that scan was a third of a first autocomplete at 500,000 products).
 */
export class HeadQueue {
  private readonly heads: Head[] = [];

  constructor(private readonly rank: Int32Array) {}

  /** A posting to merge, each weight times `scale` its score. */
  push(posting: Posting, scale: number): void {
    const head = { posting, scale, at: 0, doc: -1, score: -1 };
    if (!this.read(head)) return;
    this.heads.push(head);
    this.up(this.heads.length - 1);
  }

  /** The best document left (-1 when every posting is read), its posting moved on past it. */
  next(): number {
    const { heads } = this;
    const top = heads[0];
    if (!top) return -1;
    const doc = top.doc;
    top.at++;
    if (!this.read(top)) {
      const last = heads.pop()!;
      if (heads.length === 0) return doc;
      heads[0] = last;
    }
    this.down(0);
    return doc;
  }

  /** The head's document and score at its place; false past its posting's end. */
  private read(head: Head): boolean {
    if (head.at >= head.posting.docs.length) return false;
    head.doc = head.posting.docs[head.at]!;
    head.score = head.posting.weights[head.at]! * head.scale;
    return true;
  }

  private before(a: Head, b: Head): boolean {
    return a.score > b.score || (a.score === b.score && this.rank[a.doc]! < this.rank[b.doc]!);
  }

  private up(at: number): void {
    const { heads } = this;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.before(heads[at]!, heads[parent]!)) return;
      [heads[at], heads[parent]] = [heads[parent]!, heads[at]!];
      at = parent;
    }
  }

  private down(at: number): void {
    const { heads } = this;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let best = at;
      if (left < heads.length && this.before(heads[left]!, heads[best]!)) best = left;
      if (right < heads.length && this.before(heads[right]!, heads[best]!)) best = right;
      if (best === at) return;
      [heads[at], heads[best]] = [heads[best]!, heads[at]!];
      at = best;
    }
  }
}
