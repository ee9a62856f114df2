import { Failure, type RegisterUserBody, type UserProfile } from '@despensa/contracts';
import type { Database } from '../db/client';
import type { AuthService } from '../modules/auth/service';
import type { UserService } from '../modules/user/service';
import { defineFlow, runFlow } from './flow';

interface Modules {
  users: UserService;
  auth: AuthService;
}

/**
 * §3 registration: the customer (user module) and the password (auth module) in one transaction, so a
 * taken e-mail or a refused password leaves no customer behind and a retry can succeed.
 */
export class Registration {
  private readonly flow = defineFlow<{ body: RegisterUserBody; passwordHash: string }, string>(
    'register',
    async ({ body, passwordHash }, { tx, step }) => {
      const customer = await step('customer', () => this.modules.users.createCustomer(tx, body));
      await step('credential', async () => {
        if (!(await this.modules.auth.createCredential(tx, customer.id, customer.email, passwordHash)))
          throw new Failure('emailTaken');
      });
      return customer.id;
    },
  );

  constructor(
    private readonly database: Database,
    private readonly modules: Modules,
  ) {}

  /** The new customer's profile, read after the commit. */
  async register(body: RegisterUserBody): Promise<UserProfile> {
    // The slow hash first, outside the transaction (20 sign-ups at once must not hold the pool meanwhile).
    const passwordHash = await this.modules.auth.newPasswordHash(body.password);
    const userId = await runFlow(this.database, this.flow, { body, passwordHash });
    return this.modules.users.profile(userId);
  }

  /** Registers and logs the new customer in (the storefront's sign-up form). */
  async registerAndLogin(body: RegisterUserBody): Promise<{ profile: UserProfile; sessionToken: string }> {
    const profile = await this.register(body);
    const { sessionToken } = await this.modules.auth.openSession(profile.userId);
    if (!sessionToken) throw new Error('openSession gave no token');
    return { profile, sessionToken };
  }
}
