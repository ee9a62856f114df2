import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TEST_PASSWORD, TEST_RUT, findTestCard } from './cards';
import type { OneclickSandbox } from './oneclick';
import { bankPage, cardPage, errorPage, returnPage, unknownPage } from './page';
import type { WebpaySandbox } from './webpay';

export const SANDBOX_PREFIX = '/sandbox/transbank';
/** The enrolment page's steps live under this prefix, beside the payment page's. */
export const INSCRIPTION = '/inscription';
/** The sandbox's routes stay out of the API's document. */
export const hide = { schema: { hide: true } };

const form = z.record(z.string(), z.string());

const html = (reply: FastifyReply, markup: string, status = 200) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(markup);

// The card and bank steps of both pages (payment and enrolment) check the same test card and login.
async function testCardOr(
  reply: FastifyReply,
  page: { base: string; token: string; amount: number | null },
  number: string | undefined,
) {
  const card = findTestCard(number ?? '');
  if (!card)
    await html(
      reply,
      cardPage(page.base, page.token, page.amount, 'Usa una de las tarjetas de prueba.'),
      422,
    );
  return card ?? null;
}

function bankLoginFails(fields: { rut?: string | undefined; password?: string | undefined }): boolean {
  return (fields.rut ?? '').replace(/[^0-9kK]/g, '') !== TEST_RUT || fields.password !== TEST_PASSWORD;
}

function tokenOf(request: FastifyRequest): Record<string, string> {
  const fields = form.safeParse(request.body ?? request.query);
  return fields.success ? fields.data : {};
}

/**
 * The payment page. Every step first checks the token is alive: past 5 minutes the shopper goes back with
 * the timeout return (only TBK_ID_SESION and TBK_ORDEN_COMPRA).
 */
export function paymentPageRoutes(app: FastifyInstance, webpay: WebpaySandbox): void {
  const live = async (reply: FastifyReply, token: string | undefined) => {
    const row = token ? await webpay.forPage(token) : null;
    if (!row || row.outcome !== 'pending') {
      await html(reply, unknownPage(), 404);
      return null;
    }
    if (webpay.expired(row)) {
      await webpay.leave(row.token, 'timeout');
      await html(
        reply,
        returnPage(row.returnUrl, { TBK_ID_SESION: row.sessionId, TBK_ORDEN_COMPRA: row.buyOrder }),
      );
      return null;
    }
    return row;
  };
  app.route({
    method: ['GET', 'POST'],
    url: `${SANDBOX_PREFIX}/webpayserver/initTransaction`,
    ...hide,
    handler: async (request, reply) => {
      const fields = { ...(request.query as Record<string, string>), ...tokenOf(request) };
      const row = await live(reply, fields.token_ws);
      if (row) return html(reply, cardPage(SANDBOX_PREFIX, row.token, row.amount));
    },
  });
  app.post(`${SANDBOX_PREFIX}/webpayserver/card`, hide, async (request, reply) => {
    const fields = tokenOf(request);
    const row = await live(reply, fields.token);
    if (!row) return;
    const card = await testCardOr(reply, { base: SANDBOX_PREFIX, ...row }, fields.card);
    if (!card) return;
    // The card travels to the bank step in the form, as the real page keeps it in its session.
    return html(reply, bankPage(SANDBOX_PREFIX, row.token, card.number));
  });
  app.post(`${SANDBOX_PREFIX}/webpayserver/bank`, hide, async (request, reply) => {
    const fields = tokenOf(request);
    const row = await live(reply, fields.token);
    if (!row) return;
    const card = await testCardOr(reply, { base: SANDBOX_PREFIX, ...row }, fields.card);
    if (!card) return;
    if (bankLoginFails(fields)) {
      return html(reply, bankPage(SANDBOX_PREFIX, row.token, card.number, 'RUT o clave incorrectos.'), 422);
    }
    await webpay.pay(row.token, card);
    return html(reply, returnPage(row.returnUrl, { token_ws: row.token }));
  });
  app.post(`${SANDBOX_PREFIX}/webpayserver/abort`, hide, async (request, reply) => {
    const row = await live(reply, tokenOf(request).token);
    if (!row) return;
    await webpay.leave(row.token, 'aborted');
    return html(
      reply,
      returnPage(row.returnUrl, {
        TBK_TOKEN: row.token,
        TBK_ORDEN_COMPRA: row.buyOrder,
        TBK_ID_SESION: row.sessionId,
      }),
    );
  });
  app.post(`${SANDBOX_PREFIX}/webpayserver/fail`, hide, async (request, reply) => {
    const row = await live(reply, tokenOf(request).token);
    if (!row) return;
    await webpay.leave(row.token, 'error');
    return html(
      reply,
      errorPage(row.returnUrl, {
        token_ws: row.token,
        TBK_TOKEN: row.token,
        TBK_ORDEN_COMPRA: row.buyOrder,
        TBK_ID_SESION: row.sessionId,
      }),
    );
  });
}

/**
 * The enrolment page: the same card and bank steps; every way out posts TBK_TOKEN to response_url. The
 * page's own forms post to relative paths: only the API's answers carry the absolute URL.
 */
export function enrolmentPageRoutes(app: FastifyInstance, oneclick: OneclickSandbox): void {
  const enrolBase = `${SANDBOX_PREFIX}${INSCRIPTION}`;
  const liveInscription = async (reply: FastifyReply, token: string | undefined) => {
    const row = token ? await oneclick.forPage(token) : null;
    if (!row || row.outcome !== 'pending') {
      await html(reply, unknownPage(), 404);
      return null;
    }
    if (oneclick.expired(row)) {
      await oneclick.abort(row.token);
      await html(reply, returnPage(row.responseUrl, { TBK_TOKEN: row.token }));
      return null;
    }
    return row;
  };
  app.route({
    method: ['GET', 'POST'],
    url: `${SANDBOX_PREFIX}${INSCRIPTION}/webpayserver/bp_inscription.cgi`,
    ...hide,
    handler: async (request, reply) => {
      const fields = { ...(request.query as Record<string, string>), ...tokenOf(request) };
      const row = await liveInscription(reply, fields.TBK_TOKEN);
      if (row) return html(reply, cardPage(enrolBase, row.token, null));
    },
  });
  app.post(`${SANDBOX_PREFIX}${INSCRIPTION}/webpayserver/card`, hide, async (request, reply) => {
    const fields = tokenOf(request);
    const row = await liveInscription(reply, fields.token);
    if (!row) return;
    const card = await testCardOr(reply, { base: enrolBase, token: row.token, amount: null }, fields.card);
    if (!card) return;
    return html(reply, bankPage(enrolBase, row.token, card.number));
  });
  app.post(`${SANDBOX_PREFIX}${INSCRIPTION}/webpayserver/bank`, hide, async (request, reply) => {
    const fields = tokenOf(request);
    const row = await liveInscription(reply, fields.token);
    if (!row) return;
    const card = await testCardOr(reply, { base: enrolBase, token: row.token, amount: null }, fields.card);
    if (!card) return;
    if (bankLoginFails(fields))
      return html(reply, bankPage(enrolBase, row.token, card.number, 'RUT o clave incorrectos.'), 422);
    await oneclick.enrol(row.token, card);
    return html(reply, returnPage(row.responseUrl, { TBK_TOKEN: row.token }));
  });
  for (const way of ['abort', 'fail'])
    app.post(`${SANDBOX_PREFIX}${INSCRIPTION}/webpayserver/${way}`, hide, async (request, reply) => {
      const row = await liveInscription(reply, tokenOf(request).token);
      if (!row) return;
      await oneclick.abort(row.token);
      return html(reply, returnPage(row.responseUrl, { TBK_TOKEN: row.token }));
    });
}
