import { localParts, zonedInstant } from '../delivery/local-time';

/**
 * §4 recurring lists. Not in the spec, chosen here and stated in the README: a scheduled list's basket is
 * built two days before its delivery day at 09:00 (shop time), and it is placed at the cut-off, the day
 * before the delivery day at 09:59:59 (the §9 cutoff time), unless skipped or paused by then.
 */
export const LIST_BASKET_LEAD_DAYS = 2;
export const LIST_BASKET_BUILD_TIME = { hour: 9, minute: 0 } as const;
export const LIST_ORDER_CUTOFF_LEAD_DAYS = 1;
export const LIST_ORDER_CUTOFF_TIME = { hour: 9, minute: 59, second: 59 } as const;

export interface ListRun {
  /** The delivery day, 'YYYY-MM-DD' in shop time. */
  deliveryDate: string;
  /** When the basket is built and the shopper told. */
  buildAt: Date;
  /** After this the basket is placed (unless skipped or paused). */
  cutOffAt: Date;
}

const DAY_MS = 86_400_000;

/** A shop-time calendar date as a UTC midnight, for day arithmetic. */
function calendarDay(instant: Date): number {
  const p = localParts(instant);
  return Date.UTC(p.year, p.month - 1, p.day);
}

function runOn(day: number): ListRun {
  const at = (offsetDays: number, time: { hour: number; minute: number }, seconds = 0) => {
    const d = new Date(day - offsetDays * DAY_MS);
    const instant = zonedInstant(
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      d.getUTCDate(),
      time.hour,
      time.minute,
    );
    return new Date(instant.getTime() + seconds * 1000);
  };
  return {
    deliveryDate: new Date(day).toISOString().slice(0, 10),
    buildAt: at(LIST_BASKET_LEAD_DAYS, LIST_BASKET_BUILD_TIME),
    cutOffAt: at(LIST_ORDER_CUTOFF_LEAD_DAYS, LIST_ORDER_CUTOFF_TIME, LIST_ORDER_CUTOFF_TIME.second),
  };
}

/**
 * The run of a list scheduled at `since` (every `frequency` weeks on `deliveryDay`, Monday = 1) that is
 * current at `now`: the first whose cut-off has not passed. The first delivery is the first `deliveryDay`
 * whose build time comes after `since`, so the shopper always gets the full lead time to review.
 */
export function currentListRun(
  schedule: { frequency: number; deliveryDay: number },
  since: Date,
  now: Date,
): ListRun {
  let day = calendarDay(since);
  const weekday = (d: number) => ((new Date(d).getUTCDay() + 6) % 7) + 1;
  while (weekday(day) !== schedule.deliveryDay || runOn(day).buildAt < since) day += DAY_MS;
  const step = schedule.frequency * 7 * DAY_MS;
  while (runOn(day).cutOffAt <= now) day += step;
  return runOn(day);
}

/** The run of a delivery day ('YYYY-MM-DD' in shop time): when its basket is built and its cut-off. */
export function listRunOn(deliveryDate: string): ListRun {
  const [year, month, day] = deliveryDate.split('-').map(Number) as [number, number, number];
  return runOn(Date.UTC(year, month - 1, day));
}

/** What became of a run so far (§4 recurring lists): see the list_run table. */
export type ListRunState = 'upcoming' | 'built' | 'skipped' | 'due' | 'placed' | 'edited' | 'failed';

/** Why a run's basket cannot be changed or skipped from its review page (the contracts' failure codes). */
export type BasketChangeRefusal =
  'listRunClosed' | 'listBasketNotBuilt' | 'listRunSkipped' | 'listRunFailed' | 'listPaused';

/**
 * Whether the shopper may still change a run's basket (quantities, products) from its review page: only a
 * built basket of a scheduled list, before its cut-off. Answers why not, else null. Past the cut-off the
 * basket is the order's (or was placed, edited or failed), whatever its status says yet.
 */
export function basketChangeRefusal(
  run: { status: ListRunState; cutOffAt: Date },
  listScheduled: boolean,
  now: Date,
): BasketChangeRefusal | null {
  if (run.cutOffAt <= now || run.status === 'due' || run.status === 'placed' || run.status === 'edited')
    return 'listRunClosed';
  if (run.status === 'skipped') return 'listRunSkipped';
  if (run.status === 'failed') return 'listRunFailed';
  if (!listScheduled) return 'listPaused';
  if (run.status === 'upcoming') return 'listBasketNotBuilt';
  return null;
}

/** The saved one-click card a basket is paid with at its cut-off: the favourite, else the first saved. */
export function basketPayingCard<Card extends { favourite: boolean }>(
  cards: readonly Card[],
): Card | undefined {
  return cards.find((card) => card.favourite) ?? cards[0];
}
