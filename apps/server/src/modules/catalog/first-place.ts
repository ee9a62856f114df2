/**
 * A binary search over `count` places in order: the first place that `before` (does the sought item go
 * after the one there?) answers false for, or `count`. Where a sorted list's new item goes, or where a
 * sought one begins.
 */
export function firstPlace(count: number, before: (at: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(mid)) low = mid + 1;
    else high = mid;
  }
  return low;
}
