import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Checkout } from '../../flows/place-order';
import type { OrdersService } from '../../modules/orders/service';
import type { AuthService } from '../../modules/auth/service';
import { optionalSession } from '../session';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The card redirect's two pages outside the React app: `/checkout/pagar/{tId}` posts the acquirer's token
 * to its payment page (Webpay expects a POST of token_ws), only for the customer who placed the order
 * (a stranger gets 404: the token is the payment), and `/checkout/retorno` takes the acquirer's four
 * returns (Checkout.acquirerReturn) and sends the shopper to the order-placed page or back to the checkout.
 */
export function paymentPages(
  checkout: Checkout,
  orders: OrdersService,
  auth: AuthService,
): FastifyPluginAsync {
  const customerOf = async (request: FastifyRequest) =>
    (await optionalSession(auth, request))?.userId ?? null;
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get<{ Params: { tId: string } }>(
      '/checkout/pagar/:tId',
      { schema: { hide: true } },
      async (request, reply) => {
        const payment = await orders.payment(request.params.tId.slice(0, 100));
        const customerId = await customerOf(request);
        if (!payment || customerId === null || payment.userId !== customerId) {
          reply.status(404).header('cache-control', 'no-store').type('text/html; charset=utf-8');
          return `<!doctype html><html lang="es-CL"><head><meta charset="utf-8"><title>Pago no encontrado</title></head>
<body><p>No encontramos ese pago.</p><p><a href="/checkout/payment">Volver al pago</a></p></body></html>`;
        }
        if (payment.status === 'approved')
          return reply.redirect(`/checkout/orderPlaced?og=${payment.orderGroup}`);
        const settled = await checkout.settleIfLeft(payment);
        if (settled) return reply.redirect(settled);
        const started =
          payment.status === 'pending'
            ? await checkout
                .startPayment(payment.id, `${request.protocol}://${request.host}`)
                .catch(() => null)
            : null;
        if (!started) return reply.redirect(`/checkout/payment?paymentError=error&og=${payment.orderGroup}`);
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        return `<!doctype html><html lang="es-CL"><head><meta charset="utf-8"><title>Pagar</title></head>
<body onload="document.forms[0].submit()"><form method="post" action="${escape(started.url)}">
<input type="hidden" name="token_ws" value="${escape(started.token)}">
<noscript><button type="submit">Ir a pagar</button></noscript></form></body></html>`;
      },
    );

    const back = async (request: FastifyRequest, fields: Record<string, string | undefined>) =>
      checkout.acquirerReturn(fields, await customerOf(request));
    app.post<{ Body: Record<string, string> | null }>(
      '/checkout/retorno',
      { schema: { hide: true } },
      async (request, reply) => reply.redirect(await back(request, request.body ?? {}), 303),
    );
    app.get<{ Querystring: Record<string, string> }>(
      '/checkout/retorno',
      { schema: { hide: true } },
      async (request, reply) => reply.redirect(await back(request, request.query), 303),
    );
  };
}
