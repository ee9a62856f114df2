import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@despensa/contracts';

/** Headers a group of routes needs besides the key (§7), by path prefix. */
const ROUTE_HEADERS: [RegExp, Record<string, string>][] = [
  [/^\/api\/(orderform|orderForm|order\/info)\b/, { 'x-account': "The store's account, e.g. 'despensa'" }],
  [/^\/api\/user\b/, { 'x-access-token': 'The session token from the login flow' }],
];

/**
 * The zod route schema as OpenAPI, with what every /api route may answer besides its own statuses (the
 * edge's 400, the key guard's 401, a missing cart's 404, a wrong method's 405, a body too big or not JSON, a
 * stalled database's 503) and the headers it needs.
 */
export const documentRoute: typeof jsonSchemaTransform = (input) => {
  const { schema, url } = input;
  // Page routes (the storefront's catch-all, its files) are not the API's and stay out of its document.
  if (!url.startsWith('/api/')) return { schema: { hide: true }, url };
  if (schema?.hide) return jsonSchemaTransform(input);
  // A route that declares no answer still answers 200 (with a shape it does not publish yet).
  const response = { ...((schema?.response as object | undefined) ?? { 200: z.unknown() }) } as Record<
    number,
    unknown
  >;
  const withBody = [input.route.method].flat().some((method) => !['GET', 'HEAD'].includes(method));
  // 503: the database stalled or out of reach (db/timeouts.ts).
  for (const status of [400, 401, 404, 405, ...(withBody ? [413, 415] : []), 503])
    response[status] ??= errorResponse;
  const headers = ROUTE_HEADERS.find(([pattern]) => pattern.test(url))?.[1];
  const { produces, ...rest } = schema ?? {};
  return jsonSchemaTransform({
    ...input,
    schema: {
      ...rest,
      response: produces?.includes('text/event-stream') ? eventStreamAnswers(response) : response,
      ...(produces && !produces.includes('text/event-stream') ? { produces } : {}),
      ...(headers && !schema?.headers
        ? {
            headers: z.object(
              Object.fromEntries(
                Object.entries(headers).map(([name, text]) => [name, z.string().describe(text)]),
              ),
            ),
          }
        : {}),
    },
  });
};

/** An event stream answers its events as text/event-stream, but refuses (4xx) with the API's JSON error. */
function eventStreamAnswers(response: Record<number, unknown>): Record<number, unknown> {
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) => [
      status,
      { content: { [status === '200' ? 'text/event-stream' : 'application/json']: { schema } } },
    ]),
  );
}
