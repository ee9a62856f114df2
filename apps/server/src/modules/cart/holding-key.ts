import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { orderFormIdOfCookie } from '@despensa/domain';
import type { Database } from '../../db/client';
import { cartKeySecret } from './tables';

/** A cart's key: HMAC-SHA256 of its id under the shop's secret, base64url (43 characters). */
export function cartKeyOf(secret: string, orderFormId: string): string {
  return createHmac('sha256', secret).update(orderFormId).digest('base64url');
}

/**
 * Issue 27: an orderFormId names a cart and travels (shared links, logs, referrers, analytics), so holding
 * an anonymous cart takes its key as well, which only the client the cart was made for received (an
 * HttpOnly cookie beside the VTEX-readable cart cookie). The secret is CART_KEY_SECRET when set, else one
 * generated on the very first start and kept in the database: a restart, a crash and every instance on
 * that database agree on every key.
 */
export class CartKeys {
  private secret: string | null = null;

  constructor(
    private readonly database: Database,
    private readonly configured: string | undefined,
  ) {}

  async start(): Promise<void> {
    if (this.configured) {
      this.secret = this.configured;
      return;
    }
    const db = this.database.db;
    await db
      .insert(cartKeySecret)
      .values({ id: 1, secret: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(cartKeySecret);
    if (!row) throw new Error('cart_key_secret has no row');
    this.secret = row.secret;
  }

  keyOf(orderFormId: string): string {
    if (this.secret === null) throw new Error('CartKeys.start() was not called');
    return cartKeyOf(this.secret, orderFormId);
  }

  /**
   * The cart a client holds: the one its cart cookie names (`__ofid={id}`) when its key cookie carries
   * that cart's key; null otherwise, whatever the id.
   */
  heldOrderFormId(
    cartCookie: string | null | undefined,
    keyCookie: string | null | undefined,
  ): string | null {
    const id = orderFormIdOfCookie(cartCookie);
    if (id === null || !keyCookie) return null;
    const expected = Buffer.from(this.keyOf(id));
    const given = Buffer.from(keyCookie);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }
}
