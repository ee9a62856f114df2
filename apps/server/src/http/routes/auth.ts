import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessKeySendBody,
  accessKeyValidateBody,
  authenticationStart,
  authResult,
  authStatus,
  classicValidateBody,
  errorResponse,
  setPasswordBody,
  type LoginOutcome,
} from '@despensa/contracts';
import { sessionToken, setSessionCookie } from '../session';
import type { AuthService } from '../../modules/auth/service';
import { routeSchemas, type ApiApp } from './api-app';

const tags = ['auth'];
/** A login's schema: its AuthResult, or 400 for a malformed call. */
const ofLogin = routeSchemas({ tags }, { 400: errorResponse });

/** VTEX ID under /api/vtexid/pub/authentication (reference §5). Bodies may be JSON or form-urlencoded. */
/** `brandNameOf`: the brand whose host the request came to (§1 white-label), for the e-mails it sends. */
export function authRoutes(
  auth: AuthService,
  brandNameOf: (request: FastifyRequest) => string,
): FastifyPluginAsyncZod {
  return async (app) => {
    // VTEX ID's own clients post forms; fields are plain strings, so URLSearchParams is all it takes.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    app.get(
      '/api/vtexid/pub/authentication/start',
      {
        schema: {
          tags,
          summary: 'Start a login: a short-lived authenticationToken the login calls need',
          querystring: z.object({}).catchall(z.string().max(500)),
          response: { 200: authenticationStart },
        },
      },
      async () => auth.start(),
    );
    passwordRoutes(app, auth);
    accessKeyRoutes(app, auth, brandNameOf);
  };
}

/** A login's answer: the session cookie on success, the AuthResult always. */
function loggedIn(
  outcome: LoginOutcome,
  request: Parameters<typeof setSessionCookie>[0],
  reply: Parameters<typeof setSessionCookie>[1],
) {
  if (outcome.sessionToken) setSessionCookie(request, reply, outcome.sessionToken);
  return outcome.result;
}

/** The password's login and its reset (with an e-mailed key). */
function passwordRoutes(app: ApiApp, auth: AuthService): void {
  app.post(
    '/api/vtexid/pub/authentication/classic/validate',
    {
      schema: ofLogin(
        'Password login; AuthResult.authStatus tells the outcome, a session cookie on Success',
        authResult,
        { body: classicValidateBody },
      ),
    },
    async (request, reply) =>
      loggedIn(
        await auth.validateClassic(request.body, request.ip, sessionToken(request).token),
        request,
        reply,
      ),
  );

  app.post(
    '/api/vtexid/pub/authentication/classic/setpassword',
    {
      schema: ofLogin('Set a new password with the e-mailed access key; logs in on Success', authResult, {
        body: setPasswordBody,
      }),
    },
    async (request, reply) => loggedIn(await auth.setPassword(request.body, request.ip), request, reply),
  );
}

/** Logins with an e-mailed access key: the send and the login. */
function accessKeyRoutes(
  app: ApiApp,
  auth: AuthService,
  brandNameOf: (request: FastifyRequest) => string,
): void {
  app.post(
    '/api/vtexid/pub/authentication/accesskey/send',
    {
      schema: {
        tags,
        summary:
          'E-mail a 6-digit access key (15 min, single use); the same answer for unknown e-mails; 429 past 5 per e-mail or 20 per address in 15 min',
        body: accessKeySendBody,
        response: {
          200: z.object({ authStatus }),
          400: z.object({ authStatus }).or(errorResponse),
          429: z.object({ authStatus }),
        },
      },
    },
    async (request, reply) => {
      const status = await auth.sendAccessKey(request.body, request.ip, brandNameOf(request));
      const code = status === 'Success' ? 200 : status === 'BlockedUser' ? 429 : 400;
      return reply.status(code).send({ authStatus: status });
    },
  );

  app.post(
    '/api/vtexid/pub/authentication/accesskey/validate',
    { schema: ofLogin('Log in with the e-mailed access key', authResult, { body: accessKeyValidateBody }) },
    async (request, reply) =>
      loggedIn(
        await auth.validateAccessKey(request.body, request.ip, sessionToken(request).token),
        request,
        reply,
      ),
  );
}
