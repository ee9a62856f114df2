import type { Db } from '../../db/client';

/** An e-mail the shop sends (access keys, notices). Plain text: the codes must read in any client. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The brand whose shop asked for it (§1 white-label); the chain's when unset. SMTP dresses its HTML. */
  brandName?: string;
}

export interface SentMail extends MailMessage {
  id: number;
  sentAt: string;
}

/** Outgoing mail. The sandbox keeps messages in memory; SMTP (outbox.ts) queues them for the job queue. */
export interface Mailer {
  /** `within`: the transaction of what asked for the mail, so the mail is kept exactly when that commits. */
  send(message: MailMessage, within?: Db): Promise<void>;
}
