import type { GiftCardErrorCode } from '@despensa/domain';

/** Every test card's password. */
export const GIFT_CARD_TEST_PASSWORD = '1234';
/** Wrong passwords in a row that lock a card (E012). */
export const GIFT_CARD_PASSWORD_TRIES = 3;

export interface TestGiftCard {
  number: string;
  balanceCents: number;
  state: string;
  maxRedeemCents?: number;
  expired?: boolean;
  /** The code the card answers, for the README and the tests. */
  gives: '200-0' | GiftCardErrorCode;
}

/**
 * The sandbox's seeded cards: the last three digits name the §8 code each answers. E002 (more than the
 * balance), E011 (a number not issued), E014 (a wrong password) and E027 (a reused reference) are reached
 * with the approved cards; E012 also after 3 wrong passwords.
 */
export const TEST_GIFT_CARDS: TestGiftCard[] = [
  { number: '6035000000000200', balanceCents: 5_000_000, state: 'active', gives: '200-0' },
  { number: '6035000000000201', balanceCents: 2_000_000, state: 'active', gives: '200-0' },
  { number: '6035000000000202', balanceCents: 10_000_000, state: 'active', gives: '200-0' },
  { number: '6035000000000001', balanceCents: 0, state: 'active', gives: 'E001' },
  { number: '6035000000000003', balanceCents: 5_000_000, state: 'agreementLocked', gives: 'E003' },
  { number: '6035000000000005', balanceCents: 5_000_000, state: 'disabled', gives: 'E005' },
  { number: '6035000000000006', balanceCents: 5_000_000, state: 'deleted', gives: 'E006' },
  { number: '6035000000000012', balanceCents: 5_000_000, state: 'locked', gives: 'E012' },
  { number: '6035000000000013', balanceCents: 5_000_000, state: 'active', expired: true, gives: 'E013' },
  { number: '6035000000000015', balanceCents: 0, state: 'empty', gives: 'E015' },
  { number: '6035000000000016', balanceCents: 5_000_000, state: 'storeNotEnabled', gives: 'E016' },
  { number: '6035000000000027', balanceCents: 5_000_000, state: 'idNotAllowed', gives: 'E027' },
  {
    number: '6035000000000030',
    balanceCents: 10_000_000,
    state: 'active',
    maxRedeemCents: 2_000_000,
    gives: 'E030',
  },
  { number: '6035000000000075', balanceCents: 5_000_000, state: 'unusable', gives: 'E075' },
];

/** The code a card in this state answers before its password is even read. */
export const STATE_CODES: Record<string, GiftCardErrorCode> = {
  agreementLocked: 'E003',
  disabled: 'E005',
  deleted: 'E006',
  locked: 'E012',
  empty: 'E015',
  storeNotEnabled: 'E016',
  idNotAllowed: 'E027',
  unusable: 'E075',
};
