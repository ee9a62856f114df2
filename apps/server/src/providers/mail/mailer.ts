/** An e-mail the shop sends (access keys, notices). Plain text: the codes must read in any client. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface SentMail extends MailMessage {
  id: number;
  sentAt: string;
}

/** Outgoing mail. The sandbox keeps messages in memory; a real transport (SMTP, an API) implements the same. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
