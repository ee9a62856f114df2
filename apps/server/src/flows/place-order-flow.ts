import {
  DELIVERY_METHODS,
  PAYMENT_IDS,
  STOCK_HOLD_MS,
  cartGaps,
  cartGapsText,
  checkoutCartOf,
  checkoutTotal,
  deliveryFeeOf,
  primeBasketOf,
  formatCLP,
  isAddressMethod,
  deliveryMethodById,
  paymentSplit,
  paymentSystemOffered,
  type PaymentChannel,
  type PaymentSplit,
} from '@despensa/domain';
import { Failure, type TransactionAnswer, type TransactionBody } from '@despensa/contracts';
import type { Tx } from '../db/client';
import type { AddressService } from '../modules/address/service';
import type { CartService } from '../modules/cart/service';
import type { CatalogService } from '../modules/catalog/service';
import type { DeliveryService } from '../modules/shipping/service';
import type { OrdersService, PaymentRecord, PlacedGroup } from '../modules/orders/service';
import type { WalletService } from '../modules/wallet/service';
import type { FlagsService } from '../modules/flags/service';
import type { PaymentProviders } from '../providers/payments/registry';
import { defineFlow } from './flow';

export interface CheckoutModules {
  cart: CartService;
  catalog: CatalogService;
  delivery: DeliveryService;
  orders: OrdersService;
  addresses: AddressService;
  wallet: WalletService;
  flags: Pick<FlagsService, 'all'>;
}

export interface PlaceOrderInput {
  orderFormId: string;
  userId: string;
  body: TransactionBody;
  brandName?: string | undefined;
}

type Draft = Awaited<ReturnType<CartService['checkoutDraft']>>;

/** Where the shopper pays a transaction: the shop's own page that posts the token to the acquirer. */
export const paymentPagePath = (transactionId: string) => `/checkout/pagar/${transactionId}`;
export const orderPlacedPath = (orderGroup: string) => `/checkout/orderPlaced?og=${orderGroup}`;

/** Where the shopper goes after the transaction call: the provider's page, or the order placed (§4 step 6). */
function nextPath(
  payments: PaymentProviders,
  channel: PaymentChannel,
  transactionId: string,
  orderGroup: string,
): string {
  return payments.of(channel).paysOnPage ? paymentPagePath(transactionId) : orderPlacedPath(orderGroup);
}

/**
 * Placing an order (POST /api/checkout/pub/orderform/transaction), in ONE transaction: the cart re-priced
 * from the database under its row lock (§4 step 3 applied to it; step 2 ran just before), §5 completeness, the payment entries
 * read as one purchase, the value checked against what the cart costs with that way of paying (card and
 * collaborator prices, plus the delivery fee), the blocked-address check (step 4), the cart's units held
 * off the stock, the window's place kept for the order, the order group and its pending payment written.
 * A cart with a payment still pending converges on it (one order per cart). `brandName`: the shop the order
 * is placed in, named by the code e-mail a blocked address gets (the chain's unless told).
 */
export function placeOrderFlow(
  modules: CheckoutModules,
  payments: PaymentProviders,
  /** The shop's clock: the sweep and the reconciliation read a hold's time against it. */
  clock: () => Date,
) {
  const { cart, catalog, delivery, orders } = modules;
  return defineFlow<PlaceOrderInput, TransactionAnswer>(
    'place-order',
    async (input, { tx, step, commitWithoutWaitingForDisk }) => {
      const { orderFormId, userId } = input;
      const draft = await step('repriceCart', () =>
        cart.checkoutDraft(orderFormId, tx, (salesChannel, totalItems) =>
          delivery.expressEstimate(salesChannel, totalItems),
        ),
      );
      // Another shopper's cart is not there for this one.
      if (draft.userId !== userId) throw new Failure('cartNotFound');
      const pending = await orders.pendingPaymentOf(orderFormId, tx);
      if (pending) return answerOf(payments, pending);
      const repeated = await repeatOfApproved(orders, draft, input, tx);
      if (repeated) return answerOf(payments, repeated);
      const placed = await checkPlacement(modules, payments, draft, input, tx);
      const { split, window, selectedSla } = placed;
      const ids = orders.newIds();
      const now = clock().getTime();
      // A payment on the provider's page alone charges nothing until the shopper pays there, and the answer
      // waits for the acquirer token's synchronous commit, which flushes this one: the placement need not
      // wait for the disk while it holds the offers' row locks (the hot spot when many buy one sku).
      if (payments.of(split.method.channel).paysOnPage && split.giftCardValue === 0)
        commitWithoutWaitingForDisk();
      if (window && selectedSla !== DELIVERY_METHODS.express.id) {
        await step('keepWindow', () => delivery.keepWindowForOrder(orderFormId, ids.orderGroup, tx));
      }
      await step('writeOrders', () => orders.placeGroup({ ...ids, ...groupOf(draft, userId, placed) }, tx));
      // Last: the offers' row locks (the hot spot when many buy one sku) are held only until the commit.
      await step('holdStock', () =>
        catalog.holdStock(
          ids.orderGroup,
          draft.orderForm.items.map((item) => ({
            skuId: Number(item.id),
            salesChannel: draft.salesChannel,
            sellerId: item.seller,
            quantity: item.quantity,
          })),
          new Date(now + STOCK_HOLD_MS),
          tx,
        ),
      );
      return {
        tId: ids.transactionId,
        orderId: ids.orderGroup,
        xChko: ids.accessToken,
        redirectUrl: nextPath(payments, split.method.channel, ids.transactionId, ids.orderGroup),
      };
    },
  );
}

/**
 * A repeat of a placement whose payment was approved meanwhile (a one-click charge is approved within its
 * request, and a double click's second request may come after it): the approval emptied the cart, and the
 * repeat of that value gets the same answer instead of "Falta completar".
 */
async function repeatOfApproved(
  orders: OrdersService,
  draft: Draft,
  { orderFormId, body }: PlaceOrderInput,
  tx: Tx,
): Promise<PaymentRecord | null> {
  if (draft.orderForm.items.length > 0) return null;
  const approved = await orders.lastApprovedPaymentOf(orderFormId, tx);
  return approved?.value === body.value ? approved : null;
}

/** The answer for a payment the cart already has: an approved one goes to the order placed. */
function answerOf(payments: PaymentProviders, payment: PaymentRecord): TransactionAnswer {
  return {
    tId: payment.id,
    orderId: payment.orderGroup,
    xChko: payment.accessToken,
    redirectUrl:
      payment.status === 'approved'
        ? orderPlacedPath(payment.orderGroup)
        : nextPath(payments, payment.channel, payment.id, payment.orderGroup),
  };
}

/** What the checks of a placement found: how it is paid and what it costs, and where it goes. */
interface Placement {
  split: PaymentSplit;
  value: number;
  deliveryFee: number;
  window: PlacedGroup['deliveryWindow'];
  selectedSla: string | null;
  accountId: string | undefined;
}

/** Every check before an order is written: stock, §5 completeness, the payment, the address. */
async function checkPlacement(
  modules: CheckoutModules,
  payments: PaymentProviders,
  draft: Draft,
  input: PlaceOrderInput,
  tx: Tx,
): Promise<Placement> {
  const { orderForm, deliveryChoice } = draft;
  checkCart(draft);
  const address = orderForm.shippingData.address as Record<string, unknown> | null;
  const window = deliveryChoice?.window ?? null;
  const addressId =
    deliveryChoice?.addressId ?? (typeof address?.addressId === 'string' ? address.addressId : null);
  const selectedSla =
    deliveryChoice?.selectedSla ?? orderForm.shippingData.logisticsInfo[0]?.selectedSla ?? null;
  // A Prime member's basket over the minimum goes free (the cart lists the benefit).
  const deliveryFee = deliveryFeeOf(selectedSla, window !== null, primeBasketOf(orderForm));
  const paid = await checkPayment(modules, payments, draft, { ...input, deliveryFee }, tx);
  // §4 step 4: home delivery and express go to an address the shopper confirmed.
  const method = selectedSla ? deliveryMethodById(selectedSla) : undefined;
  if (method && isAddressMethod(method.kind) && addressId) {
    const { userId, body, brandName } = input;
    if (await modules.addresses.blockedAtCheckout(userId, addressId, body.accessKey, tx, brandName))
      throw new Failure('addressBlocked', { field: addressId });
  }
  return { ...paid, deliveryFee, window, selectedSla };
}

/**
 * The payment entries as one purchase under the live flags, its value what the cart costs paying so,
 * and what its provider needs before the order is written (a saved card, a gift card).
 */
async function checkPayment(
  { flags }: CheckoutModules,
  payments: PaymentProviders,
  draft: Draft,
  { userId, body, deliveryFee }: PlaceOrderInput & { deliveryFee: number },
  tx: Tx,
): Promise<Pick<Placement, 'split' | 'value' | 'accountId'>> {
  // §9: a payment option switched off since the shopper chose it is not taken.
  const live = await flags.all();
  if (draft.payments.some((entry) => !paymentSystemOffered(entry.paymentSystem, live)))
    throw new Failure('paymentSystemOff', { field: 'payments' });
  const split = splitOf(draft);
  const value = checkoutTotal(draft.totals, split.method.pricing, deliveryFee);
  if (body.value !== value) {
    throw new Failure('orderValueMismatch', {
      message: `El total de tu compra es ${formatCLP(value)}: revisa tu carro antes de pagar.`,
      field: 'value',
    });
  }
  if (split.giftCardValue + split.rest !== value)
    throw new Failure('orderValueMismatch', { field: 'payments' });
  const accountId =
    draft.payments.find((entry) => entry.paymentSystem === split.paymentSystem)?.accountId ?? undefined;
  await payments.of(split.method.channel).initiate({ userId, accountId }, tx);
  if (split.giftCardValue > 0 && !body.giftCard) throw new Failure('giftCardRequired', { field: 'giftCard' });
  return { split, value, accountId };
}

/** The cart's units are all there and it is complete (§5). */
function checkCart({ orderForm, deliveryChoice, orderInfo, payments }: Draft): void {
  const unavailable = orderForm.items.filter((item) => item.availability !== 'available');
  if (unavailable.length > 0) {
    throw new Failure('outOfStock', {
      message: `Algunos productos ya no tienen stock suficiente: ${unavailable.map((item) => item.name).join(', ')}`,
      field: 'items',
    });
  }
  const gaps = cartGaps(
    checkoutCartOf({
      payments,
      clientProfile: orderForm.clientProfileData,
      items: orderForm.items.map((item, index) => ({
        seller: item.seller,
        selectedSla: orderForm.shippingData.logisticsInfo[index]?.selectedSla ?? null,
      })),
      window: deliveryChoice?.window ?? null,
      choice: deliveryChoice,
      address: orderForm.shippingData.address,
      orderInfoReceiverName: orderInfo.receiverData?.name ?? null,
    }),
  );
  if (gaps.length > 0) {
    throw new Failure('cartIncomplete', { message: cartGapsText(gaps), field: gaps.join(',') });
  }
}

/** The payment entries as one purchase (paymentSplit), or the failure of why not. */
function splitOf(draft: Draft): PaymentSplit {
  const split = paymentSplit(draft.payments);
  if (split === 'unavailable') throw new Failure('paymentSystemUnavailable', { field: 'payments' });
  if (split === 'combination') throw new Failure('paymentCombinationInvalid', { field: 'payments' });
  if (split === 'sum') throw new Failure('orderValueMismatch', { field: 'payments' });
  return split;
}

/** The order group as written: its payment's entries (a gift card's part first) and the prices paid. */
function groupOf(
  draft: Draft,
  userId: string,
  { split, value, deliveryFee, window, accountId }: Placement,
): Omit<PlacedGroup, 'orderGroup' | 'transactionId' | 'accessToken'> {
  const pricing = split.method.pricing;
  return {
    orderForm: draft.orderForm,
    userId,
    paymentSystem: split.paymentSystem,
    channel: split.method.channel,
    entries: [
      ...(split.giftCardValue > 0
        ? [{ paymentSystem: PAYMENT_IDS.giftCard, value: split.giftCardValue }]
        : []),
      ...(split.rest > 0
        ? [{ paymentSystem: split.paymentSystem, value: split.rest, ...(accountId ? { accountId } : {}) }]
        : []),
    ],
    giftCardValue: split.giftCardValue,
    value,
    linePrices: new Map([...draft.linePrices].map(([sku, prices]) => [sku, prices[pricing]])),
    totals: draft.totals[pricing],
    deliveryFee,
    orderInfo: draft.orderInfo,
    deliveryWindow: window,
  };
}
