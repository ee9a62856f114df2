import type { FastifyInstance } from 'fastify';

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  prefixItems?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

export interface FuzzReport {
  total: number;
  byStatus: Record<number, number>;
  /** The first answers ≥ 500, with the request that got them. */
  failures: { method: string; url: string; body: unknown; status: number; answer: string }[];
}

/** A small deterministic generator (mulberry32), so a failing run can be replayed by its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof random>;

/** Hostile values a malformed request carries in place of a valid one. */
const HOSTILE: unknown[] = [
  null,
  '',
  ' ',
  '\ud800',
  'a\u0000b',
  '../../etc/passwd',
  "'; DROP TABLE cart; --",
  '<img src=x onerror=alert(1)>',
  'x'.repeat(5000),
  -1,
  0,
  1.5,
  1e308,
  -(2 ** 53) - 2,
  true,
  [],
  {},
  [[[[[]]]]],
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
  '🙂'.repeat(30),
  'NaN',
  '2026-13-45T99:99:99Z',
];

/** Values that fit a schema (as far as a small generator can tell), sometimes at its edges. */
function generate(schema: Schema, document: Document, rng: Random, depth = 0): unknown {
  if (schema.$ref) return generate(resolve(schema.$ref, document), document, rng, depth);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return rng.pick(schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return generate(rng.pick(choices), document, rng, depth);
  if (schema.allOf) return generate(Object.assign({}, ...schema.allOf), document, rng, depth);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type) : schema.type;
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return rng.chance(0.5);
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? -5, -1e6);
      const max = Math.min(schema.maximum ?? 1000, 1e6);
      const value = rng.pick([min, max, rng.int(Math.ceil(min), Math.floor(max))]);
      return type === 'integer' ? Math.round(value) : value;
    }
    case 'string': {
      const length = rng.int(schema.minLength ?? 0, Math.min(schema.maxLength ?? 12, 40));
      const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789ñáé -_.@';
      return rng.pick([
        Array.from({ length }, () => rng.pick([...alphabet])).join(''),
        String(rng.int(1, 3000)).slice(0, Math.max(1, schema.maxLength ?? 10)),
        'leche',
        'despensa',
      ]);
    }
    case 'array': {
      if (depth > 4) return [];
      if (schema.prefixItems)
        return schema.prefixItems.map((item) => generate(item, document, rng, depth + 1));
      const count = rng.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3));
      return Array.from({ length: count }, () => generate(schema.items ?? {}, document, rng, depth + 1));
    }
    case 'object': {
      if (depth > 4) return {};
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(name) || rng.chance(0.6))
          value[name] = generate(property, document, rng, depth + 1);
      }
      return value;
    }
    default:
      return rng.pick(['x', 1, true, null, {}]);
  }
}

/** A valid value with one part broken: a hostile value, a missing field, or garbage of another type. */
function malform(value: unknown, rng: Random): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && rng.chance(0.7)) {
    const keys = Object.keys(value);
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    if (keys.length > 0 && rng.chance(0.3)) delete copy[rng.pick(keys)];
    else if (keys.length > 0) copy[rng.pick(keys)] = malform(copy[rng.pick(keys)], rng);
    else copy[rng.pick(['x', '__proto__', 'constructor', '\ud800'])] = rng.pick(HOSTILE);
    return copy;
  }
  if (Array.isArray(value) && value.length > 0 && rng.chance(0.5)) {
    const copy = [...value];
    copy[rng.int(0, copy.length - 1)] = malform(copy[0], rng);
    return copy;
  }
  return rng.pick(HOSTILE);
}

function resolve(ref: string, document: Document): Schema {
  const name = decodeURIComponent(ref.replace('#/components/schemas/', ''));
  return document.components.schemas[name] ?? {};
}

/** A lone surrogate has no UTF-8: it goes as the bytes of one, which is malformed input of its own. */
function encodePathPart(text: string): string {
  return text
    .split(/(\p{Cs})/u)
    .map((part) => (/\p{Cs}/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/**
 * Sends `requests` generated requests over every operation of the app's OpenAPI document, about half valid
 * and half malformed (broken parameters, bodies, content types, raw garbage), and counts the answers.
 */
export async function fuzz(
  app: FastifyInstance,
  options: { requests: number; seed?: number; headers: Record<string, string> },
): Promise<FuzzReport> {
  const rng = random(options.seed ?? 1);
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
  // Real ids make valid requests reach the services, not only the validators.
  const cart = await app.inject({
    method: 'POST',
    url: '/api/orderForm',
    headers: options.headers,
    payload: {},
  });
  const knownIds = [
    cart.json<{ orderFormId?: string }>().orderFormId ?? 'x',
    '1',
    '10',
    '1000001',
    'lacteos',
  ];
  const report: FuzzReport = { total: 0, byStatus: {}, failures: [] };
  for (let index = 0; index < options.requests; index++) {
    const { path, method, operation } = operations[index % operations.length]!;
    const broken = rng.chance(0.5);
    const parameters = operation.parameters ?? [];
    const breakAt = broken ? rng.int(0, parameters.length) : -1;
    let url = path;
    const query = new URLSearchParams();
    const headers: Record<string, string> = { ...options.headers };
    parameters.forEach((parameter, position) => {
      let value: unknown =
        parameter.in === 'path' && rng.chance(0.5)
          ? rng.pick(knownIds)
          : generate(parameter.schema, document, rng);
      if (position === breakAt) value = malform(value, rng);
      if (parameter.in === 'path')
        url = url.replace(`{${parameter.name}}`, encodePathPart(asText(value) || 'x'));
      else if (parameter.in === 'query' && (parameter.required || rng.chance(0.6)))
        query.set(parameter.name, asText(value));
      else if (parameter.in === 'header')
        headers[parameter.name] = asText(value).replace(/[^\x20-\x7e]/g, '') || 'x';
    });
    url = url.replace('{*}', rng.pick(['lacteos', 'leche', 'a/b/c', '%', '..%2F..', '']));
    if ([...query].length) url += `?${query}`;
    const bodySchema = operation.requestBody?.content['application/json']?.schema;
    let payload: string | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      const body = bodySchema ? generate(bodySchema, document, rng) : {};
      const sent = broken && breakAt === parameters.length ? malform(body, rng) : body;
      if (broken && rng.chance(0.15))
        payload = rng.pick(['{', '[1,', 'null', '"\\ud800"', 'x'.repeat(300_000), '']);
      else payload = JSON.stringify(sent);
      headers['content-type'] = broken && rng.chance(0.1) ? 'text/plain' : 'application/json';
    }
    const response = await app.inject({ method: method as 'GET', url, headers, payload });
    report.total++;
    report.byStatus[response.statusCode] = (report.byStatus[response.statusCode] ?? 0) + 1;
    if (response.statusCode >= 500 && report.failures.length < 20)
      report.failures.push({
        method,
        url,
        body: payload?.slice(0, 500),
        status: response.statusCode,
        answer: response.body.slice(0, 500),
      });
  }
  return report;
}
