import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Failure,
  basketProductsQuery,
  editProducts,
  errorResponse,
  listBasketChangeBody,
  listBasketView,
  listRunQuery,
  listRunView,
  listSkusAvailability,
  listSkusQuery,
  shoppingList,
  shoppingListBody,
} from '@despensa/contracts';
import { requireSession, sessionUserId } from '../session';
import { requireFeature } from '../feature';
import type { ListBaskets } from '../../flows/list-baskets';
import type { AuthService } from '../../modules/auth/service';
import type { FlagsService } from '../../modules/flags/service';
import { runAnswer, type ListsService } from '../../modules/lists/service';
import type { ApiApp } from './api-app';

const tags = ['shopping lists'];
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
const idParams = z.object({ id: z.string().min(1).max(60) });

/** §7 shopping-list calls: all need a session (a 401 logs the shopper out, §6) and the lists flag. */
export function listsRoutes(
  lists: ListsService,
  baskets: ListBaskets,
  auth: AuthService,
  flags: FlagsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const preValidation = [requireSession(auth), requireFeature(flags, 'shoppingLists')];
    listRoutes(app, lists, preValidation);
    runRoutes(app, lists, preValidation);
    basketRoutes(app, baskets, preValidation);
  };
}

type PreValidation = ReturnType<typeof requireSession>[];

/** The lists themselves: read, created, changed, deleted. */
function listRoutes(app: ApiApp, lists: ListsService, preValidation: PreValidation): void {
  app.get(
    '/api/user/shopping-list',
    {
      preValidation,
      schema: {
        tags,
        summary: "The shopper's lists, newest first",
        response: { 200: z.array(shoppingList), ...errors },
      },
    },
    async (request) => lists.list(sessionUserId(request)),
  );
  // Before /:id, so 'skus' is not read as a list id.
  app.get(
    '/api/user/shopping-list/skus',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Which of up to 10 skus can be bought now (the unavailable ones of a list)',
        querystring: listSkusQuery,
        response: { 200: listSkusAvailability, ...errors },
      },
    },
    async (request) => lists.availability(request.query.skuIds, request.query.sc),
  );
  app.get(
    '/api/user/shopping-list/:id',
    {
      preValidation,
      schema: { tags, summary: 'One list', params: idParams, response: { 200: shoppingList, ...errors } },
    },
    async (request) => lists.get(sessionUserId(request), request.params.id),
  );
  app.post(
    '/api/user/shopping-list',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Create a list (skus as a JSON string of sku id to quantity)',
        body: shoppingListBody,
        response: { 201: shoppingList, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await lists.create(sessionUserId(request), request.body)),
  );
  app.put(
    '/api/user/shopping-list/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Rename a list, change its products or its schedule',
        params: idParams,
        body: shoppingListBody,
        response: { 200: shoppingList, ...errors },
      },
    },
    async (request) => lists.update(sessionUserId(request), request.params.id, request.body),
  );
  app.delete(
    '/api/user/shopping-list/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Delete a list',
        params: idParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await lists.remove(sessionUserId(request), request.params.id);
      return { deleted: true as const };
    },
  );
}

/** A scheduled list's deliveries: the coming one, a skip, pause and resume. */
function runRoutes(app: ApiApp, lists: ListsService, preValidation: PreValidation): void {
  app.get(
    '/api/user/shopping-list/:id/run',
    {
      preValidation,
      schema: {
        tags,
        summary: "A scheduled list's coming delivery: build time, cut-off and status",
        params: idParams,
        response: { 200: listRunView, 409: errorResponse, ...errors },
      },
    },
    async (request) => {
      const run = await lists.currentRun(sessionUserId(request), request.params.id);
      if (!run) throw new Failure('listNotScheduled');
      return runAnswer(run);
    },
  );
  app.post(
    '/api/user/shopping-list/:id/run/skip',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Skip the coming delivery of a scheduled list (its basket is not placed); with deliveryDate, only that one (409 once its cut-off passed)',
        params: idParams,
        querystring: listRunQuery,
        response: { 200: listRunView, 409: errorResponse, ...errors },
      },
    },
    async (request) =>
      runAnswer(await lists.skipRun(sessionUserId(request), request.params.id, request.query.deliveryDate)),
  );
  // §4 pause (status 2: nothing is built or placed) and resume (1: runs count from now).
  for (const [action, status, summary] of [
    ['pause', 2, 'Pause a scheduled list: no basket is built or placed until it is resumed'],
    ['resume', 1, 'Resume a paused list: its deliveries count from now'],
  ] as const) {
    app.post(
      `/api/user/shopping-list/:id/schedule/${action}`,
      {
        preValidation,
        schema: {
          tags,
          summary,
          params: idParams,
          response: { 200: shoppingList, 409: errorResponse, ...errors },
        },
      },
      async (request) => lists.setScheduleStatus(sessionUserId(request), request.params.id, status),
    );
  }
}

/** §4 a built basket's review page: what it holds, the delivery, the card and the total; changed before the cut-off. */
function basketRoutes(app: ApiApp, baskets: ListBaskets, preValidation: PreValidation): void {
  app.get(
    '/api/user/shopping-list/:id/run/basket',
    {
      preValidation,
      schema: {
        tags,
        summary:
          "A scheduled list's basket for one delivery (deliveryDate, else the coming one): products, delivery, card and total",
        params: idParams,
        querystring: listRunQuery,
        response: { 200: listBasketView, 409: errorResponse, ...errors },
      },
    },
    async (request) => baskets.basket(sessionUserId(request), request.params.id, request.query.deliveryDate),
  );
  app.patch(
    '/api/user/shopping-list/:id/run/basket',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Change a built basket before its cut-off (quantity 0 removes; a new sku adds); it is still placed at the cut-off',
        params: idParams,
        body: listBasketChangeBody,
        response: { 200: listBasketView, 409: errorResponse, ...errors },
      },
    },
    async (request) => baskets.changeBasket(sessionUserId(request), request.params.id, request.body),
  );
  app.get(
    '/api/user/shopping-list/:id/run/basket/products',
    {
      preValidation,
      schema: {
        tags,
        summary: "Products the basket's store sells now that a search finds, to add to the basket",
        params: idParams,
        querystring: basketProductsQuery,
        response: { 200: editProducts, 409: errorResponse, ...errors },
      },
    },
    async (request) =>
      baskets.products(
        sessionUserId(request),
        request.params.id,
        request.query.deliveryDate,
        request.query.q,
      ),
  );
}
