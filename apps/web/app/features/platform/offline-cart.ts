import { OFFLINE_QUEUE_HEADER, QUEUED_HEADER, type OrderForm } from '@despensa/contracts';
import type { CartActionResult, CartIntent } from '../cart/types';

const QUEUEABLE: CartIntent['intent'][] = ['update', 'remove'];
export const OFFLINE_REFUSED = 'Sin conexión: este cambio se podrá hacer cuando vuelvas a estar en línea.';

/**
 * A quantity change made offline: handed to the service worker, which keeps it (Workbox background sync)
 * and sends it when the connection returns; the server's answer then replaces the cart in every tab. Till
 * then the cached cart shows the change. Null when no service worker took it (the usual §8 handling runs).
 */
export async function queueCartChangeOffline(
  path: string,
  body: string,
  cached: OrderForm | null,
): Promise<CartActionResult | null> {
  let change: CartIntent;
  try {
    change = JSON.parse(body) as CartIntent;
  } catch {
    return null;
  }
  if (!QUEUEABLE.includes(change.intent)) return { orderForm: cached, error: OFFLINE_REFUSED };
  let response: Response;
  try {
    // Raw fetch: the cart's resource route (not /api), intercepted by the service worker's offline queue.
    response = await fetch(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        [OFFLINE_QUEUE_HEADER]: '1',
      },
      body,
    });
  } catch {
    return null;
  }
  // The network came back meanwhile: the server answered this change itself.
  if (!response.headers.has(QUEUED_HEADER)) return (await response.json()) as CartActionResult;
  return { orderForm: cached ? applyLocally(cached, change) : null };
}

function applyLocally(orderForm: OrderForm, change: CartIntent): OrderForm {
  const quantities = new Map<string, number>();
  if (change.intent === 'update') for (const line of change.lines) quantities.set(line.id, line.quantity);
  if (change.intent === 'remove') for (const id of change.ids) quantities.set(id, 0);
  return {
    ...orderForm,
    messages: [],
    items: orderForm.items.flatMap((item) => {
      const quantity = quantities.get(item.id);
      if (quantity === undefined) return [item];
      return quantity > 0 ? [{ ...item, quantity }] : [];
    }),
  };
}
