import type { FeatureFlags } from '@despensa/domain';
import type { StorefrontServices } from '@despensa/contracts';
import { sessionTokenOf } from '../account/account-server';

/** What every page knows of the §9 flags and the shopper's hearts (root loader data). */
export interface ShopperFeatures {
  flags: FeatureFlags;
  /** Sku ids the shopper hearted; empty for a visitor or with favourites off. */
  favouriteSkuIds: string[];
}

/** For the root loader: the live flags and, for a logged-in shopper, their favourites. */
export async function shopperFeatures(
  services: StorefrontServices,
  request: Request,
  loggedIn: boolean,
): Promise<ShopperFeatures> {
  const flags = await services.flags.all();
  const favouriteSkuIds =
    loggedIn && flags.favourites
      ? await services.shopperLists.favourites(sessionTokenOf(request)).catch(() => [])
      : [];
  return { flags, favouriteSkuIds };
}
