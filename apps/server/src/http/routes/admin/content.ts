import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appKeyHeaders,
  contentDocumentBody,
  contentDocumentList,
  contentDocumentParams,
  contentDocumentView,
  contentPublishBody,
  errorResponses,
  type AuditActor,
} from '@despensa/contracts';
import { staffMerchandises } from '@despensa/domain';
import type { Database } from '../../../db/client';
import { runFlow } from '../../../flows/flow';
import { contentFlows, type ContentChangeModules } from '../../../flows/content-change';
import type { IntegrationService } from '../../../modules/integration/service';
import type { OperationsService } from '../../../modules/operations/service';
import { appKeyGuard, integrationActor } from '../../app-key-guard';
import { staffActorWho, staffGuard } from '../../staff';
import { staffActor } from './back-office-guard';

/** Who calls: an ERP or CMS connector's app key (scope `content`) or an editor of the back office. */
interface ContentCaller {
  prefix: string;
  tags: string[];
  guard: (request: FastifyRequest) => Promise<void>;
  actorOf: (request: FastifyRequest) => AuditActor;
  /** The app key's headers, documented on the integration routes. */
  headers?: typeof appKeyHeaders;
}

interface ContentSetting {
  database: Database;
  modules: ContentChangeModules;
  clock: () => Date;
  /** This instance takes in a change it made before answering (the others hear it from PostgreSQL). */
  changedHere: () => Promise<void>;
}

/** Integration API for content (scope `content`): VTEX has no CMS shape, so a plain REST one. */
export function contentIntegrationRoutes(
  integration: IntegrationService,
  setting: ContentSetting,
): FastifyPluginAsyncZod {
  return async (app) =>
    registerContentCalls(app, setting, {
      prefix: '/api/content/pvt/documents',
      tags: ['integration: content'],
      guard: appKeyGuard(integration, 'content'),
      actorOf: integrationActor,
      headers: appKeyHeaders,
    });
}

/** The same calls for the back office's editors: administrators and merchandisers. */
export function contentBackOfficeRoutes(
  operations: OperationsService,
  setting: ContentSetting,
): FastifyPluginAsyncZod {
  const signedIn = staffGuard(operations);
  return async (app) =>
    registerContentCalls(app, setting, {
      prefix: '/api/admin/content/documents',
      tags: ['back office'],
      guard: async (request) => {
        await signedIn(request);
        staffActorWho(request, staffMerchandises);
      },
      actorOf: staffActor,
    });
}

type ContentApp = Parameters<FastifyPluginAsyncZod>[0];

function registerContentCalls(app: ContentApp, setting: ContentSetting, caller: ContentCaller): void {
  // Refused before the body is read: a stranger learns nothing of what it would have said.
  app.addHook('onRequest', caller.guard);
  registerContentReads(app, setting, caller);
  registerContentWrites(app, setting, caller);
}

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** A route's documentation: an app key's calls take VTEX's headers, not the storefront's x-api-key. */
function described(caller: ContentCaller, summary: string) {
  return caller.headers
    ? { tags: caller.tags, summary, security: [], headers: caller.headers }
    : { tags: caller.tags, summary };
}

function registerContentReads(app: ContentApp, { modules }: ContentSetting, caller: ContentCaller): void {
  app.get(
    caller.prefix,
    {
      schema: {
        ...described(
          caller,
          'Every CMS document: when it was published, whether it has a draft, when a publish waits',
        ),
        response: { 200: contentDocumentList, ...errors },
      },
    },
    async () => ({ items: await modules.editing.list() }),
  );
  app.get(
    `${caller.prefix}/:key`,
    {
      schema: {
        ...described(
          caller,
          'A document: its published version, its draft and the version scheduled to go live',
        ),
        params: contentDocumentParams,
        response: { 200: contentDocumentView, ...errors },
      },
    },
    async (request) => modules.editing.view(request.params.key),
  );
}

function registerContentWrites(
  app: ContentApp,
  { database, modules, clock, changedHere }: ContentSetting,
  caller: ContentCaller,
): void {
  const flows = contentFlows(modules);
  const one = `${caller.prefix}/:key`;
  const { actorOf } = caller;
  app.put(
    `${one}/draft`,
    {
      schema: {
        ...described(
          caller,
          "Keep a draft (shoppers do not see it). Checked against its kind's shape (contentInvalid); html fragments are sanitised",
        ),
        params: contentDocumentParams,
        body: contentDocumentBody,
        response: { 200: contentDocumentView, ...errors },
      },
    },
    async (request) => {
      const { key } = request.params;
      const input = { actor: actorOf(request), key, document: request.body, now: clock() };
      await runFlow(database, flows.saveDraft, input);
      return modules.editing.view(key);
    },
  );
  app.delete(
    `${one}/draft`,
    {
      schema: {
        ...described(caller, 'Discard the draft'),
        params: contentDocumentParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await runFlow(database, flows.discardDraft, { actor: actorOf(request), key: request.params.key });
      return reply.code(204).send(null);
    },
  );
  app.post(
    `${one}/publish`,
    {
      schema: {
        ...described(
          caller,
          'Publish the draft now, or at publishAt (a future time: every instance shows it from then on and purges its pages)',
        ),
        params: contentDocumentParams,
        body: contentPublishBody,
        response: { 200: contentDocumentView, ...errors },
      },
    },
    async (request) => {
      const { key } = request.params;
      const { publishAt } = request.body;
      const at = publishAt ? new Date(publishAt) : null;
      await runFlow(database, flows.publish, { actor: actorOf(request), key, publishAt: at, now: clock() });
      await changedHere();
      return modules.editing.view(key);
    },
  );
  app.delete(
    `${one}/scheduled`,
    {
      schema: {
        ...described(caller, 'Cancel the publish waiting for its time'),
        params: contentDocumentParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await runFlow(database, flows.cancelSchedule, { actor: actorOf(request), key: request.params.key });
      await changedHere();
      return reply.code(204).send(null);
    },
  );
}
