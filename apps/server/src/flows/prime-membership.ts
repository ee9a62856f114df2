import { createHash, randomBytes } from 'node:crypto';
import { Failure, type PrimeMembership } from '@despensa/contracts';
import { PRIME_PLAN, primePeriodEnd } from '@despensa/domain';
import type { Database } from '../db/client';
import type { CartService } from '../modules/cart/service';
import type { PrimeService } from '../modules/prime/service';
import type { UserService } from '../modules/user/service';
import type { WalletService } from '../modules/wallet/service';
import { storeBuyOrderOf, type Acquirer, type OneclickPayment } from '../providers/acquirer/acquirer';
import { defineFlow, runFlow } from './flow';

interface Modules {
  prime: PrimeService;
  wallet: WalletService;
  users: UserService;
  cart: CartService;
  acquirer: Acquirer;
}

interface PeriodInput {
  userId: string;
  cardId: string;
  periodStart: Date;
  /** Same period, same buy order: a retry reads the acquirer's first answer instead of charging again. */
  buyOrder: string;
}

/** Oneclick Mall buy orders are at most 26 characters. */
const buyOrderOf = (seed: string) => `P${createHash('sha256').update(seed).digest('hex').slice(0, 20)}`;

/**
 * Prime (§1 subscription): joining charges the first month to a saved one-click card at the checkout's
 * acquirer (the Transbank sandbox by default), then, in one transaction, records the period, marks the
 * shopper a member (§3 CencoPrime_2020) and prices their carts as a member's. If that transaction fails
 * the charge is refunded (the step's undo). At a period's end the renewal job charges the next month
 * (cancelled or declined: the membership ends and the carts go back to normal prices).
 */
export class PrimeMemberships {
  private readonly startPeriod = defineFlow<PeriodInput & { periodEnd: Date }, { buyOrder: string }>(
    'prime-period',
    async (input, { tx, step }) => {
      const { prime, users, cart, acquirer, wallet } = this.modules;
      const card = await step('card', () => wallet.chargeableCard(input.userId, input.cardId, tx));
      const charge = await step(
        'charge',
        () => this.authorize(input.userId, card.tbkUser, input.buyOrder),
        () =>
          acquirer
            .oneclickRefund({
              buyOrder: input.buyOrder,
              storeBuyOrder: storeBuyOrderOf(input.buyOrder),
              amountCents: PRIME_PLAN.monthlyPrice,
            })
            .then(() => undefined),
      );
      await step('membership', () =>
        prime.startPeriod(tx, {
          userId: input.userId,
          cardId: input.cardId,
          periodStart: input.periodStart,
          periodEnd: input.periodEnd,
          charge: {
            buyOrder: input.buyOrder,
            authorizationCode: charge.authorizationCode,
            cardLast4: charge.cardLast4,
          },
        }),
      );
      await step('member', () => users.setPrimeMember(input.userId, true, tx));
      await step('carts', () => cart.setPrimeOf(input.userId, true, tx));
      return { buyOrder: input.buyOrder };
    },
  );

  private readonly end = defineFlow<{ userId: string }, void>(
    'prime-end',
    async ({ userId }, { tx, step }) => {
      await step('membership', () => this.modules.prime.end(tx, userId));
      await step('member', () => this.modules.users.setPrimeMember(userId, false, tx));
      await step('carts', () => this.modules.cart.setPrimeOf(userId, false, tx));
    },
  );

  constructor(
    private readonly database: Database,
    private readonly modules: Modules,
    private readonly clock: () => Date,
    private readonly log: (message: string) => void = () => {},
  ) {}

  membership(userId: string): Promise<PrimeMembership> {
    return this.modules.prime.membership(userId);
  }

  /** Joins with the first month charged to the saved card `cardId`; a declined card is primePaymentDeclined. */
  async join(userId: string, cardId: string): Promise<PrimeMembership> {
    const current = await this.modules.prime.row(userId);
    if (current && current.status !== 'ended') throw new Failure('primeAlreadyMember');
    const periodStart = this.clock();
    await runFlow(this.database, this.startPeriod, {
      userId,
      cardId,
      periodStart,
      periodEnd: primePeriodEnd(periodStart),
      buyOrder: buyOrderOf(`${userId}:${randomBytes(8).toString('hex')}`),
    });
    return this.membership(userId);
  }

  /** §1: cancelling stops the renewal; the shopper stays a member until the period's end. */
  async cancel(userId: string): Promise<PrimeMembership> {
    if (!(await this.modules.prime.setRenewal(userId, false))) throw new Failure('primeNotMember');
    return this.membership(userId);
  }

  /** Undoes a cancel before the period's end: the membership renews again. */
  async resume(userId: string): Promise<PrimeMembership> {
    if (!(await this.modules.prime.setRenewal(userId, true))) throw new Failure('primeNotMember');
    return this.membership(userId);
  }

  /**
   * The renewal job: every membership whose period is over is renewed (charged for the next month from
   * the end of the last) or ended (cancelled, card gone or declined). Answers how many of each.
   */
  async renewDue(): Promise<{ renewed: number; ended: number }> {
    let renewed = 0;
    let ended = 0;
    for (const row of await this.modules.prime.due(this.clock())) {
      if (row.status === 'active') {
        const periodStart = row.periodEnd;
        const buyOrder = buyOrderOf(`${row.userId}:${periodStart.toISOString()}`);
        try {
          // Keyed by the period: two instances renewing at once charge it once.
          await runFlow(
            this.database,
            this.startPeriod,
            {
              userId: row.userId,
              cardId: row.cardId,
              periodStart,
              periodEnd: primePeriodEnd(periodStart),
              buyOrder,
            },
            { idempotencyKey: buyOrder },
          );
          renewed += 1;
          continue;
        } catch (error) {
          this.log(`Prime renewal of ${row.userId} not charged: ${(error as Error).message}`);
        }
      }
      await runFlow(this.database, this.end, { userId: row.userId });
      ended += 1;
    }
    return { renewed, ended };
  }

  private async authorize(username: string, tbkUser: string, buyOrder: string): Promise<OneclickPayment> {
    const { acquirer } = this.modules;
    const answer = await acquirer
      .oneclickAuthorize({
        username,
        tbkUser,
        buyOrder,
        storeBuyOrder: storeBuyOrderOf(buyOrder),
        amountCents: PRIME_PLAN.monthlyPrice,
      })
      // A buy order is authorized once: a repeat reads what the first call answered.
      .catch(() => acquirer.oneclickStatus(buyOrder));
    if (!answer || answer.responseCode !== 0 || answer.status !== 'AUTHORIZED')
      throw new Failure('primePaymentDeclined');
    return answer;
  }
}
