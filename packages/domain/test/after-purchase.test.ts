import { describe, expect, it } from 'vitest';
import {
  CANCEL_REASONS,
  ORDER_EDIT_CUTOFF_MS,
  canCancel,
  canEditOrder,
  canReschedule,
  currentOrdersSince,
  editSettlement,
  mergeRepeatLines,
  repeatOrderChoice,
} from '../src';

describe('§4 repeat last order', () => {
  const order = [
    { id: '10', quantity: 2 },
    { id: '20', quantity: 1 },
  ];
  it('does nothing for an identical cart, in any order of lines', () => {
    expect(repeatOrderChoice([order[1]!, order[0]!], order)).toBe('nothing');
  });
  it('adds to an empty cart and asks for any other cart', () => {
    expect(repeatOrderChoice([], order)).toBe('add');
    expect(repeatOrderChoice([{ id: '10', quantity: 1 }], order)).toBe('ask');
    expect(repeatOrderChoice([...order, { id: '30', quantity: 1 }], order)).toBe('ask');
  });
  it("'Mezclar' adds the order's quantities to the cart's", () => {
    expect(
      mergeRepeatLines(
        [
          { id: '10', quantity: 1 },
          { id: '30', quantity: 4 },
        ],
        order,
      ),
    ).toEqual([
      { id: '10', quantity: 3 },
      { id: '30', quantity: 4 },
      { id: '20', quantity: 1 },
    ]);
  });
});

describe('what a paid order still allows', () => {
  const start = new Date('2026-11-03T18:00:00Z');
  it('cancels and reschedules only before picking (never once invoiced)', () => {
    for (const status of ['payment-approved', 'ready-for-handling']) {
      expect(canCancel(status)).toBe(true);
      expect(canReschedule(status, true)).toBe(true);
    }
    for (const status of ['payment-pending', 'handling', 'invoiced', 'canceled']) {
      expect(canCancel(status)).toBe(false);
      expect(canReschedule(status, true)).toBe(false);
    }
    expect(canReschedule('ready-for-handling', false)).toBe(false);
  });
  it('edits until 3 hours before the window, not a minute later', () => {
    expect(canEditOrder('ready-for-handling', start, new Date(start.getTime() - ORDER_EDIT_CUTOFF_MS))).toBe(
      true,
    );
    expect(
      canEditOrder('ready-for-handling', start, new Date(start.getTime() - ORDER_EDIT_CUTOFF_MS + 60_000)),
    ).toBe(false);
    expect(canEditOrder('handling', start, new Date(start.getTime() - 24 * 3600_000))).toBe(false);
    expect(canEditOrder('ready-for-handling', null, new Date(0))).toBe(false);
  });
  it('splits current and old purchases at 90 days', () => {
    const now = new Date('2026-11-03T00:00:00Z');
    expect(currentOrdersSince(now)).toEqual(new Date('2026-08-05T00:00:00Z'));
  });
  it('offers the seven §7 cancellation reasons', () => {
    expect(CANCEL_REASONS.map((reason) => reason.id)).toEqual([
      'offerNotHonoured',
      'lackOfStock',
      'wrongDeliveryType',
      'wrongAddress',
      'wrongProducts',
      'doubleCharge',
      'preferNotToSay',
    ]);
  });
});

describe('editSettlement (how an edit changes what the order was paid with)', () => {
  it('charges a rise to a saved one-click card; refuses it on Webpay, the wallet and a gift card', () => {
    expect(editSettlement({ channel: 'oneclick', cardLeft: 1000 }, 500)).toEqual({
      kind: 'charge',
      amount: 500,
    });
    expect(editSettlement({ channel: 'webpayRedirect', cardLeft: 1000 }, 500)).toEqual({
      kind: 'refused',
      failure: 'orderEditRaisesTotal',
    });
    for (const channel of ['wallet', 'giftCard'] as const)
      expect(editSettlement({ channel, cardLeft: 0 }, 500)).toEqual({
        kind: 'refused',
        failure: 'orderEditTotalFixed',
      });
  });
  it('refunds a lower total from the card in part, never beyond it; an unchanged total settles nothing', () => {
    expect(editSettlement({ channel: 'webpayRedirect', cardLeft: 1000 }, -1000)).toEqual({
      kind: 'refund',
      amount: 1000,
    });
    expect(editSettlement({ channel: 'oneclick', cardLeft: 1000 }, -1100)).toEqual({
      kind: 'refused',
      failure: 'orderEditTotalFixed',
    });
    expect(editSettlement({ channel: 'wallet', cardLeft: 0 }, -100).kind).toBe('refused');
    expect(editSettlement({ channel: 'wallet', cardLeft: 0 }, 0)).toEqual({ kind: 'none' });
  });
});
