import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  chunk,
  hasPrice,
  isInStock,
  itemPurchaseLimit,
  pricePerUnitOfMeasure,
  rescalePricePerUnit,
} from '../src/index';

describe('isInStock', () => {
  it('needs a non-zero ListPrice and a positive AvailableQuantity', () => {
    expect(isInStock({ ListPrice: 1290, AvailableQuantity: 1 })).toBe(true);
    expect(isInStock({ ListPrice: 0, AvailableQuantity: 10 })).toBe(false);
    expect(isInStock({ ListPrice: 1290, AvailableQuantity: 0 })).toBe(false);
    expect(isInStock({ ListPrice: 1290, AvailableQuantity: -1 })).toBe(false);
    expect(isInStock({ ListPrice: Number.NaN, AvailableQuantity: 5 })).toBe(false);
  });
});

describe('hasPrice', () => {
  it('skips items with no price', () => {
    expect(hasPrice({ Price: 990 })).toBe(true);
    expect(hasPrice({ Price: 0 })).toBe(false);
    expect(hasPrice({ Price: null })).toBe(false);
    expect(hasPrice({})).toBe(false);
  });
});

describe('itemPurchaseLimit', () => {
  it('uses the sku cart_limit capped at the global maximum', () => {
    expect(itemPurchaseLimit(6)).toBe(6);
    expect(itemPurchaseLimit(35)).toBe(35);
    expect(itemPurchaseLimit(36)).toBe(35);
    expect(itemPurchaseLimit(100)).toBe(35);
    expect(itemPurchaseLimit(2.7)).toBe(2);
  });
  it('falls back to the global maximum when cart_limit is not set', () => {
    expect(itemPurchaseLimit()).toBe(35);
    expect(itemPurchaseLimit(null)).toBe(35);
    expect(itemPurchaseLimit(0)).toBe(35);
    expect(itemPurchaseLimit(Number.NaN)).toBe(35);
  });
});

describe('pricePerUnitOfMeasure', () => {
  it('gives the price per kg for grams and kilograms', () => {
    expect(pricePerUnitOfMeasure(129000, 1, 'kg')).toEqual({
      value: 129000,
      unit: 'kg',
      label: '$1.290 x kg',
    });
    expect(pricePerUnitOfMeasure(129000, 500, 'g')).toEqual({
      value: 258000,
      unit: 'kg',
      label: '$2.580 x kg',
    });
    expect(pricePerUnitOfMeasure(99000, 250, 'GR')?.label).toBe('$3.960 x kg');
  });
  it('gives the price per litre for ml and l', () => {
    expect(pricePerUnitOfMeasure(159000, 1.5, 'l')).toEqual({
      value: 106000,
      unit: 'l',
      label: '$1.060 x l',
    });
    expect(pricePerUnitOfMeasure(89000, 350, 'ml')).toEqual({
      value: 254286,
      unit: 'l',
      label: '$2.543 x l',
    });
    expect(pricePerUnitOfMeasure(89000, 350, 'cc')?.unit).toBe('l');
  });
  it('gives the price per unit and per metre', () => {
    expect(pricePerUnitOfMeasure(299000, 6, 'un')).toEqual({ value: 49833, unit: 'un', label: '$498 x un' });
    expect(pricePerUnitOfMeasure(1990000, 50, 'm')?.label).toBe('$398 x m');
    expect(pricePerUnitOfMeasure(1000, 50, 'cm')?.value).toBe(2000);
  });
  it('returns null when the PPUM cannot be computed', () => {
    expect(pricePerUnitOfMeasure(129000, 0, 'kg')).toBeNull();
    expect(pricePerUnitOfMeasure(129000, -1, 'kg')).toBeNull();
    expect(pricePerUnitOfMeasure(129000, 1, 'docena')).toBeNull();
    expect(pricePerUnitOfMeasure(Number.NaN, 1, 'kg')).toBeNull();
  });
});

describe('chunk', () => {
  it('splits into pieces of the given size', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 30)).toEqual([]);
    const ids = Array.from({ length: 61 }, (_, i) => String(i));
    expect(chunk(ids, 30).map((c) => c.length)).toEqual([30, 30, 1]);
  });
  it('rejects a size that is not a positive integer', () => {
    expect(() => chunk([1], 0)).toThrow(RangeError);
    expect(() => chunk([1], 1.5)).toThrow(RangeError);
  });
  it('keeps every element in order and no piece exceeds the size', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: 1, max: 50 }), (list, size) => {
        const pieces = chunk(list, size);
        expect(pieces.flat()).toEqual(list);
        expect(pieces.every((p) => p.length >= 1 && p.length <= size)).toBe(true);
        expect(pieces.slice(0, -1).every((p) => p.length === size)).toBe(true);
      }),
    );
  });
});

describe('rescalePricePerUnit', () => {
  it('moves a PPUM to another price of the same content, with the same label rule', () => {
    const atShelf = pricePerUnitOfMeasure(129000, 1, 'kg')!;
    expect(rescalePricePerUnit(atShelf, 129000, 103200)).toEqual({
      value: 103200,
      unit: 'kg',
      label: '$1.032 x kg',
    });
    expect(rescalePricePerUnit(atShelf, 129000, 129000)).toBe(atShelf);
    expect(rescalePricePerUnit(atShelf, 0, 5000)).toBe(atShelf);
  });
});
