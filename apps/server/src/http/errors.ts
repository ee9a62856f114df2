import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { Failure, failureMessages, type FailureCode } from '@despensa/contracts';
import type { ApiRoutes } from './edge';
import { isDatabaseUnavailable } from '../db/unavailable';
import { failureStatus } from './failure-status';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** invalid byte sequence (NUL), untranslatable character. */
const POSTGRES_BAD_TEXT = new Set(['22021', '22P05']);

/** The code of one of Fastify's own 4xx errors (a body too large, a media type it cannot parse…), by status. */
const FASTIFY_CODE_OF_STATUS: Partial<Record<number, FailureCode>> = {
  404: 'notFound',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
};

function body(
  statusCode: number,
  code: FailureCode,
  message: string = failureMessages[code],
  field?: string,
) {
  return {
    statusCode,
    error: STATUS_NAMES[statusCode] ?? 'Error',
    code,
    message,
    ...(field ? { field } : {}),
  };
}

/** Whether a failed answer failed because its client hung up: routine, nobody reads the answer. */
export function clientLeft(request: FastifyRequest, error: Error): boolean {
  // The socket, not the request: a request whose body has been read reports itself destroyed.
  return (
    (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE' || request.raw.socket.destroyed
  );
}

type ErrorBody = ReturnType<typeof body>;

/** One place maps every failure: bad input is a 4xx naming the field, anything unexpected a logged 500. */
export function registerErrorMapping(app: FastifyInstance, apiRoutes: ApiRoutes): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A stream that failed before its first byte (a page, an action's .data) has already put its headers
    // on the raw response (content-type text/x-script, content-encoding…): they describe the answer that
    // failed, and a JSON error sent under them is refused by Fastify as an invalid payload.
    if (!reply.raw.headersSent) for (const name of reply.raw.getHeaderNames()) reply.raw.removeHeader(name);
    const refused = refusedInput(error);
    if (refused) return reply.status(refused.statusCode).send(refused);
    // A stalled or unreachable database: the §8 503 in bounded time (db/timeouts.ts), never a 500.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(body(503, 'serviceUnavailable'));
    }
    const answer = unfitAnswer(error, request) ?? fastifyRefusal(error) ?? unexpected(error, request);
    return reply.status(answer.statusCode).send(answer);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = apiRoutes.allowed(path);
    if (allowed.length > 0) {
      const message = `${failureMessages.methodNotAllowed}: ${request.method} ${path}`;
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(body(405, 'methodNotAllowed', message));
    }
    return reply.status(404).send(body(404, 'notFound', `No existe ${request.method} ${path}`));
  });
}

/** Input the shop refuses: a schema's first issue (naming its field), a typed failure, unstorable text. */
function refusedInput(error: FastifyError): ErrorBody | null {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const field = [error.validationContext, ...(issue?.instancePath.split('/').filter(Boolean) ?? [])].join(
      '.',
    );
    const message = `Campo inválido: ${field}${issue?.message ? ` (${issue.message})` : ''}`;
    return body(400, 'invalidInput', message, field);
  }
  if (error instanceof Failure) {
    const status = failureStatus[error.code];
    return body(status, error.code, error.message, error.field);
  }
  // PostgreSQL refuses text it cannot store (a NUL character): that is bad input, not a server fault.
  // Drizzle wraps the driver's error, so the PostgreSQL code may sit on the cause.
  const pgCode = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
  return POSTGRES_BAD_TEXT.has(String(pgCode)) ? body(400, 'invalidText') : null;
}

/** An answer that did not match its own schema: the shop's fault, logged with the schema's issues. */
function unfitAnswer(error: FastifyError, request: FastifyRequest): ErrorBody | null {
  if (!isResponseSerializationError(error)) return null;
  request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
  return body(500, 'internal');
}

/** Fastify's own 4xx: a body that is not JSON, too large, of a media type it cannot parse… */
function fastifyRefusal(error: FastifyError): ErrorBody | null {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return body(status, 'invalidJson');
  const code = FASTIFY_CODE_OF_STATUS[status] ?? 'invalidInput';
  const message = status === 413 || status === 415 ? failureMessages[code] : error.message;
  return body(status, code, message);
}

function unexpected(error: FastifyError, request: FastifyRequest): ErrorBody {
  // A shopper who left before the first byte (a closed tab, a fetcher aborted by the next one) is routine.
  if (clientLeft(request, error)) request.log.debug({ err: error }, 'client left before the answer');
  else request.log.error({ err: error }, 'unexpected error');
  return body(500, 'internal');
}
