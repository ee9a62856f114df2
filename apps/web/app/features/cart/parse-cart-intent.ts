import { couponBody, itemsOrdination, orderInfoBody, orderItemsBody } from '@despensa/contracts';
import type { CartIntent, CartLineChange } from './cart-intents';

/** Lines checked with the contracts' PATCH items schema; only changes by sku id are accepted here. */
function skuLines(value: unknown): CartLineChange[] | null {
  const parsed = orderItemsBody.safeParse({ orderItems: value });
  if (!parsed.success) return null;
  const lines: CartLineChange[] = [];
  for (const change of parsed.data.orderItems) {
    if (!('id' in change)) return null;
    lines.push({
      id: change.id,
      quantity: change.quantity,
      ...(change.seller ? { seller: change.seller } : {}),
    });
  }
  return lines;
}

/** The substitution preferences sent (per SKU: criterion and note), checked by the contracts' shape. */
function substitutionIntent(sent: unknown): CartIntent | null {
  const parsed = orderInfoBody.safeParse({ skuData: sent });
  if (!parsed.success || !parsed.data.skuData) return null;
  const skuData = Object.fromEntries(
    Object.entries(parsed.data.skuData).map(([sku, entry]) => [
      sku,
      { substituteType: entry.substituteType, note: entry.note ?? null },
    ]),
  );
  return { intent: 'substitution', skuData };
}

/** The JSON a cart fetcher sent, or null when it is not a cart change the action knows. */
export function parseCartIntent(body: unknown): CartIntent | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = body as Record<string, unknown>;
  switch (value.intent) {
    case 'add': {
      const lines = skuLines(value.items);
      if (!lines || lines.some((line) => line.quantity < 1)) return null;
      return {
        intent: 'add',
        items: lines.map((line) => ({ id: line.id, quantity: line.quantity, seller: line.seller ?? '1' })),
      };
    }
    case 'update': {
      const lines = skuLines(value.lines);
      return lines ? { intent: 'update', lines } : null;
    }
    case 'remove': {
      const ids = Array.isArray(value.ids) ? value.ids : null;
      const lines = ids && skuLines(ids.map((id) => ({ id, quantity: 0 })));
      return lines ? { intent: 'remove', ids: lines.map((line) => line.id) } : null;
    }
    case 'removeAll':
      return { intent: 'removeAll' };
    case 'coupon': {
      const parsed = couponBody.safeParse({ text: value.text });
      return parsed.success ? { intent: 'coupon', text: parsed.data.text } : null;
    }
    case 'substitution':
      return substitutionIntent(value.skuData);
    case 'ordination': {
      const parsed = itemsOrdination.safeParse({ criteria: value.criteria, ascending: value.ascending });
      return parsed.success ? { intent: 'ordination', ...parsed.data } : null;
    }
    case 'clearPayment':
      return { intent: 'clearPayment' };
    default:
      return null;
  }
}
