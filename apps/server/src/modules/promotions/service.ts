import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Promotion } from '@despensa/domain';
import type { Database, Db, Tx } from '../../db/client';
import { coupon } from './tables';

/**
 * Promotions' coupons, owned here: the cart reads them through this service. Every instance LISTENs for
 * promotions_changed (a trigger fires it on any write to promotion or coupon, whoever made it) and
 * replaces `version`, so whatever was worked out from a coupon (the rendered cart) is known stale.
 * The catalogue's promotions arrive with its index (catalog_changed), which the same writes rebuild.
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

  /** The promotion a coupon code unlocks, or null for an unknown code; `db` is a flow's transaction. */
  async coupon(code: string, db: Db | Tx = this.database.db): Promise<Promotion | null> {
    const [row] = await db.select().from(coupon).where(eq(coupon.code, code));
    return row?.promotion ?? null;
  }

  /** A new coupon code unlocking `promotion` (a loyalty coupon a shopper activated); in `tx`. */
  async issueCoupon(tx: Tx, code: string, promotion: Promotion): Promise<void> {
    await tx.insert(coupon).values({ code, promotion });
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
