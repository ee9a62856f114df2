import type { Config } from '../config';
import type { Database } from '../db/client';
import { listeningPort, type ShopServer } from '../http/server';
import { acquirerOnFirstUse, transbankSettings, type Acquirer } from '../providers/acquirer/acquirer';
import { traced } from '../telemetry/tracing';
import type { Geocoder } from '../providers/geocoder/geocoder';
import { configuredGeocoder } from '../providers/geocoder/configured';
import type { GiftCardProvider } from '../providers/giftcard/giftcard';
import { GiftCardSandbox } from '../providers/giftcard/sandbox/sandbox';
import type { Mailer } from '../providers/mail/mailer';
import { configuredMailer } from '../providers/mail/choose';
import { SandboxMailer } from '../providers/mail/sandbox';
import { WebPushSender, type PushSender } from '../providers/push/push';
import type { WalletProvider } from '../providers/wallet/wallet';
import { WalletSandbox } from '../providers/wallet/sandbox/sandbox';

/** The outside world a caller may give (tests do); what it leaves out is configured, or its sandbox. */
export interface GivenProviders {
  /** Outgoing mail; SMTP when SMTP_URL is set, else the sandbox (an outbox in memory). */
  mailer?: Mailer;
  geocoder?: Geocoder;
  /** The gift-card issuer and the group's wallet; by default their sandboxes over this database. */
  giftCards?: GiftCardProvider;
  walletProvider?: WalletProvider;
  /** The card acquirer; by default Webpay through transbank-sdk at TRANSBANK_ENVIRONMENT or the own sandbox. */
  acquirer?: Acquirer;
  /** Web Push sends; by default web-push to whatever push service each subscription names. */
  pushSender?: PushSender;
}

export type Providers = Required<GivenProviders>;

/** What every step of building the shop works on. */
export interface Setting {
  app: ShopServer;
  config: Config;
  database: Database;
  clock: () => Date;
}

/** The providers the shop talks to, given or chosen from the configuration (sandboxes seeded). */
export async function chooseProviders(
  { app, config, database, clock }: Setting,
  given: GivenProviders,
): Promise<Providers> {
  const warn = (message: string) => app.log.warn(message);
  const mailer = given.mailer ?? configuredMailer(config, database, clock, warn);
  if (mailer instanceof SandboxMailer && !mailer.onSend) {
    mailer.onSend = ({ to, subject, text }) => app.log.info({ to, subject, text }, 'sandbox mail (not sent)');
  }
  return {
    mailer,
    geocoder: given.geocoder ?? configuredGeocoder(config, () => listeningPort(app), warn),
    // Without TRANSBANK_ENVIRONMENT the shop's own sandbox, on the port it actually listens on.
    // Each acquirer call is a span of the request's trace when tracing is on (telemetry/tracing.ts).
    acquirer: traced(
      'acquirer',
      given.acquirer ??
        acquirerOnFirstUse(() => ({
          ...transbankSettings(config),
          environment:
            config.TRANSBANK_ENVIRONMENT ??
            `http://127.0.0.1:${listeningPort(app) ?? config.PORT}/sandbox/transbank`,
        })),
    ),
    giftCards: given.giftCards ?? (await seeded(new GiftCardSandbox(database.db, clock))),
    walletProvider:
      given.walletProvider ??
      (await seeded(new WalletSandbox(database.db, clock, config.WALLET_SANDBOX_SETTLE_MS))),
    pushSender: given.pushSender ?? new WebPushSender(warn),
  };
}

/** A sandbox with its test data issued (idempotent, so every start may do it). */
async function seeded<T extends { seed(): Promise<void> }>(sandbox: T): Promise<T> {
  await sandbox.seed();
  return sandbox;
}
