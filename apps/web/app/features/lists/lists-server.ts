import { data, redirect } from 'react-router';
import {
  failureCodeOf,
  failureMessageOf,
  parseListSkus,
  type ShoppingList,
  type StorefrontServices,
} from '@despensa/contracts';
import { CHAIN_SELLER_ID, MAX_QUANTITY, SKUS_BATCH } from '@despensa/domain';
import { assertSameOrigin, sessionTokenOf } from '../account/account-server';
import { salesChannelOf } from '../catalog/loader-helpers';
import { addItems, cartForChange, isCartRefusal } from '../cart/cart-server';
import { orLogOutHome } from './features-server';
import { MY_LISTS_PATH, listPath } from './paths';
import { scheduleLabel } from './schedule-label';
export { summarizeList, type ListSummary } from './list-summary';
import { formatDate } from '../../lib/format';

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
  const products = services.catalog.productsOfSkus(skuIds, salesChannel);
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

/** What a list form answers (a deleted list redirects to the lists page instead). */
export type ListActionResult =
  | { ok: true; intent: string; message: string; listId?: string }
  | { ok: false; intent: string; error: string };

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const quantityOf = (form: FormData, fallback = 1) => {
  const value = Number(form.get('quantity') ?? fallback);
  return Number.isInteger(value) ? Math.min(MAX_QUANTITY, Math.max(0, value)) : fallback;
};

/**
 * Every list change, from the lists page, a list's page and the add-to-list dialog. A missing or expired
 * session logs the shopper out and goes home (§6); a refusal is told in Spanish.
 */
export async function listAction(services: StorefrontServices, request: Request): Promise<unknown> {
  assertSameOrigin(request);
  const form = await request.formData();
  const intent = text(form, 'intent');
  const token = sessionTokenOf(request);
  const lists = services.shopperLists;
  const listId = text(form, 'listId');
  try {
    return await orLogOutHome(services, request, async (): Promise<unknown> => {
      switch (intent) {
        case 'create': {
          const skuId = text(form, 'skuId');
          const skus = skuId ? { [skuId]: Math.max(1, quantityOf(form)) } : {};
          const list = await lists.create(token, {
            name: text(form, 'name'),
            skus: JSON.stringify(skus),
            type: 'client',
          });
          // Without the dialog (no JavaScript), the new list's page.
          if (form.get('then') === 'open') return redirect(listPath(list.id));
          return ok(
            intent,
            skuId ? `Agregaste el producto a ${list.name}` : `Creaste la lista ${list.name}`,
            list.id,
          );
        }
        case 'add-sku': {
          const list = await lists.addSku(token, listId, text(form, 'skuId'), Math.max(1, quantityOf(form)));
          return ok(intent, `Agregaste el producto a ${list.name}`, list.id);
        }
        case 'rename': {
          const list = await lists.list(token, listId);
          const renamed = await lists.update(token, listId, { ...list, name: text(form, 'name') });
          return ok(intent, `La lista ahora se llama ${renamed.name}`, listId);
        }
        case 'set-quantity': {
          const list = await lists.list(token, listId);
          const skus = { ...(parseListSkus(list.skus) ?? {}) };
          const quantity = quantityOf(form);
          if (quantity === 0) delete skus[text(form, 'skuId')];
          else skus[text(form, 'skuId')] = quantity;
          await lists.update(token, listId, { ...list, skus: JSON.stringify(skus) });
          return ok(
            intent,
            quantity === 0 ? 'Quitaste el producto de la lista' : 'Cantidad actualizada',
            listId,
          );
        }
        case 'schedule': {
          const list = await lists.list(token, listId);
          const schedule = {
            status: Number(form.get('status')),
            frequency: Number(form.get('frequency')),
            deliveryDay: Number(form.get('deliveryDay')),
          } as ShoppingList['schedule'];
          const saved = await lists.update(token, listId, { ...list, schedule });
          return ok(intent, `Programación guardada: ${scheduleLabel(saved.schedule)}`, listId);
        }
        case 'skip-run': {
          const run = await lists.skipRun(token, listId);
          return ok(
            intent,
            `Saltaste la entrega del ${formatDate(`${run.deliveryDate}T12:00:00-03:00`)}`,
            listId,
          );
        }
        case 'pause':
        case 'resume': {
          const paused = intent === 'pause';
          await lists.setScheduleStatus(token, listId, paused ? 2 : 1);
          return ok(
            intent,
            paused ? 'Pausaste la compra programada' : 'Reanudaste la compra programada',
            listId,
          );
        }
        case 'delete': {
          await lists.remove(token, listId);
          return redirect(MY_LISTS_PATH);
        }
        case 'add-to-cart':
          return addListToCart(services, request, token, listId);
        default:
          return data({ ok: false, intent, error: 'Acción desconocida' } satisfies ListActionResult, {
            status: 400,
          });
      }
    });
  } catch (error) {
    if (error instanceof Response || !failureCodeOf(error) || failureCodeOf(error) === 'internal')
      throw error;
    return data({ ok: false, intent, error: failureMessageOf(error) } satisfies ListActionResult, {
      status: failureCodeOf(error) === 'shoppingListNotFound' ? 404 : 400,
    });
  }
}

function ok(intent: string, message: string, listId?: string): ListActionResult {
  return { ok: true, intent, message, ...(listId ? { listId } : {}) };
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
    const { orderForm, setCookie, viewer } = await cartForChange(services, request);
    if (setCookie) headers.append('set-cookie', setCookie);
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
