import { randomUUID } from 'node:crypto';
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { TestCard } from './cards';
import { sandboxOneclickInscription as inscription, sandboxOneclickPayment as payment } from './tables';
import { TokenRows } from './token-rows';
import { refundCharge, TransbankApiError } from './webpay';

/** Transbank's integration Oneclick Mall commerce and its two stores. */
export const ONECLICK_MALL_COMMERCE_CODES = new Set(['597055555541']);
export const ONECLICK_STORE_CODES = new Set(['597055555542', '597055555543']);

/** The sandbox's Oneclick limits, in pesos, per enrolled card (−98, −97 and −99 when passed). */
export const ONECLICK_LIMITS = { perPayment: 2_000_000, perDay: 3_000_000, paymentsPerDay: 5 };
const DAY_MS = 24 * 60 * 60_000;

const CARD_TYPES: Record<string, string> = { '4': 'Visa', '5': 'MasterCard', '3': 'AmericanExpress' };

type Payment = typeof payment.$inferSelect;

export interface AuthorizeInput {
  username: string;
  tbkUser: string;
  buyOrder: string;
  details: { commerceCode: string; buyOrder: string; amount: number; installmentsNumber: number }[];
}

/** Oneclick Mall REST v1.2: inscriptions and one-click charges, with their state in PostgreSQL. */
export class OneclickSandbox extends TokenRows<typeof inscription> {
  constructor(db: Db, clock: () => Date) {
    super(db, clock, inscription);
  }

  async start(commerceCode: string, input: { username: string; email: string; responseUrl: string }) {
    return this.open(commerceCode, input);
  }

  async enrol(token: string, card: TestCard): Promise<void> {
    await this.db
      .update(inscription)
      .set({
        outcome: 'paid',
        cardNumber: card.number.slice(-4),
        cardType: card.paymentTypeCode === 'VD' ? 'Redcompra' : (CARD_TYPES[card.number[0]!] ?? 'Visa'),
        paymentTypeCode: card.paymentTypeCode,
        responseCode: card.approved ? 0 : -1,
      })
      .where(and(eq(inscription.token, token), eq(inscription.outcome, 'pending')));
  }

  async abort(token: string): Promise<void> {
    await this.db
      .update(inscription)
      .set({ outcome: 'aborted' })
      .where(and(eq(inscription.token, token), eq(inscription.outcome, 'pending')));
  }

  async finish(commerceCode: string, token: string): Promise<Record<string, unknown>> {
    const [row] = await this.db.select().from(inscription).where(eq(inscription.token, token));
    if (!row || row.commerceCode !== commerceCode) throw new TransbankApiError(404, 'Inscription not found');
    if (row.finishedAt) throw new TransbankApiError(422, 'Inscription already finished');
    if (this.expired(row))
      throw new TransbankApiError(422, "The inscription's date has passed max time (5 minutes) to finish");
    const approved = row.outcome === 'paid' && row.responseCode === 0;
    const tbkUser = approved ? randomUUID() : null;
    const [done] = await this.db
      .update(inscription)
      .set({ finishedAt: this.clock(), tbkUser })
      .where(and(eq(inscription.token, token), isNull(inscription.finishedAt)))
      .returning();
    if (!done) throw new TransbankApiError(422, 'Inscription already finished');
    if (!approved) return { response_code: row.outcome === 'paid' ? row.responseCode : -1 };
    return {
      response_code: 0,
      tbk_user: tbkUser,
      authorization_code: '1213',
      card_type: row.cardType,
      card_number: `XXXXXXXXXXXX${row.cardNumber}`,
    };
  }

  async remove(commerceCode: string, tbkUser: string, username: string): Promise<void> {
    const [done] = await this.db
      .update(inscription)
      .set({ deletedAt: this.clock() })
      .where(
        and(
          eq(inscription.tbkUser, tbkUser),
          eq(inscription.username, username),
          eq(inscription.commerceCode, commerceCode),
          isNull(inscription.deletedAt),
        ),
      )
      .returning();
    if (!done) throw new TransbankApiError(404, 'Inscription not found');
  }

  async authorize(commerceCode: string, input: AuthorizeInput): Promise<Record<string, unknown>> {
    for (const detail of input.details)
      if (!ONECLICK_STORE_CODES.has(detail.commerceCode))
        throw new TransbankApiError(422, `Invalid value for parameter: details.commerce_code`);
    const [existing] = await this.db
      .select({ id: payment.id })
      .from(payment)
      .where(and(eq(payment.commerceCode, commerceCode), eq(payment.buyOrder, input.buyOrder)));
    if (existing) throw new TransbankApiError(422, 'Buy order already used');
    const now = this.clock();
    const [card] = await this.db
      .select()
      .from(inscription)
      .where(
        and(
          eq(inscription.tbkUser, input.tbkUser),
          eq(inscription.username, input.username),
          eq(inscription.commerceCode, commerceCode),
          isNull(inscription.deletedAt),
        ),
      );
    const [today] = await this.db
      .select({
        total: sql<number>`coalesce(sum(${payment.amount}), 0)::int`,
        count: sql<number>`count(distinct ${payment.buyOrder})::int`,
      })
      .from(payment)
      .where(
        and(
          eq(payment.tbkUser, input.tbkUser),
          eq(payment.responseCode, 0),
          gte(payment.authorizedAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    const total = input.details.reduce((sum, d) => sum + d.amount, 0);
    const responseCode = !card
      ? -96
      : input.details.some((d) => d.amount > ONECLICK_LIMITS.perPayment)
        ? -98
        : today!.total + total > ONECLICK_LIMITS.perDay
          ? -97
          : today!.count >= ONECLICK_LIMITS.paymentsPerDay
            ? -99
            : 0;
    const rows = await this.db
      .insert(payment)
      .values(
        input.details.map((d) => ({
          commerceCode,
          buyOrder: input.buyOrder,
          childCommerceCode: d.commerceCode,
          childBuyOrder: d.buyOrder,
          tbkUser: input.tbkUser,
          amount: d.amount,
          installmentsNumber: d.installmentsNumber,
          responseCode,
          status: responseCode === 0 ? 'AUTHORIZED' : 'FAILED',
          paymentTypeCode: card?.paymentTypeCode ?? 'VN',
          cardNumber: card?.cardNumber ?? '',
          authorizedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning();
    if (rows.length !== input.details.length) throw new TransbankApiError(422, 'Buy order already used');
    return this.describe(rows);
  }

  async status(commerceCode: string, buyOrder: string): Promise<Record<string, unknown>> {
    const rows = await this.db
      .select()
      .from(payment)
      .where(and(eq(payment.commerceCode, commerceCode), eq(payment.buyOrder, buyOrder)))
      .orderBy(payment.id);
    if (rows.length === 0) throw new TransbankApiError(404, 'Transaction not found');
    return this.describe(rows);
  }

  async refund(
    commerceCode: string,
    buyOrder: string,
    input: { childCommerceCode: string; childBuyOrder: string; amount: number },
  ): Promise<Record<string, unknown>> {
    const [row] = await this.db
      .select()
      .from(payment)
      .where(
        and(
          eq(payment.commerceCode, commerceCode),
          eq(payment.buyOrder, buyOrder),
          eq(payment.childCommerceCode, input.childCommerceCode),
          eq(payment.childBuyOrder, input.childBuyOrder),
        ),
      );
    if (!row) throw new TransbankApiError(404, 'Transaction not found');
    const charge = { ...row, chargedAt: row.authorizedAt };
    return refundCharge(charge, input.amount, this.clock, async (status) => {
      const [done] = await this.db
        .update(payment)
        .set({ status, nullifiedAmount: sql`${payment.nullifiedAmount} + ${input.amount}` })
        .where(and(eq(payment.id, row.id), eq(payment.nullifiedAmount, row.nullifiedAmount)))
        .returning();
      return done !== undefined;
    });
  }

  private describe(rows: Payment[]): Record<string, unknown> {
    const first = rows[0]!;
    const when = first.authorizedAt;
    return {
      buy_order: first.buyOrder,
      card_detail: { card_number: first.cardNumber },
      accounting_date: `${String(when.getUTCMonth() + 1).padStart(2, '0')}${String(when.getUTCDate()).padStart(2, '0')}`,
      transaction_date: when.toISOString(),
      details: rows.map((r) => ({
        amount: r.amount,
        status: r.status,
        authorization_code: r.responseCode === 0 ? '1213' : '000000',
        payment_type_code: r.paymentTypeCode,
        response_code: r.responseCode,
        installments_number: r.installmentsNumber,
        commerce_code: r.childCommerceCode,
        buy_order: r.childBuyOrder,
        ...(r.nullifiedAmount > 0 ? { balance: r.amount - r.nullifiedAmount } : {}),
      })),
    };
  }
}
