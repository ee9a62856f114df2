import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { TEST_KEY } from './support/constants';

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
