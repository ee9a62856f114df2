import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ACQUIRER_TOKEN_LIFETIME_MS } from '../acquirer';
import type { sandboxOneclickInscription, sandboxWebpayTransaction } from './tables';

/** A token lives this long: the shopper pays and the shop commits within it. */
const TOKEN_LIFETIME_MS = ACQUIRER_TOKEN_LIFETIME_MS;

/** A new token of a transaction or an inscription: 64 hex characters, as Transbank's. */
function newToken(): string {
  return randomBytes(32).toString('hex');
}

/** Whether a token handed out at `createdAt` has outlived TOKEN_LIFETIME_MS at `now`. */
function tokenExpired(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() > TOKEN_LIFETIME_MS;
}

type TokenTable = typeof sandboxWebpayTransaction | typeof sandboxOneclickInscription;

/**
 * What Webpay's transactions and Oneclick's inscriptions share: each is started with a new token, its
 * payment page opens it by that token, and the token lives TOKEN_LIFETIME_MS.
 */
export class TokenRows<Table extends TokenTable> {
  constructor(
    protected readonly db: Db,
    protected readonly clock: () => Date,
    private readonly table: Table,
  ) {}

  /** A new row of this commerce under a new token. */
  protected async open(
    commerceCode: string,
    input: Omit<Table['$inferInsert'], 'token' | 'commerceCode' | 'createdAt'>,
  ): Promise<string> {
    const token = newToken();
    const table: TokenTable = this.table;
    await this.db.insert(table).values({ token, commerceCode, ...input, createdAt: this.clock() });
    return token;
  }

  /** For the payment page: the row whatever its commerce, null when unknown. */
  async forPage(token: string): Promise<Table['$inferSelect'] | null> {
    const table: TokenTable = this.table;
    const [row] = await this.db.select().from(table).where(eq(table.token, token));
    return (row as Table['$inferSelect'] | undefined) ?? null;
  }

  expired(row: Table['$inferSelect']): boolean {
    return tokenExpired(row.createdAt, this.clock());
  }
}
