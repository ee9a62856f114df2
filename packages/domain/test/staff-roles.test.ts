import { describe, expect, it } from 'vitest';
import { staffHomeDuty, staffMay } from '../src/staff/roles';

describe('staff roles', () => {
  it('operators pick, merchandisers read analytics, an admin does both', () => {
    expect([staffMay('operator', 'picking'), staffMay('operator', 'analytics')]).toEqual([true, false]);
    expect([staffMay('merchandiser', 'picking'), staffMay('merchandiser', 'analytics')]).toEqual([
      false,
      true,
    ]);
    expect([staffMay('admin', 'picking'), staffMay('admin', 'analytics')]).toEqual([true, true]);
  });

  it('each lands on a page it may see', () => {
    expect(staffHomeDuty('operator')).toBe('picking');
    expect(staffHomeDuty('merchandiser')).toBe('analytics');
    expect(staffHomeDuty('admin')).toBe('picking');
  });
});
