import { expect } from 'vitest';
import { baseUrl } from './browser';
import { API_HEADERS } from './api';
import { OUTBOX_KEY } from './global-setup';

export interface Mail {
  subject: string;
  text: string;
}

/** The mail the shop sent to `email`, newest first (the sandbox mailer's outbox). */
export async function mailTo(email: string): Promise<Mail[]> {
  const response = await fetch(`${baseUrl()}/api/dev/outbox?to=${encodeURIComponent(email)}`, {
    headers: { ...API_HEADERS, 'x-outbox-key': OUTBOX_KEY },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: Mail[] }).messages;
}

/** The 6-digit code last e-mailed to `email`, if any. */
export async function lastMailedCode(email: string): Promise<string | undefined> {
  return /\b(\d{6})\b/.exec((await mailTo(email))[0]?.text ?? '')?.[1];
}
