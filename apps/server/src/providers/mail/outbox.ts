import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import type { Mailer, MailMessage } from './mailer';
import type { SmtpSender } from './smtp';
import { mailOutbox } from './tables';

/** After this many refused sends a mail is given up (failed), about a day after it was asked for. */
export const MAIL_MAX_ATTEMPTS = 10;
/** The wait after the n-th refused send: 30 s, 1 min, 2 min … doubling, at most 4 hours. */
export const mailBackoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 4 * 3_600_000);

/**
 * The SMTP mailer (issue 31): `send` only writes the mail to the outbox (in the caller's transaction when
 * given), so the request that asked for it answers at once whatever the SMTP server does; the job queue
 * delivers it (`deliver`, right away, and `deliverDue`, the sweep that retries with backoff).
 */
export class OutboxMailer implements Mailer {
  /** Told the new row's id once written, so the job queue delivers it without waiting for the sweep. */
  onQueued: ((id: number, afterCommit: boolean) => void) | null = null;

  constructor(
    private readonly database: Database,
    private readonly sender: SmtpSender,
    private readonly clock: () => Date,
    private readonly chainBrandName: string,
    private readonly log: (message: string) => void,
  ) {}

  async send(message: MailMessage, within?: Db): Promise<void> {
    const now = this.clock();
    const [row] = await (within ?? this.database.db)
      .insert(mailOutbox)
      .values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        brandName: message.brandName ?? this.chainBrandName,
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning({ id: mailOutbox.id });
    if (row) this.onQueued?.(row.id, within !== undefined);
  }

  /** Delivers the mails whose time has come, oldest first; how many were sent. */
  async deliverDue(limit = 50): Promise<number> {
    const due = await this.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, this.clock())))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit);
    let sent = 0;
    for (const { id } of due) if (await this.deliver(id)) sent++;
    return sent;
  }

  /**
   * Sends one mail at most once: the row is claimed (pending → sending, committed) before the SMTP call, so
   * another instance or a retried job finds it taken. Refused: back to pending after the backoff.
   */
  async deliver(id: number): Promise<boolean> {
    const now = this.clock();
    const [mail] = await this.database.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1` })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .returning();
    if (!mail) return false;
    try {
      await this.sender.send(mail);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const failed = mail.attempts >= MAIL_MAX_ATTEMPTS;
      this.log(`mail ${id} to ${mail.to} not sent (attempt ${mail.attempts}): ${reason}`);
      await this.database.db
        .update(mailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          lastError: reason.slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + mailBackoffMs(mail.attempts)),
        })
        .where(eq(mailOutbox.id, id));
      return false;
    }
    await this.database.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: this.clock(), lastError: null })
      .where(eq(mailOutbox.id, id));
    return true;
  }

  close(): void {
    this.sender.close();
  }
}
