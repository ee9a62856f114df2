import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  address,
  addressBody,
  addressValidateBody,
  addressState,
  comuna,
  errorResponse,
  errorResponses,
  region,
  verifyBlockedResponse,
} from '@despensa/contracts';
import { requireSession, sessionUserId } from '../session';
import type { AuthService } from '../../modules/auth/service';
import type { AddressService } from '../../modules/address/service';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type Guard = ReturnType<typeof requireSession>;

const tags = ['address'];
const errors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.string().min(1).max(60) });

/** §7 address calls (all need a session) and the region and comuna pickers of the address dialog. */
/** `brandNameOf`: the brand whose host the request came to (§1 white-label), for the e-mails it sends. */
export function addressRoutes(
  addresses: AddressService,
  auth: AuthService,
  brandNameOf: (request: FastifyRequest) => string,
): FastifyPluginAsyncZod {
  return async (app) => {
    const preHandler = requireSession(auth);
    addressBookRoutes(app, addresses, preHandler);
    addressCheckRoutes(app, addresses, preHandler, brandNameOf);
    territoryRoutes(app, addresses);
  };
}

/** The shopper's address book: list, read, add, change, delete. */
function addressBookRoutes(app: ZodApp, addresses: AddressService, preHandler: Guard): void {
  app.get(
    '/api/user/address',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The address book (hidden ids and * labels left out)',
        response: { 200: z.array(address), ...errors },
      },
    },
    async (request) => addresses.list(sessionUserId(request)),
  );
  app.get(
    '/api/user/address/:id',
    {
      preHandler,
      schema: { tags, summary: 'One address', params: idParams, response: { 200: address, ...errors } },
    },
    async (request) => addresses.get(sessionUserId(request), request.params.id),
  );
  app.post(
    '/api/user/address',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add an address (geocoded when no coordinates); starts blocked',
        body: addressBody,
        response: { 201: address, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addresses.save(sessionUserId(request), request.body)),
  );
  app.put(
    '/api/user/address/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Change an address; moving it blocks it again',
        params: idParams,
        body: addressBody,
        response: { 200: address, ...errors },
      },
    },
    async (request) => addresses.save(sessionUserId(request), request.body, request.params.id),
  );
  app.delete(
    '/api/user/address/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Delete an address',
        params: idParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await addresses.remove(sessionUserId(request), request.params.id);
      return { deleted: true as const };
    },
  );
}

/** Unblocking an address: whether it needs the e-mailed key, and the key's check. */
function addressCheckRoutes(
  app: ZodApp,
  addresses: AddressService,
  preHandler: Guard,
  brandNameOf: (request: FastifyRequest) => string,
): void {
  app.post(
    '/api/user/address/validate/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Unblock an address with the e-mailed access key',
        params: idParams,
        body: addressValidateBody,
        response: { 200: address, ...errors },
      },
    },
    async (request) =>
      addresses.validate(
        sessionUserId(request),
        request.params.id,
        request.body.accessKey,
        request.body.authenticationToken,
      ),
  );
  app.get(
    '/api/user/address/verifyBlocked/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Whether the address needs the code check (a key is e-mailed when it does)',
        params: idParams,
        response: { 200: verifyBlockedResponse, ...errors },
      },
    },
    async (request) =>
      addresses.verifyBlocked(sessionUserId(request), request.params.id, brandNameOf(request)),
  );
}

/** Chile's regions and comunas, for the address dialog (no session needed). */
function territoryRoutes(app: ZodApp, addresses: AddressService): void {
  app.get(
    '/api/address/regions',
    {
      schema: {
        tags,
        summary: "Chile's regions, for the address dialog",
        response: { 200: z.array(region) },
      },
    },
    async () => addresses.regions(),
  );
  app.get(
    '/api/address/states',
    {
      schema: {
        tags,
        summary: 'The regions with their comunas in the §3 store-operations shape: name, cities, value',
        response: { 200: z.array(addressState) },
      },
    },
    async () => addresses.states(),
  );
  app.get(
    '/api/address/regions/:code/comunas',
    {
      schema: {
        tags,
        summary: "A region's comunas with their centre, for the address dialog",
        params: z.object({ code: z.string().min(1).max(10) }),
        response: { 200: z.array(comuna), 404: errorResponse },
      },
    },
    async (request) => addresses.comunas(request.params.code),
  );
}
