import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_OUTBOX_KEY, loadConfig } from '../src/config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./.data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.HELP_PHONE).toBe('600 400 2000');
    expect(config.API_KEYS.get('despensa-web-dev-key')).toBe('web');
    expect(config.EMBEDDED_PG_PORT).not.toBe(5432);
    expect(config.BRAND_NO_COVERAGE_VARIANT).toBe('default');
    expect(loadConfig({ BRAND_NO_COVERAGE_VARIANT: 'comingSoon' }).BRAND_NO_COVERAGE_VARIANT).toBe(
      'comingSoon',
    );
  });

  it('reads the other brands by host (§1 white-label)', () => {
    expect(loadConfig({}).BRAND_HOSTS).toEqual({});
    const hosts = loadConfig({
      BRAND_HOSTS: '{"almacen.example": {"name": "Almacén del Valle", "sellerId": "2"}}',
    }).BRAND_HOSTS;
    expect(hosts).toEqual({ 'almacen.example': { name: 'Almacén del Valle', sellerId: '2' } });
  });

  it('parses API_KEYS consumer:key pairs', () => {
    const config = loadConfig({ API_KEYS: 'web:abc, osm:def' });
    expect([...config.API_KEYS]).toEqual([
      ['abc', 'web'],
      ['def', 'osm'],
    ]);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ API_KEYS: 'no-colon-here' }, 'API_KEYS'],
    [{ BRAND_PRIMARY_COLOR: 'red' }, 'BRAND_PRIMARY_COLOR'],
    [{ BRAND_NO_COVERAGE_VARIANT: 'soon' }, 'BRAND_NO_COVERAGE_VARIANT'],
    [{ BRAND_HOSTS: 'almacen.example' }, 'BRAND_HOSTS'],
    [{ BRAND_HOSTS: '{"almacen.example": {"name": "Almacén"}}' }, 'BRAND_HOSTS'],
    [{ CART_KEY_SECRET: 'too-short-to-key-carts' }, 'CART_KEY_SECRET'],
    [{ SMTP_URL: 'mail.example.com:587' }, 'SMTP_URL'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'tienda' }, 'MAIL_FROM'],
  ])('stops with a one-line message naming the variable for %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain(name);
      expect(message).not.toContain('\n');
    }
  });

  it('refuses to start in production with the mail outbox on and no key of its own (issue 27)', () => {
    const production = { NODE_ENV: 'production', MAIL_OUTBOX: 'on' };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/MAIL_OUTBOX_KEY/);
    // Not one of the API keys, which pages carry.
    expect(() =>
      loadConfig({
        ...production,
        MAIL_OUTBOX_KEY: 'despensa-web-dev-key',
        API_KEYS: 'web:despensa-web-dev-key',
      }),
    ).toThrow(/MAIL_OUTBOX_KEY/);
    expect(loadConfig({ ...production, MAIL_OUTBOX_KEY: 'una-clave-larga-de-prueba' }).MAIL_OUTBOX_KEY).toBe(
      'una-clave-larga-de-prueba',
    );
    // Off in production, no key is needed; in development the documented one serves.
    expect(loadConfig({ NODE_ENV: 'production' }).MAIL_OUTBOX_KEY).toBeUndefined();
    expect(loadConfig({}).MAIL_OUTBOX_KEY).toBe(DEFAULT_OUTBOX_KEY);
  });
});
