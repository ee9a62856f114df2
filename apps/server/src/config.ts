import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { sellerIdParam } from '@despensa/contracts';

/** Development keys, documented in README; set API_KEYS in any real deployment. */
export const DEFAULT_API_KEYS = 'web:despensa-web-dev-key,app:despensa-app-dev-key,osm:despensa-osm-dev-key';
/** The development outbox's key outside production (README); production sets MAIL_OUTBOX_KEY or has no outbox. */
export const DEFAULT_OUTBOX_KEY = 'despensa-outbox-dev-key';

const apiKeyPairs = z
  .string()
  .min(1)
  .transform((raw, ctx) => {
    const keys = new Map<string, string>();
    for (const pair of raw.split(',')) {
      const [consumer, key, ...rest] = pair.trim().split(':');
      if (!consumer || !key || rest.length > 0) {
        ctx.addIssue({ code: 'custom', message: `"${pair}" is not a consumer:key pair` });
        return z.NEVER;
      }
      keys.set(key, consumer);
    }
    return keys;
  });

/** Addresses or CIDR ranges (IPv4 or IPv6), comma-separated. */
const addressList = z.string().transform((raw, ctx) => {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const ip = isIP(address ?? '');
    const maxBits = ip === 6 ? 128 : 32;
    if (!ip || rest.length > 0 || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      ctx.addIssue({ code: 'custom', message: `"${entry}" is not an address or CIDR range` });
      return z.NEVER;
    }
  }
  return entries;
});

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  /** Port of the embedded PostgreSQL; never 5432, which a system server may hold. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  API_KEYS: apiKeyPairs.prefault(DEFAULT_API_KEYS),
  /**
   * The load balancers in front (addresses or CIDR ranges): only a request from one of them may say, in
   * X-Forwarded-For and X-Forwarded-Proto, whom and over what it forwards. Empty: nobody is trusted and the
   * socket's address is the client's.
   */
  TRUSTED_PROXIES: addressList.prefault(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `on` serves the sandbox mailer's outbox at GET /api/dev/outbox (the journeys read e-mailed codes there
   * from a production build); unset, only a development run (NODE_ENV not production) serves it.
   */
  MAIL_OUTBOX: z.enum(['on', 'off']).optional(),
  /**
   * The outbox's own key (header x-outbox-key): the web's API key is printed in every page, so it cannot
   * guard anyone's e-mailed codes. Required in production when MAIL_OUTBOX is on.
   */
  MAIL_OUTBOX_KEY: z.string().min(16).max(200).optional(),
  /** Size of the demo catalogue created on first start. */
  SEED_PRODUCTS: z.coerce.number().int().min(1).max(1_000_000).default(3000),
  BRAND_NAME: z.string().min(1).default('Despensa'),
  BRAND_PRIMARY_COLOR: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour')
    .default('#c8102e'),
  BRAND_SECONDARY_COLOR: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour')
    .default('#1d3557'),
  BRAND_LOGO_URL: z.string().min(1).default('/media/brand/logo@2x.png'),
  HELP_PHONE: z.string().min(1).default('600 400 2000'),
  /** The contact push services may use about this shop's Web Push messages (VAPID subject, RFC 8292). */
  PUSH_CONTACT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https: URL')
    .default('mailto:soporte@despensa.example'),
  /**
   * §6: 'One special account gets a different greeting label.' JSON {"email", "label"}: the account (by
   * e-mail, any case) and the label its header shows instead of 'Hola, {name}'. Unset: no such account.
   */
  SPECIAL_GREETING: z
    .string()
    .transform((text, context) => {
      try {
        return specialGreetingSchema.parse(JSON.parse(text));
      } catch {
        context.addIssue({ code: 'custom', message: 'must be JSON: {"email", "label"}' });
        return z.NEVER;
      }
    })
    .optional(),
  /** §8 no-coverage wording: the chain's, or the other brand's ('¡Pronto llegaremos a tu zona! …'). */
  BRAND_NO_COVERAGE_VARIANT: z.enum(['default', 'comingSoon']).default('default'),
  /**
   * §1 white-label: other brands served by the same instances, chosen by the host a shopper asks for.
   * JSON: {"almacen.example": {"name": "Almacén del Valle", "sellerId": "2", "primaryColor": "#0b6e4f"}};
   * a brand shows its seller's catalogue and the content for that seller (§6). Other hosts: the chain's.
   */
  BRAND_HOSTS: z
    .string()
    .transform((text, context) => {
      try {
        return brandHostsSchema.parse(JSON.parse(text));
      } catch {
        context.addIssue({ code: 'custom', message: 'must be JSON: {"host": {"name", "sellerId", …}}' });
        return z.NEVER;
      }
    })
    .prefault('{}'),
  /** Where shoppers reach the shop, for links in e-mails (a recurring list's review link). */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Webpay's base URL. Unset: the shop's own sandbox (http://127.0.0.1:PORT/sandbox/transbank);
   * https://webpay3gint.transbank.cl is Transbank's integration environment.
   */
  TRANSBANK_ENVIRONMENT: z.string().url().optional(),
  /** Transbank's published integration credentials by default (Webpay Plus). */
  TRANSBANK_COMMERCE_CODE: z
    .string()
    .regex(/^\d{8,12}$/, 'must be a commerce code')
    .default('597055555532'),
  TRANSBANK_API_KEY: z
    .string()
    .min(1)
    .default('579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C'),
  /** Oneclick Mall's commerce code and the store of the mall that charges saved cards. */
  TRANSBANK_ONECLICK_COMMERCE_CODE: z
    .string()
    .regex(/^\d{8,12}$/, 'must be a commerce code')
    .default('597055555541'),
  TRANSBANK_ONECLICK_STORE_CODE: z
    .string()
    .regex(/^\d{8,12}$/, 'must be a commerce code')
    .default('597055555542'),
  /**
   * How long a payment stays pending before the reconciliation asks the acquirer, wallet or issuer about it
   * (domain PAYMENT_RECONCILE_AFTER_MS by default; the process tests shorten it).
   */
  PAYMENT_RECONCILE_AFTER_MS: z.coerce.number().int().min(1_000).max(3_600_000).optional(),
  /**
   * The secret cart keys are made with (issue 27: an anonymous cart is held by its cookie and its key).
   * Unset: one generated on the first start and kept in the database, which every instance shares.
   */
  CART_KEY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Journeys only: a file holding milliseconds the server's clock runs ahead of the machine's (clock.ts), so
   * a journey can reach a banner's start time. No HTTP call moves it; unset (always, in a real shop): the
   * machine's clock.
   */
  CLOCK_OFFSET_FILE: z.string().min(1).optional(),
  /** How long the sandbox wallet keeps a charge processing (WALLET_SETTLE_MS by default; journeys shorten it). */
  WALLET_SANDBOX_SETTLE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /**
   * A server speaking Nominatim's search API (https://nominatim.openstreetmap.org or a self-hosted one) for
   * street-level points. Unset: the shop's own sandbox (http://127.0.0.1:PORT/sandbox/nominatim, which knows
   * the demo streets); `offline`: comuna centres only. Any failure falls back to the comuna's centre.
   */
  GEOCODER_URL: z
    .union([
      z.literal('offline'),
      z
        .string()
        .url()
        .regex(/^https?:\/\//, 'must be http(s)'),
    ])
    .optional(),
  /** How long an address waits for the geocoder before it takes its comuna's centre. */
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(1500),
  /**
   * The SMTP server mail leaves through (smtp://user:password@host:587 or smtps://…:465). Unset: the
   * sandbox mailer, which only logs (and keeps for GET /api/dev/outbox).
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/\s]+\/?$/, 'must be smtp://[user:password@]host[:port] or smtps://…')
    .optional(),
  /** The address the shop's mail is sent from; each brand signs with its own name. */
  MAIL_FROM: z.email('must be an e-mail address').default('no-responder@despensa.example'),
  /** Where `npm run backup` / `restore` find pg_dump and pg_restore of the server's major (else PATH). */
  PG_BIN_DIR: z.string().min(1).optional(),
  /** An OTLP/HTTP collector (e.g. http://otel-collector:4318): traces are sent there; unset: no tracing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** The service name traces carry. */
  OTEL_SERVICE_NAME: z.string().min(1).default('despensa'),
  /** The bearer token /metrics asks for (issue 31); unset: no /metrics at all. */
  METRICS_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * On a stop signal, how long the instance stays up but not ready (/api/ready 503) before it closes: longer
   * than its load balancer takes to notice (HAProxy in cluster.ts: 3 checks 2 s apart).
   */
  DRAIN_NOTICE_MS: z.coerce.number().int().min(0).max(120_000).default(8_000),
  /**
   * How an instance rebuilds its catalogue index: 'alongside' builds the new one while serving from the old
   * (half as much memory again at its peak); 'out-of-rotation' leaves the load balancer's rotation while
   * another instance serves (one at a time, DRAIN_NOTICE_MS after /api/ready turns 503) and builds it alone,
   * within the memory it serves in (issue 33: ≤ 1 GB at 500,000 products). Alone, it builds alongside.
   */
  CATALOG_REBUILD: z.enum(['alongside', 'out-of-rotation']).default('alongside'),
});

export type Config = z.output<typeof configSchema> & { dataDir: string };

export class ConfigError extends Error {}

/** Parses the environment once; the message names every bad variable on one line. */
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour');
const specialGreetingSchema = z.object({
  email: z.email().transform((email) => email.toLowerCase()),
  label: z.string().trim().min(1).max(40),
});
const brandHostsSchema = z.record(
  z.string().regex(/^[a-z0-9.-]{1,253}$/, 'a host name, lower case, without port'),
  z.object({
    name: z.string().min(1),
    sellerId: sellerIdParam,
    logoUrl: z.string().min(1).optional(),
    primaryColor: colour.optional(),
    secondaryColor: colour.optional(),
    helpPhone: z.string().min(1).optional(),
    noCoverageVariant: z.enum(['default', 'comingSoon']).optional(),
  }),
);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(configSchema.shape).map((name) => [name, env[name] === '' ? undefined : env[name]]),
  );
  const parsed = configSchema.safeParse(picked);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return {
    ...parsed.data,
    MAIL_OUTBOX_KEY: outboxKey(parsed.data, env.NODE_ENV === 'production'),
    dataDir: path.resolve(parsed.data.DATA_DIR),
  };
}

/** The configuration of a process that starts a shop; a bad variable is named on one line and exits 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * The key the mail outbox answers to, none when there is no outbox. Production never falls back to the
 * documented development key, and no key may be one of the API keys (which pages carry).
 */
function outboxKey(
  config: Pick<z.output<typeof configSchema>, 'MAIL_OUTBOX' | 'MAIL_OUTBOX_KEY' | 'API_KEYS'>,
  production: boolean,
): string | undefined {
  if ((config.MAIL_OUTBOX ?? (production ? 'off' : 'on')) === 'off') return undefined;
  const key = config.MAIL_OUTBOX_KEY ?? (production ? undefined : DEFAULT_OUTBOX_KEY);
  if (!key)
    throw new ConfigError(
      'Invalid configuration: MAIL_OUTBOX_KEY: required in production when MAIL_OUTBOX is on',
    );
  if (config.API_KEYS.has(key))
    throw new ConfigError('Invalid configuration: MAIL_OUTBOX_KEY: must not be one of the API_KEYS');
  return key;
}
