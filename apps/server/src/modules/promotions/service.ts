import { and, asc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Promotion } from '@despensa/domain';
import type { Database, Db, Tx } from '../../db/client';
import { coupon, promotion } from './tables';

/**
 * Promotions' coupons, owned here: the cart reads them through this service. Every instance LISTENs for
 * promotions_changed (a trigger fires it on any write to promotion or coupon, whoever made it) and
 * replaces `version`, so whatever was worked out from a coupon (the rendered cart) is known stale.
 * The catalogue's index hears the same writes (catalog_changed from this table) and re-reads the promotions.
 */
export class PromotionsService {
  private listener: { end(): Promise<void> } | null = null;
  private current: object = {};

  constructor(
    private readonly database: Database,
    private readonly log: (message: string) => void = () => {},
  ) {}

  /** A new object after every change to promotions or coupons: compare by identity. */
  get version(): object {
    return this.current;
  }

  /** Every promotion kept, live or not (the catalogue's index applies those live at each moment). */
  async all(): Promise<Promotion[]> {
    const rows = await this.database.db.select({ data: promotion.data }).from(promotion);
    return rows.map((row) => row.data);
  }

  /** One promotion by id, or null; in a flow's `tx` it is locked until the commit (FOR UPDATE). */
  async find(id: string, db: Db | Tx = this.database.db): Promise<Promotion | null> {
    const query = db.select({ data: promotion.data }).from(promotion).where(eq(promotion.id, id));
    const [row] = db === this.database.db ? await query : await query.for('update');
    return row?.data ?? null;
  }

  /**
   * Creates or replaces a promotion, in `tx`. At the commit its triggers tell every instance
   * (catalog_changed, promotions_changed): the index re-reads the promotions and carts re-price.
   */
  async save(tx: Tx, data: Promotion): Promise<void> {
    await tx
      .insert(promotion)
      .values({ id: data.id, data })
      .onConflictDoUpdate({ target: promotion.id, set: { data, updatedAt: sql`now()` } });
  }

  /** The promotion a coupon code unlocks, or null for an unknown code; `db` is a flow's transaction. */
  async coupon(code: string, db: Db | Tx = this.database.db): Promise<Promotion | null> {
    const [row] = await db.select().from(coupon).where(eq(coupon.code, code));
    return row?.promotion ?? null;
  }

  /** A new coupon code unlocking `promotion` (a loyalty coupon a shopper activated); in `tx`. */
  async issueCoupon(tx: Tx, code: string, promotion: Promotion): Promise<void> {
    await tx.insert(coupon).values({ code, promotion });
  }

  /** The chain's campaign coupons (never a shopper's loyalty coupon), by code. */
  async campaignCoupons(): Promise<{ code: string; promotion: Promotion }[]> {
    return this.database.db
      .select({ code: coupon.code, promotion: coupon.promotion })
      .from(coupon)
      .where(eq(coupon.campaign, true))
      .orderBy(asc(coupon.code));
  }

  /**
   * A code as a flow about to change it finds it, locked until the commit: the campaign's promotion, null
   * when the code is free, or 'taken' when a shopper's loyalty coupon holds it.
   */
  async lockCoupon(tx: Tx, code: string): Promise<Promotion | 'taken' | null> {
    const [row] = await tx.select().from(coupon).where(eq(coupon.code, code)).for('update');
    if (!row) return null;
    return row.campaign ? row.promotion : 'taken';
  }

  /** Creates or replaces a campaign's coupon, in `tx` (promotions_changed tells every instance). */
  async saveCampaignCoupon(tx: Tx, code: string, promotion: Promotion): Promise<void> {
    await tx
      .insert(coupon)
      .values({ code, promotion, campaign: true })
      .onConflictDoUpdate({ target: coupon.code, set: { promotion }, where: eq(coupon.campaign, true) });
  }

  /** One campaign coupon's promotion, or null. */
  async campaignCoupon(code: string): Promise<Promotion | null> {
    const [row] = await this.database.db
      .select({ promotion: coupon.promotion })
      .from(coupon)
      .where(and(eq(coupon.code, code), eq(coupon.campaign, true)));
    return row?.promotion ?? null;
  }

  async start(): Promise<void> {
    // A connection of its own, outside the pool: the pool's few connections stay for requests.
    const client = new pg.Client({ connectionString: this.database.url });
    await client.connect();
    client.on('notification', () => (this.current = {}));
    client.on('error', (error) => this.log(`promotions listener lost its connection: ${error.message}`));
    await client.query('LISTEN promotions_changed');
    this.listener = {
      end: async () => {
        await client.end().catch(() => {});
      },
    };
  }

  async stop(): Promise<void> {
    await this.listener?.end();
    this.listener = null;
  }
}
