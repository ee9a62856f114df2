/**
 * How long the shop waits on its database (fault 9: a stalled PostgreSQL made every request wait as long
 * as it stalled). A stopped server cannot enforce its own statement timeout, so the client keeps a clock
 * of its own a little longer; a request that finds the database stalled answers 503 within
 * `ANSWER_WITHIN_MS`, and /api/health says 'degraded' within `HEALTH_WITHIN_MS`.
 */
export const DATABASE_TIMEOUTS = {
  /**
   * Waiting for a pooled connection, or for a new one to be accepted. A burst (50 shoppers taking one
   * window's places) queues for the pool while a healthy database works through it: long enough for that,
   * short enough that a stalled one answers 503 in time.
   */
  connectMs: 5_000,
  /** One statement, enforced by PostgreSQL. */
  statementMs: 5_000,
  /** The client's own limit on one query's answer, for a server that cannot answer at all. */
  queryMs: 5_500,
  /** A transaction left open and idle (a crashed request) is ended by PostgreSQL, freeing its locks. */
  idleInTransactionMs: 10_000,
} as const;

/** The longest a request waits for a stalled database before its 503: a pooled connection, then a query. */
export const ANSWER_WITHIN_MS = DATABASE_TIMEOUTS.connectMs + DATABASE_TIMEOUTS.queryMs + 500;
/** The longest /api/health waits for the database before answering 'degraded'. */
export const HEALTH_WITHIN_MS = 1_500;
