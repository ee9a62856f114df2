import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxMailer } from '../src/providers/mail/outbox';
import { mailOutbox } from '../src/providers/mail/tables';
import { accountsClient } from './support/accounts';
import { createTestApp, type TestApp } from './support/app';
import { TEST_NOW } from './support/constants';

/** A real SMTP server in this process: what arrived over SMTP, raw. `refuse` answers every RCPT with 451. */
async function smtpServer(port = 0, refuse = false) {
  const arrived: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (_address, _session, done) =>
      done(refuse ? Object.assign(new Error('Intenta más tarde'), { responseCode: 451 }) : undefined),
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        arrived.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    arrived,
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The quoted-printable body parts as text (soft breaks joined, =XX bytes decoded as UTF-8). */
function decoded(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The Subject header, unfolded, its RFC 2047 Q-encoded words decoded. */
function subjectOf(raw: string): string {
  const header = raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '';
  const words = header.replace(/\?=\s+=\?/g, '?==?').replace(/\r?\n[ \t]/g, ' ');
  return words.replace(/=\?UTF-8\?Q\?(.*?)\?=/g, (_m, text: string) => decoded(text.replace(/_/g, ' ')));
}

const codeIn = (raw: string) => decoded(raw).match(/ingresar a tu cuenta es (\d{6})\./)?.[1];

let shop: TestApp | null = null;
let smtp: Awaited<ReturnType<typeof smtpServer>> | null = null;
afterEach(async () => {
  await shop?.close();
  await smtp?.close();
  shop = null;
  smtp = null;
});

describe('mail over SMTP (issue 31)', () => {
  it('sends the login code through the outbox and the job queue to the SMTP server, once, in HTML and text', async () => {
    smtp = await smtpServer();
    shop = await createTestApp({
      jobs: true,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'tienda@despensa.example' },
    });
    const client = accountsClient(shop);
    const customer = await client.register();
    const authenticationToken = await client.start();
    const send = await client.call('POST', '/api/vtexid/pub/authentication/accesskey/send', {
      payload: { authenticationToken, login: customer.email },
    });
    expect(send.json()).toEqual({ authStatus: 'Success' });
    await expect.poll(() => smtp?.arrived.length, { timeout: 15_000, interval: 100 }).toBe(1);

    const mail = smtp.arrived[0]!;
    expect(mail.to).toEqual([customer.email]);
    expect(subjectOf(mail.raw)).toBe('Tu código de acceso a Despensa');
    expect(mail.raw).toMatch(/^From: Despensa <tienda@despensa\.example>/m);
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/html/m);
    expect(decoded(mail.raw)).toContain('Vence en 15 minutos. Si no lo pediste, ignora este correo.');
    expect(decoded(mail.raw)).toContain('background:#c8102e');
    const code = codeIn(mail.raw);
    expect(code).toMatch(/^\d{6}$/);
    const byKey = await client.call('POST', '/api/vtexid/pub/authentication/accesskey/validate', {
      payload: { authenticationToken, login: customer.email, accessKey: code },
    });
    expect(byKey.json().authStatus).toBe('Success');

    // Sent at most once: the row is sent, and the sweep sends nothing more.
    const rows = await shop.database.db.select().from(mailOutbox);
    expect(rows.map((r) => [r.to, r.status, r.attempts])).toEqual([[customer.email, 'sent', 1]]);
    expect(await shop.services.jobs?.deliverMail()).toBe(0);
    expect(await (shop.services.mailer as OutboxMailer).deliver(rows[0]!.id)).toBe(false);
    expect(smtp.arrived).toHaveLength(1);
  });

  it('answers the login-code request at once while SMTP refuses, then delivers it after the backoff', async () => {
    smtp = await smtpServer(0, true);
    let now = TEST_NOW;
    shop = await createTestApp({
      clock: () => now,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        BRAND_HOSTS: JSON.stringify({
          'almacen.example': { name: 'Almacén del Valle', sellerId: '2', primaryColor: '#0b6e4f' },
        }),
      },
    });
    const client = accountsClient(shop);
    const customer = await client.register();
    const authenticationToken = await client.start();
    const send = await client.call('POST', '/api/vtexid/pub/authentication/accesskey/send', {
      payload: { authenticationToken, login: customer.email },
      headers: { host: 'almacen.example' },
    });
    expect(send.json()).toEqual({ authStatus: 'Success' });
    // The answer did not wait on SMTP: the code is queued and not yet tried (not a timed check).
    const [queued] = await shop.database.db.select().from(mailOutbox);
    expect(queued).toMatchObject({ status: 'pending', attempts: 0 });

    const mailer = shop.services.mailer as OutboxMailer;
    expect(await mailer.deliverDue()).toBe(0);
    const [refused] = await shop.database.db.select().from(mailOutbox);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, brandName: 'Almacén del Valle' });
    expect(refused!.lastError).toMatch(/451/);
    expect(refused!.nextAttemptAt.getTime() - TEST_NOW.getTime()).toBe(30_000);

    await smtp.close();
    smtp = await smtpServer(smtp.port);
    expect(await mailer.deliverDue()).toBe(0); // not before its time
    now = new Date(TEST_NOW.getTime() + 30_000);
    expect(await mailer.deliverDue()).toBe(1);
    expect(smtp.arrived).toHaveLength(1);
    expect(subjectOf(smtp.arrived[0]!.raw)).toBe('Tu código de acceso a Almacén del Valle');
    expect(smtp.arrived[0]!.raw).toMatch(
      /^From: =\?UTF-8\?Q\?Almac=C3=A9n_del_Valle\?= <no-responder@despensa\.example>/m,
    );
    expect(decoded(smtp.arrived[0]!.raw)).toContain('background:#0b6e4f');
    const [sent] = await shop.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, refused!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });
});
