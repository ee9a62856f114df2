import { LOCALE } from '../constants';
import { SHOP_TIME_ZONE } from './local-time';

let formats: { day: Intl.DateTimeFormat; hour: Intl.DateTimeFormat } | null = null;

/**
 * A delivery window in words, in the shop's time zone (Chile's, es-CL) on the 24-hour clock, for e-mails:
 * 'domingo, 29 de noviembre, de 14:00 a 16:00'. Windows travel as UTC instants; a shopper never reads those.
 */
export function windowText(window: { startDateUtc: string; endDateUtc: string }): string {
  formats ??= {
    day: new Intl.DateTimeFormat(LOCALE, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: SHOP_TIME_ZONE,
    }),
    // es-CL alone gives '02:00 p. m.' in some engines.
    hour: new Intl.DateTimeFormat(LOCALE, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: SHOP_TIME_ZONE,
    }),
  };
  const [start, end] = [new Date(window.startDateUtc), new Date(window.endDateUtc)];
  return `${formats.day.format(start)}, de ${formats.hour.format(start)} a ${formats.hour.format(end)}`;
}
