import type { StorefrontServices } from '@despensa/contracts';
import type { ListBaskets } from '../../flows/list-baskets';
import { signedInUser, type AuthService } from '../../modules/auth/service';
import type { CatalogService } from '../../modules/catalog/service';
import type { FavouritesService } from '../../modules/favourites/service';
import { runAnswer, type ListsService } from '../../modules/lists/service';
import type { OrdersService } from '../../modules/orders/service';

/** What the web's loaders and actions get (contracts' `shopperLists`): lists, favourites and frequent products behind a session token. */
export function shopperListsForWeb(
  auth: AuthService,
  lists: ListsService,
  baskets: ListBaskets,
  favourites: FavouritesService,
  orders: OrdersService,
  catalog: CatalogService,
): StorefrontServices['shopperLists'] {
  const userOf = signedInUser(auth);
  return {
    lists: async (token) => lists.list(await userOf(token)),
    list: async (token, id) => lists.get(await userOf(token), id),
    create: async (token, body) => lists.create(await userOf(token), body),
    update: async (token, id, body) => lists.update(await userOf(token), id, body),
    addSku: async (token, id, skuId, quantity) => lists.addSku(await userOf(token), id, skuId, quantity),
    remove: async (token, id) => lists.remove(await userOf(token), id),
    currentRun: async (token, id) => {
      const run = await lists.currentRun(await userOf(token), id);
      return run && runAnswer(run);
    },
    skipRun: async (token, id, deliveryDate) =>
      runAnswer(await lists.skipRun(await userOf(token), id, deliveryDate)),
    basket: async (token, id, deliveryDate) => baskets.basket(await userOf(token), id, deliveryDate),
    changeBasket: async (token, id, body) => baskets.changeBasket(await userOf(token), id, body),
    basketProducts: async (token, id, deliveryDate, query) =>
      baskets.products(await userOf(token), id, deliveryDate, query),
    setScheduleStatus: async (token, id, status) => lists.setScheduleStatus(await userOf(token), id, status),
    availability: (skuIds, salesChannel) => lists.availability(skuIds, salesChannel),
    favourites: async (token) => favourites.list(await userOf(token)),
    setFavourite: async (token, skuId, favourite) => {
      const userId = await userOf(token);
      return favourite ? favourites.add(userId, skuId) : favourites.remove(userId, skuId);
    },
    frequent: async (token, salesChannel, qty) =>
      catalog.frequent(salesChannel, qty, await orders.boughtSkus(await userOf(token))),
  };
}
