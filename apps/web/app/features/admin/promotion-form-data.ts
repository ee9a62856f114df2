import { PAYMENT_SYSTEMS } from '@despensa/domain';
import type { BackOfficePromotion, CalculatorConfigurationBody } from '@despensa/contracts';
import { instantOfLocalInput, localInputValue } from './local-time';

/**
 * The promotion form's fields and VTEX's calculator configuration (what the server takes): dates are the
 * shop's wall-clock time (Santiago) in the form and instants on the wire; lists are ids separated by commas.
 */

/** The group's card: a card-only promotion names its payment systems (§3 tcenco). */
const CARD_SYSTEMS = PAYMENT_SYSTEMS.filter((system) => system.pricing === 'tcenco').map((system) => ({
  id: String(system.id),
  name: system.name,
}));

const DAY = 86_400_000;

/** A datetime-local value, Santiago's wall clock, as an instant; null when it is not one to the minute. */
function instantOf(local: string): string | null {
  // Nothing may follow the minute ('2026-11-29T08:15' is 16 characters).
  return local.length === 16 ? instantOfLocalInput(local) : null;
}

/** What a new promotion's form starts with: from now, for a week, in every store. */
export function draftPromotion(now: Date): PromotionFormValues {
  return {
    idCalculatorConfiguration: '',
    couponCode: '',
    name: '',
    description: '',
    type: 'regular',
    discountKind: 'percentual',
    discountValue: '',
    minimumQuantityBuyTogether: '',
    quantityToAffectBuyTogether: '',
    skus: '',
    categories: '',
    brands: '',
    idsSalesChannel: [],
    cumulative: false,
    cardOnly: false,
    isActive: true,
    beginDateUtc: localInputValue(now.toISOString()),
    endDateUtc: localInputValue(new Date(now.getTime() + 7 * DAY).toISOString()),
  };
}

export interface PromotionFormValues {
  idCalculatorConfiguration: string;
  /** A coupon's form only: the code a shopper types ('' on a promotion's form). */
  couponCode: string;
  name: string;
  description: string;
  type: string;
  discountKind: 'percentual' | 'nominal';
  discountValue: string;
  minimumQuantityBuyTogether: string;
  quantityToAffectBuyTogether: string;
  skus: string;
  categories: string;
  brands: string;
  idsSalesChannel: string[];
  cumulative: boolean;
  cardOnly: boolean;
  isActive: boolean;
  beginDateUtc: string;
  endDateUtc: string;
}

const idsOf = (list: { id: string }[]) => list.map((each) => each.id).join(', ');

/** A kept promotion in the form's fields. */
export function promotionValues(promotion: BackOfficePromotion): PromotionFormValues {
  const nominal = promotion.nominalDiscountValue > 0;
  return {
    idCalculatorConfiguration: promotion.idCalculatorConfiguration,
    couponCode: '',
    name: promotion.name,
    description: promotion.description,
    type: promotion.type,
    discountKind: nominal ? 'nominal' : 'percentual',
    discountValue: String(nominal ? promotion.nominalDiscountValue : promotion.percentualDiscountValue),
    minimumQuantityBuyTogether: String(promotion.minimumQuantityBuyTogether || ''),
    quantityToAffectBuyTogether: String(promotion.quantityToAffectBuyTogether || ''),
    skus: idsOf(promotion.skus),
    categories: idsOf(promotion.categories),
    brands: idsOf(promotion.brands),
    idsSalesChannel: promotion.idsSalesChannel,
    cumulative: promotion.cumulative,
    cardOnly: promotion.paymentsMethods.length > 0,
    isActive: promotion.isActive,
    beginDateUtc: localInputValue(promotion.beginDateUtc),
    endDateUtc: localInputValue(promotion.endDateUtc),
  };
}

/** The form as posted, in its fields (for showing it again after a refusal or a preview). */
export function postedValues(form: FormData): PromotionFormValues {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  return {
    idCalculatorConfiguration: text('idCalculatorConfiguration'),
    couponCode: text('couponCode').toUpperCase(),
    name: text('name'),
    description: text('description'),
    type: text('type') || 'regular',
    discountKind: text('discountKind') === 'nominal' ? 'nominal' : 'percentual',
    discountValue: text('discountValue'),
    minimumQuantityBuyTogether: text('minimumQuantityBuyTogether'),
    quantityToAffectBuyTogether: text('quantityToAffectBuyTogether'),
    skus: text('skus'),
    categories: text('categories'),
    brands: text('brands'),
    idsSalesChannel: form.getAll('idsSalesChannel').map(String),
    cumulative: form.get('cumulative') === 'on',
    cardOnly: form.get('cardOnly') === 'on',
    isActive: form.get('isActive') === 'on',
    beginDateUtc: text('beginDateUtc'),
    endDateUtc: text('endDateUtc'),
  };
}

/** A refusal the form finds before the server: the field and the reason, in Spanish. */
export type FormProblem = { field: keyof PromotionFormValues; error: string };

const references = (list: string) =>
  list
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((id) => ({ id }));

/** What the form does not show of a kept promotion (products, collections, exclusions, sellers): kept. */
function keptFields(kept: BackOfficePromotion | null) {
  if (!kept)
    return {
      listSku1BuyTogether: [],
      areSalesChannelIdsExclusive: false,
      skusAreInclusive: true,
      products: [],
      productsAreInclusive: true,
      categoriesAreInclusive: true,
      brandsAreInclusive: true,
      collections: [],
      collectionsIsInclusive: true,
      idSeller: '',
      idSellerIsInclusive: true,
    };
  return {
    listSku1BuyTogether: kept.listSku1BuyTogether,
    areSalesChannelIdsExclusive: kept.areSalesChannelIdsExclusive,
    skusAreInclusive: kept.skusAreInclusive,
    products: kept.products,
    productsAreInclusive: kept.productsAreInclusive,
    categoriesAreInclusive: kept.categoriesAreInclusive,
    brandsAreInclusive: kept.brandsAreInclusive,
    collections: kept.collections,
    collectionsIsInclusive: kept.collectionsIsInclusive,
    idSeller: kept.idSeller,
    idSellerIsInclusive: kept.idSellerIsInclusive,
  };
}

/** What the form can tell before sending: dates, a number for the discount, lists of ids. */
function formProblem(values: PromotionFormValues): FormProblem | null {
  if (!instantOf(values.beginDateUtc))
    return { field: 'beginDateUtc', error: 'Indica la fecha y hora de inicio.' };
  if (!instantOf(values.endDateUtc))
    return { field: 'endDateUtc', error: 'Indica la fecha y hora de término.' };
  if (values.discountValue === '' || !Number.isFinite(Number(values.discountValue.replace(',', '.'))))
    return { field: 'discountValue', error: 'Indica el descuento con un número.' };
  for (const field of ['skus', 'categories', 'brands'] as const)
    if (references(values[field]).some(({ id }) => !/^\d{1,9}$/.test(id)))
      return { field, error: 'Escribe números separados por comas.' };
  return null;
}

/** The form's fields as VTEX's calculator configuration, or what is wrong with them before sending. */
export function promotionBody(
  values: PromotionFormValues,
  kept: BackOfficePromotion | null,
): CalculatorConfigurationBody | FormProblem {
  const problem = formProblem(values);
  if (problem) return problem;
  const value = Number(values.discountValue.replace(',', '.'));
  const count = (text: string) => (text === '' ? 0 : Math.trunc(Number(text)) || 0);
  const percent = values.discountKind === 'percentual';
  return {
    ...keptFields(kept),
    ...(values.idCalculatorConfiguration
      ? { idCalculatorConfiguration: values.idCalculatorConfiguration }
      : {}),
    name: values.name,
    description: values.description,
    beginDateUtc: instantOf(values.beginDateUtc)!,
    endDateUtc: instantOf(values.endDateUtc)!,
    isActive: values.isActive,
    type: values.type,
    percentualDiscountValue: percent ? value : 0,
    nominalDiscountValue: percent ? 0 : value,
    minimumQuantityBuyTogether: count(values.minimumQuantityBuyTogether),
    quantityToAffectBuyTogether: count(values.quantityToAffectBuyTogether),
    cumulative: values.cumulative,
    idsSalesChannel: values.idsSalesChannel,
    skus: references(values.skus),
    categories: references(values.categories),
    brands: references(values.brands),
    paymentsMethods: values.cardOnly ? CARD_SYSTEMS : [],
  };
}

/** The server's field (VTEX's name) as the form's input it belongs beside. */
export function formField(field: string | null): string | null {
  if (field === null) return null;
  if (field === 'percentualDiscountValue' || field === 'nominalDiscountValue') return 'discountValue';
  if (field === 'paymentsMethods') return 'cardOnly';
  return field.split('.')[0] ?? field;
}
