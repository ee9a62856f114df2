import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
// http_ece is web-push's own RFC 8188 implementation; the sandbox reads what web-push wrote with it.
import ece from 'http_ece';
import type { PushSubscriptionJson } from '@despensa/contracts';

interface Subscriber {
  id: string;
  ecdh: ECDH;
  auth: Buffer;
  gone: boolean;
  inbox: SandboxPushMessage[];
}

export interface SandboxPushMessage {
  receivedAt: string;
  /** The decrypted payload. */
  payload: string;
  ttl: number;
  /** The VAPID key (k=) the sender signed with. */
  vapidPublicKey: string;
}

export class PushRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A push service on this machine (as FCM or Mozilla's are elsewhere): it hands out subscriptions, accepts
 * Web Push messages for them (aes128gcm, VAPID-signed), decrypts them into an inbox tests read, and answers
 * 410 once a subscription is unsubscribed. State lives in memory: the sandbox is for development and tests.
 */
export class PushSandbox {
  private readonly subscribers = new Map<string, Subscriber>();

  subscribe(baseUrl: string): PushSubscriptionJson & { id: string } {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const id = randomUUID();
    const auth = randomBytes(16);
    this.subscribers.set(id, { id, ecdh, auth, gone: false, inbox: [] });
    return {
      id,
      endpoint: `${baseUrl}/sandbox/push/send/${id}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
  }

  unsubscribe(id: string): void {
    const subscriber = this.subscribers.get(id);
    if (subscriber) subscriber.gone = true;
  }

  inbox(id: string): SandboxPushMessage[] {
    const subscriber = this.subscribers.get(id);
    if (!subscriber) throw new PushRefusal(404, 'no such subscription');
    return subscriber.inbox;
  }

  /** One POST to the subscription's endpoint, checked as a push service would. */
  receive(
    id: string,
    headers: { authorization?: string; encoding?: string; ttl?: string },
    body: Buffer,
  ): void {
    const subscriber = this.subscribers.get(id);
    if (!subscriber) throw new PushRefusal(404, 'no such subscription');
    if (subscriber.gone) throw new PushRefusal(410, 'subscription expired or unsubscribed');
    const vapidPublicKey = checkVapid(headers.authorization);
    if (headers.encoding !== 'aes128gcm') throw new PushRefusal(415, 'content-encoding must be aes128gcm');
    if (headers.ttl === undefined || !/^\d+$/.test(headers.ttl))
      throw new PushRefusal(400, 'TTL header missing');
    let payload: Buffer;
    try {
      payload = ece.decrypt(body, {
        version: 'aes128gcm',
        privateKey: subscriber.ecdh,
        authSecret: subscriber.auth.toString('base64url'),
      });
    } catch {
      throw new PushRefusal(400, 'payload does not decrypt for this subscription');
    }
    subscriber.inbox.push({
      receivedAt: new Date().toISOString(),
      payload: payload.toString('utf8'),
      ttl: Number(headers.ttl),
      vapidPublicKey,
    });
  }
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; the JWT must verify with k and not be expired. */
function checkVapid(authorization: string | undefined): string {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new PushRefusal(401, 'VAPID authorization missing');
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new PushRefusal(403, 'VAPID signature does not verify');
  const { exp } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { exp?: number };
  if (!exp || exp * 1000 < Date.now()) throw new PushRefusal(403, 'VAPID token expired');
  return k;
}
