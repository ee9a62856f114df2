import type {
  BackOfficeCoupon,
  BackOfficeProduct,
  BackOfficeProductHit,
  BackOfficePromotion,
} from '@despensa/contracts';
import type { Promotion } from '@despensa/domain';
import { UNLIMITED_STOCK, type CatalogService } from '../modules/catalog/service';
import type { PricingService } from '../modules/pricing/service';
import { calculatorConfigurationOf } from '../modules/promotions/calculator-configuration';
import type { PromotionsService } from '../modules/promotions/service';
import type { StoresService } from '../modules/stores/service';

/**
 * What the back office's catalogue and promotions pages read (issue 30 §4): the catalogue as stored (a
 * write shows at once on the next read), prices from the price table, stores by name. Nothing is written.
 */
export interface BackOfficeViewModules {
  catalog: CatalogService;
  pricing: PricingService;
  promotions: PromotionsService;
  stores: StoresService;
}

export async function productHits(catalog: CatalogService, text: string): Promise<BackOfficeProductHit[]> {
  const index = catalog.index;
  return (await catalog.findProducts(text)).map(({ product, skus }) => ({
    productId: product.Id,
    name: product.Name,
    brand: index.brands.get(product.BrandId)?.name ?? '',
    category: categoryName(catalog, product.CategoryId),
    skus: skus.map((sku) => ({ skuId: sku.Id, name: sku.Name, ean: sku.Ean })),
  }));
}

export async function productPage(
  { catalog, pricing, stores }: BackOfficeViewModules,
  productId: number,
): Promise<BackOfficeProduct> {
  const product = await catalog.productRecord(productId);
  const skus = await catalog.productSkus(productId);
  const offers = await catalog.storedChainOffers(skus.map((sku) => sku.Id));
  const shops = await stores.activeRows();
  const index = catalog.index;
  return {
    product,
    skus: await Promise.all(
      skus.map(async (sku) => ({
        sku,
        price: await pricing.price(sku.Id),
        shelves: shops.map((shop) => {
          const offer = offers.find(
            (each) => each.skuId === sku.Id && each.salesChannel === shop.salesChannel,
          );
          return {
            warehouseId: shop.id,
            storeName: shop.name,
            salesChannel: shop.salesChannel,
            offer: offer
              ? {
                  price: offer.price,
                  listPrice: offer.listPrice,
                  availableQuantity: offer.availableQuantity,
                  unlimited: offer.availableQuantity >= UNLIMITED_STOCK,
                }
              : null,
          };
        }),
      })),
    ),
    brands: [...index.brands.values()]
      .map(({ id, name }) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'es')),
    categories: [...index.categories.values()]
      .filter((category) => category.children.length === 0)
      .map((category) => ({ id: category.id, name: categoryName(catalog, category.id) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'es')),
  };
}

/** A category named by its path in the menu: 'Lácteos › Leches › Leche entera'. */
function categoryName(catalog: CatalogService, categoryId: number): string {
  const names: string[] = [];
  for (let category = catalog.index.categories.get(categoryId); category;) {
    names.unshift(category.name);
    category = category.parentId === null ? undefined : catalog.index.categories.get(category.parentId);
  }
  return names.join(' › ');
}

/** Every promotion, newest start first, with its references named and where it stands at `now`. */
export async function promotionList(
  modules: BackOfficeViewModules,
  now: Date,
): Promise<BackOfficePromotion[]> {
  const shops = await modules.stores.activeRows();
  const promotions = await modules.promotions.all();
  return promotions
    .sort((a, b) => b.start.localeCompare(a.start) || a.name.localeCompare(b.name, 'es'))
    .map((promotion) => backOfficePromotionOf(modules.catalog, shops, promotion, now));
}

export async function promotionPage(
  modules: BackOfficeViewModules,
  promotion: Promotion,
  now: Date,
): Promise<BackOfficePromotion> {
  return backOfficePromotionOf(modules.catalog, await modules.stores.activeRows(), promotion, now);
}

/** The chain's campaign coupons by code, each with the promotion it unlocks as the list shows one. */
export async function couponList(modules: BackOfficeViewModules, now: Date): Promise<BackOfficeCoupon[]> {
  const shops = await modules.stores.activeRows();
  const coupons = await modules.promotions.campaignCoupons();
  return coupons.map(({ code, promotion }) => ({
    couponCode: code,
    promotion: backOfficePromotionOf(modules.catalog, shops, promotion, now),
  }));
}

function backOfficePromotionOf(
  catalog: CatalogService,
  shops: { salesChannel: number; name: string }[],
  promotion: Promotion,
  now: Date,
): BackOfficePromotion {
  const wire = calculatorConfigurationOf(promotion);
  const index = catalog.index;
  const name = (list: { id: string }[], of: (id: number) => string | undefined) =>
    list.map(({ id }) => ({ id, name: of(Number(id)) ?? '' }));
  return {
    ...wire,
    skus: name(wire.skus, (id) => index.skusById.get(id)?.sku.name),
    listSku1BuyTogether: name(wire.listSku1BuyTogether, (id) => index.skusById.get(id)?.sku.name),
    products: name(wire.products, (id) => index.productsById.get(id)?.name),
    brands: name(wire.brands, (id) => index.brands.get(id)?.name),
    categories: name(wire.categories, (id) => index.categories.get(id) && categoryName(catalog, id)),
    status: statusOf(promotion, now),
    channels: wire.idsSalesChannel.map((id) => ({
      id,
      name: shops.find((shop) => String(shop.salesChannel) === id)?.name ?? `Canal ${id}`,
    })),
  };
}

function statusOf(promotion: Promotion, now: Date): BackOfficePromotion['status'] {
  if (promotion.active === false) return 'paused';
  if (now.getTime() < Date.parse(promotion.start)) return 'scheduled';
  if (now.getTime() >= Date.parse(promotion.end)) return 'ended';
  return 'live';
}
