import type { DeliveryMethodKind } from '../constants';
import { localParts, secondsOfDay, SHOP_TIME_ZONE, zonedInstant } from './local-time';

/** A store's opening hours: day 1 = Monday … 7 = Sunday, local 'HH:MM' times. */
export interface OpeningHoursEntry {
  day: number;
  opens: string;
  closes: string;
}

/** Two-hour delivery windows (§3 deliveryWindow), offered for the next 7 days (issue #6). */
export const DELIVERY_WINDOW_MINUTES = 120;
export const DELIVERY_WINDOW_DAYS = 7;
/** Orders a window takes before it is full; not in the spec. */
export const DELIVERY_WINDOW_CAPACITY = 8;
/**
 * How long a cart holds a window's place while the shopper shops (Tesco holds a slot 2 hours); an ordered
 * cart keeps it. Not in the spec.
 */
export const DELIVERY_WINDOW_HOLD_MS = 2 * 3600_000;

/**
 * How long the store needs between an order and the start of its window, per mode: picking the order
 * (pickup, Click al Auto) and also driving it out (home delivery). A window starting sooner is not
 * offered (at 19:59 pickup no longer offers '20:00 a 22:00'). Express has no windows (its own estimate).
 * Not in the spec (issue #17).
 */
export const PREPARATION_LEAD_MINUTES: Record<DeliveryMethodKind, number> = {
  homeDelivery: 120,
  storePickup: 60,
  carPickup: 60,
  express: 0,
};

/** Whether a window starting at `start` can still be prepared in `mode` when ordered at `now`. */
export function windowOrderable(start: Date, now: Date, mode: DeliveryMethodKind): boolean {
  return start.getTime() - now.getTime() >= PREPARATION_LEAD_MINUTES[mode] * 60_000;
}

/** Whether confirming `mode` needs a window chosen: every scheduled mode does, express does not. */
export function modeNeedsWindow(mode: DeliveryMethodKind): boolean {
  return mode !== 'express';
}

export interface WindowSlot {
  start: Date;
  end: Date;
}

/**
 * The two-hour slots of the next `days` local days (today included) inside the opening hours, in
 * America/Santiago time: the first slot starts at opening, the last ends at or before closing. Slots
 * that have already started at `now` are left out.
 */
export function deliveryWindowSlots(
  now: Date,
  openingHours: readonly OpeningHoursEntry[],
  days = DELIVERY_WINDOW_DAYS,
  timeZone = SHOP_TIME_ZONE,
): WindowSlot[] {
  const today = localParts(now, timeZone);
  const slots: WindowSlot[] = [];
  for (let offset = 0; offset < days; offset++) {
    // Noon UTC of the local date keeps the calendar arithmetic clear of midnight and DST edges.
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset, 12));
    const weekday = ((date.getUTCDay() + 6) % 7) + 1;
    const hours = openingHours.find((entry) => entry.day === weekday);
    if (!hours) continue;
    const opens = secondsOfDay(hours.opens) / 60;
    const closes = secondsOfDay(hours.closes) / 60;
    for (let from = opens; from + DELIVERY_WINDOW_MINUTES <= closes; from += DELIVERY_WINDOW_MINUTES) {
      const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
      const start = zonedInstant(y, m, d, Math.floor(from / 60), from % 60, timeZone);
      if (start.getTime() <= now.getTime()) continue;
      const to = from + DELIVERY_WINDOW_MINUTES;
      slots.push({ start, end: zonedInstant(y, m, d, Math.floor(to / 60), to % 60, timeZone) });
    }
  }
  return slots;
}

/** Whether the store is open at `now` by its opening hours (local time). */
export function isOpenAt(
  now: Date,
  openingHours: readonly OpeningHoursEntry[],
  timeZone = SHOP_TIME_ZONE,
): boolean {
  const local = localParts(now, timeZone);
  const hours = openingHours.find((entry) => entry.day === local.weekday);
  if (!hours) return false;
  const seconds = local.hour * 3600 + local.minute * 60 + local.second;
  return seconds >= secondsOfDay(hours.opens) && seconds < secondsOfDay(hours.closes);
}
