import type { FeatureFlag } from '@despensa/domain';
import type { FlagsService } from '../modules/flags/service';

/** A preHandler for the routes of a §9 flagged feature: switched off, the route answers 404 featureDisabled. */
export function requireFeature(flags: FlagsService, flag: FeatureFlag) {
  return async (): Promise<void> => flags.require(flag);
}
