import { computeRutCheckDigit } from '@despensa/domain';
import type { SandboxMailer } from '../../src/providers/mail/sandbox';
import type { TestApp } from './app';
import { TEST_KEY } from './constants';

export const PASSWORD = 'clave-segura-123';
let next = 10_000_000;

/** A fresh valid RUT and e-mail per call, so tests never collide. */
export function newCustomer(overrides: Record<string, unknown> = {}) {
  const body = String(next++);
  return {
    firstName: 'María',
    lastName: 'Pérez',
    document: `${body}-${computeRutCheckDigit(body)}`,
    email: `cliente${body}@correo.cl`,
    homePhone: '+56912345678',
    password: PASSWORD,
    termsAccepted: true as const,
    ...overrides,
  };
}

export function accountsClient(shop: Pick<TestApp, 'app'>, remoteAddress = '10.0.0.1') {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { payload?: unknown; token?: string; headers?: Record<string, string> } = {},
  ) =>
    shop.app.inject({
      method,
      url,
      remoteAddress,
      headers: {
        ...TEST_KEY,
        ...(options.token ? { 'x-access-token': options.token } : {}),
        ...options.headers,
      },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  const start = async (): Promise<string> =>
    (await call('GET', '/api/vtexid/pub/authentication/start')).json().authenticationToken;
  const login = async (login: string, password = PASSWORD) =>
    call('POST', '/api/vtexid/pub/authentication/classic/validate', {
      payload: { authenticationToken: await start(), login, password },
    });
  return {
    call,
    start,
    login,
    async register(overrides: Record<string, unknown> = {}) {
      const customer = newCustomer(overrides);
      const response = await call('POST', '/api/user', { payload: customer });
      if (response.statusCode !== 201) throw new Error(`register: ${response.statusCode} ${response.body}`);
      return { ...customer, userId: response.json().userId as string };
    },
    async loggedIn(overrides: Record<string, unknown> = {}) {
      const customer = await this.register(overrides);
      const response = await login(customer.email);
      const token = response.json().authCookie?.Value as string;
      if (!token) throw new Error(`login: ${response.body}`);
      return { ...customer, token };
    },
  };
}

/** The newest 6-digit code the sandbox mailed to `to`. */
export function lastCode(shop: TestApp, to: string): string {
  const mail = (shop.services.mailer as SandboxMailer).outbox(to)[0];
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

export const ADDRESS = {
  receiverName: 'María Pérez',
  street: 'Av. Providencia',
  number: '1234',
  neighborhood: 'Providencia',
  complement: 'Depto 501 <script>alert(1)</script>',
  reference: 'Frente al `parque`',
  city: 'Providencia',
  state: 'Metropolitana de Santiago',
};
