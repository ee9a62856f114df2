import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_INVALID_MESSAGE, RUT_INVALID_MESSAGE } from '@despensa/domain';
import { createTestApp, type TestApp } from './support/app';
import { TEST_KEY } from './support/constants';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.close();
});

function subscribe(body: unknown, headers: Record<string, string> = TEST_KEY) {
  return app.app.inject({ method: 'POST', url: '/api/user/newsletter/', headers, payload: body as object });
}

describe('POST /api/user/newsletter/', () => {
  it('stores a subscription with the RUT formatted and whitespace removed', async () => {
    const response = await subscribe({ email: 'ana.perez@example.cl', document: ' 12.345.678 -5 ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ subscribed: true, email: 'ana.perez@example.cl', created: true });
    const rows = await app.database.pool.query(
      "SELECT email, document, consumer FROM newsletter_subscription WHERE email = 'ana.perez@example.cl'",
    );
    expect(rows.rows).toEqual([{ email: 'ana.perez@example.cl', document: '12.345.678-5', consumer: 'web' }]);
  });

  it('keeps one subscription when the same e-mail subscribes again, in any case', async () => {
    const first = await subscribe({ email: 'repetido@example.cl', document: '11.111.111-1' });
    expect(first.json()).toMatchObject({ created: true });
    const second = await subscribe({ email: 'REPETIDO@example.cl', document: '7.775.735-K' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ subscribed: true, created: false });
    expect(await app.services.newsletter.count('repetido@example.cl')).toBe(1);
    const rows = await app.database.pool.query(
      "SELECT document FROM newsletter_subscription WHERE lower(email) = 'repetido@example.cl'",
    );
    expect(rows.rows).toEqual([{ document: '7.775.735-K' }]);
  });

  it.each([
    [{ email: 'josé@example.cl', document: '12.345.678-5' }, EMAIL_INVALID_MESSAGE, 'email', 'invalidEmail'],
    [{ email: 'sin-arroba', document: '12.345.678-5' }, EMAIL_INVALID_MESSAGE, 'email', 'invalidEmail'],
    [{ email: 'bien@example.cl', document: '12.345.678-9' }, RUT_INVALID_MESSAGE, 'document', 'invalidRut'],
    [{ email: 'bien@example.cl', document: '' }, RUT_INVALID_MESSAGE, 'document', 'invalidRut'],
  ])('rejects %j with a Spanish message', async (body, message, field, code) => {
    const response = await subscribe(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, field, code });
    expect(await app.services.newsletter.count(body.email)).toBe(0);
  });

  it('rejects a body without the fields and a call without the api key', async () => {
    expect((await subscribe({ email: 'a@b.cl' })).statusCode).toBe(400);
    expect((await subscribe({ email: 'a@b.cl', document: '12.345.678-5' }, {})).statusCode).toBe(401);
  });
});
