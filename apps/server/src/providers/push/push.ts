import webPush from 'web-push';
import type { PushSubscriptionJson } from '@despensa/contracts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: contact the push service may use. */
  subject: string;
}

/** What the push service answered: delivered, gone (404/410: drop the subscription) or failed. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** A Web Push sender (RFC 8030/8291/8292): encrypts the payload for the subscription and signs with VAPID. */
export interface PushSender {
  send(subscription: PushSubscriptionJson, payload: string, vapid: VapidKeys): Promise<PushOutcome>;
}

/** Any push service the browser picked (FCM, Mozilla's, Apple's, or the built-in sandbox), via `web-push`. */
export class WebPushSender implements PushSender {
  constructor(private readonly log: (message: string) => void = () => {}) {}

  async send(subscription: PushSubscriptionJson, payload: string, vapid: VapidKeys): Promise<PushOutcome> {
    try {
      await webPush.sendNotification(subscription, payload, {
        vapidDetails: vapid,
        TTL: 24 * 3600,
        timeout: 10_000,
      });
      return 'sent';
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) return 'gone';
      this.log(`push to ${new URL(subscription.endpoint).host} failed: ${status ?? String(error)}`);
      return 'failed';
    }
  }
}

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webPush.generateVAPIDKeys();
}
