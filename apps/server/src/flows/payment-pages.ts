import type { FastifyPluginAsync } from 'fastify';
import type { Checkout } from './place-order';
import type { OrdersService } from '../modules/orders/service';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The card redirect's two pages outside the React app: `/checkout/pagar/{tId}` posts the acquirer's token
 * to its payment page (Webpay expects a POST of token_ws), and `/checkout/retorno` takes the acquirer's
 * four returns and sends the shopper to the order-placed page or back to the checkout.
 */
export function paymentPages(checkout: Checkout, orders: OrdersService): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get<{ Params: { tId: string } }>(
      '/checkout/pagar/:tId',
      { schema: { hide: true } },
      async (request, reply) => {
        const payment = await orders.payment(request.params.tId.slice(0, 100));
        if (!payment) return reply.redirect('/checkout/payment?paymentError=error');
        if (payment.status === 'approved')
          return reply.redirect(`/checkout/orderPlaced?og=${payment.orderGroup}`);
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

    const back = async (fields: Record<string, string | undefined>) => checkout.acquirerReturn(fields);
    app.post<{ Body: Record<string, string> | null }>(
      '/checkout/retorno',
      { schema: { hide: true } },
      async (request, reply) => reply.redirect(await back(request.body ?? {}), 303),
    );
    app.get<{ Querystring: Record<string, string> }>(
      '/checkout/retorno',
      { schema: { hide: true } },
      async (request, reply) => reply.redirect(await back(request.query), 303),
    );
  };
}
