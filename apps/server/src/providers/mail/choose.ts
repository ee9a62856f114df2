import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { MailBrand } from './body';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox';
import { SandboxMailer } from './sandbox';
import { SmtpSender } from './smtp';

/** SMTP through the outbox when SMTP_URL is set, else the sandbox (the default, nothing leaves). */
export function configuredMailer(
  config: Config,
  database: Database,
  clock: () => Date,
  log: (message: string) => void,
): Mailer {
  if (!config.SMTP_URL) return new SandboxMailer(clock);
  const chain: MailBrand = { name: config.BRAND_NAME, primaryColor: config.BRAND_PRIMARY_COLOR };
  // §1 white-label: a brand of BRAND_HOSTS dresses its mail in its own colour (the chain's if it sets none).
  const brands = new Map<string, MailBrand>(
    Object.values(config.BRAND_HOSTS).map((brand) => [
      brand.name,
      { name: brand.name, primaryColor: brand.primaryColor ?? chain.primaryColor },
    ]),
  );
  const sender = new SmtpSender(config.SMTP_URL, config.MAIL_FROM, (name) => brands.get(name) ?? chain);
  return new OutboxMailer(database, sender, clock, config.BRAND_NAME, log);
}
