import { and, desc, eq, lte, ne } from 'drizzle-orm';
import { PRIME_BENEFIT_TEXTS, PRIME_PLAN } from '@despensa/domain';
import type { PrimeMembership } from '@despensa/contracts';
import type { Database, Db, Tx } from '../../db/client';
import { primeCharge, primeMembership } from './tables';

type Row = typeof primeMembership.$inferSelect;
export type MembershipRow = Row;

/** Prime memberships and their charges (the module's tables); joining and renewing are flows/prime-membership. */
export class PrimeService {
  constructor(
    private readonly database: Database,
    private readonly clock: () => Date,
  ) {}

  async row(userId: string, db: Db | Tx = this.database.db): Promise<Row | null> {
    const [row] = await db.select().from(primeMembership).where(eq(primeMembership.userId, userId));
    return row ?? null;
  }

  /** The shopper's membership as /mi-cuenta/prime shows it. */
  async membership(userId: string): Promise<PrimeMembership> {
    const row = await this.row(userId);
    const [charge] = row
      ? await this.database.db
          .select({ cardLast4: primeCharge.cardLast4 })
          .from(primeCharge)
          .where(eq(primeCharge.userId, userId))
          .orderBy(desc(primeCharge.createdAt))
          .limit(1)
      : [];
    return {
      status: row?.status ?? 'none',
      member: row !== null && row.status !== 'ended',
      monthlyPrice: PRIME_PLAN.monthlyPrice,
      freeDeliveryMinimum: PRIME_PLAN.freeDeliveryMinimum,
      benefits: [...PRIME_BENEFIT_TEXTS],
      periodStart: row && row.status !== 'ended' ? row.periodStart.toISOString() : null,
      periodEnd: row && row.status !== 'ended' ? row.periodEnd.toISOString() : null,
      cardId: row && row.status !== 'ended' ? row.cardId : null,
      cardLast4: row && row.status !== 'ended' ? (charge?.cardLast4 ?? null) : null,
    };
  }

  /** A period paid: the membership starts (or starts again) or renews with it; in `tx`. */
  async startPeriod(
    tx: Tx,
    input: {
      userId: string;
      cardId: string;
      periodStart: Date;
      periodEnd: Date;
      charge: { buyOrder: string; authorizationCode: string; cardLast4: string };
    },
  ): Promise<void> {
    const now = this.clock();
    await tx.insert(primeCharge).values({
      buyOrder: input.charge.buyOrder,
      userId: input.userId,
      amount: PRIME_PLAN.monthlyPrice,
      periodStart: input.periodStart,
      authorizationCode: input.charge.authorizationCode,
      cardLast4: input.charge.cardLast4,
      createdAt: now,
    });
    const row = {
      status: 'active' as const,
      cardId: input.cardId,
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      updatedAt: now,
    };
    await tx
      .insert(primeMembership)
      .values({ userId: input.userId, ...row, createdAt: now })
      .onConflictDoUpdate({ target: primeMembership.userId, set: row });
  }

  /** Whether this period was charged already (its buy order is known). */
  async charged(buyOrder: string, db: Db | Tx = this.database.db): Promise<boolean> {
    const [row] = await db
      .select({ buyOrder: primeCharge.buyOrder })
      .from(primeCharge)
      .where(eq(primeCharge.buyOrder, buyOrder));
    return row !== undefined;
  }

  /** active ↔ cancelled: whether the period renews. Answers false when there is no such membership. */
  async setRenewal(userId: string, renews: boolean): Promise<boolean> {
    const rows = await this.database.db
      .update(primeMembership)
      .set({ status: renews ? 'active' : 'cancelled', updatedAt: this.clock() })
      .where(
        and(eq(primeMembership.userId, userId), eq(primeMembership.status, renews ? 'cancelled' : 'active')),
      )
      .returning({ userId: primeMembership.userId });
    return rows.length > 0;
  }

  /** The membership is over (cancelled, or its renewal could not be charged); in `tx`. */
  async end(tx: Tx, userId: string): Promise<void> {
    await tx
      .update(primeMembership)
      .set({ status: 'ended', updatedAt: this.clock() })
      .where(eq(primeMembership.userId, userId));
  }

  /** Memberships whose period is over at `now` and that still need renewing or ending. */
  async due(now: Date): Promise<Row[]> {
    return this.database.db
      .select()
      .from(primeMembership)
      .where(and(lte(primeMembership.periodEnd, now), ne(primeMembership.status, 'ended')));
  }
}
