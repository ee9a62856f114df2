import { eq } from 'drizzle-orm';
import { Failure, bankAccountBody, type BankAccount, type BankAccountBody } from '@despensa/contracts';
import { formatRut, isValidRut } from '@despensa/domain';
import type { Database } from '../../db/client';
import { bankAccount } from './tables';

type Row = typeof bankAccount.$inferSelect;

/** The shopper's refund account (/mi-cuenta-bancaria). */
export class BankAccountService {
  constructor(
    private readonly database: Database,
    private readonly clock: () => Date,
  ) {}

  async get(userId: string): Promise<BankAccount | null> {
    const [row] = await this.database.db.select().from(bankAccount).where(eq(bankAccount.userId, userId));
    return row ? view(row) : null;
  }

  /** Saves (or replaces) the account; a holder RUT whose check digit fails is invalidRut. */
  async save(userId: string, input: BankAccountBody): Promise<BankAccount> {
    const parsed = bankAccountBody.safeParse(input);
    if (!parsed.success) throw new Failure('invalidInput');
    const body = parsed.data;
    if (!isValidRut(body.holderRut)) throw new Failure('invalidRut', { field: 'holderRut' });
    const row = { ...body, holderRut: formatRut(body.holderRut), userId, updatedAt: this.clock() };
    const [saved] = await this.database.db
      .insert(bankAccount)
      .values(row)
      .onConflictDoUpdate({ target: bankAccount.userId, set: row })
      .returning();
    return view(saved!);
  }

  async remove(userId: string): Promise<void> {
    const rows = await this.database.db
      .delete(bankAccount)
      .where(eq(bankAccount.userId, userId))
      .returning({ userId: bankAccount.userId });
    if (rows.length === 0) throw new Failure('bankAccountNotFound');
  }
}

function view(row: Row): BankAccount {
  return {
    holderName: row.holderName,
    holderRut: row.holderRut,
    bank: row.bank as BankAccount['bank'],
    accountType: row.accountType as BankAccount['accountType'],
    accountNumberLast4: row.accountNumber.slice(-4),
  };
}
