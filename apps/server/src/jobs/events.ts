import type PgBoss from 'pg-boss';

/**
 * What happened, told after its commit, with what its handlers need. Side effects (a push, a page purge)
 * hang on these instead of callbacks set on the services that commit.
 */
export interface ShopEvents {
  /** A payment confirmed an order group (flows/place-order settles it). */
  'order.confirmed': { orderGroup: string; orderId: string; userId: string };
  /** News the shopper hears of an order from the store (flows/pick-order): proposal, on its way, chat. */
  'order.news': { userId: string; orderId: string; title: string; body: string; url: string };
}

export type ShopEvent = keyof ShopEvents;
export type EventHandler<E extends ShopEvent> = (payload: ShopEvents[E]) => Promise<unknown>;

/** What a flow needs to tell what happened. */
export interface EventSender {
  emit<E extends ShopEvent>(name: E, payload: ShopEvents[E]): Promise<void>;
}

/** Every event, each its own queue (pg-boss names take no dots). */
const QUEUES: { [E in ShopEvent]: string } = {
  'order.confirmed': 'event-order-confirmed',
  'order.news': 'event-order-news',
};

/**
 * The typed event bus. With the job queue started, an event is a job: delivered at least once (a handler
 * that throws is retried, on whichever instance takes it), so every handler must be idempotent. Without
 * the queue (API tests, AppOptions.jobs false) handlers run in process before emit returns.
 */
export class EventBus implements EventSender {
  private readonly handlers = new Map<ShopEvent, EventHandler<never>[]>();
  private queue: PgBoss | null = null;

  constructor(private readonly log: (message: string) => void) {}

  /** Registers a handler; every handler is registered before the queue starts taking jobs. */
  on<E extends ShopEvent>(name: E, handler: EventHandler<E>): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler as EventHandler<never>]);
  }

  async emit<E extends ShopEvent>(name: E, payload: ShopEvents[E]): Promise<void> {
    if (this.queue) {
      await this.queue.send(QUEUES[name], payload);
      return;
    }
    try {
      await this.deliver(name, payload);
    } catch (error) {
      this.log(`event ${name} not handled: ${String(error)}`);
    }
  }

  /** Declares each event's queue on the started job queue and works it; from now on events are jobs. */
  async deliverThrough(boss: PgBoss): Promise<void> {
    for (const name of Object.keys(QUEUES) as ShopEvent[]) {
      const queue = QUEUES[name];
      await boss.createQueue(queue, { name: queue, retryLimit: 5, retryDelay: 5, retryBackoff: true });
      await boss.work<ShopEvents[typeof name]>(queue, async (jobs) => {
        for (const job of jobs) await this.deliver(name, job.data);
      });
    }
    this.queue = boss;
  }

  /** The queue stopped: what is emitted later (a request finishing) is handled in process. */
  deliverInProcess(): void {
    this.queue = null;
  }

  /** Runs every handler of the event; the first failure throws (the job is retried). */
  private async deliver<E extends ShopEvent>(name: E, payload: ShopEvents[E]): Promise<void> {
    for (const handler of (this.handlers.get(name) ?? []) as EventHandler<E>[]) await handler(payload);
  }
}
