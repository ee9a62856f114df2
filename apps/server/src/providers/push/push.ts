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
    // web-push encrypts and signs; the request itself goes through fetch, which also reaches a push
    // service on plain http (the sandbox on this machine), where web-push's own transport is https only.
    const request = webPush.generateRequestDetails(subscription, payload, {
      vapidDetails: vapid,
      TTL: 24 * 3600,
    });
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) return 'sent';
      if (response.status === 404 || response.status === 410) return 'gone';
      this.log(`push to ${new URL(subscription.endpoint).host} refused: ${response.status}`);
      return 'failed';
    } catch (error) {
      this.log(`push to ${new URL(subscription.endpoint).host} failed: ${String(error)}`);
      return 'failed';
    }
  }
}

export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webPush.generateVAPIDKeys();
}
