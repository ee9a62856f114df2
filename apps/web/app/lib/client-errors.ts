import type { ClientErrorReport } from '@despensa/contracts';
import { apiHeaders } from './api-client';
import { logger } from './logger';

export const CLIENT_ERRORS_PATH = '/api/client-errors';

/** §7: every report carries the app version and, for a logged-in shopper, their e-mail. */
const monitor: { appVersion?: string; email?: string } = {};

export function setMonitorContext(context: { appVersion: string; email: string | null }): void {
  monitor.appVersion = context.appVersion;
  if (context.email) monitor.email = context.email;
  else delete monitor.email;
}

/** Fire-and-forget: a failed report must never raise another error screen. */
export function reportClientError(report: ClientErrorReport): void {
  logger.error(report.kind, report.message, report.resource ?? '');
  if (typeof window === 'undefined') return;
  // Cut to what the API keeps (contracts' clientErrorReport), so a long stack still reports.
  const body = JSON.stringify({
    kind: report.kind,
    message: report.message.slice(0, 1000),
    ...(report.stack ? { stack: report.stack.slice(0, 4000) } : {}),
    ...(report.resource ? { resource: report.resource.slice(0, 500) } : {}),
    url: window.location.href.slice(0, 500),
    ...(monitor.appVersion ? { appVersion: monitor.appVersion.slice(0, 64) } : {}),
    ...(monitor.email ? { email: monitor.email.slice(0, 254) } : {}),
  });
  // Raw fetch: a keepalive beacon that must outlive the page; a failed report must not raise error_503.
  void fetch(CLIENT_ERRORS_PATH, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', ...apiHeaders() },
    body,
  }).catch(() => {});
}
