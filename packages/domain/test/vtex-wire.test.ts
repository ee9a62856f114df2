import { describe, expect, it } from 'vitest';
import {
  CATALOG_ID_CHUNK,
  DEFAULT_FEATURE_FLAGS,
  INSTALLMENTS_WITHOUT_INTEREST,
  PAYMENT_IDS,
  installmentsOf,
  itemsValueOf,
  livePaymentData,
  installmentOptionsOf,
  lookUpInChunks,
  primeBasketOf,
  salesChannelOfSegment,
  segmentIdOf,
} from '../src/index';

// Issue 29, wire shapes a VTEX client reads.
describe('catalogue ids in chunks of 30 (§5, §9)', () => {
  it('asks a lookup of 100 ids as 30, 30, 30 and 10, answers joined in order', () => {
    const ids = Array.from({ length: 100 }, (_, i) => String(i + 1));
    const calls: string[][] = [];
    const found = lookUpInChunks(ids, CATALOG_ID_CHUNK, (piece) => {
      calls.push(piece);
      return piece.map((id) => `producto ${id}`);
    });
    expect(CATALOG_ID_CHUNK).toBe(30);
    expect(calls.map((piece) => piece.length)).toEqual([30, 30, 30, 10]);
    expect(calls.flat()).toEqual(ids);
    expect(found).toEqual(ids.map((id) => `producto ${id}`));
    expect(lookUpInChunks([], CATALOG_ID_CHUNK, () => ['x'])).toEqual([]);
  });
});

describe('installments (issue 29 item 1)', () => {
  const { max, minimumValue } = INSTALLMENTS_WITHOUT_INTEREST;
  it('a credit card splits into 1 to 12 payments of at least $5.000 without interest', () => {
    expect(max).toBe(12);
    expect(minimumValue).toBe(500_000);
    expect(installmentsOf(2, 1_500_000).map((each) => each.count)).toEqual([1, 2, 3]);
    expect(installmentsOf(PAYMENT_IDS.promissory, 100_000_000)).toHaveLength(12);
    expect(installmentsOf(2, 400_000)).toEqual([
      { count: 1, hasInterestRate: false, interestRate: 0, value: 400_000, total: 400_000 },
    ]);
    expect(installmentsOf(2, 1_000_000)[1]).toEqual({
      count: 2,
      hasInterestRate: false,
      interestRate: 0,
      value: 500_000,
      total: 1_000_000,
    });
  });

  it('debit, prepaid, the gift card and the wallet pay once', () => {
    for (const id of [
      PAYMENT_IDS.debit,
      PAYMENT_IDS.debitOneClick,
      PAYMENT_IDS.prepaidOneClick,
      PAYMENT_IDS.giftCard,
      PAYMENT_IDS.walletBalance,
    ]) {
      expect(installmentsOf(id, 100_000_000).map((each) => each.count)).toEqual([1]);
    }
  });

  it('lists the systems the flags offer, named for the shop', () => {
    const options = installmentOptionsOf((pricing) => (pricing === 'tcenco' ? 900_000 : 1_000_000));
    const live = livePaymentData(options, {
      flags: { ...DEFAULT_FEATURE_FLAGS, wallet: false },
      brandName: 'Despensa',
      now: new Date('2026-11-02T15:00:00Z'),
    });
    expect(live.paymentSystems.map((system) => system.id)).toEqual([2, 30, 17, 732]);
    expect(live.paymentSystems[2]).toMatchObject({
      name: 'Tarjeta Despensa',
      groupName: 'promissoryPaymentGroup',
      stringId: '17',
      template: 'promissoryPaymentGroup-template',
      dueDate: '2026-11-03T00:00:00.000Z',
    });
    expect(live.installmentOptions.map((option) => [option.paymentSystem, option.value])).toEqual([
      ['2', 1_000_000],
      ['30', 1_000_000],
      ['17', 900_000],
      ['732', 1_000_000],
    ]);
    expect(live.installmentOptions[2]!.paymentName).toBe('Tarjeta Despensa');
  });
});

describe('value counts delivery (issue 29 item 2)', () => {
  it('the products cost the value less the Shipping totalizer; Prime reads the products', () => {
    const form = {
      value: 3_089_000,
      totalizers: [
        { id: 'Items', value: 3_100_000 },
        { id: 'Discounts', value: -100_000 },
        { id: 'Shipping', value: 89_000 },
      ],
      ratesAndBenefitsData: { rateAndBenefitsIdentifiers: [] },
    };
    expect(itemsValueOf(form)).toBe(3_000_000);
    expect(primeBasketOf(form).value).toBe(3_000_000);
    expect(itemsValueOf({ value: 500 })).toBe(500);
  });
});

describe('the segment id (issue 29 item 6)', () => {
  it("is VTEX's base64 segment of the channel, read back only when well formed", () => {
    expect(JSON.parse(atob(segmentIdOf(7)))).toEqual({
      channel: '7',
      countryCode: 'CHL',
      currencyCode: 'CLP',
      cultureInfo: 'es-CL',
      channelPrivacy: 'public',
    });
    expect(salesChannelOfSegment(segmentIdOf(7))).toBe(7);
    expect(salesChannelOfSegment(undefined)).toBeNull();
    expect(salesChannelOfSegment('%%%')).toBeNull();
    expect(salesChannelOfSegment(btoa('{"channel":"0"}'))).toBeNull();
    expect(salesChannelOfSegment(btoa('{"channel":7}'))).toBeNull();
    expect(salesChannelOfSegment(btoa('null'))).toBeNull();
    expect(salesChannelOfSegment('a'.repeat(501))).toBeNull();
  });
});
