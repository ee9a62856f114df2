import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client';
import type { Services } from '../../../wiring/services';
import { appKeyRoutes, backOfficeSettingsRoutes } from './app-keys';
import { backOfficeCatalogRoutes } from './back-office-catalog';
import { backOfficeCouponRoutes } from './back-office-coupons';
import { backOfficePromotionRoutes } from './back-office-promotions';
import { catalogPvtRoutes } from './catalog-pvt';
import { contentBackOfficeRoutes, contentIntegrationRoutes } from './content';
import { inventoryRoutes } from './inventory';
import { omsRoutes } from './oms';
import { pricingRoutes } from './pricing';
import { promotionPreviewRoutes, promotionRoutes } from './promotions';
import { supportRoutes } from './support';
import { offerFeedRoutes } from './offer-feeds';
import { staffAccountRoutes } from './staff-accounts';
import { storeOfficeRoutes } from './stores';

export type BackOfficeDependencies = Pick<
  Services,
  | 'operations'
  | 'catalog'
  | 'stores'
  | 'orders'
  | 'purchases'
  | 'promotions'
  | 'supportDesk'
  | 'delivery'
  | 'flags'
  | 'content'
  | 'integration'
  | 'pricing'
  | 'audit'
  | 'offerFeeds'
>;

/**
 * Issue 30's integration APIs in VTEX's private shapes (app key and token with scopes, each call
 * rate-limited and audited) and the back office's settings behind them (/api/admin, administrators).
 */
export function backOfficeRoutes(
  database: Database,
  {
    operations,
    catalog,
    stores,
    orders,
    purchases,
    promotions,
    supportDesk,
    delivery,
    flags,
    content,
    integration,
    pricing,
    audit,
    offerFeeds,
  }: BackOfficeDependencies,
  clock: () => Date,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('integrationActor', null);
    await app.register(appKeyRoutes(database, operations, { integration, pricing, audit }));
    await app.register(backOfficeSettingsRoutes(database, operations, { integration, pricing, audit }));
    await app.register(pricingRoutes(database, integration, { pricing, catalog, audit }, clock));
    await app.register(inventoryRoutes(database, integration, { catalog, orders, stores, audit }));
    await app.register(catalogPvtRoutes(database, integration, { catalog, audit }));
    await app.register(omsRoutes(integration, purchases));
    await app.register(promotionRoutes(database, integration, { promotions, catalog, audit }));
    await app.register(promotionPreviewRoutes(operations, { promotions, catalog, audit }, clock));
    await app.register(supportRoutes(operations, supportDesk));
    await app.register(offerFeedRoutes(operations, integration, offerFeeds));
    const storeOffice = { stores, delivery, operations, flags, audit };
    await app.register(storeOfficeRoutes(database, storeOffice));
    await app.register(staffAccountRoutes(database, storeOffice));
    const contentSetting = {
      database,
      modules: { editing: content.editing, audit },
      clock,
      changedHere: () => content.changedHere(),
    };
    await app.register(contentIntegrationRoutes(integration, contentSetting));
    await app.register(contentBackOfficeRoutes(operations, contentSetting));
    const offer = { catalog, pricing, promotions, stores, orders, audit };
    await app.register(backOfficeCatalogRoutes(database, operations, offer, clock));
    await app.register(backOfficePromotionRoutes(database, operations, offer, clock));
    await app.register(backOfficeCouponRoutes(database, operations, offer, clock));
  };
}
