import type { PushSubscriptionJson } from '@despensa/contracts';
import { apiCall } from '../../lib/api-client';
import { logger } from '../../lib/logger';

/** §8 push permission failure: what is logged when the shopper refuses (the shop works on). */
export const PUSH_PERMISSION_FAILURE = 'Unable to get permission to notify.';
const DEVICE_KEY = 'despensa:device';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** Asks for permission (only after a meaningful action: see PushInvitation), then subscribes. */
export async function enablePush(): Promise<boolean> {
  if (!pushSupported()) return false;
  const permission = await Notification.requestPermission().catch(() => 'denied' as const);
  if (permission !== 'granted') {
    logger.warn(PUSH_PERMISSION_FAILURE);
    return false;
  }
  return registerDevice();
}

/**
 * Subscribes with the shop's VAPID key and registers the subscription as this device's token (§3, POST
 * /api/v1/register-device), tied to the customer when logged in. Failures are logged, never shown.
 */
export async function registerDevice(): Promise<boolean> {
  try {
    const registration = await navigator.serviceWorker.ready;
    const keyAnswer = await apiCall('/api/push/public-key', 'pushPublicKey', { background: true });
    if (!keyAnswer.ok) return false;
    const { publicKey } = keyAnswer.data;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
    const token = JSON.stringify(subscription.toJSON() as PushSubscriptionJson);
    const answer = await apiCall('/api/v1/register-device', 'registerDevice', {
      method: 'POST',
      body: {
        deviceId: deviceId(),
        token,
        isMobile: /Mobi|Android|iPhone/i.test(navigator.userAgent),
        device: navigator.userAgent.slice(0, 200),
      },
      background: true,
    });
    return answer.ok;
  } catch (error) {
    logger.warn('push subscription failed', String(error));
    return false;
  }
}

function deviceId(): string {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return crypto.randomUUID();
  }
}
