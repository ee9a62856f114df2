import {
  cancelBody,
  editOrderBody,
  failureCodeOf,
  failureMessageOf,
  rescheduleBody,
} from '@despensa/contracts';
import type { StorefrontServices } from '@despensa/contracts';
import { formatPrice } from '../../lib/format';
import { windowLine } from '../delivery';
import { assertSameOrigin } from '../account/server';
import { ordersCall } from './orders-server';

export type OrderActionResult =
  { ok: true; message: string } | { ok: false; message: string; intent: string };

/** The purchase detail's forms: cancel, reschedule and edit, each answered with what happened. */
export async function orderAction(
  services: StorefrontServices,
  request: Request,
  orderId: string,
): Promise<OrderActionResult> {
  assertSameOrigin(request);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const fail = (message: string): OrderActionResult => ({ ok: false, message, intent });
  try {
    if (intent === 'cancel') {
      const body = cancelBody.safeParse({
        phone: form.get('phone'),
        comment: form.get('comment') ?? '',
        reason: form.get('reason'),
      });
      if (!body.success) return fail(body.error.issues[0]?.message ?? 'Revisa los datos');
      const order = await ordersCall(services, request, (token) =>
        services.orders.cancel(token, orderId, body.data),
      );
      return {
        ok: true,
        message: `Anulamos tu pedido. Te devolveremos ${formatPrice(order.value)} al medio de pago con que pagaste.`,
      };
    }
    if (intent === 'reschedule') {
      const [startDateUtc, endDateUtc] = String(form.get('window') ?? '').split('|');
      const body = rescheduleBody.safeParse({ startDateUtc, endDateUtc });
      if (!body.success) return fail('Elige un horario de entrega.');
      const order = await ordersCall(services, request, (token) =>
        services.orders.reschedule(token, orderId, body.data),
      );
      return {
        ok: true,
        message: `Reagendamos tu pedido para el ${windowLine(order.shippingData.deliveryWindow!)}.`,
      };
    }
    if (intent === 'edit') {
      const items = [...form.entries()]
        .filter(([name]) => name.startsWith('qty-'))
        .map(([name, value]) => ({ id: name.slice(4), quantity: Number(value) }));
      const body = editOrderBody.safeParse({ items });
      if (!body.success) return fail('Revisa las cantidades (entre 0 y 35).');
      const answer = await ordersCall(services, request, (token) =>
        services.orders.edit(token, orderId, body.data),
      );
      return {
        ok: true,
        message:
          answer.charged > 0
            ? `Guardamos los cambios. Cobramos ${formatPrice(answer.charged)} a la tarjeta con que pagaste.`
            : answer.refunded > 0
              ? `Guardamos los cambios. Te devolveremos ${formatPrice(answer.refunded)} al medio de pago con que pagaste.`
              : 'Guardamos los cambios de tu pedido.',
      };
    }
  } catch (error) {
    if (failureCodeOf(error)) return fail(failureMessageOf(error));
    throw error;
  }
  return fail('Acción desconocida');
}
