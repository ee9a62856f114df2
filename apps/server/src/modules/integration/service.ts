import { randomBytes, timingSafeEqual } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { Failure, type AppKeyView, type IntegrationScope } from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import { sha256 } from '../auth/service';
import { KeyRateLimiter } from './rate-limit';
import { integrationAppKey } from './tables';

type AppKeyRow = typeof integrationAppKey.$inferSelect;

/**
 * App keys and tokens (X-VTEX-API-AppKey / X-VTEX-API-AppToken) with their scopes: created by an
 * administrator, checked on every integration call together with the key's rate.
 */
export class IntegrationService {
  private readonly limiter = new KeyRateLimiter();

  constructor(
    private readonly database: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** A new key; its token is answered here once and only its hash is stored. */
  async create(
    tx: Tx,
    input: {
      label: string;
      scopes: IntegrationScope[];
      ratePerSecond: number;
      burst: number;
      createdBy: string;
    },
  ): Promise<{ key: AppKeyView; appToken: string }> {
    const appToken = randomBytes(36).toString('base64url');
    const [row] = await tx
      .insert(integrationAppKey)
      .values({
        appKey: `vtexappkey-despensa-${randomBytes(8).toString('hex').toUpperCase()}`,
        tokenHash: sha256(appToken),
        label: input.label,
        scopes: [...new Set(input.scopes)],
        ratePerSecond: input.ratePerSecond,
        burst: input.burst,
        createdBy: input.createdBy,
        createdAt: this.clock(),
      })
      .returning();
    return { key: viewOf(row!), appToken };
  }

  /** Revokes a key at once (its next call is refused); answers it as it was and as it is now. */
  async revoke(tx: Tx, appKey: string): Promise<{ before: AppKeyView; after: AppKeyView }> {
    const [before] = await tx.select().from(integrationAppKey).where(eq(integrationAppKey.appKey, appKey));
    if (!before) throw new Failure('appKeyNotFound');
    const [after] = await tx
      .update(integrationAppKey)
      .set({ revokedAt: before.revokedAt ?? this.clock() })
      .where(eq(integrationAppKey.appKey, appKey))
      .returning();
    return { before: viewOf(before), after: viewOf(after!) };
  }

  async list(): Promise<AppKeyView[]> {
    const rows = await this.database.db
      .select()
      .from(integrationAppKey)
      .orderBy(desc(integrationAppKey.createdAt));
    return rows.map(viewOf);
  }

  /**
   * The key of an integration call, refused with appKeyMissing, appKeyInvalid (unknown, revoked or wrong
   * token), appKeyScopeForbidden or appKeyRateLimited.
   */
  async authenticate(
    appKey: string | undefined,
    appToken: string | undefined,
    scope: IntegrationScope | readonly IntegrationScope[],
  ): Promise<string> {
    if (!appKey || !appToken) throw new Failure('appKeyMissing');
    const [row] = await this.database.db
      .select()
      .from(integrationAppKey)
      .where(eq(integrationAppKey.appKey, appKey.slice(0, 200)));
    const given = Buffer.from(sha256(appToken), 'hex');
    const stored = Buffer.from(row?.tokenHash ?? sha256(''), 'hex');
    if (!row || row.revokedAt || !timingSafeEqual(given, stored)) throw new Failure('appKeyInvalid');
    // A call that changes two things (a feed's prices and stock) needs both scopes.
    if (![scope].flat().every((each) => row.scopes.includes(each))) throw new Failure('appKeyScopeForbidden');
    if (!this.limiter.take(row.appKey, row.ratePerSecond, row.burst)) throw new Failure('appKeyRateLimited');
    return row.appKey;
  }
}

function viewOf(row: AppKeyRow): AppKeyView {
  return {
    appKey: row.appKey,
    label: row.label,
    scopes: row.scopes,
    ratePerSecond: row.ratePerSecond,
    burst: row.burst,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
