import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { WALLET_APPROVED_CODE, WALLET_PROCESSING_CODE } from '@despensa/domain';
import type { Db } from '../../../db/client';
import type { WalletAccount, WalletChargeStatus, WalletProvider } from '../wallet';
import {
  sandboxWalletAccount as account,
  sandboxWalletCard as card,
  sandboxWalletCharge as charge,
} from './tables';

/** How long the sandbox wallet keeps a charge at 200-2 before telling its outcome, unless told otherwise. */
export const WALLET_SETTLE_MS = 25_000;
/** A card declined by its bank; balance too low. */
export const WALLET_DECLINED_CODE = '400-1';
export const WALLET_NO_BALANCE_CODE = '400-2';

/**
 * How the sandbox settles a tokenized card's charges, by the enrolled test card's last digits (Transbank's
 * integration cards, README): VISA and Redcompra approve, the prepaid VISA is declined, AMEX never settles.
 */
export const CARD_BEHAVIOURS: Record<string, 'approve' | 'decline' | 'processing'> = {
  '6623': 'approve',
  '7763': 'approve',
  '6590': 'decline',
  '2032': 'processing',
};

/** The sandbox's customers (README): every state of §6, and a balance to pay 783 with. */
export const TEST_WALLET_ACCOUNTS: (WalletAccount & { email: string })[] = [
  { email: 'billetera@despensa.cl', hasWallet: true, isLinked: true, balanceCents: 5_000_000 },
  { email: 'sin-vincular@despensa.cl', hasWallet: true, isLinked: false, balanceCents: 1_000_000 },
  { email: 'sin-saldo@despensa.cl', hasWallet: true, isLinked: true, balanceCents: 0 },
];

/** The group's wallet over PostgreSQL; outcomes are told by the injected clock, so tests move time. */
export class WalletSandbox implements WalletProvider {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly settleMs: number = WALLET_SETTLE_MS,
  ) {}

  async seed(): Promise<void> {
    await this.db.insert(account).values(TEST_WALLET_ACCOUNTS).onConflictDoNothing();
  }

  /** Anyone else has no wallet yet. */
  async account(email: string): Promise<WalletAccount> {
    const [row] = await this.db.select().from(account).where(eq(account.email, email.toLowerCase()));
    return row
      ? { hasWallet: row.hasWallet, isLinked: row.isLinked, balanceCents: row.balanceCents }
      : { hasWallet: false, isLinked: false, balanceCents: 0 };
  }

  /** A new wallet starts empty; an existing one keeps its balance. */
  async link(email: string): Promise<WalletAccount> {
    const [row] = await this.db
      .insert(account)
      .values({ email: email.toLowerCase(), hasWallet: true, isLinked: true, balanceCents: 0 })
      .onConflictDoUpdate({ target: account.email, set: { hasWallet: true, isLinked: true } })
      .returning();
    return { hasWallet: row!.hasWallet, isLinked: row!.isLinked, balanceCents: row!.balanceCents };
  }

  async addCard(email: string, input: { cardLast4: string }): Promise<string> {
    const token = randomUUID();
    await this.db.insert(card).values({
      token,
      email: email.toLowerCase(),
      behaviour: CARD_BEHAVIOURS[input.cardLast4] ?? 'approve',
      createdAt: this.clock(),
    });
    return token;
  }

  async removeCard(email: string, token: string): Promise<void> {
    await this.db
      .update(card)
      .set({ removedAt: this.clock() })
      .where(and(eq(card.token, token), eq(card.email, email.toLowerCase()), isNull(card.removedAt)));
  }

  async charge(input: {
    email: string;
    cardToken: string | null;
    tId: string;
    amountCents: number;
  }): Promise<string> {
    const email = input.email.toLowerCase();
    return this.db
      .transaction(async (tx) => {
        const [earlier] = await tx.select().from(charge).where(eq(charge.tId, input.tId));
        if (earlier) return earlier.internalCode;
        let outcome: string;
        if (input.cardToken === null) {
          // The balance is taken at once (and given back on refund), so two charges cannot spend it twice.
          const [paid] = await tx
            .update(account)
            .set({ balanceCents: sql`${account.balanceCents} - ${input.amountCents}` })
            .where(
              and(
                eq(account.email, email),
                eq(account.isLinked, true),
                sql`${account.balanceCents} >= ${input.amountCents}`,
              ),
            )
            .returning();
          outcome = paid ? WALLET_APPROVED_CODE : WALLET_NO_BALANCE_CODE;
        } else {
          const [row] = await tx
            .select()
            .from(card)
            .where(and(eq(card.token, input.cardToken), eq(card.email, email), isNull(card.removedAt)));
          outcome =
            row?.behaviour === 'approve'
              ? WALLET_APPROVED_CODE
              : row?.behaviour === 'processing'
                ? WALLET_PROCESSING_CODE
                : WALLET_DECLINED_CODE;
        }
        const now = this.clock();
        const internalCode = randomUUID();
        const [inserted] = await tx
          .insert(charge)
          .values({
            internalCode,
            tId: input.tId,
            email,
            cardToken: input.cardToken,
            amountCents: input.amountCents,
            outcome,
            createdAt: now,
            settlesAt: new Date(now.getTime() + this.settleMs),
          })
          .onConflictDoNothing()
          .returning();
        // Another call for this tId won the race: roll this one back (the balance too) and answer its code.
        if (!inserted) throw new SameTransaction();
        return internalCode;
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof SameTransaction)) throw error;
        const [winner] = await this.db.select().from(charge).where(eq(charge.tId, input.tId));
        return winner!.internalCode;
      });
  }

  async status(internalCode: string): Promise<WalletChargeStatus | null> {
    const [row] = await this.db.select().from(charge).where(eq(charge.internalCode, internalCode));
    if (!row) return null;
    const settled = this.clock().getTime() >= row.settlesAt.getTime();
    return {
      internalCode,
      code: settled ? row.outcome : WALLET_PROCESSING_CODE,
      amountCents: row.amountCents,
      refunded: row.refundedAt !== null,
    };
  }

  async refund(internalCode: string): Promise<boolean> {
    const status = await this.status(internalCode);
    if (status?.code !== WALLET_APPROVED_CODE) return false;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(charge)
        .set({ refundedAt: this.clock() })
        .where(and(eq(charge.internalCode, internalCode), isNull(charge.refundedAt)))
        .returning();
      if (row && row.cardToken === null)
        await tx
          .update(account)
          .set({ balanceCents: sql`${account.balanceCents} + ${row.amountCents}` })
          .where(eq(account.email, row.email));
      return true;
    });
  }
}

class SameTransaction extends Error {}
