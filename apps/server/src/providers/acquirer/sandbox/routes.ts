import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { TEST_PASSWORD, TEST_RUT, findTestCard } from './cards';
import { bankPage, cardPage, errorPage, returnPage, unknownPage } from './page';
import { ONECLICK_MALL_COMMERCE_CODES, OneclickSandbox } from './oneclick';
import { INTEGRATION_API_KEY, TransbankApiError, WEBPAY_PLUS_COMMERCE_CODES, WebpaySandbox } from './webpay';

export const SANDBOX_PREFIX = '/sandbox/transbank';
const WEBPAY = '/rswebpaytransaction/api/webpay/v1.2/transactions';
const ONECLICK = '/rswebpaytransaction/api/oneclick/v1.2';
/** The enrolment page's steps live under this prefix, beside the payment page's. */
const INSCRIPTION = '/inscription';

const createBody = z.object({
  buy_order: z.string().min(1).max(26),
  session_id: z.string().min(1).max(61),
  amount: z.number().int().positive().max(999_999_999),
  return_url: z.string().url().max(256),
});
const refundBody = z.object({ amount: z.number().int().positive() });
const startBody = z.object({
  username: z.string().trim().min(1).max(40),
  email: z.string().email().max(100),
  response_url: z.string().url().max(255),
});
const deleteBody = z.object({ tbk_user: z.string().min(1).max(40), username: z.string().min(1).max(40) });
const authorizeBody = z.object({
  username: z.string().min(1).max(40),
  tbk_user: z.string().min(1).max(40),
  buy_order: z.string().min(1).max(26),
  details: z
    .array(
      z.object({
        commerce_code: z.string().min(1).max(12),
        buy_order: z.string().min(1).max(26),
        amount: z.number().int().positive().max(999_999_999),
        installments_number: z.number().int().min(0).max(99).optional(),
      }),
    )
    .min(1),
});
const oneclickRefundBody = z.object({
  commerce_code: z.string().min(1).max(12),
  detail_buy_order: z.string().min(1).max(26),
  amount: z.number().int().positive(),
});
const form = z.record(z.string(), z.string());

/**
 * Transbank's Webpay Plus REST v1.2 and its payment page under /sandbox/transbank, so the official
 * transbank-sdk given this base URL drives it unchanged. Encapsulated: its own form parser and error shape.
 */
export function transbankSandboxRoutes(db: Db, clock: () => Date): FastifyPluginAsync {
  const webpay = new WebpaySandbox(db, clock);
  const oneclick = new OneclickSandbox(db, clock);
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
      if (error instanceof TransbankApiError)
        return reply.status(error.statusCode).send({ error_message: error.message });
      const status = error.statusCode && error.statusCode < 500 ? 400 : 500;
      return reply.status(status).send({ error_message: status === 400 ? error.message : 'Internal error' });
    });

    /** Tbk-Api-Key-Id and Tbk-Api-Key-Secret must be the published integration ones. */
    const commerceOf = (request: FastifyRequest, codes = WEBPAY_PLUS_COMMERCE_CODES): string => {
      const id = request.headers['tbk-api-key-id'];
      const secret = request.headers['tbk-api-key-secret'];
      if (typeof id !== 'string' || !codes.has(id) || secret !== INTEGRATION_API_KEY)
        throw new TransbankApiError(401, 'Not Authorized');
      return id;
    };
    const parse = <T>(schema: z.ZodType<T>, body: unknown): T => {
      const parsed = schema.safeParse(body ?? {});
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path.join('.') ?? 'body';
        throw new TransbankApiError(422, `Invalid value for parameter: ${field}`);
      }
      return parsed.data;
    };
    const base = (request: FastifyRequest) => `${request.protocol}://${request.host}${SANDBOX_PREFIX}`;
    const hide = { schema: { hide: true } };

    app.post(`${SANDBOX_PREFIX}${WEBPAY}`, hide, async (request) => {
      const commerceCode = commerceOf(request);
      const body = parse(createBody, request.body);
      const token = await webpay.create(commerceCode, {
        buyOrder: body.buy_order,
        sessionId: body.session_id,
        amount: body.amount,
        returnUrl: body.return_url,
      });
      return { token, url: `${base(request)}/webpayserver/initTransaction` };
    });
    app.put<{ Params: { token: string } }>(`${SANDBOX_PREFIX}${WEBPAY}/:token`, hide, async (request) =>
      webpay.commit(commerceOf(request), request.params.token),
    );
    app.get<{ Params: { token: string } }>(`${SANDBOX_PREFIX}${WEBPAY}/:token`, hide, async (request) =>
      webpay.status(commerceOf(request), request.params.token),
    );
    app.post<{ Params: { token: string } }>(
      `${SANDBOX_PREFIX}${WEBPAY}/:token/refunds`,
      hide,
      async (request) => {
        const commerceCode = commerceOf(request);
        return webpay.refund(commerceCode, request.params.token, parse(refundBody, request.body).amount);
      },
    );

    const mallOf = (request: FastifyRequest) => commerceOf(request, ONECLICK_MALL_COMMERCE_CODES);
    app.post(`${SANDBOX_PREFIX}${ONECLICK}/inscriptions`, hide, async (request) => {
      const commerceCode = mallOf(request);
      const body = parse(startBody, request.body);
      const token = await oneclick.start(commerceCode, {
        username: body.username,
        email: body.email,
        responseUrl: body.response_url,
      });
      return { token, url_webpay: `${base(request)}${INSCRIPTION}/webpayserver/bp_inscription.cgi` };
    });
    app.put<{ Params: { token: string } }>(
      `${SANDBOX_PREFIX}${ONECLICK}/inscriptions/:token`,
      hide,
      async (request) => oneclick.finish(mallOf(request), request.params.token),
    );
    app.delete(`${SANDBOX_PREFIX}${ONECLICK}/inscriptions`, hide, async (request, reply) => {
      const commerceCode = mallOf(request);
      const body = parse(deleteBody, request.body);
      await oneclick.remove(commerceCode, body.tbk_user, body.username);
      return reply.status(204).send();
    });
    app.post(`${SANDBOX_PREFIX}${ONECLICK}/transactions`, hide, async (request) => {
      const commerceCode = mallOf(request);
      const body = parse(authorizeBody, request.body);
      return oneclick.authorize(commerceCode, {
        username: body.username,
        tbkUser: body.tbk_user,
        buyOrder: body.buy_order,
        details: body.details.map((d) => ({
          commerceCode: d.commerce_code,
          buyOrder: d.buy_order,
          amount: d.amount,
          installmentsNumber: d.installments_number ?? 0,
        })),
      });
    });
    app.get<{ Params: { buyOrder: string } }>(
      `${SANDBOX_PREFIX}${ONECLICK}/transactions/:buyOrder`,
      hide,
      async (request) => oneclick.status(mallOf(request), request.params.buyOrder),
    );
    app.post<{ Params: { buyOrder: string } }>(
      `${SANDBOX_PREFIX}${ONECLICK}/transactions/:buyOrder/refunds`,
      hide,
      async (request) => {
        const commerceCode = mallOf(request);
        const body = parse(oneclickRefundBody, request.body);
        return oneclick.refund(commerceCode, request.params.buyOrder, {
          childCommerceCode: body.commerce_code,
          childBuyOrder: body.detail_buy_order,
          amount: body.amount,
        });
      },
    );

    // The payment page. Every step first checks the token is alive: past 5 minutes the shopper goes back
    // with the timeout return (only TBK_ID_SESION and TBK_ORDEN_COMPRA).
    const html = (reply: FastifyReply, markup: string, status = 200) =>
      reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(markup);
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
    // The card and bank steps of both pages (payment and enrolment) check the same test card and login.
    const testCardOr = async (
      reply: FastifyReply,
      page: { base: string; token: string; amount: number | null },
      number: string | undefined,
    ) => {
      const card = findTestCard(number ?? '');
      if (!card)
        await html(
          reply,
          cardPage(page.base, page.token, page.amount, 'Usa una de las tarjetas de prueba.'),
          422,
        );
      return card ?? null;
    };
    const bankLoginFails = (fields: { rut?: string | undefined; password?: string | undefined }) =>
      (fields.rut ?? '').replace(/[^0-9kK]/g, '') !== TEST_RUT || fields.password !== TEST_PASSWORD;
    const tokenOf = (request: FastifyRequest) => {
      const fields = form.safeParse(request.body ?? request.query);
      return fields.success ? fields.data : {};
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
    // The enrolment page: the same card and bank steps; every way out posts TBK_TOKEN to response_url.
    // The page's own forms post to relative paths: only the API's answers carry the absolute URL.
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
  };
}
