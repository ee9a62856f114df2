import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { findTestCard, type TestCard } from './cards';
import { sandboxWebpayTransaction as tx } from './tables';
import { TokenRows } from './token-rows';

/** The credentials Transbank publishes for its integration environment (transbank-sdk's IntegrationCommerceCodes / IntegrationApiKeys). */
export const WEBPAY_PLUS_COMMERCE_CODES = new Set(['597055555532']);
export const INTEGRATION_API_KEY = '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C';

/** A full refund this soon after the commit is a reversal; later, a nullification. */
export const REVERSAL_WINDOW_MS = 3 * 60 * 60_000;

/**
 * Transbank's refund of an authorized charge (a Webpay transaction, a Oneclick store's payment): a full refund
 * within REVERSAL_WINDOW_MS of the charge is a reversal, any other a nullification of part of the balance.
 * `save` writes the charge's new status and refunded pesos; false when another refund changed it first.
 */
export async function refundCharge(
  charge: { status: string; amount: number; nullifiedAmount: number; chargedAt: Date | null },
  amount: number,
  clock: () => Date,
  save: (status: 'REVERSED' | 'NULLIFIED' | 'PARTIALLY_NULLIFIED') => Promise<boolean>,
): Promise<Record<string, unknown>> {
  if (charge.status !== 'AUTHORIZED' && charge.status !== 'PARTIALLY_NULLIFIED')
    throw new TransbankApiError(422, 'Transaction is not authorized');
  const balance = charge.amount - charge.nullifiedAmount;
  if (amount > balance) throw new TransbankApiError(422, 'Amount to refund exceeds the balance');
  const now = clock();
  const reversal =
    charge.nullifiedAmount === 0 &&
    amount === charge.amount &&
    now.getTime() - charge.chargedAt!.getTime() <= REVERSAL_WINDOW_MS;
  const left = balance - amount;
  const saved = await save(reversal ? 'REVERSED' : left === 0 ? 'NULLIFIED' : 'PARTIALLY_NULLIFIED');
  if (!saved) throw new TransbankApiError(422, 'Transaction already locked by another process');
  if (reversal) return { type: 'REVERSED' };
  return {
    type: 'NULLIFIED',
    authorization_code: '123456',
    authorization_date: now.toISOString(),
    nullified_amount: amount,
    balance: left,
    response_code: 0,
  };
}

/** An answer of the API in Transbank's error shape: `{ "error_message": "…" }`. */
export class TransbankApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

type Row = typeof tx.$inferSelect;

/** Webpay Plus REST v1.2 as Transbank's integration environment answers it, with its state in PostgreSQL. */
export class WebpaySandbox extends TokenRows<typeof tx> {
  constructor(db: Db, clock: () => Date) {
    super(db, clock, tx);
  }

  async create(
    commerceCode: string,
    input: { buyOrder: string; sessionId: string; amount: number; returnUrl: string },
  ): Promise<string> {
    return this.open(commerceCode, input);
  }

  /** A transaction of this commerce, or Transbank's 404. */
  async find(commerceCode: string, token: string): Promise<Row> {
    const [row] = await this.db.select().from(tx).where(eq(tx.token, token));
    if (!row || row.commerceCode !== commerceCode) throw new TransbankApiError(404, 'Transaction not found');
    return row;
  }

  /** The shopper's card and bank step are done: the acquirer's decision waits for the commit. */
  async pay(token: string, card: TestCard): Promise<Row | null> {
    const [row] = await this.db
      .update(tx)
      .set({
        outcome: 'paid',
        cardNumber: card.number.slice(-4),
        paymentTypeCode: card.paymentTypeCode,
        responseCode: card.approved ? 0 : -1,
        paidAt: this.clock(),
      })
      .where(and(eq(tx.token, token), eq(tx.outcome, 'pending')))
      .returning();
    return row ?? null;
  }

  /** The shopper left the page: 'aborted' (Anular compra), 'timeout' or 'error'. */
  async leave(token: string, outcome: 'aborted' | 'timeout' | 'error'): Promise<void> {
    await this.db
      .update(tx)
      .set({ outcome })
      .where(and(eq(tx.token, token), eq(tx.outcome, 'pending')));
  }

  async commit(commerceCode: string, token: string): Promise<Record<string, unknown>> {
    const row = await this.find(commerceCode, token);
    if (row.committedAt) throw new TransbankApiError(422, 'Transaction already locked by another process');
    if (this.expired(row))
      throw new TransbankApiError(
        422,
        "The transactions's date has passed max time (5 minutes) to authorize",
      );
    // As Webpay answers once the shopper left its page: aborted, timeout or error.
    if (row.outcome !== 'paid' && row.outcome !== 'pending')
      throw new TransbankApiError(422, `Transaction has an invalid finished state: ${row.outcome}`);
    if (row.outcome !== 'paid')
      throw new TransbankApiError(
        422,
        "Invalid status '0' for transaction while authorizing. Commerce will be notified by Webpay to authorize",
      );
    // One UPDATE decides between racing commits: only the first finds committed_at empty.
    const [committed] = await this.db
      .update(tx)
      .set({ committedAt: this.clock(), status: row.responseCode === 0 ? 'AUTHORIZED' : 'FAILED' })
      .where(and(eq(tx.token, token), isNull(tx.committedAt)))
      .returning();
    if (!committed) throw new TransbankApiError(422, 'Transaction already locked by another process');
    return this.describe(committed);
  }

  async status(commerceCode: string, token: string): Promise<Record<string, unknown>> {
    return this.describe(await this.find(commerceCode, token));
  }

  async refund(commerceCode: string, token: string, amount: number): Promise<Record<string, unknown>> {
    const row = await this.find(commerceCode, token);
    return refundCharge({ ...row, chargedAt: row.committedAt }, amount, this.clock, async (status) => {
      const [done] = await this.db
        .update(tx)
        .set({ status, nullifiedAmount: sql`${tx.nullifiedAmount} + ${amount}` })
        .where(and(eq(tx.token, token), eq(tx.nullifiedAmount, row.nullifiedAmount)))
        .returning();
      return done !== undefined;
    });
  }

  /** The commit and status body; an uncommitted transaction whose token expired reads FAILED (never charged). */
  private describe(row: Row): Record<string, unknown> {
    const status = row.status === 'INITIALIZED' && this.expired(row) ? 'FAILED' : row.status;
    const when = row.paidAt ?? row.createdAt;
    return {
      vci: row.outcome === 'paid' ? 'TSY' : '',
      amount: row.amount,
      status,
      buy_order: row.buyOrder,
      session_id: row.sessionId,
      card_detail: { card_number: row.cardNumber ?? '' },
      accounting_date: `${String(when.getUTCMonth() + 1).padStart(2, '0')}${String(when.getUTCDate()).padStart(2, '0')}`,
      transaction_date: when.toISOString(),
      ...(row.responseCode === null
        ? {}
        : {
            authorization_code: row.responseCode === 0 ? '1213' : '000000',
            payment_type_code: row.paymentTypeCode,
            response_code: row.responseCode,
          }),
      installments_number: 0,
      ...(row.nullifiedAmount > 0 ? { balance: row.amount - row.nullifiedAmount } : {}),
    };
  }
}

export { findTestCard };
