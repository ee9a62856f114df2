import { pushMessage, pushSubscriptionJson, type PushMessage } from '@despensa/contracts';
import type { Database } from '../../db/client';
import { generateVapidKeys, type PushSender, type VapidKeys } from '../../providers/push/push';
import type { UserService } from '../user/service';
import { pushVapidKeys } from './tables';

/**
 * Web Push to a customer's registered devices (§1 push notifications): order news, chat messages, list
 * schedules. Other modules and flows call notifyCustomer; a device the push service no longer knows
 * (404/410) is forgotten.
 */
export class PushService {
  private vapid: VapidKeys | null = null;

  constructor(
    private readonly database: Database,
    private readonly users: Pick<UserService, 'devices' | 'forgetDevice'>,
    private readonly sender: PushSender,
    private readonly subject: string,
    private readonly log: (message: string) => void = () => {},
  ) {}

  /** Loads the key pair, creating it on the very first start (every instance then reads the same row). */
  async start(): Promise<void> {
    const fresh = generateVapidKeys();
    const db = this.database.db;
    await db
      .insert(pushVapidKeys)
      .values({ id: 1, ...fresh })
      .onConflictDoNothing();
    const [row] = await db.select().from(pushVapidKeys);
    if (!row) throw new Error('push_vapid_keys has no row');
    this.vapid = { publicKey: row.publicKey, privateKey: row.privateKey, subject: this.subject };
  }

  /** The application server key browsers subscribe with. */
  publicKey(): string {
    return this.keys().publicKey;
  }

  /** Sends to every device of the customer; answers how many received it. Never throws for a device. */
  async notifyCustomer(customerId: string, message: PushMessage): Promise<number> {
    const payload = JSON.stringify(pushMessage.parse(message));
    const devices = await this.users.devices(customerId);
    const outcomes = await Promise.all(
      devices.map(async (device) => {
        const subscription = parseSubscription(device.token);
        // A token that is no Web Push subscription (a native app's) is not ours to send to.
        if (!subscription) return 'skipped';
        const outcome = await this.sender.send(subscription, payload, this.keys());
        if (outcome === 'gone') {
          this.log(`push subscription of device ${device.deviceId} is gone: forgotten`);
          await this.users.forgetDevice(device.deviceId);
        }
        return outcome;
      }),
    );
    return outcomes.filter((outcome) => outcome === 'sent').length;
  }

  private keys(): VapidKeys {
    if (!this.vapid) throw new Error('PushService.start() was not called');
    return this.vapid;
  }
}

function parseSubscription(token: string) {
  try {
    const parsed = pushSubscriptionJson.safeParse(JSON.parse(token));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
