import { isbot } from 'isbot';
import { normalizeText } from '@despensa/domain';
import {
  WEB_VITAL_GOOD,
  type AnalyticsBatch,
  type AnalyticsDashboard,
  type AnalyticsEvent,
  type Device,
  type PageType,
  type WebVitalName,
} from '@despensa/contracts';
import type { Database } from '../../db/client';
import { EventWriter, funnel, searchTerms, topProducts, webVitals, type EventRow, type Range } from './repo';

/** An event's own clock is trusted within this much of the server's; otherwise it is stamped on arrival. */
const CLOCK_SKEW_MS = 24 * 3600_000;
const DASHBOARD_DAYS = 7;
const TOP = 10;

/** §4 bots are detected by user agent (isbot's maintained list); no user agent at all is no shopper. */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  return !userAgent || isbot(userAgent);
}

export function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** Analytics and tag events, web vitals (§1, §7), and the merchandisers' dashboard over them. */
export class AnalyticsService {
  private readonly writer: EventWriter;

  constructor(
    private readonly database: Database,
    private readonly clock: () => Date,
    /** A product's name for the dashboard, or null when the catalogue no longer has it. */
    private readonly productName: (productId: string) => string | null,
  ) {
    this.writer = new EventWriter(database.pool);
  }

  /**
   * Stores a batch; answers how many events were kept. Bots send nothing that counts. Without consent
   * only anonymous web vitals are kept, with no visitor, session or e-mail.
   */
  async record(batch: AnalyticsBatch, userAgent: string | undefined): Promise<number> {
    if (isBotUserAgent(userAgent)) return 0;
    const now = this.clock();
    const device = deviceOf(userAgent!);
    const events = batch.consent ? batch.events : batch.events.filter((event) => event.type === 'web_vital');
    const rows = events.map((event) => this.row(event, batch, device, now));
    await this.writer.write(rows);
    return rows.length;
  }

  private row(event: AnalyticsEvent, batch: AnalyticsBatch, device: Device, now: Date): EventRow {
    const at = Math.abs(event.at - now.getTime()) <= CLOCK_SKEW_MS ? new Date(event.at) : now;
    const row: EventRow = {
      occurredAt: at,
      receivedAt: now,
      type: event.type,
      pageType: event.pageType,
      path: event.path,
      device,
      visitorId: batch.consent ? (batch.visitorId ?? null) : null,
      sessionId: batch.consent ? (batch.sessionId ?? null) : null,
      appVersion: batch.appVersion ?? null,
    };
    switch (event.type) {
      case 'search':
        return {
          ...row,
          term: normalizeText(event.term).trim().replace(/\s+/g, ' '),
          results: event.results,
        };
      case 'product_view':
        return { ...row, productId: event.productId, skuId: event.skuId ?? null };
      case 'add_to_cart':
      case 'remove_from_cart':
        return { ...row, skuId: event.skuId, quantity: event.quantity };
      case 'checkout_step':
        return { ...row, step: event.step };
      case 'purchase':
        return { ...row, orderId: event.orderId, value: event.value ?? null, email: event.email ?? null };
      case 'web_vital':
        return { ...row, name: event.name, value: event.value };
      default:
        return row;
    }
  }

  /** The dashboard over whole days (default: the last 7 up to today). */
  async dashboard(query: {
    from?: string | undefined;
    to?: string | undefined;
  }): Promise<AnalyticsDashboard> {
    const to = query.to ?? shopDay(this.clock());
    const from =
      query.from ?? shopDay(new Date(Date.parse(`${to}T12:00:00Z`) - (DASHBOARD_DAYS - 1) * 86_400_000));
    const range: Range = { from, to };
    const db = this.database.db;
    const [days, zero, top, products, vitals] = await Promise.all([
      funnel(db, range),
      searchTerms(db, range, { zeroResults: true, limit: 50 }),
      searchTerms(db, range, { zeroResults: false, limit: TOP }),
      topProducts(db, range, TOP),
      webVitals(db, range),
    ]);
    return {
      from,
      to,
      funnel: days,
      zeroResultSearches: zero,
      topSearches: top,
      topProducts: products.map((product) => ({ ...product, name: this.productName(product.productId) })),
      webVitals: vitals.map((vital) => ({
        pageType: vital.pageType as PageType,
        name: vital.name as WebVitalName,
        p75: vital.p75,
        samples: vital.samples,
        good: vital.p75 <= WEB_VITAL_GOOD[vital.name as WebVitalName],
      })),
    };
  }
}

/** The shop's calendar day (Chile) of an instant. */
export function shopDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(at);
}
