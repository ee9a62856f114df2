import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GIFT_CARD_ERRORS,
  GIFT_CARD_NUMBER_MESSAGE,
  GIFT_CARD_PASSWORD_MESSAGE,
  GIFT_CARD_SUCCESS_CODE,
  isValidGiftCardNumber,
  isValidGiftCardPassword,
} from '@despensa/domain';
import type { GiftCardProvider } from '../src/providers/giftcard/giftcard';
import { GIFT_CARD_TEST_PASSWORD, TEST_GIFT_CARDS } from '../src/providers/giftcard/sandbox/cards';
import { GiftCardSandbox } from '../src/providers/giftcard/sandbox/sandbox';
import { createTestApp, type TestApp } from './support/app';

const PASSWORD = GIFT_CARD_TEST_PASSWORD;
const card = (code: string) => TEST_GIFT_CARDS.find((c) => c.gives === code)!.number;
const APPROVED = '6035000000000200';
const LOW = '6035000000000201';

let shop: TestApp;
let giftCards: GiftCardProvider;
let references = 0;
const reference = () => `OG-${++references}`;

beforeAll(async () => {
  shop = await createTestApp();
  giftCards = shop.services.giftCards;
});
afterAll(async () => {
  await shop?.close();
});

describe('gift card sandbox (payment 732)', () => {
  it('pays with an approved card: 200-0 and the balance left', async () => {
    expect(await giftCards.balance(APPROVED, PASSWORD)).toEqual({ code: '200-0', balanceCents: 5_000_000 });
    expect(await giftCards.redeem(APPROVED, PASSWORD, 1_290_000, reference())).toEqual({
      code: GIFT_CARD_SUCCESS_CODE,
      balanceCents: 3_710_000,
    });
    expect(await giftCards.balance(APPROVED, PASSWORD)).toEqual({ code: '200-0', balanceCents: 3_710_000 });
  });

  it('pays only when its balance covers what it is asked to pay (§5): E002 otherwise, nothing taken', async () => {
    expect(await giftCards.redeem(LOW, PASSWORD, 2_000_100, reference())).toEqual({ code: 'E002' });
    expect(await giftCards.balance(LOW, PASSWORD)).toEqual({ code: '200-0', balanceCents: 2_000_000 });
    // Exactly the balance is covered, and then the card has none left (E001).
    expect(await giftCards.redeem(LOW, PASSWORD, 2_000_000, reference())).toEqual({
      code: '200-0',
      balanceCents: 0,
    });
    expect(await giftCards.balance(LOW, PASSWORD)).toEqual({ code: 'E001' });
    expect(await giftCards.redeem(LOW, PASSWORD, 100, reference())).toEqual({ code: 'E001' });
  });

  it('redeems once per reference: retries, also in parallel, answer the first and take nothing more', async () => {
    const number = '6035000000000202';
    const ref = reference();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => giftCards.redeem(number, PASSWORD, 1_000_000, ref)),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
      new Set([JSON.stringify({ code: '200-0', balanceCents: 9_000_000 })]),
    );
    expect(await giftCards.balance(number, PASSWORD)).toEqual({ code: '200-0', balanceCents: 9_000_000 });
    // The reference again for another amount or card is not allowed (E027).
    expect(await giftCards.redeem(number, PASSWORD, 500_000, ref)).toEqual({ code: 'E027' });
    expect(await giftCards.redeem(APPROVED, PASSWORD, 1_000_000, ref)).toEqual({ code: 'E027' });
  });

  it('refunds a redemption once and refuses an unknown reference', async () => {
    const number = '6035000000000202';
    const ref = reference();
    const before = (await giftCards.balance(number, PASSWORD)).balanceCents!;
    await giftCards.redeem(number, PASSWORD, 300_000, ref);
    expect(await giftCards.refund(ref)).toEqual({ code: '200-0', balanceCents: before });
    expect(await giftCards.refund(ref)).toEqual({ code: '200-0', balanceCents: before });
    expect(await giftCards.refund('OG-never')).toEqual({ code: 'E027' });
  });

  it.each([
    ['E001', () => giftCards.redeem(card('E001'), PASSWORD, 100_000, reference())],
    ['E002', () => giftCards.redeem(APPROVED, PASSWORD, 99_000_000, reference())],
    ['E003', () => giftCards.balance(card('E003'), PASSWORD)],
    ['E005', () => giftCards.balance(card('E005'), PASSWORD)],
    ['E006', () => giftCards.redeem(card('E006'), PASSWORD, 100_000, reference())],
    ['E011', () => giftCards.balance('6035000000009999', PASSWORD)],
    ['E012', () => giftCards.balance(card('E012'), PASSWORD)],
    ['E013', () => giftCards.redeem(card('E013'), PASSWORD, 100_000, reference())],
    ['E014', () => giftCards.balance('6035000000000202', '9999')],
    ['E015', () => giftCards.balance(card('E015'), PASSWORD)],
    ['E016', () => giftCards.balance(card('E016'), PASSWORD)],
    ['E027', () => giftCards.redeem(card('E027'), PASSWORD, 100_000, reference())],
    ['E030', () => giftCards.redeem(card('E030'), PASSWORD, 2_000_100, reference())],
    ['E075', () => giftCards.balance(card('E075'), PASSWORD)],
  ] as const)('reaches %s with a sandbox card, and the web has its message', async (code, call) => {
    expect(await call()).toEqual({ code });
    expect(GIFT_CARD_ERRORS[code]).toMatch(/\S/);
  });

  it('covers every §8 code with those cases', () => {
    expect(Object.keys(GIFT_CARD_ERRORS).sort()).toEqual([
      'E001',
      'E002',
      'E003',
      'E005',
      'E006',
      'E011',
      'E012',
      'E013',
      'E014',
      'E015',
      'E016',
      'E027',
      'E030',
      'E075',
    ]);
  });

  it('the card with a per-use limit pays up to it (E030 only above)', async () => {
    expect(await giftCards.redeem(card('E030'), PASSWORD, 2_000_000, reference())).toEqual({
      code: '200-0',
      balanceCents: 8_000_000,
    });
  });

  it('locks a card after 3 wrong passwords in a row (E014, E014, E012), then even the right one is E012', async () => {
    const number = '6035000000000202';
    // A right password in between starts the count again.
    expect(await giftCards.balance(number, '0000')).toEqual({ code: 'E014' });
    expect((await giftCards.balance(number, PASSWORD)).code).toBe('200-0');
    expect(await giftCards.balance(number, '0000')).toEqual({ code: 'E014' });
    expect(await giftCards.balance(number, '0001')).toEqual({ code: 'E014' });
    expect(await giftCards.balance(number, '0002')).toEqual({ code: 'E012' });
    expect(await giftCards.balance(number, PASSWORD)).toEqual({ code: 'E012' });
  });

  it('keeps its state in PostgreSQL: a second sandbox over the same database sees the same balances', async () => {
    const again = new GiftCardSandbox(shop.database.db, () => new Date());
    await again.seed();
    expect(await again.balance(LOW, PASSWORD)).toEqual({ code: 'E001' });
  });

  it('validates the number and password with the §5 texts before any call', () => {
    expect(GIFT_CARD_NUMBER_MESSAGE).toBe('Ingresa 16 dígitos');
    expect(GIFT_CARD_PASSWORD_MESSAGE).toBe('Ingresa 4 dígitos');
    for (const c of TEST_GIFT_CARDS) expect(isValidGiftCardNumber(c.number)).toBe(true);
    expect(isValidGiftCardPassword(PASSWORD)).toBe(true);
  });
});
