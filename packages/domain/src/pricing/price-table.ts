import { centsFromPesos } from '../money';

/**
 * A SKU's price as an ERP sends it in VTEX's Pricing shape (pesos), and the offer (cents) a sales channel sells it at now:
 * the channel's fixed price for one unit whose date range holds (a dated one over an undated one, the
 * latest starting first), else the base price. Fixed prices from a larger quantity are kept but priced by the engine, not here.
 */
export interface PriceTableEntry {
  basePrice: number;
  listPrice?: number | null | undefined;
  costPrice?: number | null | undefined;
  fixedPrices: {
    tradePolicyId: string;
    value: number;
    listPrice?: number | null | undefined;
    minQuantity: number;
    dateRange?: { from: string; to: string } | null | undefined;
  }[];
}

export function channelOffer(
  entry: PriceTableEntry,
  salesChannel: number,
  now: Date,
): { price: number; listPrice: number } {
  const time = now.getTime();
  const since = (each: PriceTableEntry['fixedPrices'][number]) =>
    each.dateRange ? Date.parse(each.dateRange.from) : Number.NEGATIVE_INFINITY;
  const fixed = entry.fixedPrices
    .filter(
      (each) =>
        Number(each.tradePolicyId) === salesChannel &&
        each.minQuantity <= 1 &&
        (!each.dateRange ||
          (Date.parse(each.dateRange.from) <= time && time < Date.parse(each.dateRange.to))),
    )
    .reduce<PriceTableEntry['fixedPrices'][number] | undefined>(
      (best, each) => (!best || since(each) > since(best) ? each : best),
      undefined,
    );
  const price = fixed?.value ?? entry.basePrice;
  // A list price under the selling price would show a negative discount: it is at least the price.
  const listPrice = Math.max(price, fixed?.listPrice ?? entry.listPrice ?? price);
  return { price: centsFromPesos(price), listPrice: centsFromPesos(listPrice) };
}

/** The prices of an entry under its cost (the chain may forbid them): base and every fixed price. */
export function pricesBelowCost(entry: PriceTableEntry): number[] {
  const cost = entry.costPrice;
  if (cost === null || cost === undefined) return [];
  return [entry.basePrice, ...entry.fixedPrices.map((each) => each.value)].filter((price) => price < cost);
}

type FixedPriceEntry = PriceTableEntry['fixedPrices'][number];

/** A store's own price: the undated fixed price of its sales channel from one unit (the back office's). */
export function storeFixedPrice(fixedPrices: FixedPriceEntry[], salesChannel: number): number | null {
  return fixedPrices.find((each) => isStorePrice(each, salesChannel))?.value ?? null;
}

/**
 * The fixed prices with the store's own price (see storeFixedPrice) set to `value` pesos, or removed
 * (null); dated ones and those from a larger quantity, an ERP's, are kept as they are.
 */
export function withStoreFixedPrice(
  fixedPrices: FixedPriceEntry[],
  salesChannel: number,
  value: number | null,
): FixedPriceEntry[] {
  const others = fixedPrices.filter((each) => !isStorePrice(each, salesChannel));
  if (value === null) return others;
  return [...others, { tradePolicyId: String(salesChannel), value, minQuantity: 1 }];
}

function isStorePrice(each: FixedPriceEntry, salesChannel: number): boolean {
  return Number(each.tradePolicyId) === salesChannel && each.minQuantity <= 1 && !each.dateRange;
}
