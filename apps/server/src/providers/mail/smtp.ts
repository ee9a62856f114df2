import nodemailer, { type Transporter } from 'nodemailer';
import { mailHtml, type MailBrand } from './body';

/** One outbox row as the SMTP server receives it. */
export interface OutgoingMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  brandName: string;
}

/**
 * Delivery over SMTP (nodemailer) to the server SMTP_URL names (smtp:// or smtps://, user and password in
 * the URL). The Message-ID names the outbox row, so a receiver can tell a copy of the same mail apart.
 */
export class SmtpSender {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
    private readonly brands: (name: string) => MailBrand,
  ) {
    // Short timeouts: a dead server fails the attempt and the backoff retries, the job never hangs.
    this.transport = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(mail: OutgoingMail): Promise<void> {
    const brand = this.brands(mail.brandName);
    await this.transport.sendMail({
      // Each brand signs its own mail; the address is the one the SMTP server lets the shop send from.
      from: { name: brand.name, address: this.from },
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mailHtml(mail.text, brand),
      messageId: `<mail-${mail.id}@${this.from.split('@')[1] ?? 'localhost'}>`,
    });
  }

  close(): void {
    this.transport.close();
  }
}
