import { z } from 'zod';
import { typedName } from './common';
import {
  BANK_ACCOUNT_TYPES,
  CHILEAN_BANKS,
  FEATURE_FLAG_NAMES,
  MAX_QUANTITY,
  CART_MAX_ITEMS,
  SKUS_BATCH,
  SHOPPING_LIST_SCHEDULE_STATUS,
  type FeatureFlags,
} from '@despensa/domain';

/** §9 feature flags as the API answers them: every flag's current value. */
export const featureFlags = z
  .object(
    Object.fromEntries(FEATURE_FLAG_NAMES.map((flag) => [flag, z.boolean()])) as Record<
      keyof FeatureFlags,
      z.ZodBoolean
    >,
  )
  .meta({ id: 'FeatureFlags' });
export type { FeatureFlags };

export const featureFlagBody = z.object({ enabled: z.boolean() });

const skuId = z.string().regex(/^\d{1,12}$/, 'not a sku id');

/** §3 a list's skus: an object of sku id to quantity (1 to the §5 maximum), at most a cart's worth. */
export const listSkus = z
  .record(skuId, z.number().int().min(1).max(MAX_QUANTITY))
  .refine((skus) => Object.keys(skus).length <= CART_MAX_ITEMS, `at most ${CART_MAX_ITEMS} products`);
export type ListSkus = z.infer<typeof listSkus>;

/** §4 schedule: status 0 unscheduled, 1 scheduled, 2 paused; every 1–4 weeks; delivery day 1 (Monday)–7. */
export const listSchedule = z
  .object({
    status: z.union([
      z.literal(SHOPPING_LIST_SCHEDULE_STATUS.unscheduled),
      z.literal(SHOPPING_LIST_SCHEDULE_STATUS.scheduled),
      z.literal(SHOPPING_LIST_SCHEDULE_STATUS.paused),
    ]),
    frequency: z.number().int().min(1).max(4),
    deliveryDay: z.number().int().min(1).max(7),
  })
  .meta({ id: 'ShoppingListSchedule' });
export type ListSchedule = z.infer<typeof listSchedule>;

/** §7 POST and PUT body: name, skus as a JSON string (as the shop's clients send it), type 'client'. */
export const shoppingListBody = z.object({
  name: typedName(z.string().trim().min(1).max(60)),
  skus: z.string().max(20_000),
  type: z.literal('client').default('client'),
  schedule: listSchedule.optional(),
});
export type ShoppingListBody = z.input<typeof shoppingListBody>;

/** §3 shopping list. `skus` goes out as a JSON string too; `id` and `DocumentId` are the same id. */
export const shoppingList = z
  .object({
    id: z.string(),
    DocumentId: z.string(),
    name: z.string(),
    skus: z.string(),
    type: z.literal('client'),
    createdIn: z.string(),
    schedule: listSchedule,
  })
  .meta({ id: 'ShoppingList' });
export type ShoppingList = z.infer<typeof shoppingList>;

/** §7 GET /user/shopping-list/skus: which of at most SKUS_BATCH skus can be bought now (§5 in stock). */
export const listSkusQuery = z.object({
  skuIds: z
    .string()
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(skuId).min(1).max(SKUS_BATCH)),
  sc: z.coerce.number().int().min(1).max(100000).default(1),
});
export const listSkusAvailability = z
  .object({ available: z.array(z.string()), unavailable: z.array(z.string()) })
  .meta({ id: 'ShoppingListSkus' });
export type ListSkusAvailability = z.infer<typeof listSkusAvailability>;

/** Favourites: the skus a shopper hearted, newest first. */
export const favourites = z.object({ skuIds: z.array(z.string()) }).meta({ id: 'Favourites' });
/** Any text: a sku the shop does not have is a 404 (productNotFound), not a 400. */
export const favouriteParams = z.object({ skuId: z.string().min(1).max(40) });

/** Reads a list's JSON-string skus; bad JSON or shape is invalidListSkus (the caller throws it). */
export function parseListSkus(raw: string): ListSkus | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = listSkus.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A scheduled list's coming delivery (§4): when its basket is built, its cut-off, and what became of it. */
export const listRunView = z
  .object({
    deliveryDate: z.string(),
    buildAt: z.string(),
    cutOffAt: z.string(),
    status: z.enum(['upcoming', 'built', 'skipped', 'due', 'placed', 'edited', 'failed']),
    orderFormId: z.string().nullable(),
    /** The window held for the delivery (its start), once the basket is built. */
    windowStart: z.string().nullable(),
    /** The order placed at the cut-off. */
    orderGroup: z.string().nullable(),
    /** Why nothing was placed (the failure's text), for a failed run. */
    failure: z.string().nullable(),
  })
  .meta({ id: 'ShoppingListRun' });
export type ListRunAnswer = z.infer<typeof listRunView>;

/** A run's delivery day, 'YYYY-MM-DD' in shop time (the review link carries it). */
export const listDeliveryDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/** Which run of a list: its delivery day, else the coming one. */
export const listRunQuery = z.object({ deliveryDate: listDeliveryDate.optional() });

/** A product a built basket may take, from a search in the basket's store (at that store's price, cents). */
export const basketProductsQuery = z.object({
  deliveryDate: listDeliveryDate,
  q: z.string().trim().min(2).max(80),
});

/**
 * Changing a built basket from its review page: quantities (0 removes the line; a weighed product counts
 * steps of its unitMultiplier kg, as in the cart) and products added, for the run of `deliveryDate`.
 */
export const listBasketChangeBody = z.object({
  deliveryDate: listDeliveryDate,
  orderItems: z
    .array(z.object({ id: skuId, quantity: z.number().int().min(0).max(MAX_QUANTITY) }))
    .min(1)
    .max(CART_MAX_ITEMS),
});
export type ListBasketChangeBody = z.infer<typeof listBasketChangeBody>;

/** A built basket's product (the basket cart's line). */
export const listBasketItem = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  /** Cart units: for a weighed product ('kg'), steps of unitMultiplier kg. */
  quantity: z.number(),
  measurementUnit: z.string(),
  unitMultiplier: z.number(),
  /** The price of one unit (or one step of a weighed product), cents. */
  price: z.number().int(),
  /** The line's price, cents. */
  total: z.number().int(),
});

/**
 * A scheduled list's basket for one delivery, as its review page shows it (§4 recurring lists): the run,
 * whether it may still be changed (and why not), its products, the delivery, the saved card that will pay
 * at the cut-off and the total it will charge. Without a built basket, no products and no delivery.
 */
export const listBasketView = z
  .object({
    list: z.object({ id: z.string(), name: z.string(), schedule: listSchedule }),
    run: listRunView,
    /** Why the basket can no longer be changed or skipped (a failure's text), or null while it can. */
    closed: z.string().nullable(),
    items: z.array(listBasketItem),
    delivery: z
      .object({
        /** The §3 delivery method's id and name ('Despacho a Domicilio'). */
        method: z.string(),
        methodName: z.string(),
        /** The address the basket is delivered to (home delivery), as one line. */
        address: z.string().nullable(),
        /** The store that prepares it (where a pickup is collected). */
        storeName: z.string().nullable(),
        window: z.object({ startDateUtc: z.string(), endDateUtc: z.string() }).nullable(),
        /** The delivery fee the order will be charged, cents (0 for a Prime basket over the minimum). */
        fee: z.number().int(),
      })
      .nullable(),
    /** The saved one-click card charged at the cut-off; null when the shopper has none. */
    card: z
      .object({
        id: z.string(),
        brand: z.string(),
        cardLast4: z.string(),
        paymentMethod: z.enum(['OneClick', 'DebitoOneClick', 'CATOneClick']),
      })
      .nullable(),
    totals: z.object({ items: z.number().int(), delivery: z.number().int(), total: z.number().int() }),
    /** What the last change says (a quantity cut to the stock or a limit), in Spanish. */
    messages: z.array(z.string()),
  })
  .meta({ id: 'ShoppingListBasket' });
export type ListBasketView = z.infer<typeof listBasketView>;

/** The bank account refunds go to (§3 types: CORRIENTE 1, VISTA 2, AHORRO 3); the holder's RUT is checked. */
export const bankAccountBody = z.object({
  holderName: typedName(z.string().trim().min(2).max(80)),
  holderRut: z.string().trim().min(3).max(12),
  bank: z.enum(CHILEAN_BANKS),
  accountType: z.union([
    z.literal(BANK_ACCOUNT_TYPES.CORRIENTE),
    z.literal(BANK_ACCOUNT_TYPES.VISTA),
    z.literal(BANK_ACCOUNT_TYPES.AHORRO),
  ]),
  accountNumber: z.string().regex(/^\d{4,20}$/, 'solo dígitos, 4 a 20'),
});
export type BankAccountBody = z.infer<typeof bankAccountBody>;
/** What is shown back: the number only by its last four digits. */
export const bankAccount = bankAccountBody
  .omit({ accountNumber: true })
  .extend({ accountNumberLast4: z.string() })
  .meta({ id: 'BankAccount' });
export type BankAccount = z.infer<typeof bankAccount>;
