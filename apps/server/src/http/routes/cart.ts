import { z } from 'zod';
import { ResponseSerializationError, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  Failure,
  clientProfileBody,
  couponBody,
  createOrderFormBody,
  customDataValueBody,
  errorResponse,
  itemsOrdination,
  orderForm,
  orderInfo,
  orderInfoBody,
  orderItemsBody,
  paymentsBody,
  type CartViewer,
  type OrderForm,
} from '@despensa/contracts';
import { paymentSystemOffered } from '@despensa/domain';
import { cartViewer, setOrderFormCookie } from '../session';
import type { AuthService } from '../../modules/auth/service';
import type { FlagsService } from '../../modules/flags/service';
import {
  isOrderFormAnswer,
  orderFormJson,
  withLivePayments,
  type CartService,
  type LivePaymentsOf,
} from '../../modules/cart/service';
import { emptyBody } from './api-app';

const tags = ['cart'];
const orderFormParams = z.object({ id: z.string().min(1).max(100) });
/** ?sc= is optional here: without it the cart keeps the channel it remembers. */
const channelQuery = z.object({ sc: z.coerce.number().int().min(1).max(100000).optional() });
/** 403 `notOwner`: the cart is another customer's, or an anonymous cart this client does not hold. */
const responses = { 200: orderForm, 400: errorResponse, 403: errorResponse, 404: errorResponse };

type CartApp = Parameters<FastifyPluginAsyncZod>[0];
/** Who asks, from the request's session and cart cookies (see cartViewer). */
type ViewerOf = (request: FastifyRequest) => Promise<CartViewer>;

/**
 * §7 cart calls. Every one carries the store's account header (x-account) besides the api key. The
 * request's session (x-access-token or the session cookie) and its cart cookie with the cart's key say who
 * asks: a cart of another customer, or an anonymous cart this client does not hold, reads masked and
 * refuses every change (see CartViewer).
 */
export function cartRoutes(
  cart: CartService,
  auth: AuthService,
  flags: Pick<FlagsService, 'all'>,
  livePayments: LivePaymentsOf,
): FastifyPluginAsyncZod {
  return async (app) => {
    answerOrderForms(app, livePayments);
    app.addHook('onRequest', async (request) => {
      const account = request.headers['x-account'];
      if (typeof account !== 'string' || account.trim() === '') {
        throw new Failure('missingAccount', { field: 'headers.x-account' });
      }
    });
    const viewer = cartViewer(auth, cart);
    orderFormRoutes(app, cart, viewer, livePayments);
    itemRoutes(app, cart, viewer);
    checkoutDataRoutes(app, cart, viewer, flags);
    orderInfoRoutes(app, cart, viewer);
  };
}

/** Every orderForm answer with the live ways to pay, validated and encoded by orderFormJson. */
function answerOrderForms(app: CartApp, livePayments: LivePaymentsOf): void {
  // Every orderForm answer lists the ways to pay under the live flags (GET's bytes do it in getJson).
  app.addHook('preSerialization', async (request, _reply, payload) =>
    isOrderFormAnswer(payload) ? withLivePayments(payload, await livePayments(request)) : payload,
  );
  // The orderForm is large and answers every change: orderFormJson validates and encodes it reusing the
  // unchanged lines' work. The other schemas have no codecs, so parse (which zod compiles to a fast
  // path) checks exactly what the default encode does, at about half the cost.
  app.setSerializerCompiler(({ schema, method, url }) => {
    const zodSchema = schema as z.ZodType;
    const encode =
      schema === orderForm
        ? // Bytes go out as they are (Fastify's types name only the string a serialiser usually gives).
          (data: unknown) => orderFormJson(data as OrderForm) as unknown as string
        : (data: unknown) => JSON.stringify(zodSchema.parse(data));
    return (data) => {
      try {
        return encode(data);
      } catch (error) {
        if (!(error instanceof z.ZodError)) throw error;
        throw new ResponseSerializationError(method, url, { cause: error });
      }
    };
  });
}

/** Creating a cart and reading it. */
function orderFormRoutes(
  app: CartApp,
  cart: CartService,
  viewer: ViewerOf,
  livePayments: LivePaymentsOf,
): void {
  app.post(
    '/api/orderForm',
    {
      schema: {
        tags,
        summary: 'Create a cart (optionally with items) and return its orderForm',
        description:
          'Sets the cart cookie `checkout.vtex.com=__ofid={orderFormId}` (scripts may read it) and the ' +
          'HttpOnly cart key `despensa_cart_key`. An anonymous cart opens whole and takes changes only with ' +
          'both; without them (the id alone, or a cart cookie written by hand), its personal data reads ' +
          'masked and changes get 403 notOwner.',
        querystring: channelQuery,
        body: createOrderFormBody.nullish(),
        response: responses,
      },
    },
    async (request, reply) => {
      const created = await cart.create(request.body ?? {}, request.query.sc);
      // Its creator holds it from now on: its cookies open it whole, never the id alone.
      setOrderFormCookie(request, reply, cart, created.orderFormId);
      return created;
    },
  );

  app.get(
    '/api/orderform/:id',
    { schema: { tags, summary: 'The orderForm of a cart', params: orderFormParams, response: responses } },
    async (request, reply) =>
      // Already validated against the orderForm schema and serialised (see CartService.getJson).
      reply
        .type('application/json; charset=utf-8')
        .send(
          (await cart.getJson(
            await viewer(request),
            request.params.id,
            await livePayments(request),
          )) as never,
        ),
  );
}

/** The items: their order, adding, changing and removing them, the coupon. */
function itemRoutes(app: CartApp, cart: CartService, viewer: ViewerOf): void {
  app.post(
    '/api/orderform/:id/itemsOrdination',
    {
      schema: {
        tags,
        summary: 'Order items by add time or name',
        params: orderFormParams,
        querystring: channelQuery,
        body: itemsOrdination,
        response: responses,
      },
    },
    async (request) =>
      cart.setItemsOrdination(await viewer(request), request.params.id, request.body, request.query.sc),
  );

  for (const url of ['/api/orderform/:id/items', '/api/orderform/:id/items/:seller']) {
    app.patch(
      url,
      {
        schema: {
          tags,
          summary: 'Add, update or remove (quantity 0) items, by index or by sku id and seller',
          // Only the url with :seller declares it: the published document must match each path.
          params: url.endsWith(':seller')
            ? orderFormParams.extend({ seller: z.string().min(1).max(40).optional() })
            : orderFormParams,
          querystring: channelQuery,
          body: orderItemsBody,
          response: responses,
        },
      },
      async (request) =>
        cart.updateItems(await viewer(request), request.params.id, request.body.orderItems, {
          ...(request.query.sc !== undefined ? { salesChannel: request.query.sc } : {}),
          ...('seller' in request.params && typeof request.params.seller === 'string'
            ? { seller: request.params.seller }
            : {}),
        }),
    );
  }

  app.post(
    '/api/orderform/:id/items/removeAll',
    {
      schema: {
        tags,
        summary: 'Empty the cart',
        params: orderFormParams,
        body: emptyBody,
        response: responses,
      },
    },
    async (request) => cart.removeAll(await viewer(request), request.params.id),
  );

  app.post(
    '/api/orderform/:id/coupons',
    {
      schema: {
        tags,
        summary: "Apply a coupon ('' removes it); the outcome is in messages",
        params: orderFormParams,
        body: couponBody,
        response: responses,
      },
    },
    async (request) => cart.addCoupon(await viewer(request), request.params.id, request.body.text),
  );
}

/** What checkout attaches: the client profile, customData fields, the payments. */
function checkoutDataRoutes(
  app: CartApp,
  cart: CartService,
  viewer: ViewerOf,
  flags: Pick<FlagsService, 'all'>,
): void {
  app.post(
    '/api/orderform/:id/clientProfileData',
    {
      schema: {
        tags,
        summary: 'Set the client profile (RUT, e-mail, phone, name)',
        params: orderFormParams,
        body: clientProfileBody,
        response: responses,
      },
    },
    async (request) => cart.setClientProfile(await viewer(request), request.params.id, request.body),
  );
  customDataRoutes(app, cart, viewer);
  app.post(
    '/api/orderform/:id/payments',
    {
      schema: {
        tags,
        summary: 'Choose how to pay (§3 payment entries, §9 payment system ids)',
        params: orderFormParams,
        body: paymentsBody,
        response: responses,
      },
    },
    async (request) => {
      // §9: an option switched off (gift card, wallet, prepaid) is not there to choose.
      const live = await flags.all();
      if (request.body.payments.some((entry) => !paymentSystemOffered(entry.paymentSystem, live)))
        throw new Failure('paymentSystemOff', { field: 'payments' });
      return cart.setPayments(await viewer(request), request.params.id, request.body.payments);
    },
  );
}

/** customData fields, one at a time (the names CartService.setCustomData accepts). */
function customDataRoutes(app: CartApp, cart: CartService, viewer: ViewerOf): void {
  const customDataParams = orderFormParams.extend({
    appId: z.string().min(1).max(50),
    field: z.string().min(1).max(50),
  });
  app.put(
    '/api/orderform/:id/customData/:appId/:field',
    {
      schema: {
        tags,
        summary: 'Set one customData field (orderSource/sourceApp, shippingData/shippingEstimate)',
        params: customDataParams,
        querystring: channelQuery,
        body: customDataValueBody,
        response: responses,
      },
    },
    async (request) => {
      const { id, appId, field } = request.params;
      return cart.setCustomData(
        await viewer(request),
        id,
        appId,
        field,
        request.body.value,
        request.query.sc,
      );
    },
  );
  app.delete(
    '/api/orderform/:id/customData/:appId/:field',
    {
      schema: {
        tags,
        summary: 'Delete one customData field',
        params: customDataParams,
        response: responses,
      },
    },
    async (request) => {
      const { id, appId, field } = request.params;
      return cart.setCustomData(await viewer(request), id, appId, field, null);
    },
  );
}

/** Order info: substitution preferences and receiver. */
function orderInfoRoutes(app: CartApp, cart: CartService, viewer: ViewerOf): void {
  const infoResponses = { 200: orderInfo, 400: errorResponse, 403: errorResponse, 404: errorResponse };
  app.get(
    '/api/order/info/:id',
    {
      schema: {
        tags,
        summary: 'Order info: substitution preferences per sku and receiver',
        params: orderFormParams,
        response: infoResponses,
      },
    },
    async (request) => cart.getOrderInfo(await viewer(request), request.params.id),
  );
  app.post(
    '/api/order/info/:id',
    {
      schema: {
        tags,
        summary: 'Save substitution preferences (6 store criterion, 2 do not substitute) and receiver',
        params: orderFormParams,
        body: orderInfoBody,
        response: infoResponses,
      },
    },
    async (request) => cart.setOrderInfo(await viewer(request), request.params.id, request.body),
  );
}
