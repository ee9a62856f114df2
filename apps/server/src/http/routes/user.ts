import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  logoutResponse,
  registerDeviceBody,
  registerUserBody,
  sessionInfo,
  updateUserBody,
  userProfile,
  userProfileBody,
} from '@despensa/contracts';
import {
  checkOrigin,
  clearSessionCookie,
  currentSession,
  heldOrderFormId,
  requireSession,
  type CartHolding,
  sessionToken,
} from '../session';
import type { Registration } from '../../flows/register';
import type { AuthService } from '../../modules/auth/service';
import type { UserService } from '../../modules/user/service';
import { emptyBody, type ApiApp } from './api-app';

const tags = ['user'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** §7 user calls. Everything but registration, logout and device registration needs a session. */
export function userRoutes(
  users: UserService,
  auth: AuthService,
  carts: CartHolding,
  registration: Registration,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/user',
      {
        schema: {
          tags,
          summary: 'Register (RUT with check digit, §5 e-mail and phone, terms accepted); 409 if taken',
          body: registerUserBody,
          response: { 201: userProfile, 400: errorResponse, 409: errorResponse },
        },
      },
      async (request, reply) => reply.status(201).send(await registration.register(request.body)),
    );
    profileRoutes(app, users, auth, carts);
    sessionRoutes(app, users, auth);
  };
}

/** The logged-in customer's data: edit, read (attaching a cart), the session itself. */
function profileRoutes(app: ApiApp, users: UserService, auth: AuthService, carts: CartHolding): void {
  const session = requireSession(auth);

  app.put(
    '/api/user',
    {
      preHandler: session,
      schema: {
        tags,
        summary: "Edit the logged-in customer's personal data (names, phone)",
        body: updateUserBody,
        response: { 200: userProfile, ...errors },
      },
    },
    async (request) => users.update(currentSession(request).userId, request.body),
  );

  app.post(
    '/api/user/profile',
    {
      preHandler: session,
      schema: {
        tags,
        summary: 'The user data (§3); with orderFormId the cart is attached to the customer first',
        description:
          'An anonymous cart is attached only for the client holding it: its cart cookie ' +
          '`checkout.vtex.com=__ofid={orderFormId}` and its HttpOnly key `despensa_cart_key`, as ' +
          'POST /api/orderForm set them. Its id alone, or another customer’s cart, gets 403 notOwner.',
        body: userProfileBody.nullish(),
        response: { 200: userProfile, ...errors },
      },
    },
    async (request) => {
      const orderFormId = request.body?.orderFormId;
      const { userId } = currentSession(request);
      if (orderFormId === undefined) return users.profile(userId);
      return users.profile(userId, { orderFormId, heldOrderFormId: heldOrderFormId(request, carts) });
    },
  );

  app.get(
    '/api/user/vtex-auth/token',
    {
      preHandler: session,
      schema: {
        tags,
        summary: 'The session; 401 when not logged in',
        response: { 200: sessionInfo, ...errors },
      },
    },
    async (request) => {
      const current = currentSession(request);
      return {
        userId: current.userId,
        email: current.login,
        createdAt: current.createdAt.toISOString(),
        expiresAt: current.expiresAt.toISOString(),
      };
    },
  );
}

/** Logout and device registration: with or without a session. */
function sessionRoutes(app: ApiApp, users: UserService, auth: AuthService): void {
  app.post(
    '/api/user/logout',
    {
      schema: {
        tags,
        summary: 'End the session (revoked server-side, cookie cleared); hadSession tells if one existed',
        body: emptyBody,
        response: { 200: logoutResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const { token, viaCookie } = sessionToken(request);
      checkOrigin(request, viaCookie);
      clearSessionCookie(request, reply);
      return auth.logout(token);
    },
  );

  app.post(
    '/api/v1/register-device',
    {
      schema: {
        tags,
        summary: "Register a device's push token; tied to the customer when logged in",
        body: registerDeviceBody,
        response: {
          200: z.object({ registered: z.literal(true) }),
          400: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request) => {
      const { token } = sessionToken(request);
      const current = await auth.session(token);
      return users.registerDevice(request.body, current?.userId ?? null);
    },
  );
}
