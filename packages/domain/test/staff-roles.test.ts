import { describe, expect, it } from 'vitest';
import { staffHomeDuty, staffMay, staffMayRunStore, staffRunsStores } from '../src/staff/roles';

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

  it('store managers and support land in the back office', () => {
    expect(staffHomeDuty('storeManager')).toBe('backOffice');
    expect(staffHomeDuty('support')).toBe('backOffice');
    expect(staffMay('support', 'picking')).toBe(false);
  });

  it('a store manager runs its own store only; support and merchandisers none', () => {
    const manager = { role: 'storeManager' as const, storeId: 'providencia' };
    expect(staffMayRunStore(manager, 'providencia')).toBe(true);
    expect(staffMayRunStore(manager, 'nunoa')).toBe(false);
    expect(staffMayRunStore({ role: 'admin', storeId: 'providencia' }, 'nunoa')).toBe(true);
    expect([
      staffRunsStores('support'),
      staffRunsStores('merchandiser'),
      staffRunsStores('storeManager'),
    ]).toEqual([false, false, true]);
  });
});
