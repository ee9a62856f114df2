import type { Route } from './+types/client-errors';

const MAX_BODY_BYTES = 16 * 1024;
const KINDS = new Set(['render', 'ChunkLoadError', 'CSS_CHUNK_LOAD_FAILED', 'unhandled']);

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' ? value.slice(0, max) : undefined;
}

/**
 * POST /api/client-errors: the browser's render failures and chunk load failures (§8), written to the
 * server's log as one JSON line each. Answers 204, or 400 for a body that is not a report.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
  const body = await request.text();
  if (body.length > MAX_BODY_BYTES) return new Response(null, { status: 413 });
  let report: Record<string, unknown>;
  try {
    report = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return new Response(null, { status: 400 });
  }
  const kind = text(report.kind, 40);
  if (!kind || !KINDS.has(kind)) return new Response(null, { status: 400 });
  console.error(
    JSON.stringify({
      level: 'error',
      msg: 'client error',
      kind,
      message: text(report.message, 1000),
      stack: text(report.stack, 4000),
      resource: text(report.resource, 500),
      url: text(report.url, 500),
      userAgent: request.headers.get('user-agent')?.slice(0, 300),
    }),
  );
  return new Response(null, { status: 204 });
}

export function loader() {
  return new Response(null, { status: 405, headers: { allow: 'POST' } });
}
