import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  geolocationLogBody,
  geolocationLogResult,
  geolocationQuery,
  orderForm,
  orderFormShippingBody,
  salesChannelAtPoint,
  shippingPolicies,
  shippingSimulation,
  shippingSimulationBody,
  storeGeolocation,
  withdrawalStores,
} from '@despensa/contracts';
import { Failure, type ShippingSimulation } from '@despensa/contracts';
import type { ShippingFlows } from '../../flows/attach-shipping';
import { cartViewer } from '../session';
import { routeSchemas } from './api-app';
import type { AuthService } from '../../modules/auth/service';
import { withLivePayments, type CartService, type LivePaymentsOf } from '../../modules/cart/service';
import type { DeliveryService, SimulationScope } from '../../modules/shipping/service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['shipping'];
/** A call about a point on the map (lat/lng in the query). */
const atPoint = routeSchemas({ tags, querystring: geolocationQuery }, { 400: errorResponse });
const errors = { 400: errorResponse, 404: errorResponse };

/** §7 Sales channel and shipping, and the cart's shipping attachment. */
export function shippingRoutes(
  delivery: DeliveryService,
  flows: Pick<ShippingFlows, 'attachShipping'>,
  cart: CartService,
  auth: AuthService,
  livePayments: LivePaymentsOf,
): FastifyPluginAsyncZod {
  return async (app) => {
    geolocationRoutes(app, delivery);
    simulationRoutes(app, delivery);
    attachmentRoute(app, flows, cart, auth, livePayments);
  };
}

/** Which store serves a point, the pickup stores, and the geolocation log. */
function geolocationRoutes(app: ZodApp, delivery: DeliveryService): void {
  const point = (query: { lat: number; lng: number }) => [query.lng, query.lat] as const;

  // §7 names two paths for the same answer: the sales channel (and its seller, the store) at a point.
  for (const [url, summary] of [
    [
      '/api/sales-channel/geolocation',
      'Which store and sales channel deliver to a point, and its coverageState',
    ],
    ['/api/sales-channel/geolocation/seller', 'The seller (store) serving a point'],
  ] as const) {
    app.get(
      url,
      {
        schema: atPoint(summary, salesChannelAtPoint),
      },
      async (request) => delivery.salesChannelAt(point(request.query)),
    );
  }
  app.get(
    '/api/sales-channel/geolocation/withdrawal',
    {
      schema: {
        tags,
        summary: 'Stores offering store pickup or Click al Auto',
        response: { 200: withdrawalStores },
      },
    },
    async () => delivery.withdrawalStores(),
  );
  app.get(
    '/api/store/geolocation',
    {
      schema: atPoint(
        'As /api/sales-channel/geolocation, plus a uuid an order later logs against',
        storeGeolocation,
      ),
    },
    async (request) => delivery.storeGeolocation(point(request.query)),
  );
  app.post(
    '/api/store/geolocation/log',
    {
      schema: {
        tags,
        summary: 'Ties a geolocation uuid to an order',
        body: geolocationLogBody,
        response: { 200: geolocationLogResult, ...errors },
      },
    },
    async (request) => {
      await delivery.logGeolocation(request.body.uuId, request.body.orderId);
      return { message: 'success' as const };
    },
  );
}

/** The delivery methods and the three shipping simulations. */
function simulationRoutes(app: ZodApp, delivery: DeliveryService): void {
  app.post(
    '/api/shipping-policies/',
    {
      schema: {
        tags,
        summary: 'The four delivery methods with their names, persistent codes and prices',
        body: z.object({}).passthrough().nullish(),
        response: { 200: shippingPolicies },
      },
    },
    async () => delivery.shippingPolicies(),
  );

  const simulation = (url: string, scope: SimulationScope, summary: string) =>
    app.post(
      url,
      {
        schema: {
          tags,
          summary,
          body: shippingSimulationBody,
          response: { 200: shippingSimulation, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .type('application/json; charset=utf-8')
          .send(simulationJson(await delivery.simulateParsed(request.body, scope)) as never),
    );
  simulation(
    '/api/shipping/simulation',
    'method',
    "Windows (or the express estimate) of one method; an unavailable express is retried as 'Despacho Especial'",
  );
  simulation(
    '/api/shipping/simulation/delivery',
    'method',
    'The delivery-hours simulation: as /simulation; with isCart the §9 threshold picks cart or default items',
  );
  simulation('/api/shipping/simulation/deliveryAll', 'all', 'Every method the point and store offer');
}

/** §7 cart shipping attachment: written by flows/attach-shipping. */
function attachmentRoute(
  app: ZodApp,
  flows: Pick<ShippingFlows, 'attachShipping'>,
  cart: CartService,
  auth: AuthService,
  livePayments: LivePaymentsOf,
): void {
  const viewer = cartViewer(auth, cart);
  app.post(
    '/api/orderform/:id/shipping',
    {
      schema: {
        tags: ['cart', ...tags],
        summary: 'Attach address, pickup point, selected sla and delivery window to the cart',
        params: z.object({ id: z.string().min(1).max(100) }),
        querystring: z.object({ sc: z.coerce.number().int().min(1).max(100000).optional() }),
        body: orderFormShippingBody,
        response: { 200: orderForm, ...errors, 403: errorResponse, 409: errorResponse },
      },
      // The cart's calls all carry the store's account header (see cartRoutes).
      onRequest: async (request) => {
        const account = request.headers['x-account'];
        if (typeof account !== 'string' || account.trim() === '') {
          throw new Failure('missingAccount', { field: 'headers.x-account' });
        }
      },
      // A customer's cart takes an address only from that customer (the cart's privacy rule).
      preHandler: async (request) => cart.checkOwner(await viewer(request), request.params.id),
    },
    async (request) =>
      withLivePayments(
        await flows.attachShipping(request.params.id, request.body, request.query.sc),
        await livePayments(request),
      ),
  );
}

/**
 * A simulation as JSON. Every logistics entry carries the same slas (with up to a week of windows), so
 * each distinct slas list is serialised once and spliced in: a 100-item answer costs one list's
 * serialisation instead of a hundred, and skips re-validating what the typed service built.
 */
export function simulationJson(simulation: ShippingSimulation): string {
  const serialised = new Map<unknown, string>();
  const entries = simulation.logisticsInfo.map(({ slas, ...entry }) => {
    let json = serialised.get(slas);
    if (json === undefined) {
      json = JSON.stringify(slas);
      serialised.set(slas, json);
    }
    return `${JSON.stringify(entry).slice(0, -1)},"slas":${json}}`;
  });
  const { logisticsInfo: _entries, ...rest } = simulation;
  return `${JSON.stringify(rest).slice(0, -1)},"logisticsInfo":[${entries.join(',')}]}`;
}
