import { describe, expect, it } from 'vitest';
import { lineRefundSettlement, staffSupports } from '../src';

const paid = (channel: 'webpayRedirect' | 'oneclick' | 'wallet' | 'giftCard', giftCardValue = 0) => ({
  channel,
  value: 10_000,
  refunded: 2_000,
  giftCardValue,
});

describe('a line refunded by support, through the payment it came from', () => {
  it('a card gives back any part of what is left', () => {
    expect(lineRefundSettlement(paid('webpayRedirect'), 1)).toEqual({ kind: 'refund', amount: 1 });
    expect(lineRefundSettlement(paid('oneclick'), 8_000)).toEqual({ kind: 'refund', amount: 8_000 });
  });

  it('never more than the payment has left (refundAboveCharged)', () => {
    for (const channel of ['webpayRedirect', 'wallet'] as const)
      expect(lineRefundSettlement(paid(channel), 8_001)).toEqual({
        kind: 'refused',
        failure: 'refundAboveCharged',
      });
    expect(lineRefundSettlement(paid('webpayRedirect'), 0)).toMatchObject({ kind: 'refused' });
  });

  it('the wallet gives back only whole (refundWholeOnly), everything left it does', () => {
    expect(lineRefundSettlement(paid('wallet'), 3_000)).toEqual({
      kind: 'refused',
      failure: 'refundWholeOnly',
    });
    expect(lineRefundSettlement(paid('wallet'), 8_000)).toEqual({ kind: 'refund', amount: 8_000 });
  });

  it("a gift card's part only whole: beyond the card beside it a line is refused", () => {
    const mixed = { channel: 'webpayRedirect' as const, value: 10_000, refunded: 0, giftCardValue: 4_000 };
    expect(lineRefundSettlement(mixed, 6_000)).toEqual({ kind: 'refund', amount: 6_000 });
    expect(lineRefundSettlement(mixed, 7_000)).toEqual({ kind: 'refused', failure: 'refundWholeOnly' });
    expect(lineRefundSettlement(mixed, 10_000)).toEqual({ kind: 'refund', amount: 10_000 });
  });
});

describe('who supports customers', () => {
  it('the administrator; operators and merchandisers do not', () => {
    expect(staffSupports('admin')).toBe(true);
    expect(staffSupports('operator')).toBe(false);
    expect(staffSupports('merchandiser')).toBe(false);
  });
});
