/** Splits a list into consecutive pieces of `size` (catalogue ids by 30, sku lookups by 10). */
export function chunk<T>(list: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`Chunk size must be a positive integer: ${size}`);
  const chunks: T[][] = [];
  for (let i = 0; i < list.length; i += size) chunks.push(list.slice(i, i + size));
  return chunks;
}

/**
 * A catalogue lookup of many ids, asked `size` ids at a time (§5, §9: product ids by CATALOG_ID_CHUNK),
 * its answers joined in order.
 */
export function lookUpInChunks<T>(ids: readonly string[], size: number, lookUp: (ids: string[]) => T[]): T[] {
  return chunk(ids, size).flatMap((piece) => lookUp(piece));
}
