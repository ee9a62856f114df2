import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Mailer } from '../../providers/mail/mailer';
import { sameDigest, sha256 } from './password';
import * as repo from './repo';

const ACCESS_KEY_MINUTES = 15;
const ACCESS_KEY_MAX_ATTEMPTS = 5;

export type AccessKeyPurpose = 'login' | 'address';

/** The e-mailed 6-digit codes: to log in, to set a password, to confirm an address. */
export class AccessKeys {
  constructor(
    private readonly db: () => Db,
    private readonly mailer: Mailer,
    private readonly now: () => Date,
  ) {}

  /**
   * E-mails a fresh 6-digit key (15 minutes, single use) for a purpose; the previous one stops working. The
   * e-mail names the brand whose shop asked for it (§1 white-label).
   */
  async issue(login: string, purpose: AccessKeyPurpose, subject: string, brandName: string): Promise<void> {
    const key = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.now();
    const what = purpose === 'address' ? 'confirmar tu dirección' : 'ingresar a tu cuenta';
    // The key and its mail commit together (outbox): a key nobody was told of is never left live alone.
    await this.db().transaction(async (tx) => {
      await repo.insertAccessKey(tx, {
        login,
        purpose,
        subject,
        keyHash: sha256(`${purpose}:${subject}:${key}`),
        createdAt: now,
        expiresAt: new Date(now.getTime() + ACCESS_KEY_MINUTES * 60_000),
      });
      await this.mailer.send(
        {
          to: login,
          subject: `Tu código de acceso a ${brandName}`,
          text: `Tu código para ${what} es ${key}. Vence en ${ACCESS_KEY_MINUTES} minutos. Si no lo pediste, ignora este correo.`,
          brandName,
        },
        tx,
      );
    });
  }

  hasLive(login: string, purpose: AccessKeyPurpose, subject: string): Promise<boolean> {
    return repo.hasLiveAccessKey(this.db(), login, purpose, subject, this.now());
  }

  /** Checks and spends a key; after ACCESS_KEY_MAX_ATTEMPTS tries the key is dead even if right. */
  async consume(login: string, purpose: AccessKeyPurpose, subject: string, key: string): Promise<boolean> {
    const now = this.now();
    const live = await repo.takeAccessKeyAttempt(this.db(), login, purpose, subject, now);
    if (!live || live.attempts > ACCESS_KEY_MAX_ATTEMPTS) return false;
    if (!sameDigest(live.keyHash, sha256(`${purpose}:${subject}:${key.trim()}`))) return false;
    return repo.useAccessKey(this.db(), live.id, now);
  }
}
