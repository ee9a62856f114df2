import type { FeatureFlags } from '@despensa/domain';
import type { StorefrontServices } from '@despensa/contracts';
import { sessionTokenOf } from '../../lib/session-token';
import { summarizeList, type ListSummary } from './list-summary';

/** What every page knows of the §9 flags and the shopper's hearts (root loader data). */
export interface ShopperFeatures {
  flags: FeatureFlags;
  /** Sku ids the shopper hearted; empty for a visitor or with favourites off. */
  favouriteSkuIds: string[];
  /** The shopper's lists for the add-to-list dialog; empty for a visitor or with lists off. */
  lists: ListSummary[];
}

/** For the root loader: the live flags and, for a logged-in shopper, their favourites. */
export async function shopperFeatures(
  services: StorefrontServices,
  request: Request,
  loggedIn: boolean,
): Promise<ShopperFeatures> {
  const flags = await services.flags.all();
  const token = sessionTokenOf(request);
  // A session that ended meanwhile reads as none: the root's own check logs the shopper out.
  const [favouriteSkuIds, lists] = await Promise.all([
    loggedIn && flags.favourites ? services.shopperLists.favourites(token).catch(() => []) : [],
    loggedIn && flags.shoppingLists
      ? services.shopperLists
          .lists(token)
          .then((all) => all.map(summarizeList))
          .catch(() => [])
      : [],
  ]);
  return { flags, favouriteSkuIds, lists };
}
