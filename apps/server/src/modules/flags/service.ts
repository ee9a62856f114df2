import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { OpenFeature, ProviderEvents, type Client } from '@openfeature/server-sdk';
import { Failure } from '@despensa/contracts';
import {
  DEFAULT_FEATURE_FLAGS,
  FEATURE_FLAG_NAMES,
  isFeatureFlag,
  type FeatureFlag,
  type FeatureFlags,
} from '@despensa/domain';
import type { Database, Tx } from '../../db/client';
import { featureFlag } from './tables';
import { PostgresFlagProvider } from './provider';

/**
 * §9 feature flags, evaluated through OpenFeature's server SDK with a provider over PostgreSQL: the vendor-
 * neutral API means a hosted flag service (flagd, LaunchDarkly…) can replace the provider without touching
 * a caller. The table is the one truth for every app instance: a write anywhere fires feature_flags_changed,
 * every instance's listener reloads, so a change needs no restart and all instances answer alike.
 */
export class FlagsService {
  private readonly provider: PostgresFlagProvider;
  private readonly client: Client;
  /** Each app gets its own OpenFeature domain, so several apps in one process (tests) never share one. */
  private readonly domain = `despensa-${randomUUID()}`;
  private listener: pg.Client | null = null;
  private readonly changeListeners = new Set<() => void>();
  /**
   * Every flag's value while the provider's configuration stands. Flags are evaluated without a context, so
   * one evaluation serves every request until the configuration changes: OpenFeature's evaluation of all
   * flags was a fifth of a cart read's time (issue 33).
   */
  private evaluated: Promise<FeatureFlags> | null = null;

  constructor(
    private readonly database: Database,
    private readonly clock: () => Date,
    private readonly log: (message: string) => void = () => {},
  ) {
    this.provider = new PostgresFlagProvider(() => this.load());
    this.client = OpenFeature.getClient(this.domain);
    // A provider that changes by itself (a hosted flag service) says so with this event. Ours emits it too,
    // but the SDK's handlers are async and not promised to have run when a reload resolves: reloadProvider
    // forgets as well, so a change is read right after it.
    this.client.addHandler(ProviderEvents.ConfigurationChanged, this.forgetEvaluated);
  }

  /** Calls `listener` after the flags reloaded on a change made on any instance. */
  onChange(listener: () => void): void {
    this.changeListeners.add(listener);
  }

  async start(): Promise<void> {
    // A new shop starts with the §9 defaults; a flag already set keeps its value.
    await this.database.db
      .insert(featureFlag)
      .values(
        FEATURE_FLAG_NAMES.map((key) => ({
          key,
          enabled: DEFAULT_FEATURE_FLAGS[key],
          updatedAt: this.clock(),
        })),
      )
      .onConflictDoNothing();
    await OpenFeature.setProviderAndWait(this.domain, this.provider);
    // A connection of its own, outside the pool, kept for LISTEN.
    const client = new pg.Client({ connectionString: this.database.url });
    await client.connect();
    client.on('notification', () => {
      this.reloadProvider()
        .then(() => {
          for (const listener of this.changeListeners) listener();
        })
        .catch((error: Error) => this.log(`feature flags reload failed: ${error.message}`));
    });
    client.on('error', (error) => this.log(`feature flags listener lost its connection: ${error.message}`));
    await client.query('LISTEN feature_flags_changed');
    this.listener = client;
  }

  async stop(): Promise<void> {
    await this.listener?.end().catch(() => {});
    this.listener = null;
    this.client.removeHandler(ProviderEvents.ConfigurationChanged, this.forgetEvaluated);
    await this.provider.events.removeAllHandlers();
  }

  async isEnabled(flag: FeatureFlag): Promise<boolean> {
    return (await this.all())[flag];
  }

  /** Every flag's current value (what the web's pages and menu read). */
  all(): Promise<FeatureFlags> {
    if (this.evaluated) return this.evaluated;
    const evaluated = this.evaluateAll();
    this.evaluated = evaluated;
    evaluated.catch(() => {
      if (this.evaluated === evaluated) this.forgetEvaluated();
    });
    return evaluated;
  }

  /** Throws featureDisabled (a 404: the feature is not there) when the flag is off. */
  async require(flag: FeatureFlag): Promise<void> {
    if (!(await this.isEnabled(flag))) throw new Failure('featureDisabled');
  }

  /** A staff change: stored, then this instance reloads at once (the others on the notification). */
  async set(flag: string, enabled: boolean): Promise<FeatureFlags> {
    await this.database.db.transaction((tx) => this.write(tx, flag, enabled));
    return this.reload();
  }

  /**
   * A staff change in the caller's transaction (its audit row beside it): the table's trigger notifies
   * when it commits, and every instance reloads; `reload` makes this one read it at once.
   */
  async write(tx: Tx, flag: string, enabled: boolean): Promise<void> {
    if (!isFeatureFlag(flag)) throw new Failure('featureFlagNotFound');
    await tx
      .insert(featureFlag)
      .values({ key: flag, enabled, updatedAt: this.clock() })
      .onConflictDoUpdate({ target: featureFlag.key, set: { enabled, updatedAt: this.clock() } });
  }

  async reload(): Promise<FeatureFlags> {
    await this.reloadProvider();
    return this.all();
  }

  private async reloadProvider(): Promise<void> {
    await this.provider.reload();
    this.forgetEvaluated();
  }

  private readonly forgetEvaluated = (): void => {
    this.evaluated = null;
  };

  private async evaluateAll(): Promise<FeatureFlags> {
    const values = await Promise.all(
      FEATURE_FLAG_NAMES.map((flag) => this.client.getBooleanValue(flag, DEFAULT_FEATURE_FLAGS[flag])),
    );
    return Object.freeze(
      Object.fromEntries(FEATURE_FLAG_NAMES.map((flag, i) => [flag, values[i]])),
    ) as FeatureFlags;
  }

  private async load(): Promise<Map<string, boolean>> {
    const rows = await this.database.db.select().from(featureFlag);
    return new Map(rows.map((row) => [row.key, row.enabled]));
  }
}
