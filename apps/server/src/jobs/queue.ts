import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { DeliveryService } from '../modules/shipping/service';
import type { CatalogService } from '../modules/catalog/service';
import type { Checkout } from '../flows/place-order';
import type { RecurringLists } from '../flows/recurring-lists';
import type { PrimeMemberships } from '../flows/prime-membership';
import type { OutboxMailer } from '../providers/mail/outbox';
import type { AbandonedCarts } from '../flows/abandoned-carts';
import type { EventBus } from './events';

/** The sweep that gives expired window holds' places back (fault 6); every minute, once across instances. */
export const RELEASE_EXPIRED_HOLDS = 'release-expired-window-holds';
/** Settles payments left pending (the shopper never came back) and gives back expired stock holds. */
export const RECONCILE_PAYMENTS = 'reconcile-payments';
/** Builds recurring lists' baskets at their build time and places them at their cut-off (§4). */
export const RECURRING_LISTS = 'recurring-lists';
/** Renews Prime memberships whose period ended (or ends them: cancelled, or the card declined). */
export const PRIME_RENEWALS = 'prime-renewals';
/** Sends one mail of the outbox as soon as it is written (SMTP_URL set). */
export const SEND_MAIL = 'send-mail';
/** Every minute: the outbox's mails whose retry time came (or whose send-mail job was lost). */
export const MAIL_SWEEP = 'mail-sweep';
/** Sends abandoned carts' one reminder (§7), a minute at most after they are due. */
export const ABANDONED_CARTS = 'abandoned-carts';

/**
 * The PostgreSQL job queue (pg-boss, in the `pgboss` schema of the shop's own database): timers, retries
 * and schedules survive restarts, and a scheduled job runs once however many instances share the
 * database. Capacity reads already treat an expired hold as free, so the sweep only tidies the counts.
 */
/** The advisory lock under which an instance declares the queues and schedules (any fixed number). */
const QUEUE_SETUP_LOCK = 7_240_001;

export class JobQueue {
  private readonly boss: PgBoss;

  constructor(
    private readonly database: Database,
    private readonly delivery: DeliveryService,
    private readonly catalog: CatalogService,
    private readonly checkout: Checkout,
    private readonly clock: () => Date,
    private readonly log: (message: string) => void,
    private readonly recurringLists: RecurringLists | null = null,
    private readonly primeMemberships: PrimeMemberships | null = null,
    private readonly outbox: OutboxMailer | null = null,
    private readonly abandonedCarts: AbandonedCarts | null = null,
    /** The typed event bus, whose events become jobs of this queue once it starts. */
    private readonly events: EventBus | null = null,
  ) {
    this.boss = new PgBoss({ connectionString: database.url, max: 2 });
    this.boss.on('error', (error) => this.log(`job queue: ${error.message}`));
  }

  async start(): Promise<void> {
    await this.boss.start();
    // Instances starting together would race to declare the same queues and deadlock in pg-boss's
    // tables: one declares at a time, the others then find them there.
    await this.oneInstanceAtATime(() => this.declare());
    // A (re)started instance reconciles at once: what a crash left pending does not wait for the minute.
    await this.boss.send(RECONCILE_PAYMENTS, {});
  }

  /** Jobs by queue and state, for the metrics (pg-boss keeps them in its own table). */
  async counts(): Promise<{ queue: string; state: string; count: number }[]> {
    const { rows } = await this.database.pool.query<{ queue: string; state: string; count: number }>(
      'SELECT name AS queue, state, count(*)::int AS count FROM pgboss.job GROUP BY name, state',
    );
    return rows;
  }

  private async oneInstanceAtATime(work: () => Promise<void>): Promise<void> {
    const client = new pg.Client({ connectionString: this.database.url });
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
      await work();
    } finally {
      await client.end().catch(() => {});
    }
  }

  /** The queues, their schedules and this instance's workers. */
  private async declare(): Promise<void> {
    await this.boss.createQueue(RELEASE_EXPIRED_HOLDS);
    await this.boss.schedule(RELEASE_EXPIRED_HOLDS, '* * * * *');
    await this.boss.work(RELEASE_EXPIRED_HOLDS, () => this.releaseExpiredHolds());
    await this.boss.createQueue(RECONCILE_PAYMENTS);
    await this.boss.schedule(RECONCILE_PAYMENTS, '* * * * *');
    await this.boss.work(RECONCILE_PAYMENTS, () => this.reconcilePayments());
    if (this.recurringLists) {
      await this.boss.createQueue(RECURRING_LISTS);
      await this.boss.schedule(RECURRING_LISTS, '* * * * *');
      await this.boss.work(RECURRING_LISTS, () => this.runRecurringLists());
    }
    if (this.primeMemberships) {
      // Every minute: a period that ended is renewed (or ended) within a minute of its end.
      await this.boss.createQueue(PRIME_RENEWALS);
      await this.boss.schedule(PRIME_RENEWALS, '* * * * *');
      await this.boss.work(PRIME_RENEWALS, () => this.renewPrime());
    }
    if (this.abandonedCarts) {
      await this.boss.createQueue(ABANDONED_CARTS);
      await this.boss.schedule(ABANDONED_CARTS, '* * * * *');
      await this.boss.work(ABANDONED_CARTS, () => this.remindAbandonedCarts());
    }
    if (this.outbox) await this.declareMail(this.outbox);
    await this.events?.deliverThrough(this.boss);
  }

  /** The outbox's two queues; a queued mail is handed to send-mail at once (after its commit when in one). */
  private async declareMail(outbox: OutboxMailer): Promise<void> {
    await this.boss.createQueue(SEND_MAIL);
    await this.boss.work<{ id: number }>(SEND_MAIL, async (jobs) => {
      for (const job of jobs) await outbox.deliver(job.data.id);
    });
    await this.boss.createQueue(MAIL_SWEEP);
    await this.boss.schedule(MAIL_SWEEP, '* * * * *');
    await this.boss.work(MAIL_SWEEP, () => this.deliverMail());
    outbox.onQueued = (id, afterCommit) => {
      // A failed hand-over loses nothing: the row waits in the outbox for the sweep.
      this.boss
        .send(SEND_MAIL, { id }, afterCommit ? { startAfter: 1 } : {})
        .catch((error: Error) => this.log(`mail ${id} left to the sweep: ${error.message}`));
    };
  }

  /** Runs the mail sweep now (also what the scheduled job does). */
  async deliverMail(): Promise<number> {
    return (await this.outbox?.deliverDue()) ?? 0;
  }

  /** Runs the Prime renewals now (also what the scheduled job does). */
  async renewPrime(): Promise<{ renewed: number; ended: number }> {
    const done = (await this.primeMemberships?.renewDue()) ?? { renewed: 0, ended: 0 };
    if (done.renewed + done.ended > 0) this.log(`Prime: ${done.renewed} renewed, ${done.ended} ended`);
    return done;
  }

  /** Runs the abandoned-cart reminders now (also what the scheduled job does). */
  async remindAbandonedCarts(): Promise<number> {
    const reminded = (await this.abandonedCarts?.remind()) ?? 0;
    if (reminded > 0) this.log(`reminded ${reminded} abandoned carts`);
    return reminded;
  }

  /** Runs the recurring-lists sweep now (also what the scheduled job does): builds, then places. */
  async runRecurringLists(): Promise<{ built: number; placed: number }> {
    if (!this.recurringLists) return { built: 0, placed: 0 };
    const built = await this.recurringLists.buildBaskets();
    const placed = await this.recurringLists.closeCutOffs();
    return { built, placed };
  }

  /** Runs the sweep now (also what the scheduled job does). */
  async releaseExpiredHolds(): Promise<number> {
    const released = await this.delivery.releaseExpiredHolds();
    if (released > 0) this.log(`released ${released} expired delivery-window holds`);
    return released;
  }

  /**
   * Runs the reconciliation now: payments pending past PAYMENT_RECONCILE_AFTER_MS settled with the
   * acquirer, then stock holds past STOCK_HOLD_MS (never turned into an order) given back.
   */
  async reconcilePayments(): Promise<{ settled: number; released: number }> {
    const settled = await this.checkout.reconcile();
    const released = await this.catalog.releaseExpiredStockHolds(this.clock());
    if (settled + released > 0) this.log(`reconciled ${settled} payments, released ${released} stock holds`);
    return { settled, released };
  }

  /** Stops taking jobs, waits for the running ones, and closes the queue's connections. */
  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    this.events?.deliverInProcess();
  }
}
