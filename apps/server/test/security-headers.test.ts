import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './support/app';

const webBuilt = fs.existsSync(path.resolve(import.meta.dirname, '../../web/build/server/index.js'));
if (!webBuilt)
  throw new Error('security headers are tested on the web build: run `npm run build -w @despensa/web`');

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ web: true });
}, 120_000);
afterAll(() => shop?.close());

const page = (url: string) =>
  shop.app.inject({ method: 'GET', url, headers: { 'user-agent': 'Mozilla/5.0 Chrome/130.0' } });

/** The inline scripts a browser would run (JavaScript or the shop's inert modules), with their attributes. */
function inlineScripts(html: string): { attributes: string; text: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .map(([, attributes = '', text = '']) => ({ attributes, text }))
    .filter(
      ({ attributes, text }) =>
        text && !/\bsrc=/.test(attributes) && !/application\/(ld\+)?json/.test(attributes),
    );
}

function policy(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('security headers on every page', { timeout: 60_000 }, () => {
  it('a page of its own: a nonce every inline script carries, and no inline script without it', async () => {
    const response = await page('/mi-carro');
    expect(response.statusCode).toBe(200);
    const csp = policy(response.headers['content-security-policy']);
    const nonce = csp.get('script-src')?.find((source) => source.startsWith("'nonce-"));
    expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/=]{20,}'$/);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    const scripts = inlineScripts(response.body);
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) expect(script.attributes).toContain(`nonce="${nonce!.slice(7, -1)}"`);
    // A fresh nonce for every answer.
    const again = policy((await page('/mi-carro')).headers['content-security-policy']);
    expect(again.get('script-src')).not.toContain(nonce);
  });

  it('a cached page: every inline script allowed by its hash', async () => {
    await page('/');
    const response = await page('/');
    expect(response.headers['x-page-cache']).toBe('hit');
    const sources = policy(response.headers['content-security-policy']).get('script-src') ?? [];
    const scripts = inlineScripts(response.body);
    expect(scripts.length).toBeGreaterThan(1);
    for (const { text } of scripts)
      expect(sources).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  });

  it('nosniff, a referrer policy and no framing on pages and API answers alike; no HSTS over plain http', async () => {
    for (const response of [await page('/'), await page('/mi-carro'), await shop.app.inject('/api/health')]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('HSTS when the trusted load balancer says the shopper came over https, never when anyone else says so', async () => {
    const behindProxy: App = await buildApp({
      config: loadConfig({
        API_KEYS: 'web:test-web-key',
        DATABASE_URL: shop.database.url,
        LOG_LEVEL: 'silent',
        TRUSTED_PROXIES: '127.0.0.1',
      }),
      database: shop.database,
      logger: false,
      web: false,
      jobs: false,
    });
    try {
      const viaProxy = await behindProxy.app.inject({
        url: '/api/health',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.5' },
      });
      expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const forged = await behindProxy.app.inject({
        url: '/api/health',
        remoteAddress: '198.51.100.9',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(forged.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });
});
