import { randomUUID } from 'node:crypto';
import { Failure, type CalculatorConfiguration, type CalculatorConfigurationBody } from '@despensa/contracts';
import { CENTS_PER_PESO, PAYMENT_SYSTEMS, type Promotion, type PromotionType } from '@despensa/domain';

/** VTEX's promotion types the engine prices, and the §3 type each is. */
const TYPES: Record<string, PromotionType> = {
  regular: 'regular',
  forThePriceOf: 'for_the_price_of',
  progressive: 'progressive',
};
const VTEX_TYPES: Record<PromotionType, CalculatorConfiguration['type']> = {
  regular: 'regular',
  for_the_price_of: 'forThePriceOf',
  progressive: 'progressive',
};

/** The group's card: the payment systems that pay its prices (§3 tcenco). */
const CARD_SYSTEMS = PAYMENT_SYSTEMS.filter((system) => system.pricing === 'tcenco');

function notPriceable(message: string, field: keyof CalculatorConfigurationBody): Failure {
  return new Failure('promotionNotPriceable', { message, field });
}

/**
 * A VTEX calculator configuration as the §3 promotion the engine prices; what the engine has no rule for
 * (another type, a percent and a nominal value at once, a seller inclusion, a payment other than the
 * group's card) is refused rather than dropped. `id` is the promotion's (a new one when absent).
 */
export function promotionOf(body: CalculatorConfigurationBody, id: string = randomUUID()): Promotion {
  const type = TYPES[body.type];
  if (!type) throw notPriceable(`El motor de precios no aplica promociones de tipo ${body.type}.`, 'type');
  if (body.percentualDiscountValue > 0 && body.nominalDiscountValue > 0)
    throw notPriceable('Una promoción es porcentual o nominal, no ambas.', 'nominalDiscountValue');
  const nominal = body.nominalDiscountValue > 0;
  const list = (references: { id: string }[], inclusive: boolean, include: boolean): string[] =>
    inclusive === include ? references.map((reference) => reference.id) : [];
  const sellers = body.idSeller
    .split(',')
    .map((seller) => seller.trim())
    .filter(Boolean);
  if (sellers.length > 0 && body.idSellerIsInclusive)
    throw notPriceable(
      'Los vendedores solo pueden excluirse de una promoción (idSellerIsInclusive: false).',
      'idSeller',
    );
  const channels = body.idsSalesChannel.map(Number);
  return {
    id,
    name: body.name,
    description: body.description,
    type,
    discountType: nominal ? 'nominal' : 'percentual',
    // Nominal values are pesos on the wire and cents in the engine.
    value: nominal ? Math.round(body.nominalDiscountValue * CENTS_PER_PESO) : body.percentualDiscountValue,
    quantity: type === 'regular' ? 1 : body.minimumQuantityBuyTogether,
    quantityAffected:
      type === 'progressive'
        ? Math.max(1, body.quantityToAffectBuyTogether)
        : body.quantityToAffectBuyTogether,
    minQuantity: 1,
    cumulative: body.cumulative,
    tcenco: cardOnly(body.paymentsMethods),
    start: new Date(body.beginDateUtc).toISOString(),
    end: new Date(body.endDateUtc).toISOString(),
    idsSalesChannel: body.areSalesChannelIdsExclusive ? [] : channels,
    idsSalesChannelExclusive: body.areSalesChannelIdsExclusive ? channels : [],
    pricePpum: false,
    active: body.isActive,
    inclusions: {
      skus: [
        ...list(body.skus, body.skusAreInclusive, true),
        ...body.listSku1BuyTogether.map((sku) => sku.id),
      ],
      products: list(body.products, body.productsAreInclusive, true),
      brands: list(body.brands, body.brandsAreInclusive, true),
      categories: list(body.categories, body.categoriesAreInclusive, true),
      collections: list(body.collections, body.collectionsIsInclusive, true),
    },
    exclusions: {
      skus: list(body.skus, body.skusAreInclusive, false),
      products: list(body.products, body.productsAreInclusive, false),
      brands: list(body.brands, body.brandsAreInclusive, false),
      categories: list(body.categories, body.categoriesAreInclusive, false),
      collections: list(body.collections, body.collectionsIsInclusive, false),
      seller: sellers,
    },
  };
}

/** Payment methods: none (any payment) or the group's card only; the engine prices nothing else apart. */
function cardOnly(methods: { id: string }[]): boolean {
  if (methods.length === 0) return false;
  if (methods.every((method) => CARD_SYSTEMS.some((system) => String(system.id) === method.id))) return true;
  throw notPriceable(
    `Una promoción puede limitarse solo a la tarjeta de la cadena (medios de pago ${CARD_SYSTEMS.map((system) => system.id).join(', ')}).`,
    'paymentsMethods',
  );
}

const references = (ids: readonly string[]) => ids.map((id) => ({ id, name: '' }));

/**
 * A promotion in VTEX's shape: an inclusion list travels as `…AreInclusive: true`, an exclusion list as
 * false. The engine keeps both lists of a kind while VTEX's shape has one: when a kind has both (a seed
 * promotion may), the inclusions are answered.
 */
export function calculatorConfigurationOf(promotion: Promotion): CalculatorConfiguration {
  const { inclusions, exclusions } = promotion;
  const side = (included: readonly string[], excluded: readonly string[]) =>
    included.length > 0 || excluded.length === 0
      ? { list: references(included), inclusive: true }
      : { list: references(excluded), inclusive: false };
  const skus = side(inclusions.skus, exclusions.skus);
  const products = side(inclusions.products, exclusions.products);
  const brands = side(inclusions.brands, exclusions.brands);
  const categories = side(inclusions.categories, exclusions.categories);
  const collections = side(inclusions.collections, exclusions.collections);
  const exclusive = promotion.idsSalesChannelExclusive.length > 0;
  const nominal = promotion.discountType === 'nominal';
  return {
    idCalculatorConfiguration: promotion.id,
    name: promotion.name,
    description: promotion.description,
    beginDateUtc: promotion.start,
    endDateUtc: promotion.end,
    isActive: promotion.active !== false,
    type: VTEX_TYPES[promotion.type],
    percentualDiscountValue: nominal ? 0 : promotion.value,
    nominalDiscountValue: nominal ? promotion.value / CENTS_PER_PESO : 0,
    minimumQuantityBuyTogether: promotion.type === 'regular' ? 0 : promotion.quantity,
    quantityToAffectBuyTogether: promotion.type === 'regular' ? 0 : promotion.quantityAffected,
    listSku1BuyTogether: [],
    cumulative: promotion.cumulative,
    idsSalesChannel: (exclusive ? promotion.idsSalesChannelExclusive : promotion.idsSalesChannel).map(String),
    areSalesChannelIdsExclusive: exclusive,
    skus: skus.list,
    skusAreInclusive: skus.inclusive,
    products: products.list,
    productsAreInclusive: products.inclusive,
    categories: categories.list,
    categoriesAreInclusive: categories.inclusive,
    brands: brands.list,
    brandsAreInclusive: brands.inclusive,
    collections: collections.list,
    collectionsIsInclusive: collections.inclusive,
    idSeller: exclusions.seller.join(','),
    idSellerIsInclusive: exclusions.seller.length === 0,
    paymentsMethods: promotion.tcenco
      ? CARD_SYSTEMS.map((system) => ({ id: String(system.id), name: system.name }))
      : [],
  };
}
