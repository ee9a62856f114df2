/** The shop's time zone: opening hours, delivery windows and the express cutoff are local times there. */
export const SHOP_TIME_ZONE = 'America/Santiago';

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Monday = 1 … Sunday = 7, as opening hours count days. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The wall-clock date and time of an instant in a time zone. */
export function localParts(instant: Date, timeZone = SHOP_TIME_ZONE): LocalParts {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
  };
}

/**
 * The instant a wall-clock time happens in a time zone. A time skipped by a daylight-saving jump
 * resolves to the hour after it; a repeated time to its first occurrence.
 */
export function zonedInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone = SHOP_TIME_ZONE,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wall - offsetMs(new Date(wall), timeZone);
  // A second pass settles instants near a transition, where the offset at `wall` and at the answer differ.
  guess = wall - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** How far the zone's wall clock is ahead of UTC at an instant (negative in Chile). */
function offsetMs(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** 'HH:MM' or 'HH:MM:SS' as seconds after midnight. */
export function secondsOfDay(time: string): number {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}
