import { z } from 'zod';

/**
 * A PushSubscription's JSON: what a browser registers as its §3 device `token` (POST /api/v1/register-device),
 * the Web Push equivalent of a messaging-service token.
 */
export const pushSubscriptionJson = z.object({
  endpoint: z.url().max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(20).max(200), auth: z.string().min(8).max(100) }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionJson>;

export const pushPublicKeyAnswer = z.object({ publicKey: z.string() }).meta({ id: 'PushPublicKey' });

/** What a push message carries to the service worker, which shows it and opens `url` on click. */
export const pushMessage = z.object({
  title: z.string().min(1).max(120),
  body: z.string().max(400),
  /** The page a click opens (a path of the shop). */
  url: z.string().startsWith('/').max(500),
  /** Groups messages: a newer one with the same tag replaces the older. */
  tag: z.string().max(100).optional(),
});
export type PushMessage = z.infer<typeof pushMessage>;
