import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { TEST_KEY } from './support/constants';
import { failureMessages } from '@despensa/contracts';
import {
  LOGGED_REPORTS_PER_WINDOW,
  REPORTS_PER_ADDRESS,
  REPORT_WINDOW_MS,
  ReportLimiter,
} from '../src/modules/monitoring/report-limiter';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

function report(payload: unknown, method: 'POST' | 'GET' = 'POST') {
  return app.app.inject({
    method,
    url: '/api/client-errors',
    headers: TEST_KEY,
    ...(method === 'POST' ? { payload: payload as object } : {}),
  });
}

describe('POST /api/client-errors (§8 render and chunk load failures)', () => {
  it('takes a chunk load failure with its resource', async () => {
    const response = await report({ kind: 'ChunkLoadError', message: 'x', resource: '/assets/x.js' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it('refuses what is not a report with a JSON 400, and other methods with a JSON 405', async () => {
    const unknownKind = await report({ kind: 'whatever', message: 'x' });
    expect(unknownKind.statusCode).toBe(400);
    expect(unknownKind.json()).toMatchObject({ code: 'invalidInput', field: 'body.kind' });
    const tooLong = await report({ kind: 'render', message: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    const get = await report(undefined, 'GET');
    expect(get.statusCode).toBe(405);
    expect(get.json()).toMatchObject({ code: 'methodNotAllowed' });
  });
});

describe('client error reports are rate limited (issue 27)', () => {
  it('answers 429 tooManyReports to one address past its limit, while another address still reports', async () => {
    const from = (remoteAddress: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        remoteAddress,
        headers: TEST_KEY,
        payload: { kind: 'render', message: 'boom' },
      });
    for (let i = 0; i < REPORTS_PER_ADDRESS; i++) expect((await from('203.0.113.9')).statusCode).toBe(204);
    const refused = await from('203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'tooManyReports', message: failureMessages.tooManyReports });
    expect((await from('203.0.113.10')).statusCode).toBe(204);
  });

  it('logs at most LOGGED_REPORTS_PER_WINDOW lines a window from all clients, then one line saying how many it left out', () => {
    let now = 0;
    const limiter = new ReportLimiter(() => new Date(now));
    const verdicts: string[] = [];
    for (let client = 0; client < 200; client++)
      for (let i = 0; i < 5; i++)
        verdicts.push(limiter.admit(`10.1.${Math.floor(client / 250)}.${client % 250}`));
    expect(verdicts.filter((verdict) => verdict === 'log')).toHaveLength(LOGGED_REPORTS_PER_WINDOW);
    expect(verdicts.filter((verdict) => verdict === 'refuse')).toHaveLength(0);
    now += REPORT_WINDOW_MS;
    expect(limiter.admit('10.1.0.1')).toBe('log');
    expect(limiter.leftOut()).toBe(1000 - LOGGED_REPORTS_PER_WINDOW);
    expect(limiter.leftOut()).toBe(0);
  });
});
