import type { Mailer, MailMessage, SentMail } from './mailer';

/**
 * The built-in mailer: nothing leaves the process. Messages go to an outbox that tests read and that
 * development exposes at GET /api/dev/outbox. Only the last `capacity` messages are kept, so a long-running
 * development server does not grow without bound.
 */
export class SandboxMailer implements Mailer {
  private readonly messages: SentMail[] = [];
  private nextId = 1;

  constructor(
    private readonly clock: () => Date = () => new Date(),
    private readonly capacity = 500,
  ) {}

  /** Also hands every message to `log` (the server log), so whoever runs `npm start` can read login codes. */
  onSend: ((message: MailMessage) => void) | null = null;

  async send(message: MailMessage): Promise<void> {
    this.onSend?.(message);
    this.messages.push({ ...message, id: this.nextId++, sentAt: this.clock().toISOString() });
    if (this.messages.length > this.capacity) this.messages.splice(0, this.messages.length - this.capacity);
  }

  /** Newest first; `to` filters by recipient (case-insensitive). */
  outbox(to?: string): SentMail[] {
    const wanted = to?.toLowerCase();
    return this.messages.filter((m) => wanted === undefined || m.to.toLowerCase() === wanted).reverse();
  }
}
