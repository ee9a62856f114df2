import { eq, sql } from 'drizzle-orm';
import {
  type GiftCardErrorCode,
  giftCardCanPay,
  isValidGiftCardNumber,
  isValidGiftCardPassword,
} from '@despensa/domain';
import type { Db } from '../../../db/client';
import type { GiftCardAnswer, GiftCardProvider } from '../giftcard';
import { GIFT_CARD_PASSWORD_TRIES, GIFT_CARD_TEST_PASSWORD, STATE_CODES, TEST_GIFT_CARDS } from './cards';
import { sandboxGiftCard as card, sandboxGiftCardRedemption as redemption } from './tables';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Card = typeof card.$inferSelect;

const FAR_FUTURE = new Date('2099-12-31T23:59:59Z');
const PAST = new Date('2020-01-01T00:00:00Z');

/** A gift-card issuer over PostgreSQL: balances, lock-outs and redemptions are rows, locked per card. */
export class GiftCardSandbox implements GiftCardProvider {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  /** Issues the test cards once; a restart keeps their balances. */
  async seed(): Promise<void> {
    await this.db
      .insert(card)
      .values(
        TEST_GIFT_CARDS.map((c) => ({
          number: c.number,
          password: GIFT_CARD_TEST_PASSWORD,
          balanceCents: c.balanceCents,
          state: c.state,
          maxRedeemCents: c.maxRedeemCents ?? null,
          expiresAt: c.expired ? PAST : FAR_FUTURE,
        })),
      )
      .onConflictDoNothing();
  }

  async balance(number: string, password: string): Promise<GiftCardAnswer> {
    return this.db.transaction(async (tx): Promise<GiftCardAnswer> => {
      const opened = await this.open(tx, number, password);
      if ('code' in opened) return opened;
      return opened.balanceCents > 0
        ? { code: '200-0', balanceCents: opened.balanceCents }
        : { code: 'E001' };
    });
  }

  async redeem(
    number: string,
    password: string,
    amountCents: number,
    reference: string,
  ): Promise<GiftCardAnswer> {
    if (!Number.isInteger(amountCents) || amountCents <= 0) throw new Error(`bad amount ${amountCents}`);
    return this.db
      .transaction(async (tx): Promise<GiftCardAnswer> => {
        const opened = await this.open(tx, number, password);
        if ('code' in opened) return opened;
        // The card's row is locked: a retry racing the first call waits and then finds its redemption.
        const [done] = await tx.select().from(redemption).where(eq(redemption.reference, reference));
        if (done)
          return done.number === number && done.amountCents === amountCents
            ? { code: '200-0', balanceCents: done.balanceAfterCents }
            : { code: 'E027' };
        if (opened.balanceCents === 0) return { code: 'E001' };
        if (opened.maxRedeemCents !== null && amountCents > opened.maxRedeemCents) return { code: 'E030' };
        if (!giftCardCanPay(opened.balanceCents, amountCents)) return { code: 'E002' };
        const balanceCents = opened.balanceCents - amountCents;
        await tx.update(card).set({ balanceCents }).where(eq(card.number, number));
        const [inserted] = await tx
          .insert(redemption)
          .values({
            reference,
            number,
            amountCents,
            balanceAfterCents: balanceCents,
            redeemedAt: this.clock(),
          })
          .onConflictDoNothing()
          .returning();
        // The same reference on another card, redeemed at this very moment: this one takes nothing.
        if (!inserted) throw new ReferenceTaken();
        return { code: '200-0', balanceCents };
      })
      .catch((error: unknown) => {
        if (error instanceof ReferenceTaken) return this.redeem(number, password, amountCents, reference);
        throw error;
      });
  }

  async refund(reference: string): Promise<GiftCardAnswer> {
    return this.db.transaction(async (tx): Promise<GiftCardAnswer> => {
      const [done] = await tx
        .select()
        .from(redemption)
        .where(eq(redemption.reference, reference))
        .for('update');
      if (!done) return { code: 'E027' };
      if (!done.refundedAt) {
        await tx
          .update(redemption)
          .set({ refundedAt: this.clock() })
          .where(eq(redemption.reference, reference));
        await tx
          .update(card)
          .set({ balanceCents: sql`${card.balanceCents} + ${done.amountCents}` })
          .where(eq(card.number, done.number));
      }
      const [after] = await tx.select().from(card).where(eq(card.number, done.number));
      return { code: '200-0', balanceCents: after!.balanceCents };
    });
  }

  /** The card, locked for this transaction, once number, state, expiry and password let it be used. */
  private async open(tx: Tx, number: string, password: string): Promise<Card | { code: GiftCardErrorCode }> {
    if (!isValidGiftCardNumber(number)) return { code: 'E011' };
    const [row] = await tx.select().from(card).where(eq(card.number, number)).for('update');
    if (!row) return { code: 'E011' };
    const refused = STATE_CODES[row.state];
    if (refused) return { code: refused };
    if (row.expiresAt <= this.clock()) return { code: 'E013' };
    if (!isValidGiftCardPassword(password) || password !== row.password) {
      const wrongPasswords = row.wrongPasswords + 1;
      const locked = wrongPasswords >= GIFT_CARD_PASSWORD_TRIES;
      await tx
        .update(card)
        .set({ wrongPasswords, ...(locked ? { state: 'locked' } : {}) })
        .where(eq(card.number, number));
      return { code: locked ? 'E012' : 'E014' };
    }
    if (row.wrongPasswords > 0)
      await tx.update(card).set({ wrongPasswords: 0 }).where(eq(card.number, number));
    return row;
  }
}

class ReferenceTaken extends Error {}
