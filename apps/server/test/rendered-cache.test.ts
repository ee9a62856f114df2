import { describe, expect, it } from 'vitest';
import type { OrderForm } from '@despensa/contracts';
import { RenderedOrderForms, type RenderedOrderForm } from '../src/modules/cart/rendered-cache';

const catalogue = {};
const promotions = {};

function rendered(version: number, items = 0, validUntil = Infinity): RenderedOrderForm {
  return {
    version,
    snapshot: [catalogue, promotions],
    validUntil,
    form: { items: Array.from({ length: items }, () => ({})) } as unknown as OrderForm,
    body: null,
    bodyKey: null,
  };
}

describe('rendered orderForms', () => {
  it('answers an entry only while version, snapshot and promotion window match', () => {
    const forms = new RenderedOrderForms();
    forms.set('a', rendered(3, 1, 1000));
    expect(forms.get('a', 3, [catalogue, promotions], 0)).toBeDefined();
    expect(forms.get('a', 4, [catalogue, promotions], 0)).toBeUndefined();
    // A stale entry is dropped, not kept for later.
    expect(forms.get('a', 3, [catalogue, promotions], 0)).toBeUndefined();
    forms.set('a', rendered(3, 1, 1000));
    expect(forms.get('a', 3, [{}, promotions], 0)).toBeUndefined();
    forms.set('a', rendered(3, 1, 1000));
    expect(forms.get('a', 3, [catalogue, {}], 0)).toBeUndefined();
    forms.set('a', rendered(3, 1, 1000));
    expect(forms.get('a', 3, [catalogue, promotions], 1000)).toBeUndefined();
  });

  it('holds at most its bytes, least recently read first, counting a body once it is serialised', () => {
    // Unserialised, an entry of one item is estimated at 4,096 bytes: two fit in 10,000.
    const forms = new RenderedOrderForms(10_000);
    forms.set('a', rendered(1, 1));
    forms.set('b', rendered(1, 1));
    expect(forms.size).toBe(8192);
    const a = forms.get('a', 1, [catalogue, promotions], 0)!;
    expect(forms.bodyOf('a', a, 'live', () => Buffer.alloc(100))).toHaveLength(100);
    expect(forms.size).toBe(4096 + 100);
    // 'b' is now the least recently used, so it goes when 'c' needs room; 'a' stays.
    forms.set('c', rendered(1, 1));
    forms.set('d', rendered(1, 0));
    expect(forms.get('b', 1, [catalogue, promotions], 0)).toBeUndefined();
    expect(forms.get('a', 1, [catalogue, promotions], 0)?.body).toHaveLength(100);
    expect(forms.size).toBeLessThanOrEqual(10_000);
  });

  it('does not keep an entry larger than the whole bound', () => {
    const forms = new RenderedOrderForms(4000);
    forms.set('a', rendered(1, 1));
    expect(forms.get('a', 1, [catalogue, promotions], 0)).toBeUndefined();
    expect(forms.size).toBe(0);
  });
});
