import { LOCALE, SHOP_TIME_ZONE } from '@despensa/domain';
import { formatPrice, onFirstUse } from '../../lib/format';

const day = onFirstUse(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: SHOP_TIME_ZONE,
    }),
);
const shortDay = onFirstUse(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: SHOP_TIME_ZONE,
    }),
);
const time = onFirstUse(
  // Chile reads hours on the 24-hour clock ('14:00'); es-CL alone gives '02:00 p. m.' in some engines.
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: SHOP_TIME_ZONE,
    }),
);

/** The shop's day a window starts on, as a heading: 'lunes, 23 de noviembre'. */
export function windowDay(window: { startDateUtc: string }): string {
  return day().format(new Date(window.startDateUtc));
}

/** The window's hours in shop time: '10:00 a 12:00'. */
export function windowHours(window: { startDateUtc: string; endDateUtc: string }): string {
  return `${time().format(new Date(window.startDateUtc))} a ${time().format(new Date(window.endDateUtc))}`;
}

/** Windows grouped by their day, in order. */
export function windowsByDay<T extends { startDateUtc: string }>(
  windows: readonly T[],
): { day: string; windows: T[] }[] {
  const days: { day: string; windows: T[] }[] = [];
  for (const window of windows) {
    const label = windowDay(window);
    const last = days.at(-1);
    if (last?.day === label) last.windows.push(window);
    else days.push({ day: label, windows: [window] });
  }
  return days;
}

/** A chosen window in one short line (header, cart summary, console): 'mié, 25 nov, 20:00 a 22:00'. */
export function windowLine(window: { startDateUtc: string; endDateUtc: string }): string {
  return `${shortDay().format(new Date(window.startDateUtc))}, ${windowHours(window)}`;
}

/** A time of day in shop time: '14:05'. */
export function clockTime(iso: string): string {
  return time().format(new Date(iso));
}

/** A window's fee: pickup windows cost nothing, and '$0' would read as a missing price. */
export function windowFee(price: number): string {
  return price === 0 ? 'Gratis' : formatPrice(price);
}
