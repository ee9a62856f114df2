import { z } from 'zod';
import { typedName } from './common';
import {
  DEFAULT_REPLACEMENT_CRITERIA,
  DO_NOT_SUBSTITUTE,
  SHIPPING_TOTALIZER_ID,
  TOTALIZER_IDS,
} from '@despensa/domain';

/** The cart (VTEX orderForm) and order info of §3/§7. Money is integer CLP cents (129000 = $1.290). */
const cents = z.number().int();
const skuId = z.string().regex(/^\d{1,12}$/, 'debe ser un id de sku');
const sellerId = z.string().min(1).max(40);

/**
 * Who asks for a cart: the customer of the request's session (null for a shopper who is not logged in) and
 * the cart this client holds, the one its cart cookie names (§4 `checkout.vtex.com=__ofid={id}`) when its
 * key cookie carries that cart's key (issue 27; null otherwise). A cart that belongs to a customer is theirs; an anonymous cart is its holder's. Anyone
 * else reads it with its personal data masked and has every change refused (`notOwner`): an orderFormId
 * alone is not a key.
 */
export interface CartViewer {
  customerId: string | null;
  heldOrderFormId: string | null;
}

/** A customer acting on their own carts, where no cart cookie is in play (server flows, jobs). */
export function customerViewer(customerId: string): CartViewer {
  return { customerId, heldOrderFormId: null };
}

// ---- Requests ----

/** One change of PATCH /orderform/{id}/items: by position in items[], or by sku (add or update). */
export const orderItemChange = z.union([
  z
    .object({ index: z.number().int().min(0).max(1000), quantity: z.number().int().min(0).max(10000) })
    .strict(),
  z.object({ id: skuId, seller: sellerId.optional(), quantity: z.number().int().min(0).max(10000) }).strict(),
]);
export type OrderItemChange = z.infer<typeof orderItemChange>;

export const orderItemsBody = z.object({ orderItems: z.array(orderItemChange).min(1).max(300) });
export type OrderItemsBody = z.infer<typeof orderItemsBody>;

export const createOrderFormBody = z.object({
  postalCode: z.string().max(20).optional(),
  country: z.string().max(3).optional(),
  items: z
    .array(z.object({ id: skuId, seller: sellerId.optional(), quantity: z.number().int().min(0).max(10000) }))
    .max(300)
    .optional(),
  selectedSla: z.string().max(100).optional(),
});
export type CreateOrderFormBody = z.infer<typeof createOrderFormBody>;

export const itemsOrdination = z.object({
  criteria: z.enum(['add_time', 'name']),
  ascending: z.boolean(),
});
export type ItemsOrdination = z.infer<typeof itemsOrdination>;

export const couponBody = z.object({ text: z.string().max(50) });

export const clientProfileBody = z.object({
  email: z.string().max(254),
  document: z.string().max(20).optional(),
  phone: z.string().max(20).optional(),
  firstName: typedName(z.string().max(100)).optional(),
  lastName: typedName(z.string().max(100)).optional(),
});
export type ClientProfileBody = z.infer<typeof clientProfileBody>;

export const customDataValueBody = z.object({ value: z.string().max(500) });

// ---- The orderForm ----

export const priceTag = z.object({
  identifier: z.string(),
  name: z.string(),
  isPercentual: z.boolean(),
  rawValue: z.number(),
  /** Cents off the whole line, negative. */
  value: cents,
});

/** A line's price for one way of paying (§3 derived prices). */
export const paymentPrice = z.object({ sellingPrice: cents, total: cents, priceTags: z.array(priceTag) });

export const itemAvailability = z.enum(['available', 'withoutStock', 'cannotBeDelivered']);

export const orderFormItem = z.object({
  uniqueId: z.string(),
  id: z.string(),
  productId: z.string(),
  productRefId: z.string(),
  refId: z.string(),
  ean: z.string(),
  name: z.string(),
  skuName: z.string(),
  seller: z.string(),
  sellerChain: z.array(z.string()),
  quantity: z.number().int(),
  unitMultiplier: z.number(),
  measurementUnit: z.string(),
  /** Offer price per measurement unit (per unit, or per kg of weighed items). */
  price: cents,
  listPrice: cents,
  /** Price per measurement unit after the promotions anyone gets. */
  sellingPrice: cents,
  priceTags: z.array(priceTag),
  priceDefinition: z.object({
    calculatedSellingPrice: cents,
    total: cents,
    sellingPrices: z.array(z.object({ value: cents, quantity: z.number().int() })),
  }),
  /** Group card, wallet and wallet-balance prices (§3); keys are the totalizer ids. */
  paymentPrices: z.object({ Tcenco: paymentPrice, CencoPay: paymentPrice, BalanceCencoPay: paymentPrice }),
  pricePerUnitOfMeasure: z.object({ value: cents, unit: z.string(), label: z.string() }).nullable(),
  tax: cents,
  rewardValue: cents,
  isGift: z.boolean(),
  imageUrl: z.string(),
  detailUrl: z.string(),
  additionalInfo: z.object({ brandName: z.string(), brandId: z.string() }),
  productCategoryIds: z.string(),
  productCategories: z.record(z.string(), z.string()),
  productClusters: z.record(z.string(), z.string()),
  availability: itemAvailability,
  /** The most units this line may hold (§5 item purchase limit). */
  maxItems: z.number().int(),
  /** Promotion ids that match this sku in the cart's channel (badges). */
  promotions: z.array(z.string()),
});
export type OrderFormItem = z.infer<typeof orderFormItem>;

export const orderFormMessage = z.object({
  code: z.string(),
  text: z.string(),
  status: z.enum(['info', 'warning', 'error']),
  fields: z.record(z.string(), z.string()).optional(),
});
export type OrderFormMessage = z.infer<typeof orderFormMessage>;

/** The §3 totalizers, and Shipping (the delivery fee) once the cart has a delivery mode: value counts it. */
export const totalizer = z.object({
  id: z.enum([...TOTALIZER_IDS, SHIPPING_TOTALIZER_ID]),
  name: z.string(),
  value: cents,
});

/** VTEX's paymentData.paymentSystems entry: a way to pay the cart under the live flags (issue 29). */
export const offeredPaymentSystem = z.object({
  id: z.number().int(),
  name: z.string(),
  groupName: z.string(),
  validator: z.null(),
  stringId: z.string(),
  template: z.string(),
  requiresDocument: z.boolean(),
  displayDocument: z.boolean(),
  isCustom: z.boolean(),
  description: z.null(),
  requiresAuthentication: z.boolean(),
  dueDate: z.string(),
  availablePayments: z.null(),
});

/** VTEX's paymentData.installmentOptions entry: a system's installments for what it charges. */
export const installmentOption = z.object({
  paymentSystem: z.string(),
  bin: z.null(),
  paymentName: z.string(),
  paymentGroupName: z.string(),
  value: cents,
  installments: z.array(
    z.object({
      count: z.number().int(),
      hasInterestRate: z.boolean(),
      interestRate: z.number(),
      value: cents,
      total: cents,
    }),
  ),
});

export const clientProfileData = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  documentType: z.literal('rut'),
  document: z.string().nullable(),
  phone: z.string().nullable(),
  isCorporate: z.literal(false),
});

export const orderForm = z
  .object({
    orderFormId: z.string(),
    salesChannel: z.string(),
    loggedIn: z.boolean(),
    isCheckedIn: z.boolean(),
    allowManualPrice: z.boolean(),
    canEditData: z.boolean(),
    ignoreProfileData: z.boolean(),
    value: cents,
    messages: z.array(orderFormMessage),
    items: z.array(orderFormItem),
    selectableGifts: z.array(z.unknown()),
    totalizers: z.array(totalizer),
    shippingData: z.object({
      address: z.record(z.string(), z.unknown()).nullable(),
      logisticsInfo: z.array(
        z.object({
          itemIndex: z.number().int(),
          itemId: z.string(),
          selectedSla: z.string().nullable(),
          selectedDeliveryChannel: z.string().nullable(),
          slas: z.array(z.unknown()),
          shipsTo: z.array(z.string()),
          deliveryChannels: z.array(z.object({ id: z.string() })),
        }),
      ),
      selectedAddresses: z.array(z.unknown()),
      availableAddresses: z.array(z.unknown()),
      pickupPoints: z.array(z.unknown()),
      postalCode: z.string().nullable(),
      country: z.string(),
    }),
    clientProfileData: clientProfileData.nullable(),
    paymentData: z.object({
      payments: z.array(z.unknown()),
      paymentSystems: z.array(offeredPaymentSystem),
      installmentOptions: z.array(installmentOption),
      giftCards: z.array(z.unknown()),
      giftCardMessages: z.array(z.unknown()),
      transactions: z.array(z.unknown()),
      availableAccounts: z.array(z.unknown()),
      availableTokens: z.array(z.unknown()),
    }),
    marketingData: z.object({ coupon: z.string().nullable(), marketingTags: z.array(z.string()) }),
    sellers: z.array(z.object({ id: z.string(), name: z.string(), logo: z.string() })),
    clientPreferencesData: z.object({ locale: z.string(), optinNewsLetter: z.boolean().nullable() }),
    commercialConditionData: z.null(),
    storePreferencesData: z.object({
      countryCode: z.string(),
      saveUserData: z.boolean(),
      timeZone: z.string(),
      currencyCode: z.string(),
      currencyLocale: z.number().int(),
      currencySymbol: z.string(),
      currencyFormatInfo: z.object({
        currencyDecimalDigits: z.number().int(),
        currencyDecimalSeparator: z.string(),
        currencyGroupSeparator: z.string(),
        currencyGroupSize: z.number().int(),
        startsWithCurrencySymbol: z.boolean(),
      }),
    }),
    giftRegistryData: z.null(),
    openTextField: z.null(),
    invoiceData: z.null(),
    ratesAndBenefitsData: z.object({
      rateAndBenefitsIdentifiers: z.array(
        z.object({ id: z.string(), name: z.string(), description: z.string(), featured: z.boolean() }),
      ),
      teaser: z.array(z.unknown()),
    }),
    customData: z.object({
      customApps: z.array(
        z.object({ id: z.string(), major: z.number().int(), fields: z.record(z.string(), z.string()) }),
      ),
    }),
    itemsOrdination: itemsOrdination,
  })
  .meta({ id: 'OrderForm' });
export type OrderForm = z.infer<typeof orderForm>;

// ---- Order info (substitution preferences, §4) ----

export const substituteType = z.union([
  z.literal(DEFAULT_REPLACEMENT_CRITERIA),
  z.literal(DO_NOT_SUBSTITUTE),
]);

export const receiverData = z.object({
  name: z.string().min(1).max(100),
  phone: z.string().max(20).optional(),
});

export const skuSubstitution = z.object({ substituteType, note: z.string().max(300).nullable() });

export const orderInfo = z
  .object({
    id: z.string(),
    skuData: z.record(z.string(), skuSubstitution),
    substituteType,
    receiverData: receiverData.nullable(),
  })
  .meta({ id: 'OrderInfo' });
export type OrderInfo = z.infer<typeof orderInfo>;

export const orderInfoBody = z.object({
  skuData: z
    .record(skuId, z.object({ substituteType, note: z.string().max(300).nullable().optional() }))
    .optional(),
  substituteType: substituteType.optional(),
  receiverData: receiverData.nullable().optional(),
});
export type OrderInfoBody = z.infer<typeof orderInfoBody>;
