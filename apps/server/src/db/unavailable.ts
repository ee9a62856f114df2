/**
 * Whether an error says the database could not be reached in time (stalled, restarting, refusing
 * connections) rather than that a statement was wrong: such a request answers the §8 503, not a 500.
 * Drizzle wraps the driver's error, so the cause chain is walked.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = String((current as { code?: unknown }).code ?? '');
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
    const { message } = current;
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = current.cause;
  }
  return false;
}

/**
 * PostgreSQL: statement timeout (57014), idle-in-transaction timeout (25P03), shutting down or starting
 * (57P01–57P03), too many connections (53300); 08xxx are connection failures. Node: the socket's own.
 */
const UNAVAILABLE_CODES = new Set([
  '57014',
  '25P03',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
]);

/** pg's and pg-pool's own timeouts and lost connections carry no code. */
const UNAVAILABLE_MESSAGES = [
  /^Query read timeout$/,
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated/,
  /is not queryable$/,
];
