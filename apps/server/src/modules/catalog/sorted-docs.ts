import { firstPlace } from './first-place';

/**
 * Document lists kept in ascending order (a category's, a facet value's): a product moved in place leaves
 * one and joins another. Each answers a new list, one copy of the old, since readers may hold the old one.
 */
export function withSortedDoc(docs: Int32Array, doc: number): Int32Array {
  const at = firstPlace(docs.length, (place) => docs[place]! < doc);
  if (docs[at] === doc) return docs;
  const grown = new Int32Array(docs.length + 1);
  grown.set(docs.subarray(0, at));
  grown[at] = doc;
  grown.set(docs.subarray(at), at + 1);
  return grown;
}

/** The ascending list without `doc` (the same list when it is not there). */
export function withoutSortedDoc(docs: Int32Array, doc: number): Int32Array {
  const at = firstPlace(docs.length, (place) => docs[place]! < doc);
  if (docs[at] !== doc) return docs;
  const shrunk = new Int32Array(docs.length - 1);
  shrunk.set(docs.subarray(0, at));
  shrunk.set(docs.subarray(at + 1), at);
  return shrunk;
}
