import { z } from 'zod';
import { ResponseSerializationError, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  type OrderForm,
} from '@despensa/contracts';
import { cartViewer, setOrderFormCookie } from '../../http/session';
import { paymentSystemOffered } from '@despensa/domain';
import type { AuthService } from '../auth/service';
import type { FlagsService } from '../flags/service';
import { orderFormJson } from './orderform-json';
import type { CartService } from './service';

const tags = ['cart'];
const orderFormParams = z.object({ id: z.string().min(1).max(100) });
/** ?sc= is optional here: without it the cart keeps the channel it remembers. */
const channelQuery = z.object({ sc: z.coerce.number().int().min(1).max(100000).optional() });
/** 403 `notOwner`: the cart belongs to a customer who is not the request's. */
const responses = { 200: orderForm, 400: errorResponse, 403: errorResponse, 404: errorResponse };
/** removeAll takes `{}` (VTEX insists on it); no body at all (Fastify gives null) is accepted too. */
const emptyBody = z.object({}).nullish();

/**
 * §7 cart calls. Every one carries the store's account header (x-account) besides the api key. The
 * request's session (x-access-token or the session cookie) and its cart cookie say who asks: a cart of
 * another customer, or an anonymous cart this client does not hold, reads masked and refuses every change
 * (see CartViewer).
 */
export function cartRoutes(
  cart: CartService,
  auth: AuthService,
  flags: Pick<FlagsService, 'all'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    // The orderForm is large and answers every change: orderFormJson validates and encodes it reusing the
    // unchanged lines' work. The other schemas have no codecs, so parse (which zod compiles to a fast
    // path) checks exactly what the default encode does, at about half the cost.
    app.setSerializerCompiler(({ schema, method, url }) => {
      const zodSchema = schema as z.ZodType;
      const encode =
        schema === orderForm
          ? (data: unknown) => orderFormJson(data as OrderForm)
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
    app.addHook('onRequest', async (request) => {
      const account = request.headers['x-account'];
      if (typeof account !== 'string' || account.trim() === '') {
        throw new Failure('missingAccount', { field: 'headers.x-account' });
      }
    });
    const viewer = cartViewer(auth);

    app.post(
      '/api/orderForm',
      {
        schema: {
          tags,
          summary: 'Create a cart (optionally with items) and return its orderForm',
          description:
            'Sets the cart cookie `checkout.vtex.com=__ofid={orderFormId}`. An anonymous cart opens whole and ' +
            'takes changes only with it; without it, its personal data reads masked and changes get 403.',
          querystring: channelQuery,
          body: createOrderFormBody.nullish(),
          response: responses,
        },
      },
      async (request, reply) => {
        const created = await cart.create(request.body ?? {}, request.query.sc);
        // Its creator holds it from now on: the cookie is what opens it whole, never the id alone.
        setOrderFormCookie(request, reply, created.orderFormId);
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
          .send((await cart.getJson(await viewer(request), request.params.id)) as never),
    );

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
  };
}
