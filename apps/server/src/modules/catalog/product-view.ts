import {
  isInStock,
  isOnSale,
  pricePerUnitOfMeasure,
  promotionBadge,
  itemPurchaseLimit,
} from '@despensa/domain';
import type { Product } from '@despensa/contracts';
import type { CatalogIndex, CategoryDoc, ProductDoc, SkuDoc } from './catalog-index';

type Item = Product['items'][number];
type SkuFields = Product['SkuData'][string];

/** Renders a product in the VTEX catalogue shape for one sales channel, with the §3 grocery fields. */
export function productView(
  index: CatalogIndex,
  product: ProductDoc,
  salesChannel: number,
  now: Date,
): Product {
  const skuData: Product['SkuData'] = {};
  const ppum: Product['PPUM'] = {};
  let anyInStock = false;
  let onOffer = false;
  const items = product.skus.map((sku) => {
    const rendered = skuView(index, product, sku, salesChannel, now);
    anyInStock ||= rendered.anyInStock;
    onOffer ||= rendered.onOffer;
    skuData[String(sku.id)] = rendered.skuData;
    if (rendered.unitPrice) ppum[String(sku.id)] = rendered.unitPrice;
    return rendered.item;
  });
  const details = index.details(product);
  const clusters = Object.fromEntries(
    product.collectionIds.map((id) => [String(id), index.collections.get(id) ?? String(id)]),
  );
  return {
    productId: String(product.id),
    productName: product.name,
    brand: product.brand.name,
    brandId: product.brand.id,
    linkText: product.slug,
    link: `/${product.slug}/p`,
    description: details.description,
    categoryId: String(product.categoryId),
    categories: categoryPaths(product, (category) => category.name),
    categoriesIds: categoryPaths(product, (category) => category.id),
    clusterHighlights: clusters,
    productClusters: clusters,
    releaseDate: product.releaseDate.toISOString(),
    items,
    SkuData: skuData,
    PPUM: ppum,
    'Flag Nutricional': product.warningSeals,
    'Ficha Técnica': { Marca: product.brand.name, ...details.specifications },
    nutrition: (details.nutrition as Product['nutrition']) ?? null,
    ingredients: details.ingredients,
    recipe: details.recipe,
    recipeItems: details.recipe ? product.recipeSkuIds.map(String) : [],
    certificates: product.certificates,
    flags: {
      outOfStock: !anyInStock,
      onlineExclusive: product.onlineExclusive,
      new: isNewAt(product, now),
      sponsored: product.sponsored,
      offer: onOffer,
    },
    rating: { average: product.ratingAverage, count: product.ratingCount },
  };
}

/** One sku of a product in a channel: its item with every seller's offer, its §3 fields and price per unit. */
function skuView(index: CatalogIndex, product: ProductDoc, sku: SkuDoc, salesChannel: number, now: Date) {
  let anyInStock = false;
  let onOffer = false;
  const offers = index.offersFor(sku, salesChannel).filter((offer) => offer.listPrice > 0);
  // Price is what one unit costs in the cart now (live promotions of this channel and seller applied);
  // PriceWithoutDiscount the offer before promotions and ListPrice its list price, which cards strike.
  const unitPrices = offers.map((offer) => index.offerUnitPrice(product, sku, offer, salesChannel, now));
  const sellers = offers.map((offer, position) => {
    const inStock = isInStock({ ListPrice: offer.listPrice, AvailableQuantity: offer.availableQuantity });
    anyInStock ||= inStock;
    onOffer ||= isOnSale(offer);
    return {
      sellerId: offer.sellerId,
      sellerName: index.sellers.get(offer.sellerId)?.name ?? offer.sellerId,
      sellerDefault: position === 0,
      addToCartLink: `/?sku=${sku.id}&quantity=1&seller=${offer.sellerId}`,
      commertialOffer: {
        Price: unitPrices[position]!,
        ListPrice: offer.listPrice,
        PriceWithoutDiscount: offer.price,
        AvailableQuantity: offer.availableQuantity,
        IsAvailable: inStock,
        SaleChannel: salesChannel,
      },
    };
  });
  const main = offers[0];
  const skuData: SkuFields = {
    promotions: index
      .promotionsFor(product, sku, salesChannel, main?.sellerId ?? '1', now)
      .map((promotion) => ({
        id: promotion.id,
        name: promotion.name,
        type: promotion.type,
        discountType: promotion.discountType,
        value: promotion.value,
        quantity: promotion.quantity,
        quantityAffected: promotion.quantityAffected,
        minQuantity: promotion.minQuantity,
        cumulative: promotion.cumulative,
        tcenco: promotion.tcenco,
        start: promotion.start,
        end: promotion.end,
        badge: promotionBadge(promotion),
      })),
    cart_limit: itemPurchaseLimit(sku.cartLimit),
    unit_multiplier_un: sku.unitMultiplier,
    measurement_unit_un: sku.measurementUnit,
    release_data: {
      date_release: product.releaseDate.toISOString(),
      date_release_end: product.releaseEnd?.toISOString() ?? null,
      is_new: isNewAt(product, now),
    },
  };
  const unitPrice = main ? pricePerUnitOfMeasure(unitPrices[0]!, sku.contentQuantity, sku.contentUnit) : null;
  const item: Item = {
    itemId: String(sku.id),
    name: sku.name,
    nameComplete: skuDisplayName(product, sku),
    ean: sku.ean,
    referenceId: [{ Key: 'RefId', Value: sku.refId }],
    measurementUnit: sku.measurementUnit,
    unitMultiplier: sku.unitMultiplier,
    images: [productImage(product, sku)],
    sellers,
  };
  return { item, skuData, unitPrice, anyInStock, onOffer };
}

/** The category chain as VTEX paths, deepest first ('/Lácteos/Leches/', then '/Lácteos/'), by name or id. */
function categoryPaths(product: ProductDoc, part: (category: CategoryDoc) => string | number): string[] {
  const [top, sub, leaf] = product.categoryChain;
  return [top, sub, leaf].filter(Boolean).map(
    (_, i, all) =>
      '/' +
      all
        .slice(0, all.length - i)
        .map((c) => part(c!))
        .join('/') +
      '/',
  );
}

/** New while flagged and before its release window ends. */
function isNewAt(product: ProductDoc, now: Date): boolean {
  return product.isNew && (product.releaseEnd === null || product.releaseEnd.getTime() >= now.getTime());
}

/**
 * The name a cart line reads: the sku's name when it is a whole name of its own ('Yoghurt Batido Mora
 * Los Ulmos 125 g', which starts like its product's), else the product name plus the sku's when it adds
 * something ('Leche Entera - 1 L').
 */
export function skuDisplayName(product: ProductDoc, sku: SkuDoc): string {
  if (!sku.name || sku.name === product.name) return product.name;
  const kind = product.name.split(' ')[0]!;
  return sku.name.startsWith(`${kind} `) ? sku.name : `${product.name} - ${sku.name}`;
}

/** The chain's picture of the SKU when it gave one, else the one the shop draws. */
export function productImageUrl(sku: Pick<SkuDoc, 'id' | 'imageUrl'>): string {
  return sku.imageUrl ?? `/media/products/${sku.id}.png`;
}

function productImage(product: ProductDoc, sku: SkuDoc) {
  return {
    imageId: String(sku.id),
    imageLabel: 'principal',
    imageText: product.name,
    imageUrl: productImageUrl(sku),
  };
}
