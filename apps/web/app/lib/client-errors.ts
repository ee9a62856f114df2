import { apiHeaders } from './api-client';
import { logger } from './logger';

/** What the browser reports to `/api/client-errors` (§8: render failures and chunk load failures). */
export type ClientErrorKind = 'render' | 'ChunkLoadError' | 'CSS_CHUNK_LOAD_FAILED' | 'unhandled';

export interface ClientErrorReport {
  kind: ClientErrorKind;
  message: string;
  stack?: string | undefined;
  /** The script or stylesheet that failed, for chunk errors. */
  resource?: string | undefined;
}

export const CLIENT_ERRORS_PATH = '/api/client-errors';

/** Fire-and-forget: a failed report must never raise another error screen. */
export function reportClientError(report: ClientErrorReport): void {
  logger.error(report.kind, report.message, report.resource ?? '');
  if (typeof window === 'undefined') return;
  const body = JSON.stringify({ ...report, url: window.location.href });
  void fetch(CLIENT_ERRORS_PATH, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', ...apiHeaders() },
    body,
  }).catch(() => {});
}
