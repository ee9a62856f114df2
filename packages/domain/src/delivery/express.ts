import { formatDecimal } from '../number-format';
import {
  EXPRESS_ADDED_MINUTES_TABLE,
  EXPRESS_BASE_MINUTES,
  EXPRESS_CUTOFF_TIME,
  EXPRESS_MAX_ITEMS,
  EXPRESS_TIME_LIMIT_MS,
} from '../constants';
import { localParts, secondsOfDay, SHOP_TIME_ZONE } from './local-time';
import { isOpenAt, type OpeningHoursEntry } from './windows';

const LAST_ROW = EXPRESS_ADDED_MINUTES_TABLE[EXPRESS_ADDED_MINUTES_TABLE.length - 1]!;

/**
 * Minutes §9 adds for the total item quantity: ≤30 → 0, 31–60 → 20, 61–90 → 40, 91–180 → 85,
 * 181–300 → 120. Above 300 (the cart maximum, so only a bad input) keeps the last row's 120.
 */
export function expressAddedMinutes(totalItems: number): number {
  if (!(totalItems > EXPRESS_ADDED_MINUTES_TABLE[0].minItems - 1)) return 0;
  const row = EXPRESS_ADDED_MINUTES_TABLE.find((r) => totalItems <= r.maxItems);
  return (row ?? LAST_ROW).addedMinutes;
}

/**
 * Estimated express delivery minutes: the stored delivery_time (or 180 when missing, zero or negative)
 * plus `expressAddedMinutes`.
 */
export function expressEstimateMinutes(totalItems: number, storedDeliveryTime?: number | null): number {
  const base =
    typeof storedDeliveryTime === 'number' && Number.isFinite(storedDeliveryTime) && storedDeliveryTime > 0
      ? storedDeliveryTime
      : EXPRESS_BASE_MINUTES;
  return base + expressAddedMinutes(totalItems);
}

/** §5: express accepts at most 180 items. */
export function isWithinExpressLimit(totalItems: number): boolean {
  return totalItems <= EXPRESS_MAX_ITEMS;
}

export type ExpressUnavailableReason =
  'notOffered' | 'tooManyItems' | 'beforeCutoff' | 'storeClosed' | 'closesBeforeDelivery' | 'beyondTimeLimit';

/** The cutoff's next minute ('09:59:59' → '10:00'): the first time an express order is taken. */
function firstExpressTime(): string {
  const next = secondsOfDay(EXPRESS_CUTOFF_TIME) + 1;
  return `${String(Math.floor(next / 3600)).padStart(2, '0')}:${String(Math.floor((next % 3600) / 60)).padStart(2, '0')}`;
}

/** '3,5' for 12,600,000 ms: hours in es-CL, as the shopper reads them. */
const EXPRESS_TIME_LIMIT_HOURS = formatDecimal(EXPRESS_TIME_LIMIT_MS / 3_600_000);

/** What the shopper is told when express cannot be promised, from the §9 constants. */
export const EXPRESS_UNAVAILABLE_MESSAGES: Record<ExpressUnavailableReason, string> = {
  notOffered: 'La tienda que atiende tu dirección no ofrece Despacho Express.',
  tooManyItems: `Despacho Express admite hasta ${EXPRESS_MAX_ITEMS} productos.`,
  beforeCutoff: `Despacho Express recibe pedidos desde las ${firstExpressTime()}.`,
  storeClosed: 'La tienda que atiende tu dirección está cerrada en este momento.',
  closesBeforeDelivery:
    'La tienda que atiende tu dirección cierra antes de poder entregar un pedido Express.',
  beyondTimeLimit: `Tu pedido supera el tiempo máximo de Despacho Express (${EXPRESS_TIME_LIMIT_HOURS} horas).`,
};

export interface ExpressAvailability {
  available: boolean;
  /** Why not, when unavailable. */
  reason: ExpressUnavailableReason | null;
  estimateMinutes: number;
}

/**
 * Whether a store can take an express order now. §9 gives a time limit (3.5 h), a closer window
 * (2.5 h) and a cutoff time (09:59:59) without saying how they combine; our reading, for what a shopper
 * expects of "express" (today, within hours, from a store that is working):
 * - EXPRESS_TIME_LIMIT_MS is the longest express promise: when the estimate (stored delivery_time or
 *   180 min, plus the item table) exceeds 3.5 h it is no longer express, and the shopper is offered
 *   scheduled windows instead ('beyondTimeLimit'). E.g. 180 min + 40 (61–90 items) = 220 min is refused.
 * - EXPRESS_CUTOFF_TIME is the daily start of the express run, local time (America/Santiago): until
 *   09:59:59 express is closed ('beforeCutoff') and orders do not roll over to it; from 10:00:00 on the
 *   store takes express orders. Nothing rolls to the next day: tomorrow is what delivery windows are for.
 * - The store must be open now by its opening hours ('storeClosed'), and offer express ('notOffered').
 * - It must stay open for the whole estimate ('closesBeforeDelivery'): the order is picked and sent while
 *   the store works, so a store closing at 22:30 takes its last 90-minute express order at 21:00.
 * - At most EXPRESS_MAX_ITEMS (180) items ('tooManyItems').
 * EXPRESS_CLOSER_WINDOW_MS (2.5 h) plays no part here: §9 gives no rule that uses it.
 */
export function expressAvailability(args: {
  now: Date;
  totalItems: number;
  offered: boolean;
  storedDeliveryTime: number | null | undefined;
  openingHours: readonly OpeningHoursEntry[];
  timeZone?: string;
}): ExpressAvailability {
  const estimateMinutes = expressEstimateMinutes(args.totalItems, args.storedDeliveryTime);
  const verdict = (reason: ExpressUnavailableReason | null): ExpressAvailability => ({
    available: reason === null,
    reason,
    estimateMinutes,
  });
  if (!args.offered) return verdict('notOffered');
  if (!isWithinExpressLimit(args.totalItems)) return verdict('tooManyItems');
  if (estimateMinutes * 60_000 > EXPRESS_TIME_LIMIT_MS) return verdict('beyondTimeLimit');
  const local = localParts(args.now, args.timeZone ?? SHOP_TIME_ZONE);
  const seconds = local.hour * 3600 + local.minute * 60 + local.second;
  if (seconds <= secondsOfDay(EXPRESS_CUTOFF_TIME)) return verdict('beforeCutoff');
  if (!isOpenAt(args.now, args.openingHours, args.timeZone)) return verdict('storeClosed');
  const lastMoment = new Date(args.now.getTime() + estimateMinutes * 60_000 - 1);
  if (!isOpenAt(lastMoment, args.openingHours, args.timeZone)) return verdict('closesBeforeDelivery');
  return verdict(null);
}
