import { z } from 'zod';
import { ANALYTICS_MAX_BATCH } from '@despensa/domain';

/** §7 analytics: the kinds of page the shop measures separately (events and Core Web Vitals). */
export const PAGE_TYPES = ['home', 'listing', 'product', 'cart', 'checkout', 'other'] as const;
export const pageType = z.enum(PAGE_TYPES);
export type PageType = z.infer<typeof pageType>;

/** The Core Web Vitals the performance monitor reports (web-vitals). */
export const WEB_VITALS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type WebVitalName = (typeof WEB_VITALS)[number];

/** Devices the funnel is split by; the server reads it from the user agent. */
export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

const base = {
  /** When it happened in the browser, epoch ms. */
  at: z.number().int().min(0).max(8.64e15),
  pageType,
  path: z.string().max(500),
};
const sku = z.string().min(1).max(64);

/** One analytics or tag event (§1, §7). */
export const analyticsEvent = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('page_view'), ...base }),
    z.object({
      type: z.literal('search'),
      ...base,
      term: z.string().trim().min(1).max(200),
      /** How many products the search found (0: the catalogue should add something). */
      results: z.number().int().min(0),
    }),
    z.object({ type: z.literal('product_view'), ...base, productId: sku, skuId: sku.optional() }),
    z.object({
      type: z.literal('add_to_cart'),
      ...base,
      skuId: sku,
      quantity: z.number().positive().max(1000),
    }),
    z.object({
      type: z.literal('remove_from_cart'),
      ...base,
      skuId: sku,
      quantity: z.number().positive().max(1000),
    }),
    z.object({ type: z.literal('checkout_step'), ...base, step: z.string().min(1).max(40) }),
    /** §4: a customer logged in (sent by the first page after the login). */
    z.object({ type: z.literal('login'), ...base }),
    z.object({
      type: z.literal('purchase'),
      ...base,
      orderId: z.string().min(1).max(64),
      /** CLP cents. */
      value: z.number().int().min(0).optional(),
      /** §7: the order-placed page sends the visitor's e-mail (only with consent). */
      email: z.string().max(254).optional(),
    }),
    z.object({
      type: z.literal('web_vital'),
      ...base,
      name: z.enum(WEB_VITALS),
      /** ms, or unitless for CLS. */
      value: z.number().min(0).max(600_000),
    }),
  ])
  .meta({ id: 'AnalyticsEvent' });
export type AnalyticsEvent = z.infer<typeof analyticsEvent>;
export type AnalyticsEventType = AnalyticsEvent['type'];

/** A batch of events from one tab (sent every 300 ms, and with sendBeacon when the page hides). */
export const analyticsBatch = z
  .object({
    /**
     * Without consent no identifiers: only strictly needed, anonymous measures (web vitals) are sent and
     * kept (the server drops anything else).
     */
    consent: z.boolean(),
    /** A random id kept in the browser (with consent only). */
    visitorId: z.string().min(8).max(64).optional(),
    /** A random id per tab session (with consent only). */
    sessionId: z.string().min(8).max(64).optional(),
    appVersion: z.string().max(64).optional(),
    events: z.array(analyticsEvent).min(1).max(ANALYTICS_MAX_BATCH),
  })
  .meta({ id: 'AnalyticsBatch' });
export type AnalyticsBatch = z.infer<typeof analyticsBatch>;

export const analyticsBatchAnswer = z
  .object({ accepted: z.number().int() })
  .meta({ id: 'AnalyticsAccepted' });

/** 'Good' thresholds of the Core Web Vitals (web.dev). */
export const WEB_VITAL_GOOD: Record<WebVitalName, number> = { LCP: 2500, INP: 200, CLS: 0.1, TTFB: 800 };

const count = z.number().int().min(0);
export const FUNNEL_STEPS = ['visits', 'productViews', 'addToCart', 'checkout', 'orders'] as const;

/** The merchandisers' dashboard (§1 analytics), over [from, to). */
export const analyticsDashboard = z
  .object({
    from: z.string(),
    to: z.string(),
    /** Sessions reaching each step, per day (YYYY-MM-DD, America/Santiago) and device. */
    funnel: z.array(
      z.object({
        day: z.string(),
        device: z.enum(DEVICES),
        visits: count,
        productViews: count,
        addToCart: count,
        checkout: count,
        orders: count,
      }),
    ),
    zeroResultSearches: z.array(z.object({ term: z.string(), count })),
    topSearches: z.array(z.object({ term: z.string(), count })),
    topProducts: z.array(z.object({ productId: z.string(), name: z.string().nullable(), views: count })),
    /** p75 per page type and metric, with how many measures it rests on. */
    webVitals: z.array(
      z.object({
        pageType,
        name: z.enum(WEB_VITALS),
        p75: z.number(),
        samples: count,
        good: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'AnalyticsDashboard' });
export type AnalyticsDashboard = z.infer<typeof analyticsDashboard>;

export const analyticsDashboardQuery = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
