import { z } from 'zod';

/** §7 POST /api/user/newsletter/: the e-mail and the RUT ('document', whitespace removed). */
export const newsletterSubscriptionBody = z
  .object({
    email: z.string().max(254),
    document: z.string().max(20),
  })
  .meta({ id: 'NewsletterSubscription' });
export type NewsletterSubscriptionBody = z.infer<typeof newsletterSubscriptionBody>;

export const newsletterSubscriptionResponse = z.object({
  subscribed: z.literal(true),
  email: z.string(),
  /** False when the e-mail was already subscribed (its RUT is then updated). */
  created: z.boolean(),
});
export type NewsletterSubscriptionResponse = z.infer<typeof newsletterSubscriptionResponse>;
