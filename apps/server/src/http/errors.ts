import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** Domain errors a service throws; the error mapper turns them into 4xx answers with the message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = 'No encontrado') {
    super(404, message);
  }
}
export class BadRequestError extends HttpError {
  constructor(message: string, field?: string) {
    super(400, message, field);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'No autorizado') {
    super(401, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'Prohibido') {
    super(403, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** invalid byte sequence (NUL), untranslatable character. */
const POSTGRES_BAD_TEXT = new Set(['22021', '22P05']);

function body(statusCode: number, message: string, field?: string) {
  return { statusCode, error: STATUS_NAMES[statusCode] ?? 'Error', message, ...(field ? { field } : {}) };
}

/** One place maps every failure: bad input is a 4xx naming the field, anything unexpected a logged 500. */
export function registerErrorMapping(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = [error.validationContext, ...(issue?.instancePath.split('/').filter(Boolean) ?? [])].join(
        '.',
      );
      const message = `Campo inválido: ${field}${issue?.message ? ` (${issue.message})` : ''}`;
      return reply.status(400).send(body(400, message, field));
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(body(error.statusCode, error.message, error.field));
    }
    // PostgreSQL refuses text it cannot store (a NUL character): that is bad input, not a server fault.
    // Drizzle wraps the driver's error, so the PostgreSQL code may sit on the cause.
    const pgCode =
      (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
    if (POSTGRES_BAD_TEXT.has(String(pgCode))) {
      return reply.status(400).send(body(400, 'El texto contiene caracteres no válidos'));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send(body(500, 'Error interno; reintenta más tarde'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'El cuerpo de la solicitud no es JSON válido'
          : status === 413
            ? 'El cuerpo de la solicitud es demasiado grande'
            : status === 415
              ? 'Tipo de contenido no soportado'
              : error.message;
      return reply.status(status).send(body(status, message));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(body(500, 'Error interno; reintenta más tarde'));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body(404, `No existe ${request.method} ${request.url.split('?')[0]}`));
  });
}
