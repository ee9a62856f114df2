import {
  DELIVERY_METHODS,
  EMAIL_INVALID_MESSAGE,
  PHONE_INVALID_MESSAGE,
  RUT_INVALID_MESSAGE,
  cleanContactPhone,
  formatRut,
  isValidEmail,
  isValidOrderFormId,
  isValidRut,
  reapplyUnderOneSeller,
} from '@despensa/domain';
import {
  Failure,
  type CartViewer,
  type ClientProfileBody,
  type OrderForm,
  type OrderInfo,
  type OrderInfoBody,
  type PaymentEntry,
} from '@despensa/contracts';
import type { Tx } from '../../db/client';
import type { CatalogService } from '../catalog/service';
import { readCart, sellerCount, updateCart, type CartState } from './repo';
import { forgetReminder } from './abandoned';
import type { CartPricer } from './pricing';
import { byOwner, type CartDeps, type CartStore } from './store';
import { orderInfoOf, type OrderFormView } from './view';
import { checkSla, invalid } from './commands';
import type { CartDeliveryChoice, CartShippingData } from './shipping-data';

/** An offer as stored in the database, with the sku it is for. */
type StoredOffer = Awaited<ReturnType<CatalogService['offersInDatabase']>>[number];

/** §4 step 3: where the express shipping estimate goes in customData (app id, field). */
const SHIPPING_ESTIMATE_FIELD = ['shippingData', 'shippingEstimate'] as const;

/** customData fields the storefront may write (§7), by app id. */
const CUSTOM_DATA_FIELDS: Record<string, readonly string[]> = {
  orderSource: ['sourceApp'],
  shippingData: ['shippingEstimate'],
};

/**
 * What checkout attaches to the cart: the client profile, payments, customData, order info (substitution
 * and receiver), the delivery choice and shipping attachment the shipping flow computes, and the cart as
 * placing an order reads and then empties it.
 */
export class CheckoutData {
  constructor(
    private readonly deps: CartDeps,
    private readonly store: CartStore,
    private readonly pricer: CartPricer,
    private readonly view: OrderFormView,
  ) {}

  async setClientProfile(
    viewer: CartViewer,
    orderFormId: string,
    profile: ClientProfileBody,
  ): Promise<OrderForm> {
    const email = profile.email.trim();
    if (!isValidEmail(email)) throw invalid(EMAIL_INVALID_MESSAGE, 'email');
    const document = profile.document?.replace(/\s+/g, '');
    if (document !== undefined && !isValidRut(document)) throw invalid(RUT_INVALID_MESSAGE, 'document');
    // §5 phone or short phone, cleaned as the account's phone is (the domain's one rule).
    const phone = profile.phone === undefined ? undefined : cleanContactPhone(profile.phone);
    if (phone === null) throw invalid(PHONE_INVALID_MESSAGE, 'phone');
    return this.view.changeAndRender(
      orderFormId,
      byOwner(viewer, (cart) => {
        cart.form.clientProfile = {
          email,
          ...(document !== undefined ? { document: formatRut(document) } : {}),
          ...(phone !== undefined ? { phone } : {}),
          ...(profile.firstName !== undefined ? { firstName: profile.firstName.trim() } : {}),
          ...(profile.lastName !== undefined ? { lastName: profile.lastName.trim() } : {}),
        };
      }),
    );
  }

  /** §3 payment entries; the orderForm's paymentData.payments shows them. */
  async setPayments(viewer: CartViewer, orderFormId: string, payments: PaymentEntry[]): Promise<OrderForm> {
    return this.view.changeAndRender(
      orderFormId,
      byOwner(viewer, (cart) => {
        cart.form.payments = payments.map((entry) => ({
          ...entry,
          referenceValue: entry.referenceValue ?? entry.value,
          installmentsValue: entry.installmentsValue ?? Math.round(entry.value / entry.installments),
        }));
      }),
    );
  }

  /** PUT (a value) or DELETE (null) one customData field. */
  async setCustomData(
    viewer: CartViewer,
    orderFormId: string,
    field: { appId: string; field: string; value: string | null },
    salesChannel?: number,
  ): Promise<OrderForm> {
    const { appId, value } = field;
    if (!CUSTOM_DATA_FIELDS[appId]?.includes(field.field)) {
      throw new Failure('notFound', { message: `No existe el campo ${appId}/${field.field} en customData` });
    }
    return this.view.changeAndRender(
      orderFormId,
      byOwner(viewer, (cart) => {
        cart.form.customData = withCustomField(cart.form.customData, appId, field.field, value);
        if (salesChannel !== undefined) cart.form.salesChannel = salesChannel;
      }),
    );
  }

  async setOrderInfo(viewer: CartViewer, orderFormId: string, info: OrderInfoBody): Promise<OrderInfo> {
    if (info.receiverData?.phone !== undefined && cleanContactPhone(info.receiverData.phone) === null) {
      throw invalid(PHONE_INVALID_MESSAGE, 'receiverData.phone');
    }
    const state = await this.store.change(
      orderFormId,
      byOwner(viewer, (cart) => {
        if (info.substituteType !== undefined) cart.form.substituteType = info.substituteType;
        if (info.receiverData !== undefined) cart.form.receiverData = info.receiverData;
        for (const [skuId, entry] of Object.entries(info.skuData ?? {})) {
          const item = cart.items.find((line) => line.skuId === Number(skuId));
          if (!item) throw invalid(`El producto ${skuId} no está en el carro`, `skuData.${skuId}`);
          item.substituteType = entry.substituteType;
          if (entry.note !== undefined) item.note = entry.note;
        }
      }),
    );
    return orderInfoOf(state);
  }

  /**
   * The §3 delivery method of the cart's stored delivery choice, null before one is chosen. Read from the
   * choice, not from logisticsInfo: an emptied cart has no logistics entries and keeps its mode.
   */
  async deliveryMethodOf(orderFormId: string): Promise<string | null> {
    const { version } = await this.store.versionOf(orderFormId);
    const { form } = await this.store.stateAt(orderFormId, version);
    return form.deliveryChoice?.selectedSla ?? form.selectedSla;
  }

  /**
   * The cart and its delivery choice (flows/attach-shipping), read in the flow's transaction under the
   * cart's row lock, so two changes of one cart's delivery apply one after the other. A cart that never
   * chose has its channel and no mode.
   */
  async deliveryChoiceOf(
    orderFormId: string,
    tx: Tx,
  ): Promise<{ orderForm: OrderForm; deliveryChoice: CartDeliveryChoice }> {
    const state = await lockedCart(orderFormId, tx);
    return {
      orderForm: await this.view.renderIn(state, tx),
      deliveryChoice: state.form.deliveryChoice ?? {
        selectedSla: state.form.selectedSla,
        salesChannel: state.form.salesChannel,
        storeId: null,
        addressId: null,
        window: null,
      },
    };
  }

  /**
   * Delivery (flows/attach-shipping): sets the delivery choice (and with it the channel and selected sla)
   * and the §7 shipping attachment, in the flow's transaction `tx`. Items are re-priced under the channel
   * and kept even when it does not sell them (the lost-products dialog decides, §4). Nothing is kept in
   * this instance's caches, since the transaction may still roll back.
   */
  async setShippingData(
    orderFormId: string,
    change: { deliveryChoice: CartDeliveryChoice; shippingData: CartShippingData },
    tx: Tx,
  ): Promise<OrderForm> {
    const { deliveryChoice } = change;
    if (deliveryChoice.selectedSla) checkSla(deliveryChoice.selectedSla);
    this.store.forget(orderFormId);
    const changed = await updateCart(tx, orderFormId, this.deps.clock(), (cart) => {
      cart.form.salesChannel = deliveryChoice.salesChannel;
      cart.form.selectedSla = deliveryChoice.selectedSla;
      cart.form.deliveryChoice = deliveryChoice;
      cart.form.shippingData = change.shippingData;
    });
    if (!changed) throw new Failure('cartNotFound');
    return this.view.renderIn(changed.state, tx);
  }

  /**
   * §4 purchase flow step 2, before the transaction: items of more than one seller are re-applied under
   * one seller (see reapplyUnderOneSeller in the domain), in a transaction of its own, so the shopper's
   * next look at the cart shows what the order will cost. Only the customer's own cart changes.
   */
  async reapplyUnderOneSeller(orderFormId: string, userId: string): Promise<void> {
    const db = this.deps.database.db;
    if (!isValidOrderFormId(orderFormId) || (await sellerCount(db, orderFormId)) < 2) return;
    this.store.forget(orderFormId);
    await updateCart(db, orderFormId, this.deps.clock(), async (cart, tx) => {
      if (cart.form.userId !== userId) return;
      const offers = await this.offersInDatabase(cart, tx);
      const sells = new Set(offers.filter((offer) => offer.listPrice > 0).map(offerKey));
      const moves = reapplyUnderOneSeller(cart.items, (skuId, sellerId) => sells.has(`${skuId}|${sellerId}`));
      for (const item of cart.items) item.sellerId = moves.get(item.skuId) ?? item.sellerId;
    });
  }

  /**
   * Placing an order (flows/place-order): the cart under its row lock in `tx`, priced from the offers as
   * stored in the database now (never the index or a rendered copy), with what the order keeps of it.
   * First §4 step 3: the express shipping estimate written to customData, or deleted for another mode.
   */
  async checkoutDraft(
    orderFormId: string,
    tx: Tx,
    expressEstimate: (salesChannel: number, totalItems: number) => string,
  ) {
    const locked = await lockedCart(orderFormId, tx);
    const stored = new Map(
      (await this.offersInDatabase(locked, tx)).map((offer) => [offerKey(offer), offer]),
    );
    const state = await this.withShippingEstimate(locked, tx, expressEstimate);
    const priced = await this.pricer.price(state, tx, stored);
    return {
      orderForm: this.view.render(state, priced, []),
      /** The cart's value per way of paying (collaborator prices included), before delivery. */
      totals: priced.pricing.totals,
      /** Each available line's prices per way of paying, by sku id. */
      linePrices: new Map(
        [...priced.pricedBySku].map(([skuId, line]) => [String(skuId), line.prices] as const),
      ),
      userId: state.form.userId,
      salesChannel: state.form.salesChannel,
      payments: state.form.payments,
      deliveryChoice: state.form.deliveryChoice,
      orderInfo: orderInfoOf(state),
    };
  }

  /**
   * The cart once its order is paid (flows/place-order): emptied of items, payments and the window (now
   * the order's), keeping the shopper's profile, address and mode for the next purchase; in `tx`.
   */
  async clearAfterOrder(orderFormId: string, tx: Tx): Promise<void> {
    this.store.forget(orderFormId);
    await updateCart(tx, orderFormId, this.deps.clock(), (cart) => {
      cart.items = [];
      cart.form.payments = [];
      cart.form.coupon = null;
      if (cart.form.deliveryChoice) cart.form.deliveryChoice = { ...cart.form.deliveryChoice, window: null };
    });
    await forgetReminder(tx, orderFormId);
  }

  /** The offers of the cart's skus in its channel as stored in the database now. */
  private offersInDatabase(cart: CartState, tx: Tx): Promise<StoredOffer[]> {
    const skuIds = cart.items.map((item) => item.skuId);
    return this.deps.catalog.offersInDatabase(skuIds, cart.form.salesChannel, tx);
  }

  /** §4 step 3: the express estimate in customData for an express cart, none for another mode. */
  private async withShippingEstimate(
    state: CartState,
    tx: Tx,
    expressEstimate: (salesChannel: number, totalItems: number) => string,
  ): Promise<CartState> {
    const { form, items } = state;
    const express = (form.deliveryChoice?.selectedSla ?? form.selectedSla) === DELIVERY_METHODS.express.id;
    const units = items.reduce((sum, item) => sum + item.quantity, 0);
    const estimate = express ? expressEstimate(form.salesChannel, units) : null;
    const [appId, field] = SHIPPING_ESTIMATE_FIELD;
    if ((form.customData[appId]?.[field] ?? null) === estimate) return state;
    this.store.forget(form.id);
    const changed = await updateCart(tx, form.id, this.deps.clock(), (cart) => {
      cart.form.customData = withCustomField(cart.form.customData, appId, field, estimate);
    });
    return changed!.state;
  }
}

/** The cart under its row lock in the flow's transaction. */
async function lockedCart(orderFormId: string, tx: Tx): Promise<CartState> {
  const state = isValidOrderFormId(orderFormId) ? await readCart(tx, orderFormId, true) : null;
  if (!state) throw new Failure('cartNotFound');
  return state;
}

function offerKey(offer: StoredOffer): string {
  return `${offer.skuId}|${offer.sellerId}`;
}

/** customData with one field set (a value) or deleted (null); an app left without fields goes. */
function withCustomField(
  customData: Record<string, Record<string, string>>,
  appId: string,
  field: string,
  value: string | null,
): Record<string, Record<string, string>> {
  const fields = { ...customData[appId] };
  if (value === null) delete fields[field];
  else fields[field] = value;
  const next = { ...customData, [appId]: fields };
  if (Object.keys(fields).length === 0) delete next[appId];
  return next;
}
