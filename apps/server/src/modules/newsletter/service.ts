import { formatRut, isValidEmail, isValidRut } from '@despensa/domain';
import {
  Failure,
  type NewsletterSubscriptionBody,
  type NewsletterSubscriptionResponse,
} from '@despensa/contracts';
import type { Database } from '../../db/client';
import { countSubscriptions, upsertSubscription } from './repo';

/** Newsletter sign-ups ('Suscríbete'), validated with the same rules as the form (§5). */
export class NewsletterService {
  constructor(
    private readonly database: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async subscribe(
    body: NewsletterSubscriptionBody,
    consumer: string,
  ): Promise<NewsletterSubscriptionResponse> {
    const email = body.email.trim();
    const document = body.document.replace(/\s+/g, '');
    if (!isValidEmail(email)) throw new Failure('invalidEmail', { field: 'email' });
    if (!isValidRut(document)) throw new Failure('invalidRut', { field: 'document' });
    const created = await upsertSubscription(this.database.db, {
      email,
      document: formatRut(document),
      consumer,
      now: this.clock(),
    });
    return { subscribed: true, email, created };
  }

  /** How many rows hold this e-mail (0 or 1); for tests and support. */
  count(email: string): Promise<number> {
    return countSubscriptions(this.database.db, email);
  }
}
