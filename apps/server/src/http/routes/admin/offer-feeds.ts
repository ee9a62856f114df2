import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  appKeyHeaders,
  errorResponses,
  Failure,
  OFFER_FEED_MAX_BYTES,
  offerFeedJob,
  offerFeedJobParams,
} from '@despensa/contracts';
import type { OfferFeedRunner } from '../../../flows/offer-feed-jobs';
import type { IntegrationService } from '../../../modules/integration/service';
import type { OperationsService } from '../../../modules/operations/service';
import { appKeyGuard, integrationActor } from '../../app-key-guard';
import { merchandised, staffActor } from './back-office-guard';

/** What a feed may be sent as: CSV (or plain text) and JSON, or bytes a browser did not name. */
const FEED_TYPES = ['text/csv', 'text/plain', 'application/json', 'application/octet-stream'];

/**
 * The body as a feed: read as it streams, refused with a 413 (payloadTooLarge) as soon as it passes
 * OFFER_FEED_MAX_BYTES (or says it will), so an oversized upload never sits in memory.
 */
async function feedText(request: FastifyRequest): Promise<string> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > OFFER_FEED_MAX_BYTES) throw new Failure('payloadTooLarge');
  const chunks: Buffer[] = [];
  let size = 0;
  // Not destroyed on the refusal: Node discards the rest of the body after the 413 is sent.
  for await (const chunk of request.raw.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > OFFER_FEED_MAX_BYTES) throw new Failure('payloadTooLarge');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The routes take the body themselves (feedText), streamed, instead of Fastify's 256 KB JSON parser. */
function streamedBodies(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(FEED_TYPES, (_request, _payload, done) => done(null));
}

const jobAnswers = { 200: offerFeedJob, 202: offerFeedJob };

/**
 * Feeds of offers over HTTP (issue 30 §2): the back office's upload (a staff session whose role runs the
 * shop's offer) and the integration API (an app key with the prices and stock scopes). Each answers the
 * job at once (202) and its progress on GET, up to the Spanish row report.
 */
export function offerFeedRoutes(
  operations: OperationsService,
  integration: IntegrationService,
  runner: OfferFeedRunner,
): FastifyPluginAsyncZod {
  return async (plain) => {
    await plain.register(backOfficeFeeds(operations, runner));
    await plain.register(integrationFeeds(integration, runner));
  };
}

function backOfficeFeeds(operations: OperationsService, runner: OfferFeedRunner): FastifyPluginAsyncZod {
  const tags = ['back office: offer feeds'];
  return async (plain) => {
    const app = merchandised(plain, operations);
    streamedBodies(app);
    app.post(
      '/api/admin/offer-feeds',
      {
        schema: {
          tags,
          summary: 'Upload a feed of offers (CSV or JSON, up to 100,000 rows): answers its job (202)',
          response: { ...jobAnswers, ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await runner.start(staffActor(request), await feedText(request))),
    );
    app.get(
      '/api/admin/offer-feeds/:id',
      {
        schema: {
          tags,
          summary: "A feed's progress (percent and stage) and, once done, its report",
          params: offerFeedJobParams,
          response: { 200: offerFeedJob, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => runner.read(staffActor(request), request.params.id),
    );
  };
}

function integrationFeeds(integration: IntegrationService, runner: OfferFeedRunner): FastifyPluginAsyncZod {
  const tags = ['integration: offer feeds'];
  const security: { [name: string]: string[] }[] = [];
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    streamedBodies(app);
    const onRequest = appKeyGuard(integration, ['prices', 'stock']);
    app.post(
      '/api/pricing/offer-feeds',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: 'Send a feed of offers (scopes prices and stock): answers its job (202)',
          headers: appKeyHeaders,
          response: { ...jobAnswers, ...errorResponses(400, 401, 403, 413, 415, 429) },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await runner.start(integrationActor(request), await feedText(request))),
    );
    app.get(
      '/api/pricing/offer-feeds/:id',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: "A feed's progress and report; only the key that sent it reads it",
          headers: appKeyHeaders,
          params: offerFeedJobParams,
          response: { 200: offerFeedJob, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (request) => runner.read(integrationActor(request), request.params.id),
    );
  };
}
