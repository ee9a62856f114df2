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
  let low = 0;
  let high = before.docs.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const weight = before.weights[mid]!;
    if (weight > quarters || (weight === quarters && rank[before.docs[mid]!]! < rank[doc]!)) low = mid + 1;
    else high = mid;
  }
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
  let low = 0;
  let high = sortedWords.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sortedWords[mid]! < word) low = mid + 1;
    else high = mid;
  }
  return low;
}
