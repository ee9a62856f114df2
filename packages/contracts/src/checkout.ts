import { z } from 'zod';
import {
  GIFT_CARD_NUMBER_MESSAGE,
  GIFT_CARD_PASSWORD_MESSAGE,
  PAYMENT_SYSTEM_IDS,
  isValidGiftCardNumber,
  isValidGiftCardPassword,
} from '@despensa/domain';
import { orderInfo } from './cart';

const cents = z.number().int().min(0).max(1_000_000_000);

/** §3 payment entry (POST /api/orderform/{id}/payments); paymentSystem is a §9 id or the card redirect. */
export const paymentEntry = z.object({
  paymentSystem: z.coerce
    .number()
    .int()
    .refine((id) => PAYMENT_SYSTEM_IDS.includes(id), { message: 'Medio de pago desconocido' }),
  paymentSystemName: z.string().max(100).optional(),
  group: z.string().max(100).optional(),
  installments: z.number().int().min(1).max(48).default(1),
  installmentsInterestRate: z.number().min(0).max(100).default(0),
  installmentsValue: cents.optional(),
  value: cents,
  referenceValue: cents.optional(),
  /** The saved card (GET /wallet/cards id) that pays a one-click entry (201–204), as VTEX's accountId. */
  accountId: z.string().min(1).max(60).optional(),
  merchantSellerPayments: z
    .array(z.object({ id: z.string().max(50), installments: z.number().int(), interestRate: z.number() }))
    .max(10)
    .optional(),
});
export type PaymentEntry = z.infer<typeof paymentEntry>;
export const paymentsBody = z.object({ payments: z.array(paymentEntry).max(5) });

/** §7 POST /api/checkout/pub/orderform/transaction. referenceId is the orderFormId. */
export const transactionBody = z.object({
  referenceId: z.string().min(1).max(100),
  savePersonalData: z.boolean().default(false),
  optinNewsLetter: z.boolean().default(false),
  value: cents,
  interestValue: cents.default(0),
  /**
   * The gift card that pays a 732 entry (§5). Sent with the transaction, never kept in the cart, so its
   * password is not stored with the orderForm.
   */
  giftCard: z
    .object({
      number: z.string().refine(isValidGiftCardNumber, { message: GIFT_CARD_NUMBER_MESSAGE }),
      password: z.string().refine(isValidGiftCardPassword, { message: GIFT_CARD_PASSWORD_MESSAGE }),
    })
    .optional(),
  /** The code e-mailed for a blocked address (the validation-code dialog, after a 403 addressBlocked). */
  accessKey: z.string().trim().min(1).max(20).optional(),
});
export type TransactionBody = z.infer<typeof transactionBody>;

export const transactionAnswer = z.object({
  /** The payment transaction id. */
  tId: z.string(),
  /** The order group (the order-placed page's `og`). */
  orderId: z.string(),
  /** Checkout's access token for this order group (VTEX's Vtex_CHKO_Auth). */
  xChko: z.string(),
  /**
   * Where the shopper goes next: the payment page of a card redirect, the order-placed page of a payment
   * made at once (one-click, gift card), or, for the wallet (783), the order-placed page to go to once
   * `POST /wallet/transaction` with this tId settles on 200-0.
   */
  redirectUrl: z.string(),
});
export type TransactionAnswer = z.infer<typeof transactionAnswer>;

/** The cart's payment left on Webpay's page (closed, or back without paying): the checkout's notice. */
export interface PendingPayment {
  tId: string;
  orderGroup: string;
  /** What Webpay asks for, in cents. */
  value: number;
  /** Back to Webpay's page ('Volver a pagar'). */
  redirectUrl: string;
}

/** 'Anular pago' as the acquirer decided it: not paid, canceled at once; paid, the order it is. */
export interface DroppedPayment {
  status: 'canceled' | 'approved';
  orderGroup: string;
}

/**
 * VTEX's workflow as far as this shop goes: paid → ready-for-handling → handling (picking) → invoiced
 * (the receipt) → delivered (home, express) or collected (store pickup, Click al Auto); or canceled.
 */
export const orderStatus = z.enum([
  'payment-pending',
  'payment-approved',
  'ready-for-handling',
  'handling',
  'invoiced',
  'delivered',
  'collected',
  'canceled',
]);
export type OrderStatus = z.infer<typeof orderStatus>;

const address = z.record(z.string(), z.unknown());

/** One seller's order (VTEX OMS order shape, the fields the shop keeps). */
export const order = z.object({
  orderId: z.string(),
  orderGroup: z.string(),
  sellerOrderId: z.string(),
  orderFormId: z.string(),
  status: orderStatus,
  statusDescription: z.string(),
  value: z.number().int(),
  creationDate: z.string(),
  lastChange: z.string(),
  items: z.array(
    z.object({
      id: z.string(),
      productId: z.string(),
      name: z.string(),
      quantity: z.number(),
      seller: z.string(),
      measurementUnit: z.string(),
      unitMultiplier: z.number(),
      price: z.number().int(),
      listPrice: z.number().int(),
      sellingPrice: z.number().int(),
      /** What the line cost, promotions applied (VTEX priceDefinition.total). */
      total: z.number().int().optional(),
      imageUrl: z.string(),
      /**
       * A weighed (kg) item: what the cart estimated, and the real weight and price once the picker
       * weighed it (null until then).
       */
      weighed: z
        .object({
          estimatedWeightKg: z.number(),
          estimatedPrice: z.number().int(),
          realWeightKg: z.number().nullable(),
          realPrice: z.number().int().nullable(),
        })
        .nullable()
        .optional(),
    }),
  ),
  totals: z.array(z.object({ id: z.string(), name: z.string(), value: z.number().int() })),
  sellers: z.array(z.object({ id: z.string(), name: z.string() })),
  clientProfileData: z.object({
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    document: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  shippingData: z.object({
    address: address.nullable(),
    selectedSla: z.string().nullable(),
    deliveryWindow: z.object({ startDateUtc: z.string(), endDateUtc: z.string() }).nullable(),
    /** Store pickup and Click al Auto: the store the order is collected at (its address is not the order's). */
    pickupStore: z.object({ name: z.string(), address: z.string() }).nullable().optional(),
  }),
  paymentData: z.object({
    transactions: z.array(
      z.object({
        transactionId: z.string(),
        payments: z.array(z.object({ paymentSystem: z.string(), value: z.number().int() })),
      }),
    ),
  }),
  orderInfo: orderInfo.omit({ id: true }),
  /** What the shopper may still do (VTEX's allowCancellation, allowEdition), worked out on each read. */
  allowCancellation: z.boolean().optional(),
  allowEdition: z.boolean().optional(),
  allowReschedule: z.boolean().optional(),
  /** When edits close (ORDER_EDIT_CUTOFF_MS before the window); null without a window. */
  editCutoff: z.string().nullable().optional(),
  /** The §7 reason and comment of a cancellation by the shopper. */
  cancellationData: z
    .object({ reason: z.string(), comment: z.string(), requestedBy: z.string(), date: z.string() })
    .nullable()
    .optional(),
});
export type Order = z.infer<typeof order>;

export const paymentTransactionStatus = z.enum(['Started', 'Approved', 'Cancelled', 'Refunded']);

/** GET /api/pvt/transactions/{id} (Payments Gateway shape, the fields the shop has). */
export const paymentTransaction = z.object({
  id: z.string(),
  transactionId: z.string(),
  referenceKey: z.string(),
  orderId: z.string(),
  status: paymentTransactionStatus,
  value: z.number().int(),
  totalRefunds: z.number().int(),
  startDate: z.string(),
  authorizationDate: z.string().nullable(),
  authorizationToken: z.string().nullable(),
  cancelationDate: z.string().nullable(),
  payments: z.array(z.object({ paymentSystem: z.string(), value: z.number().int() })),
});
export type PaymentTransaction = z.infer<typeof paymentTransaction>;

/** GET /api/orden/status/{id}. */
export const orderStatusAnswer = z.object({
  orderId: z.string(),
  orderGroup: z.string(),
  status: orderStatus,
  statusDescription: z.string(),
});
