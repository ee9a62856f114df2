import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { ONECLICK_MALL_COMMERCE_CODES, OneclickSandbox } from './oneclick';
import { INSCRIPTION, SANDBOX_PREFIX, enrolmentPageRoutes, hide, paymentPageRoutes } from './page-routes';
import { INTEGRATION_API_KEY, TransbankApiError, WEBPAY_PLUS_COMMERCE_CODES, WebpaySandbox } from './webpay';

const WEBPAY = '/rswebpaytransaction/api/webpay/v1.2/transactions';
const ONECLICK = '/rswebpaytransaction/api/oneclick/v1.2';

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
    webpayApiRoutes(app, webpay);
    oneclickApiRoutes(app, oneclick);
    paymentPageRoutes(app, webpay);
    enrolmentPageRoutes(app, oneclick);
  };
}

/** Tbk-Api-Key-Id and Tbk-Api-Key-Secret must be the published integration ones. */
function commerceOf(request: FastifyRequest, codes = WEBPAY_PLUS_COMMERCE_CODES): string {
  const id = request.headers['tbk-api-key-id'];
  const secret = request.headers['tbk-api-key-secret'];
  if (typeof id !== 'string' || !codes.has(id) || secret !== INTEGRATION_API_KEY)
    throw new TransbankApiError(401, 'Not Authorized');
  return id;
}

function mallOf(request: FastifyRequest): string {
  return commerceOf(request, ONECLICK_MALL_COMMERCE_CODES);
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') ?? 'body';
    throw new TransbankApiError(422, `Invalid value for parameter: ${field}`);
  }
  return parsed.data;
}

function base(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${SANDBOX_PREFIX}`;
}

/** Webpay Plus: create, commit, status, refund. */
function webpayApiRoutes(app: FastifyInstance, webpay: WebpaySandbox): void {
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
}

/** Oneclick Mall: inscriptions (start, finish, delete) and transactions (authorize, status, refund). */
function oneclickApiRoutes(app: FastifyInstance, oneclick: OneclickSandbox): void {
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
}
