import {
  ErrorCode,
  OpenFeatureEventEmitter,
  ProviderEvents,
  StandardResolutionReasons,
  type JsonValue,
  type Provider,
  type ResolutionDetails,
} from '@openfeature/server-sdk';

/**
 * An OpenFeature provider over the feature_flag table: the values are held in memory (a flag is read on
 * every page and API call) and replaced by `reload`, which the flags service calls on start, after its own
 * writes and whenever PostgreSQL notifies feature_flags_changed. Flags are booleans only.
 */
export class PostgresFlagProvider implements Provider {
  readonly metadata = { name: 'despensa-postgres-flags' } as const;
  readonly runsOn = 'server' as const;
  readonly events = new OpenFeatureEventEmitter();
  private values = new Map<string, boolean>();

  constructor(private readonly load: () => Promise<Map<string, boolean>>) {}

  async initialize(): Promise<void> {
    this.values = await this.load();
  }

  async reload(): Promise<void> {
    const before = this.values;
    this.values = await this.load();
    const flagsChanged = [...this.values]
      .filter(([key, value]) => before.get(key) !== value)
      .map(([key]) => key);
    if (flagsChanged.length > 0) this.events.emit(ProviderEvents.ConfigurationChanged, { flagsChanged });
  }

  async resolveBooleanEvaluation(
    flagKey: string,
    defaultValue: boolean,
  ): Promise<ResolutionDetails<boolean>> {
    const value = this.values.get(flagKey);
    if (value === undefined)
      return {
        value: defaultValue,
        reason: StandardResolutionReasons.ERROR,
        errorCode: ErrorCode.FLAG_NOT_FOUND,
      };
    return { value, reason: StandardResolutionReasons.STATIC };
  }

  async resolveStringEvaluation(_flagKey: string, defaultValue: string): Promise<ResolutionDetails<string>> {
    return typeMismatch(defaultValue);
  }

  async resolveNumberEvaluation(_flagKey: string, defaultValue: number): Promise<ResolutionDetails<number>> {
    return typeMismatch(defaultValue);
  }

  async resolveObjectEvaluation<T extends JsonValue>(
    _flagKey: string,
    defaultValue: T,
  ): Promise<ResolutionDetails<T>> {
    return typeMismatch(defaultValue);
  }
}

function typeMismatch<T>(value: T): ResolutionDetails<T> {
  return { value, reason: StandardResolutionReasons.ERROR, errorCode: ErrorCode.TYPE_MISMATCH };
}
