import { data } from 'react-router';
import {
  failureCodeOf,
  failureMessageOf,
  parseListSkus,
  type ShoppingList,
  type StorefrontServices,
} from '@despensa/contracts';
import { CHAIN_SELLER_ID, SKUS_BATCH } from '@despensa/domain';
import { assertSameOrigin } from '../account/server';
import { sessionTokenOf } from '../../lib/session-token';
import { productsOfSkusInChunks, salesChannelOf } from '../catalog/server';
import { addItems, cartForChange, isCartRefusal } from '../cart/server';
import { orLogOutHome } from './features-server';
import { LIST_CHANGES, ok, text, type ListActionResult, type ListChange } from './list-changes';
export { summarizeList, type ListSummary } from './list-summary';

/** A list's product as its page shows it. */
export interface ListLine {
  skuId: string;
  name: string;
  imageUrl: string;
  link: string;
  /** The sku's price here (CLP cents), 0 when not sold here. */
  price: number;
  /** For a weighed sku ('kg'), steps of unitMultiplier kg, as in the cart. */
  quantity: number;
  measurementUnit: string;
  unitMultiplier: number;
  /** §5 in stock in the shopper's channel. */
  available: boolean;
}

/** Which skus can be bought now, asked SKUS_BATCH at a time as §5 and §9 say. */
export function unavailableSkus(
  services: StorefrontServices,
  skuIds: string[],
  salesChannel: number,
): Set<string> {
  const unavailable = new Set<string>();
  for (let i = 0; i < skuIds.length; i += SKUS_BATCH) {
    for (const sku of services.shopperLists.availability(skuIds.slice(i, i + SKUS_BATCH), salesChannel)
      .unavailable)
      unavailable.add(sku);
  }
  return unavailable;
}

/** The list's products with names, prices and availability in the shopper's channel. */
export function listLines(
  services: StorefrontServices,
  list: ShoppingList,
  salesChannel: number,
): ListLine[] {
  const skus = parseListSkus(list.skus) ?? {};
  const skuIds = Object.keys(skus);
  const unavailable = unavailableSkus(services, skuIds, salesChannel);
  const products = productsOfSkusInChunks(services, skuIds, salesChannel);
  return skuIds.flatMap((skuId) => {
    for (const product of products) {
      const sku = product.items.find((item) => item.itemId === skuId);
      if (!sku) continue;
      const seller = sku.sellers.find((s) => s.sellerId === CHAIN_SELLER_ID) ?? sku.sellers[0];
      return [
        {
          skuId,
          name: sku.nameComplete || product.productName,
          imageUrl: sku.images[0]?.imageUrl ?? '',
          link: `/${product.linkText}/p`,
          price: seller?.commertialOffer.Price ?? 0,
          quantity: skus[skuId]!,
          measurementUnit: sku.measurementUnit,
          unitMultiplier: sku.unitMultiplier,
          available: !unavailable.has(skuId),
        },
      ];
    }
    return [];
  });
}

/**
 * Every list change, from the lists page, a list's page and the add-to-list dialog. A missing or expired
 * session logs the shopper out and goes home (§6); a refusal is told in Spanish.
 */
export async function listAction(services: StorefrontServices, request: Request): Promise<unknown> {
  assertSameOrigin(request);
  const form = await request.formData();
  const intent = text(form, 'intent');
  const change: ListChange = {
    lists: services.shopperLists,
    token: sessionTokenOf(request),
    listId: text(form, 'listId'),
    form,
    intent,
  };
  try {
    return await orLogOutHome(services, request, async (): Promise<unknown> => {
      if (intent === 'add-to-cart') return addListToCart(services, request, change.token, change.listId);
      const apply = LIST_CHANGES.get(intent);
      if (apply) return apply(change);
      return data({ ok: false, intent, error: 'Acción desconocida' } satisfies ListActionResult, {
        status: 400,
      });
    });
  } catch (error) {
    if (error instanceof Response || !failureCodeOf(error) || failureCodeOf(error) === 'internal')
      throw error;
    return data({ ok: false, intent, error: failureMessageOf(error) } satisfies ListActionResult, {
      status: failureCodeOf(error) === 'shoppingListNotFound' ? 404 : 400,
    });
  }
}

/**
 * 'Agregar lista al carro': the list's available products go into the cart at their list quantities (on
 * top of what the cart holds); the unavailable ones are named.
 */
async function addListToCart(
  services: StorefrontServices,
  request: Request,
  token: string | undefined,
  listId: string,
) {
  const list = await services.shopperLists.list(token, listId);
  const lines = listLines(services, list, salesChannelOf(request));
  const available = lines.filter((line) => line.available);
  const missing = lines.filter((line) => !line.available).map((line) => line.name);
  const headers = new Headers();
  let added = 0;
  if (available.length > 0) {
    const { orderForm, setCookies, viewer } = await cartForChange(services, request);
    for (const setCookie of setCookies) headers.append('set-cookie', setCookie);
    try {
      const after = await addItems(
        services.cart,
        viewer,
        orderForm,
        available.map((line) => ({ id: line.skuId, quantity: line.quantity, seller: CHAIN_SELLER_ID })),
      );
      added = available.filter((line) => after.items.some((item) => item.id === line.skuId)).length;
    } catch (error) {
      if (!isCartRefusal(error)) throw error;
    }
  }
  const parts = [
    added > 0
      ? `Agregamos ${added} ${added === 1 ? 'producto' : 'productos'} a tu carro.`
      : 'No agregamos productos a tu carro.',
    ...(missing.length > 0 ? [`No disponibles: ${missing.join(', ')}.`] : []),
  ];
  return data(ok('add-to-cart', parts.join(' '), listId), { headers });
}
