import { describe, it, expect } from 'vitest';
import { isBannerActive } from '../src/index';

const now = new Date('2025-03-10T12:00:00Z');

describe('isBannerActive', () => {
  it('needs the active flag', () => {
    expect(isBannerActive({ active: false }, now)).toBe(false);
    expect(isBannerActive({ active: true }, now)).toBe(true);
  });
  it('shows only between start_date and end_date, bounds included', () => {
    const banner = { active: true, start_date: '2025-03-01T00:00:00Z', end_date: '2025-03-10T12:00:00Z' };
    expect(isBannerActive(banner, now)).toBe(true);
    expect(isBannerActive(banner, new Date('2025-03-01T00:00:00Z'))).toBe(true);
    expect(isBannerActive(banner, new Date('2025-02-28T23:59:59Z'))).toBe(false);
    expect(isBannerActive(banner, new Date('2025-03-10T12:00:01Z'))).toBe(false);
  });
  it('treats a missing bound as open', () => {
    expect(isBannerActive({ active: true, start_date: null, end_date: '2025-03-11' }, now)).toBe(true);
    expect(isBannerActive({ active: true, start_date: '2025-03-01', end_date: '' }, now)).toBe(true);
    expect(isBannerActive({ active: true, start_date: '2025-03-11' }, now)).toBe(false);
  });
  it('hides a banner whose date does not parse', () => {
    expect(isBannerActive({ active: true, start_date: 'pronto' }, now)).toBe(false);
  });
});
