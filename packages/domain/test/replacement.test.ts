import { describe, expect, it } from 'vitest';
import { pickedLine, priceRiseOf, replacementInBag, type ReplacementAnswer } from '../src';

const proposal = (answer: ReplacementAnswer) => ({ id: '1000013', total: 96_000, answer });

describe('a replacement in the bag (issue 28, item 3)', () => {
  it("'Recogido' keeps an approved, kept or unanswered replacement and its price", () => {
    for (const answer of ['approved', 'kept', 'pending'] as const) {
      const line = { state: 'replaced' as const, realGrams: null, replacement: proposal(answer) };
      expect(replacementInBag(line)).toEqual(proposal(answer));
      expect(pickedLine(line)).toEqual(line);
    }
  });

  it("'Recogido' on a rejected replacement, or on a line without one, picks the ordered product", () => {
    const rejected = { state: 'replaced' as const, realGrams: null, replacement: proposal('rejected') };
    expect(replacementInBag(rejected)).toBeNull();
    expect(pickedLine(rejected)).toEqual({ state: 'picked', realGrams: null, replacement: null });
    expect(pickedLine({ state: 'pending', realGrams: null, replacement: null })).toEqual({
      state: 'picked',
      realGrams: null,
      replacement: null,
    });
  });
});

describe('why an order came out dearer than authorised', () => {
  const unit = { weighed: false, state: 'picked' as const, replacement: null, estimatedTotal: 108_000 };
  it('names a dearer replacement, not a weight, for 3 × $480 instead of a $1.080 milk', () => {
    const replaced = {
      ...unit,
      state: 'replaced' as const,
      replacement: proposal('approved'),
      total: 144_000,
    };
    expect(priceRiseOf([replaced, { ...unit, total: 108_000 }])).toEqual({
      weight: false,
      replacement: true,
    });
  });
  it('names the weight for a heavier weighed item, and both when both rose', () => {
    const heavier = { ...unit, weighed: true, total: 120_000 };
    expect(priceRiseOf([heavier])).toEqual({ weight: true, replacement: false });
    const replaced = {
      ...unit,
      state: 'replaced' as const,
      replacement: proposal('pending'),
      total: 144_000,
    };
    expect(priceRiseOf([heavier, replaced])).toEqual({ weight: true, replacement: true });
    // A cheaper replacement raises nothing.
    expect(priceRiseOf([{ ...replaced, total: 96_000 }])).toEqual({ weight: false, replacement: false });
  });
});
