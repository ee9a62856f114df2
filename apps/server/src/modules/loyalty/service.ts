import { desc, eq, sql } from 'drizzle-orm';
import { Failure, type LoyaltyAccount, type LoyaltyCoupon } from '@despensa/contracts';
import {
  LOYALTY_REWARDS,
  POINTS_EARNING_STATUSES,
  isCollaborator,
  loyaltyRewardById,
  pointsForOrder,
  seesLoyalty,
} from '@despensa/domain';
import type { Database, Db, Tx } from '../../db/client';
import type { FlagsService } from '../flags/service';
import type { OrdersService } from '../orders/service';
import type { UserService } from '../user/service';
import { loyaltyCoupon } from './tables';

type Row = typeof loyaltyCoupon.$inferSelect;

/** Loyalty points and the coupons bought with them (§2 /mi-cupon, 'Tienes N'). */
export class LoyaltyService {
  constructor(
    private readonly database: Database,
    private readonly orders: OrdersService,
    private readonly users: UserService,
    private readonly flags: FlagsService,
  ) {}

  /** §6, §9: the loyalty flag, or the employee flag for a collaborator. */
  async visibleTo(userId: string): Promise<boolean> {
    const flags = await this.flags.all();
    if (flags.loyalty) return true;
    return seesLoyalty(flags, isCollaborator(await this.users.profile(userId)));
  }

  /** Throws featureDisabled (404) for a shopper who does not see the loyalty page. */
  async requireVisible(userId: string): Promise<void> {
    if (!(await this.visibleTo(userId))) throw new Failure('featureDisabled');
  }

  /** Points earned on invoiced orders (one per $100 of each final total) less those spent on coupons. */
  async points(userId: string, db: Db | Tx = this.database.db): Promise<number> {
    const values = await this.orders.orderValuesIn(userId, POINTS_EARNING_STATUSES);
    const earned = values.reduce((sum, value) => sum + pointsForOrder(value), 0);
    const [spent] = await db
      .select({ points: sql<number>`coalesce(sum(${loyaltyCoupon.points}), 0)::int` })
      .from(loyaltyCoupon)
      .where(eq(loyaltyCoupon.userId, userId));
    return earned - (spent?.points ?? 0);
  }

  async account(userId: string): Promise<LoyaltyAccount> {
    const [points, rows] = await Promise.all([
      this.points(userId),
      this.database.db
        .select()
        .from(loyaltyCoupon)
        .where(eq(loyaltyCoupon.userId, userId))
        .orderBy(desc(loyaltyCoupon.activatedAt)),
    ]);
    return {
      points,
      offered: LOYALTY_REWARDS.map((reward) => ({
        rewardId: reward.id,
        name: reward.name,
        description: reward.description,
        points: reward.points,
        code: null,
        validUntil: null,
      })),
      activated: rows.map(activatedView),
    };
  }

  /**
   * Spends the points on a coupon, in `tx` (flows/loyalty-coupons): the shopper's activations are taken
   * one at a time (an advisory lock), so two at once cannot spend the same points.
   */
  async spend(tx: Tx, userId: string, row: Omit<Row, 'userId'>): Promise<number | null> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`loyalty:${userId}`}))`);
    const points = await this.points(userId, tx);
    if (points < row.points) return null;
    await tx.insert(loyaltyCoupon).values({ ...row, userId });
    return points - row.points;
  }
}

export function activatedView(row: Row): LoyaltyCoupon {
  const reward = loyaltyRewardById(row.rewardId);
  return {
    rewardId: row.rewardId,
    name: reward?.name ?? row.rewardId,
    description: reward?.description ?? '',
    points: row.points,
    code: row.code,
    validUntil: row.validUntil.toISOString(),
  };
}
