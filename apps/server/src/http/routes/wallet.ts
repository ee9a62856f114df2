import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  walletCard,
  walletCardTypeParams,
  walletCharge,
  walletEnrolBody,
  walletEnrolment,
  walletTransactionBody,
} from '@despensa/contracts';
import { requireSession, sessionUserId } from '../session';
import { routeSchemas } from './api-app';
import { requireFeature } from '../feature';
import type { AuthService } from '../../modules/auth/service';
import type { FlagsService } from '../../modules/flags/service';
import type { WalletService } from '../../modules/wallet/service';
import type { WalletCharges } from '../../flows/wallet-charge';

type Api = Parameters<FastifyPluginAsyncZod>[0];
type PreHandlers = [ReturnType<typeof requireSession>, ReturnType<typeof requireFeature>];

const tags = ['wallet'];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
const idParams = z.object({ id: z.string().min(1).max(60) });
const ofWallet = routeSchemas({ tags }, errors);
const onWalletId = routeSchemas({ tags, params: idParams }, errors);
/** Where the acquirer's enrolment page sends the shopper back: a browser form post, so not under /api. */
export const ENROLMENT_RETURN_PATH = '/wallet/oneclick/return';

/** §7 Wallet calls (all need a session; a card or charge of another customer is not found). */
export function walletRoutes(
  { wallet, walletCharges }: { wallet: WalletService; walletCharges: WalletCharges },
  auth: AuthService,
  flags: FlagsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    // §9: with the wallet switched off, its cards and charges are not there (404 featureDisabled).
    const preHandler: PreHandlers = [requireSession(auth), requireFeature(flags, 'wallet')];
    cardRoutes(app, wallet, preHandler);
    chargeRoutes(app, walletCharges, preHandler);
    enrolmentReturnRoute(app, wallet);
  };
}

/** The saved cards: listed, enrolled at the acquirer, made favourite, deleted. */
function cardRoutes(app: Api, wallet: WalletService, preHandler: PreHandlers) {
  app.get(
    '/api/wallet/cards',
    {
      preHandler,
      schema: { tags, summary: 'Saved one-click cards', response: { 200: z.array(walletCard), ...errors } },
    },
    async (request) => wallet.cards(sessionUserId(request)),
  );
  app.post(
    '/api/wallet/card/:type',
    {
      preHandler,
      schema: {
        tags,
        summary: "Start enrolling a one-click card: send the shopper to redirectUrl (the acquirer's page)",
        params: walletCardTypeParams,
        body: walletEnrolBody,
        response: { 200: walletEnrolment, ...errors },
      },
    },
    async (request) => {
      const origin = `${request.protocol}://${request.host}`;
      return wallet.startEnrolment(sessionUserId(request), request.params.type, request.body, {
        origin,
        returnUrl: `${origin}${ENROLMENT_RETURN_PATH}`,
      });
    },
  );
  app.put(
    '/api/wallet/card/:id',
    { preHandler, schema: onWalletId('Make a card the favourite', walletCard) },
    async (request) => wallet.makeFavourite(sessionUserId(request), request.params.id),
  );
  app.delete(
    '/api/wallet/card/:id',
    {
      preHandler,
      schema: onWalletId(
        'Delete a card; 401 (walletCardInUse) while an order it paid is not collected and receipted',
        z.object({ deleted: z.literal(true) }),
      ),
    },
    async (request) => {
      await wallet.remove(sessionUserId(request), request.params.id);
      return { deleted: true as const };
    },
  );
}

/** A checkout transaction charged from the wallet, and its charge's code. */
function chargeRoutes(app: Api, charges: WalletCharges, preHandler: PreHandlers) {
  app.post(
    '/api/wallet/transaction',
    {
      preHandler,
      schema: ofWallet(
        "Charge a checkout transaction to a saved card (idCard 'balance': the wallet's balance)",
        walletCharge,
        { body: walletTransactionBody },
      ),
    },
    async (request) => charges.charge(sessionUserId(request), request.body),
  );
  app.get(
    '/api/wallet/status/:id',
    {
      preHandler,
      schema: onWalletId(
        'A charge by its internalCode: 200-2 processing, 200-0 approved, else failed',
        walletCharge,
      ),
    },
    async (request) => charges.status(sessionUserId(request), request.params.id),
  );
}

/** Where the acquirer's enrolment page sends the shopper back with the new card. */
function enrolmentReturnRoute(app: Api, wallet: WalletService) {
  // The acquirer's page posts TBK_TOKEN here as a form (GET too, for a shopper who reloads).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.route({
    method: ['GET', 'POST'],
    url: ENROLMENT_RETURN_PATH,
    schema: { hide: true },
    handler: async (request, reply) => {
      const fields = { ...(request.query as object), ...((request.body as object | undefined) ?? {}) };
      const token = (fields as { TBK_TOKEN?: unknown }).TBK_TOKEN;
      const back = typeof token === 'string' && token ? await wallet.finishEnrolment(token) : null;
      if (!back) return reply.status(404).type('text/plain; charset=utf-8').send('Inscripción no encontrada');
      return reply.redirect(back, 303);
    },
  });
}
