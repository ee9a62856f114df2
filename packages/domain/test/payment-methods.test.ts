import { describe, expect, it } from 'vitest';
import {
  CARD_REDIRECT_PAYMENT_ID,
  DELIVERY_METHODS,
  DELIVERY_PRICES_CENTS,
  GROUP_CARD_PAYMENT_ID,
  PAYMENT_IDS,
  GROUP_CARD_LAST_FOUR,
  PAYMENT_SYSTEMS,
  PAYMENT_SYSTEM_IDS,
  checkoutTotal,
  paymentProven,
  paymentSystemName,
  paymentSystemOf,
  deliveryFeeOf,
  isCollaborator,
  paymentMethodOf,
  paymentSplit,
  reapplyUnderOneSeller,
} from '../src';

describe('payment methods (§9 ids)', () => {
  it('prices debit and the group card apart, and pays each where it is paid', () => {
    expect(paymentMethodOf(CARD_REDIRECT_PAYMENT_ID)).toMatchObject({
      channel: 'webpayRedirect',
      pricing: 'regular',
    });
    expect(paymentMethodOf(PAYMENT_IDS.debit)).toMatchObject({ channel: 'webpayRedirect', pricing: 'debit' });
    expect(paymentMethodOf(GROUP_CARD_PAYMENT_ID)).toMatchObject({
      channel: 'webpayRedirect',
      pricing: 'tcenco',
    });
    expect(paymentMethodOf(PAYMENT_IDS.catOneClick)).toMatchObject({
      channel: 'oneclick',
      pricing: 'tcenco',
    });
    expect(paymentMethodOf(PAYMENT_IDS.debitOneClick)).toMatchObject({
      channel: 'oneclick',
      pricing: 'debit',
    });
    expect(paymentMethodOf(PAYMENT_IDS.walletBalance)?.channel).toBe('wallet');
    expect(paymentMethodOf(PAYMENT_IDS.giftCard)?.channel).toBe('giftCard');
    expect(paymentMethodOf(600)).toBeNull();
  });

  it('names every payment system once, the group card by §9’s promissory id (17), in one table', () => {
    expect(GROUP_CARD_PAYMENT_ID).toBe(17);
    expect(PAYMENT_SYSTEM_IDS).toEqual([2, 30, 17, 201, 202, 203, 204, 732, 783]);
    expect(new Set(PAYMENT_SYSTEMS.map((system) => system.id)).size).toBe(PAYMENT_SYSTEMS.length);
    const groupCard = paymentSystemOf(17)!;
    expect(paymentSystemName(groupCard, 'Despensa')).toBe('Tarjeta Despensa');
    expect(groupCard).toMatchObject({ groupName: 'promissoryPaymentGroup', proof: 'groupCard' });
    expect(paymentSystemOf(PAYMENT_IDS.debit)).toMatchObject({
      name: 'Tarjeta de débito Redcompra',
      proof: 'debitCard',
    });
  });

  it('keeps debit’s and the group card’s prices only when the acquirer’s answer proves the card', () => {
    expect(paymentProven('debitCard', { paymentTypeCode: 'VD', cardLast4: '7763' })).toBe(true);
    for (const code of ['VN', 'VC', 'SI', 'S2', 'NC', 'VP', undefined])
      expect(paymentProven('debitCard', { paymentTypeCode: code })).toBe(false);
    expect(paymentProven('groupCard', { paymentTypeCode: 'VN', cardLast4: GROUP_CARD_LAST_FOUR[0] })).toBe(
      true,
    );
    expect(paymentProven('groupCard', { paymentTypeCode: 'VN', cardLast4: '6623' })).toBe(false);
    expect(paymentProven('groupCard', {})).toBe(false);
    expect(paymentProven('anyCard', {})).toBe(true);
  });

  it('reads one method alone, or a gift card plus one card for the rest', () => {
    expect(paymentSplit([{ paymentSystem: 30, value: 1_000_00 }])).toMatchObject({
      paymentSystem: 30,
      giftCardValue: 0,
      rest: 1_000_00,
    });
    expect(paymentSplit([{ paymentSystem: 732, value: 500_00 }])).toMatchObject({
      paymentSystem: 732,
      giftCardValue: 500_00,
      rest: 0,
    });
    expect(
      paymentSplit([
        { paymentSystem: 201, value: 700_00 },
        { paymentSystem: 732, value: 300_50 },
      ]),
    ).toMatchObject({ paymentSystem: 201, giftCardValue: 300_50, rest: 700_00 });
    expect(paymentSplit([])).toBe('combination');
    expect(paymentSplit([{ paymentSystem: 600, value: 100 }])).toBe('unavailable');
    expect(
      paymentSplit([
        { paymentSystem: 30, value: 100 },
        { paymentSystem: 2, value: 100 },
      ]),
    ).toBe('combination');
    expect(
      paymentSplit([
        { paymentSystem: 732, value: 100 },
        { paymentSystem: 783, value: 100 },
      ]),
    ).toBe('combination');
    // The card's part must be whole pesos, and no part may be empty.
    expect(
      paymentSplit([
        { paymentSystem: 732, value: 100 },
        { paymentSystem: 2, value: 150 },
      ]),
    ).toBe('sum');
    expect(
      paymentSplit([
        { paymentSystem: 732, value: 0 },
        { paymentSystem: 2, value: 100 },
      ]),
    ).toBe('sum');
  });

  it('charges the window fee of the mode, express its own, pickups nothing', () => {
    expect(deliveryFeeOf(DELIVERY_METHODS.homeDelivery.id, true)).toBe(DELIVERY_PRICES_CENTS.homeDelivery);
    expect(deliveryFeeOf(DELIVERY_METHODS.homeDelivery.id, false)).toBe(0);
    expect(deliveryFeeOf(DELIVERY_METHODS.storePickup.id, true)).toBe(0);
    expect(deliveryFeeOf(DELIVERY_METHODS.express.id, false)).toBe(DELIVERY_PRICES_CENTS.express);
    expect(deliveryFeeOf(null, true)).toBe(0);
    const totals = { regular: { value: 100 }, tcenco: { value: 90 } } as Parameters<typeof checkoutTotal>[0];
    expect(checkoutTotal(totals, 'tcenco', 5)).toBe(95);
  });

  it('knows the collaborator segment (§6)', () => {
    expect(isCollaborator({ gtmSegment: 'colaborador' })).toBe(true);
    expect(isCollaborator({ gtmSegment: ' Colaborador ' })).toBe(true);
    expect(isCollaborator({ gtmSegment: '' })).toBe(false);
    expect(isCollaborator({ gtmSegment: null })).toBe(false);
  });
});

describe('§4 step 2: items re-applied under one seller', () => {
  it("moves the lines of other sellers to the first line's seller when it sells them", () => {
    const lines = [
      { skuId: 1, sellerId: '2', seq: 3 },
      { skuId: 2, sellerId: '1', seq: 0 },
      { skuId: 3, sellerId: '5', seq: 1 },
    ];
    const moves = reapplyUnderOneSeller(lines, (skuId) => skuId !== 3);
    expect([...moves]).toEqual([[1, '1']]);
    expect(reapplyUnderOneSeller(lines.slice(1, 2), () => true).size).toBe(0);
  });
});
