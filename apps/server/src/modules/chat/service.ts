import { and, asc, count, desc, eq, inArray, isNull, max, ne } from 'drizzle-orm';
import { Failure, type ChatAnswer, type ChatMessage } from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import { chatMessage } from './tables';

export type ChatSide = 'shopper' | 'store';

/**
 * Order chat (§4): messages between the shopper and the store about one order, stored, so the history
 * reads the same after a reload, on another device and after delivery. Who may read an order's chat is
 * the caller's check (the shopper's own order, the operator's store's order).
 */
export class ChatService {
  constructor(
    private readonly database: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async post(
    tx: Tx,
    orderId: string,
    author: ChatSide,
    authorName: string,
    text: string,
  ): Promise<ChatMessage> {
    const trimmed = text.trim();
    if (trimmed === '') throw new Failure('chatMessageEmpty', { field: 'text' });
    const [row] = await tx
      .insert(chatMessage)
      .values({ orderId, author, authorName, text: trimmed, sentAt: this.clock() })
      .returning();
    return view(row!);
  }

  /** The order's history, oldest first, and how many of the other side's messages `reader` has not read. */
  async history(orderId: string, reader: ChatSide): Promise<ChatAnswer> {
    const rows = await this.database.db
      .select()
      .from(chatMessage)
      .where(eq(chatMessage.orderId, orderId))
      .orderBy(asc(chatMessage.id));
    return {
      messages: rows.map(view),
      unread: rows.filter((row) => row.author !== reader && row.readAt === null).length,
    };
  }

  /**
   * The store's messages the shopper has not read among `orderIds` (§3 chat notification), and the order
   * whose pending message is the newest: the chat the header's bar opens.
   */
  async pendingForShopper(orderIds: string[]): Promise<{ count: number; orderId: string | null }> {
    if (orderIds.length === 0) return { count: 0, orderId: null };
    const rows = await this.database.db
      .select({ orderId: chatMessage.orderId, pending: count(), newest: max(chatMessage.id) })
      .from(chatMessage)
      .where(
        and(
          inArray(chatMessage.orderId, orderIds),
          eq(chatMessage.author, 'store'),
          isNull(chatMessage.readAt),
        ),
      )
      .groupBy(chatMessage.orderId)
      .orderBy(desc(max(chatMessage.id)));
    return {
      count: rows.reduce((sum, row) => sum + row.pending, 0),
      orderId: rows[0]?.orderId ?? null,
    };
  }

  /** `reader` opened the chat: the other side's messages are read. */
  async markRead(orderId: string, reader: ChatSide): Promise<void> {
    await this.database.db
      .update(chatMessage)
      .set({ readAt: this.clock() })
      .where(
        and(eq(chatMessage.orderId, orderId), ne(chatMessage.author, reader), isNull(chatMessage.readAt)),
      );
  }
}

function view(row: typeof chatMessage.$inferSelect): ChatMessage {
  return {
    id: row.id,
    orderId: row.orderId,
    author: row.author,
    authorName: row.authorName,
    text: row.text,
    sentAt: row.sentAt.toISOString(),
  };
}
