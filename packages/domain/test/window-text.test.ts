import { describe, expect, it } from 'vitest';
import { windowText } from '../src/index';

describe('a delivery window in words, in the shop’s time (America/Santiago, es-CL)', () => {
  it("reads the issue's window 17:00–19:00 UTC as 14:00 to 16:00 in Santiago's summer time", () => {
    expect(
      windowText({ startDateUtc: '2026-11-29T17:00:00.000Z', endDateUtc: '2026-11-29T19:00:00.000Z' }),
    ).toBe('domingo, 29 de noviembre, de 14:00 a 16:00');
  });

  it('follows the shop’s offset in winter (UTC−4) and keeps the 24-hour clock', () => {
    expect(
      windowText({ startDateUtc: '2026-06-15T22:00:00.000Z', endDateUtc: '2026-06-16T00:00:00.000Z' }),
    ).toBe('lunes, 15 de junio, de 18:00 a 20:00');
  });
});
