import { z } from 'zod';
import { DELIVERY_METHOD_LIST } from '@despensa/domain';

/**
 * Delivery (§1 modes, §3 delivery method / store / logistics entry, §4 sales channel and delivery mode,
 * §7 Sales channel and shipping). Wire shapes of /api/sales-channel/*, /api/store/*, /api/shipping/* and
 * the cart's shipping attachment, plus the choice the site persists for 30 days.
 */

/** [lng, lat], the §3 geoCoordinates order. */
export const lngLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

const methodIds = DELIVERY_METHOD_LIST.map((m) => m.id) as [string, ...string[]];
/** One of the four §3 identifiers (seller-1-sla-DespachoaDomicilio …). */
export const deliveryMethodId = z.enum(methodIds);
export type DeliveryMethodId = z.infer<typeof deliveryMethodId>;

/** §3 coverageState: inside a zone, inside an exclusion zone for home delivery, or outside every zone. */
export const COVERAGE_STATES = ['covered', 'exclusionZone', 'outOfCoverage'] as const;
export const coverageState = z.enum(COVERAGE_STATES);
export type CoverageState = z.infer<typeof coverageState>;

export const geolocationQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});

/** §3 Store operations entry: the store that serves a point or a pickup. */
export const storeOperations = z
  .object({
    name: z.string(),
    /** The store's sales channel. */
    sc: z.number().int(),
    value: z.string(),
    seller: z.string(),
    warehouse_id: z.string(),
    coordinates: lngLat,
    sc_virtual: z.number().int().nullable(),
    active: z.boolean(),
    address: z.string(),
    /** Click al Auto available. */
    auto: z.boolean(),
    /** Store pickup available. */
    store: z.boolean(),
    express: z.boolean(),
    storeId: z.string(),
    comuna: z.string(),
    region: z.string(),
    regionCode: z.string(),
    openingHours: z.array(z.object({ day: z.number().int(), opens: z.string(), closes: z.string() })),
  })
  .meta({ id: 'StoreOperations' });
export type StoreOperations = z.infer<typeof storeOperations>;

/** GET /api/sales-channel/geolocation and /seller: which channel serves a point, and how. */
export const salesChannelAtPoint = z
  .object({
    message: z.literal('success'),
    payload: z.object({
      coverageState,
      /** null when out of coverage. */
      store: storeOperations.nullable(),
      /** Distance to that store in km (haversine, 6371 km). */
      distanceKm: z.number().nullable(),
    }),
  })
  .meta({ id: 'SalesChannelAtPoint' });
export type SalesChannelAtPoint = z.infer<typeof salesChannelAtPoint>;

/** GET /api/store/geolocation: the same answer plus a uuid the order later logs against. */
export const storeGeolocation = salesChannelAtPoint.extend({ uuid: z.string() });
export type StoreGeolocation = z.infer<typeof storeGeolocation>;

/** GET /api/sales-channel/geolocation/withdrawal (§5: accepted only when success and non-empty). */
export const withdrawalStores = z
  .object({ message: z.literal('success'), payload: z.object({ stores: z.array(storeOperations) }) })
  .meta({ id: 'WithdrawalStores' });
export type WithdrawalStores = z.infer<typeof withdrawalStores>;

export const geolocationLogBody = z.object({
  uuId: z.string().min(1).max(100),
  orderId: z.string().min(1).max(100),
});

/** A §3 logistics-entry deliveryWindow, with the capacity the shop keeps per store. */
export const deliveryWindow = z
  .object({
    startDateUtc: z.string(),
    endDateUtc: z.string(),
    /** Cents. */
    price: z.number().int(),
    capacity: z.number().int(),
    remaining: z.number().int(),
    full: z.boolean(),
  })
  .meta({ id: 'DeliveryWindow' });
export type DeliveryWindow = z.infer<typeof deliveryWindow>;

export const sla = z
  .object({
    id: deliveryMethodId,
    name: z.string(),
    deliveryChannel: z.enum(['delivery', 'pickup-in-point']),
    /** Cents. */
    price: z.number().int(),
    /** VTEX shape: '3h', '180m' … */
    shippingEstimate: z.string(),
    /** Express only: estimated minutes (§9 table). */
    estimateMinutes: z.number().int().nullable(),
    deliveryWindow: deliveryWindow.nullable(),
    /**
     * The store's windows for the next 7 days (full ones with full: true). In a simulation they are
     * listed once, on the first deliverable item's slas; the other items carry the same slas with [].
     */
    availableDeliveryWindows: z.array(deliveryWindow),
    pickupStoreInfo: z.object({ storeId: z.string(), name: z.string(), address: z.string() }).nullable(),
  })
  .meta({ id: 'Sla' });
export type Sla = z.infer<typeof sla>;

/** §3 Logistics entry. */
export const logisticsEntry = z.object({
  itemIndex: z.number().int(),
  itemId: z.string(),
  selectedSla: deliveryMethodId.nullable(),
  selectedDeliveryChannel: z.string().nullable(),
  slas: z.array(sla),
  shipsTo: z.array(z.string()),
  deliveryChannels: z.array(z.object({ id: z.string() })),
});
export type LogisticsEntry = z.infer<typeof logisticsEntry>;

/** Express (§9): estimated minutes (stored delivery_time or 180, plus the item table) and price. */
export const expressQuote = z
  .object({
    available: z.boolean(),
    /** Why not: an ExpressUnavailableReason of the domain ('storeClosed', 'closesBeforeDelivery'…). */
    reason: z.string().nullable(),
    estimateMinutes: z.number().int(),
    /** Cents. */
    price: z.number().int(),
  })
  .meta({ id: 'ExpressQuote' });
export type ExpressQuote = z.infer<typeof expressQuote>;

/** POST /api/shipping/simulation[/delivery|/deliveryAll]. */
export const shippingSimulationBody = z.object({
  location: z.object({
    zipCode: z.string().max(20).default(''),
    country: z.enum(['CL', 'CHL']).default('CL'),
    point: lngLat,
  }),
  saleschannel: z.coerce.number().int().min(1).max(100000),
  shippingMethod: deliveryMethodId,
  items: z
    .array(
      z.object({
        id: z.string().min(1).max(50),
        quantity: z.number().int().min(1).max(10000),
        seller: z.string().max(50).default('1'),
      }),
    )
    .max(1000),
  /**
   * true when `items` are the cart's. §9 threshold (server's reading): a cart worth 1000000 cents or more
   * is simulated with its own items; a smaller one with the default items instead.
   */
  isCart: z.boolean().default(false),
});
export type ShippingSimulationBody = z.input<typeof shippingSimulationBody>;

export const shippingSimulation = z
  .object({
    coverageState,
    /** The method actually simulated: the requested one, or 'Despacho Especial' after a retry. */
    shippingMethod: z.string(),
    logisticsInfo: z.array(logisticsEntry),
    /** §8 delivery modal message when nothing can be offered; null otherwise. */
    message: z.enum(['outOfCoverage', 'noSchedules', 'noWindows', 'tryLater']).nullable(),
    /**
     * Added by the server (H2): the express verdict whenever express was asked for (or /deliveryAll),
     * so the minutes and price show even when express cannot be promised and windows are offered.
     */
    express: expressQuote.optional(),
    /** Added by the server (H2): which items were simulated (§9 cart value threshold, 1000000 cents). */
    itemsSource: z.enum(['request', 'cart', 'default']).optional(),
  })
  .meta({ id: 'ShippingSimulation' });
export type ShippingSimulation = z.infer<typeof shippingSimulation>;

/** POST /api/orderform/{id}/shipping?sc= (§7 cart shipping attachment). */
export const orderFormShippingBody = z.object({
  address: z.record(z.string(), z.unknown()).nullable().optional(),
  availableAddresses: z.array(z.record(z.string(), z.unknown())).max(50).optional(),
  logisticsInfo: z
    .array(
      z.object({
        itemIndex: z.number().int().min(0),
        selectedSla: deliveryMethodId.nullable(),
        selectedDeliveryChannel: z.string().max(50).nullable().optional(),
        deliveryWindow: z.object({ startDateUtc: z.string(), endDateUtc: z.string() }).nullable().optional(),
      }),
    )
    .max(1000)
    .optional(),
  pickupPoints: z.array(z.record(z.string(), z.unknown())).max(200).optional(),
  selectedAddresses: z.array(z.record(z.string(), z.unknown())).max(10).optional(),
});
export type OrderFormShippingBody = z.input<typeof orderFormShippingBody>;

/**
 * §4: the delivery choice the site persists for 30 days (cookies and storage): seller, sales channel,
 * store name, shipping method name and segment, plus what is needed to redraw the header button.
 */
export const deliveryChoice = z.object({
  method: deliveryMethodId.nullable(),
  salesChannel: z.number().int().min(1),
  seller: z.string(),
  storeName: z.string(),
  storeId: z.string().nullable(),
  /** The address book entry for home delivery and express; null for pickup (default Santiago address). */
  addressId: z.string().nullable(),
  /** The address's §3 display line, whole (checkout, the header button's hover). */
  addressLine: z.string().nullable(),
  /**
   * Its street, number and comuna: the header button's short line, cut by the street so the number and
   * comuna stay (domain shortAddressLine). Absent in a choice saved before it existed.
   */
  addressEssentials: z
    .object({ street: z.string(), number: z.string(), comuna: z.string() })
    .nullable()
    .optional(),
  coverageState: coverageState.nullable(),
  segment: z.string().nullable(),
});
export type DeliveryChoice = z.infer<typeof deliveryChoice>;

/** An item of the cart that the new channel does not sell (or has no stock of). */
export const lostProduct = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  quantity: z.number().int(),
});
export type LostProduct = z.infer<typeof lostProduct>;

/** POST /api/shipping-policies/: the four §3 methods with their names and persistent codes. */
export const shippingPolicies = z
  .object({
    message: z.literal('success'),
    payload: z.object({
      policies: z.array(
        z.object({
          id: deliveryMethodId,
          name: z.string(),
          code: z.number().int(),
          deliveryChannel: z.enum(['delivery', 'pickup-in-point']),
          /** Cents. */
          price: z.number().int(),
        }),
      ),
    }),
  })
  .meta({ id: 'ShippingPolicies' });
export type ShippingPolicies = z.infer<typeof shippingPolicies>;

/** POST /api/store/geolocation/log answer. */
export const geolocationLogResult = z.object({ message: z.literal('success') });
