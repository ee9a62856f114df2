import {
  DELIVERY_METHODS,
  DELIVERY_PRICES_CENTS,
  expressAvailability,
  expressEstimateMinutes,
} from '@despensa/domain';
import type { ExpressQuote, Sla } from '@despensa/contracts';
import type { StoreCoverage, StoreEntry } from './coverage';

/** Express delivery (§4 step 3, §9): whether a store can promise it now, and when it would arrive. */
export class ExpressDelivery {
  constructor(
    private readonly coverage: StoreCoverage,
    private readonly clock: () => Date,
  ) {}

  /** Whether the store can deliver `totalItems` units by express at `now`, its estimate and its price. */
  quote(store: StoreEntry, totalItems: number, now: Date): ExpressQuote {
    const verdict = expressAvailability({
      now,
      totalItems,
      offered: store.row.express,
      storedDeliveryTime: store.row.deliveryTimeMinutes,
      openingHours: store.row.openingHours,
    });
    return { ...verdict, price: DELIVERY_PRICES_CENTS.express };
  }

  /**
   * When an express order of `totalItems` units in this channel is expected, as an ISO time (the store's
   * stored delivery time, or the §9 base, plus the §9 addition by item count).
   */
  estimate(salesChannel: number, totalItems: number): string {
    const minutes = expressEstimateMinutes(
      totalItems,
      this.coverage.storeOf(salesChannel)?.row.deliveryTimeMinutes,
    );
    return new Date(this.clock().getTime() + minutes * 60_000).toISOString();
  }
}

/** Express's sla: no windows, an estimate in minutes. */
export function expressSla(quote: ExpressQuote): Sla {
  return {
    id: DELIVERY_METHODS.express.id as Sla['id'],
    name: DELIVERY_METHODS.express.name,
    deliveryChannel: 'delivery',
    price: quote.price,
    shippingEstimate: `${quote.estimateMinutes}m`,
    estimateMinutes: quote.estimateMinutes,
    deliveryWindow: null,
    availableDeliveryWindows: [],
    pickupStoreInfo: null,
  };
}
