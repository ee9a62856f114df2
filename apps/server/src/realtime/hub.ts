import { and, asc, eq, gt, sql } from 'drizzle-orm';
import pg from 'pg';
import type { RealtimeEvent, RealtimeEventType } from '@despensa/contracts';
import type { Database, Tx } from '../db/client';
import { realtimeEvent } from './tables';

const CHANNEL = 'realtime';
/** Replays after a reconnect stop at this many events (older ones are long stale for a live page). */
const REPLAY_LIMIT = 500;

export type Listener = (event: RealtimeEvent) => void;

export const orderTopic = (orderId: string) => `order:${orderId}`;
export const storeTopic = (salesChannel: number) => `store:${salesChannel}`;

/**
 * Real-time events for shoppers and operators, fanned out across app instances through PostgreSQL:
 * publish() stores the event and NOTIFYs in the caller's transaction (so nothing is pushed for a change
 * that rolled back), every instance LISTENs and hands it to its own subscribers. A subscriber that gives
 * its Last-Event-ID gets what it missed from the table first.
 */
export class RealtimeHub {
  private readonly subscribers = new Map<string, Set<Listener>>();
  private listener: { end(): Promise<void> } | null = null;
  /** How to end each open event stream of this instance (a stop sends its clients elsewhere). */
  private readonly streams = new Set<() => void>();

  constructor(
    private readonly database: Database,
    private readonly clock: () => Date = () => new Date(),
    private readonly log: (message: string) => void = () => {},
  ) {}

  async start(): Promise<void> {
    // A connection of its own, outside the pool: a LISTEN held for the app's life would shrink the pool
    // that requests share (two apps on one small pool would wait on each other for ever).
    const client = new pg.Client({ connectionString: this.database.url });
    await client.connect();
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const { topic, ...event } = JSON.parse(message.payload) as RealtimeEvent & { topic: string };
      for (const listener of this.subscribers.get(topic) ?? []) listener(event);
    });
    client.on('error', (error) => this.log(`realtime listener lost its connection: ${error.message}`));
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = {
      end: () => client.end().catch(() => {}),
    };
  }

  /** Keeps `end` to close an open stream with; the returned function forgets it when the stream closes. */
  holdStream(end: () => void): () => void {
    this.streams.add(end);
    return () => this.streams.delete(end);
  }

  /**
   * Ends every open stream: the browser's EventSource reconnects after the stream's `retry`, through the load
   * balancer to an instance still ready, with its Last-Event-ID, so it misses nothing.
   */
  endStreams(): void {
    for (const end of [...this.streams]) end();
  }

  async stop(): Promise<void> {
    await this.listener?.end();
    this.listener = null;
  }

  /** Stores one event per topic and notifies every instance when `tx` commits. */
  async publish(
    tx: Tx,
    topics: string[],
    type: RealtimeEventType,
    orderId: string,
    data: unknown,
  ): Promise<void> {
    // One round trip: the rows and their NOTIFYs (delivered when `tx` commits) in a single statement.
    const at = this.clock();
    await tx.execute(sql`
      WITH stored AS (
        INSERT INTO ${realtimeEvent} (topic, type, order_id, data, at)
        SELECT topic, ${type}, ${orderId}, ${JSON.stringify(data)}::jsonb, ${at}
          FROM jsonb_array_elements_text(${JSON.stringify(topics)}::jsonb) AS topic
        RETURNING id, topic, type, order_id, data
      )
      SELECT pg_notify(${CHANNEL}, json_build_object('id', id, 'topic', topic, 'type', type, 'orderId', order_id, 'data', data)::text)
        FROM stored`);
  }

  /**
   * Follows a topic: first what came after `lastEventId` (when given), then live events, each once and in
   * order. Answers the unsubscribe.
   */
  async subscribe(topic: string, lastEventId: number | null, listener: Listener): Promise<() => void> {
    let sent = lastEventId ?? 0;
    let buffered: RealtimeEvent[] | null = lastEventId === null ? null : [];
    const deliver = (event: RealtimeEvent) => {
      if (event.id <= sent) return;
      sent = event.id;
      listener(event);
    };
    const live: Listener = (event) => (buffered ? buffered.push(event) : deliver(event));
    let set = this.subscribers.get(topic);
    if (!set) this.subscribers.set(topic, (set = new Set()));
    set.add(live);
    if (lastEventId !== null) {
      const missed = await this.database.db
        .select()
        .from(realtimeEvent)
        .where(and(eq(realtimeEvent.topic, topic), gt(realtimeEvent.id, lastEventId)))
        .orderBy(asc(realtimeEvent.id))
        .limit(REPLAY_LIMIT);
      for (const row of missed)
        deliver({ id: row.id, type: row.type as RealtimeEventType, orderId: row.orderId, data: row.data });
      for (const event of buffered ?? []) deliver(event);
      buffered = null;
    }
    return () => {
      set.delete(live);
      if (set.size === 0) this.subscribers.delete(topic);
    };
  }
}
