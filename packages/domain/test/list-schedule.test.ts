import { describe, expect, it } from 'vitest';
import { basketChangeRefusal, basketPayingCard, currentListRun, listRunOn } from '../src/lists/schedule';

// Chile is UTC−3 in November (summer time).
describe('recurring list runs (§4)', () => {
  const since = new Date('2026-11-02T15:00:00Z'); // Monday 12:00 in Santiago

  it('delivers on the chosen weekday, built two days before at 09:00 and placed at 09:59:59 the day before', () => {
    const run = currentListRun({ frequency: 1, deliveryDay: 6 }, since, since);
    expect(run.deliveryDate).toBe('2026-11-07'); // Saturday
    expect(run.buildAt.toISOString()).toBe('2026-11-05T12:00:00.000Z'); // Thursday 09:00
    expect(run.cutOffAt.toISOString()).toBe('2026-11-06T12:59:59.000Z'); // Friday 09:59:59
  });

  it('skips a first delivery too close to review', () => {
    // Wednesday's basket would have been built on Monday 09:00, before the list was scheduled at 12:00.
    expect(currentListRun({ frequency: 1, deliveryDay: 3 }, since, since).deliveryDate).toBe('2026-11-11');
  });

  it('moves on by the frequency once a cut-off passes', () => {
    const schedule = { frequency: 2, deliveryDay: 6 };
    const afterFirst = new Date('2026-11-06T13:00:00Z');
    expect(currentListRun(schedule, since, afterFirst).deliveryDate).toBe('2026-11-21');
    const weekly = currentListRun({ frequency: 1, deliveryDay: 6 }, since, afterFirst);
    expect(weekly.deliveryDate).toBe('2026-11-14');
  });

  it('counts Sunday as day 7 and Monday as day 1', () => {
    expect(currentListRun({ frequency: 1, deliveryDay: 7 }, since, since).deliveryDate).toBe('2026-11-08');
    expect(currentListRun({ frequency: 1, deliveryDay: 1 }, since, since).deliveryDate).toBe('2026-11-09');
  });
});

describe("a built basket's review (§4): who may change it, and which card pays", () => {
  const cutOffAt = new Date('2026-11-06T12:59:59Z');
  const before = new Date('2026-11-06T12:59:58Z');

  it('gives a delivery day its build time and cut-off', () => {
    const run = listRunOn('2026-11-07');
    expect(run.buildAt.toISOString()).toBe('2026-11-05T12:00:00.000Z');
    expect(run.cutOffAt.toISOString()).toBe('2026-11-06T12:59:59.000Z');
  });

  it('lets a built basket of a scheduled list change until its cut-off, and says why not otherwise', () => {
    expect(basketChangeRefusal({ status: 'built', cutOffAt }, true, before)).toBeNull();
    expect(basketChangeRefusal({ status: 'built', cutOffAt }, true, cutOffAt)).toBe('listRunClosed');
    for (const status of ['due', 'placed', 'edited'] as const)
      expect(basketChangeRefusal({ status, cutOffAt }, true, before)).toBe('listRunClosed');
    expect(basketChangeRefusal({ status: 'skipped', cutOffAt }, true, before)).toBe('listRunSkipped');
    expect(basketChangeRefusal({ status: 'failed', cutOffAt }, true, before)).toBe('listRunFailed');
    expect(basketChangeRefusal({ status: 'built', cutOffAt }, false, before)).toBe('listPaused');
    expect(basketChangeRefusal({ status: 'upcoming', cutOffAt }, true, before)).toBe('listBasketNotBuilt');
  });

  it('pays with the favourite saved card, else the first', () => {
    const cards = [
      { id: 'a', favourite: false },
      { id: 'b', favourite: true },
    ];
    expect(basketPayingCard(cards)?.id).toBe('b');
    expect(basketPayingCard([cards[0]!])?.id).toBe('a');
    expect(basketPayingCard([])).toBeUndefined();
  });
});
