import { describe, expect, it } from 'vitest';
import { LineMemos, type LineMemo } from '../src/modules/cart/line-memo';

const lines = (...skuIds: number[]) =>
  new Map(skuIds.map((skuId) => [skuId, { key: String(skuId) } as unknown as LineMemo]));

describe('line memos', () => {
  it('keeps the most recently used carts within the line bound', () => {
    const memos = new LineMemos(4);
    memos.keep('a', lines(1, 2));
    memos.keep('b', lines(3, 4));
    // Using 'a' again makes 'b' the oldest, so 'b' goes when 'c' needs room.
    memos.keep('a', memos.of('a'));
    memos.keep('c', lines(5));
    expect([...memos.of('a').keys()]).toEqual([1, 2]);
    expect(memos.of('b').size).toBe(0);
    expect([...memos.of('c').keys()]).toEqual([5]);
  });

  it('counts a cart again at its new size when it is kept again', () => {
    const memos = new LineMemos(3);
    memos.keep('a', lines(1, 2, 3));
    memos.keep('a', lines(1));
    memos.keep('b', lines(2, 3));
    expect(memos.of('a').size).toBe(1);
    expect(memos.of('b').size).toBe(2);
    memos.keep('c', lines(4));
    expect(memos.of('a').size).toBe(0);
  });
});
