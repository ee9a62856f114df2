import {
  COUNTRY_CODE_ISO3,
  CURRENCY,
  LOCALE,
  PRIME_BENEFIT_ID,
  PRIME_BENEFIT_TEXTS,
  SHIPPING_TOTALIZER_ID,
  deliveryFeeOf,
  deliveryMethodById,
  installmentOptionsOf,
  type CartPricing,
  type Promotion,
} from '@despensa/domain';
import {
  Failure,
  type CartViewer,
  type OrderForm,
  type OrderFormItem,
  type OrderFormMessage,
  type OrderInfo,
} from '@despensa/contracts';
import type { Db, Tx } from '../../db/client';
import type { CatalogIndex } from '../catalog/service';
import type { CartState, OrderFormRow } from './repo';
import type { RenderedOrderForm } from './rendered-cache';
import { isOwnerOf, maskedOrderForm, maskedOrderInfo } from './privacy';
import { livePaymentsKey, withLivePayments, type LivePayments } from './payment-data';
import { withShippingData } from './shipping-data';
import { orderFormJson } from './orderform-json';
import type { CartPricer, PricedCart } from './pricing';
import { itemView } from './item-view';
import type { CartChange, CartDeps, CartStore } from './store';

/**
 * The orderForm as the cart answers it: rendered from the priced cart, kept for reads while the cart, the
 * catalogue and the promotion windows are unchanged, masked for anyone but the cart's customer.
 */
export class OrderFormView {
  constructor(
    private readonly deps: CartDeps,
    private readonly store: CartStore,
    private readonly pricer: CartPricer,
  ) {}

  /**
   * The orderForm as `viewer` may see it (masked for anyone but the cart's customer); read-only, since
   * unchanged carts share one rendered copy.
   */
  async get(viewer: CartViewer, orderFormId: string): Promise<OrderForm> {
    const { entry, userId } = await this.current(orderFormId);
    return isOwnerOf({ id: orderFormId, userId }, viewer) ? entry.form : maskedOrderForm(entry.form);
  }

  /** The whole orderForm, for server flows that act on the cart after their route checked the viewer. */
  async ownerView(orderFormId: string): Promise<OrderForm> {
    return (await this.current(orderFormId)).entry.form;
  }

  /** Refuses (`notOwner`) a viewer who may not change the cart. */
  async checkOwner(viewer: CartViewer, orderFormId: string): Promise<void> {
    const { userId } = await this.current(orderFormId);
    if (!isOwnerOf({ id: orderFormId, userId }, viewer)) throw new Failure('notOwner');
  }

  /**
   * The orderForm already validated and serialised, for the HTTP route. Only the owner's view is kept as
   * bytes; a masked one is encoded for each reader (its items' JSON is still reused).
   */
  async getJson(viewer: CartViewer, orderFormId: string, live: LivePayments): Promise<Buffer> {
    const { entry, userId } = await this.current(orderFormId);
    const serialiseLive = (form: OrderForm) => orderFormJson(withLivePayments(form, live));
    if (!isOwnerOf({ id: orderFormId, userId }, viewer)) return serialiseLive(maskedOrderForm(entry.form));
    return this.store.rendered.bodyOf(orderFormId, entry, livePaymentsKey(live), serialiseLive);
  }

  /** Order info; the receiver is masked for anyone but the cart's customer. */
  async getOrderInfo(viewer: CartViewer, orderFormId: string): Promise<OrderInfo> {
    const state = await this.store.read(orderFormId);
    const info = orderInfoOf(state);
    return isOwnerOf(state.form, viewer) ? info : maskedOrderInfo(info);
  }

  /** Applies a change and answers the fresh orderForm, with the messages the change produced. */
  async changeAndRender(
    orderFormId: string,
    apply: CartChange,
    messages: OrderFormMessage[] = [],
  ): Promise<OrderForm> {
    const state = await this.store.change(orderFormId, apply);
    return this.keepRendered(state, await this.pricer.price(state), messages).form;
  }

  /** Renders the cart; a render without messages is what a read answers too, so it is kept for reads. */
  keepRendered(state: CartState, priced: PricedCart, messages: OrderFormMessage[]): RenderedOrderForm {
    const entry: RenderedOrderForm = {
      version: state.form.version,
      snapshot: this.snapshot(),
      validUntil: priced.pricing.priceValidUntil?.getTime() ?? Infinity,
      form: this.render(state, priced, messages),
      body: null,
      bodyKey: null,
    };
    if (messages.length === 0) this.store.rendered.set(state.form.id, entry);
    return entry;
  }

  /** Prices and renders a cart read in a flow's transaction `tx`; nothing is kept (it may roll back). */
  async renderIn(state: CartState, tx: Tx | Db): Promise<OrderForm> {
    return this.render(state, await this.pricer.price(state, tx), []);
  }

  render(cart: CartState, priced: PricedCart, messages: OrderFormMessage[]): OrderForm {
    return renderOrderForm(this.deps.catalog.index, cart, priced, messages);
  }

  /** The rendered cart, from the cache when the cart, the catalogue and the promotion windows are unchanged. */
  private async current(orderFormId: string): Promise<{ entry: RenderedOrderForm; userId: string | null }> {
    const { version, userId } = await this.store.versionOf(orderFormId);
    const cached = this.store.rendered.get(
      orderFormId,
      version,
      this.snapshot(),
      this.deps.clock().getTime(),
    );
    if (cached) return { entry: cached, userId };
    const state = await this.store.stateAt(orderFormId, version);
    const entry = this.keepRendered(state, await this.pricer.price(state), []);
    return { entry, userId: state.form.userId };
  }

  /** What a rendered copy was priced with (see RenderedOrderForm.snapshot). */
  private snapshot(): readonly object[] {
    const index = this.deps.catalog.index;
    return [index, index.stockVersion, this.deps.promotions.version];
  }
}

export function orderInfoOf({ form, items }: CartState): OrderInfo {
  return {
    id: form.id,
    skuData: Object.fromEntries(
      items.map((item) => [
        String(item.skuId),
        { substituteType: (item.substituteType ?? form.substituteType) as 6 | 2, note: item.note },
      ]),
    ),
    substituteType: form.substituteType as 6 | 2,
    receiverData: form.receiverData ?? null,
  };
}

function renderOrderForm(
  index: CatalogIndex,
  { form }: CartState,
  priced: PricedCart,
  messages: OrderFormMessage[],
): OrderForm {
  const items = itemsOf(index, form.id, priced);
  // VTEX counts delivery in a Shipping totalizer that value includes: value is what the shopper pays
  // (the fee as flows/place-order charges it).
  const itemsValue = priced.pricing.totals.regular.value;
  const selectedSla = form.deliveryChoice?.selectedSla ?? form.selectedSla;
  const fee = deliveryFeeOf(selectedSla, (form.deliveryChoice?.window ?? null) !== null, {
    prime: form.prime,
    value: itemsValue,
  });
  const shipping: OrderForm['totalizers'] = selectedSla
    ? [{ id: SHIPPING_TOTALIZER_ID, name: 'Costo de envío', value: fee }]
    : [];
  return {
    orderFormId: form.id,
    salesChannel: String(form.salesChannel),
    loggedIn: false,
    isCheckedIn: false,
    allowManualPrice: false,
    canEditData: true,
    ignoreProfileData: false,
    value: itemsValue + fee,
    messages,
    items,
    selectableGifts: [],
    totalizers: [...priced.pricing.totalizers, ...shipping],
    shippingData: shippingDataOf(form, items),
    clientProfileData: clientProfileDataOf(form.clientProfile),
    paymentData: paymentDataOf(form, priced.pricing, fee),
    marketingData: { coupon: form.coupon, marketingTags: [] },
    sellers: sellersOf(index, items),
    clientPreferencesData: { locale: LOCALE, optinNewsLetter: null },
    commercialConditionData: null,
    storePreferencesData: STORE_PREFERENCES,
    giftRegistryData: null,
    openTextField: null,
    invoiceData: null,
    ratesAndBenefitsData: ratesAndBenefitsOf(form, priced.pricing),
    customData: {
      customApps: Object.entries(form.customData).map(([id, fields]) => ({ id, major: 1, fields })),
    },
    itemsOrdination: form.itemsOrdination,
  };
}

function itemsOf(index: CatalogIndex, orderFormId: string, priced: PricedCart): OrderFormItem[] {
  return priced.lines.map((line) => {
    const pricedLine = priced.pricedBySku.get(line.item.skuId);
    // An available line whose price is the memo's renders as it did.
    const memo = pricedLine ? priced.memos.get(line.item.skuId) : undefined;
    if (!memo || memo.priced !== pricedLine) return itemView(index, orderFormId, line, pricedLine);
    memo.view ??= itemView(index, orderFormId, line, pricedLine);
    return memo.view;
  });
}

function sellersOf(index: CatalogIndex, items: OrderFormItem[]): OrderForm['sellers'] {
  return [...new Set(items.map((item) => item.seller))].map((id) => ({
    id,
    name: index.sellers.get(id)?.name ?? id,
    logo: '',
  }));
}

function shippingDataOf(form: OrderFormRow, items: OrderFormItem[]): OrderForm['shippingData'] {
  const method = form.selectedSla ? deliveryMethodById(form.selectedSla) : undefined;
  const pickup = method && (method.kind === 'storePickup' || method.kind === 'carPickup');
  const selectedDeliveryChannel = method ? (pickup ? 'pickup-in-point' : 'delivery') : null;
  return withShippingData(form.shippingData, {
    address: null,
    logisticsInfo: items.map((item, itemIndex) => ({
      itemIndex,
      itemId: item.id,
      selectedSla: form.selectedSla,
      selectedDeliveryChannel,
      slas: [],
      shipsTo: [COUNTRY_CODE_ISO3],
      deliveryChannels: [],
    })),
    selectedAddresses: [],
    availableAddresses: [],
    pickupPoints: [],
    postalCode: form.postalCode,
    country: form.country,
  });
}

function clientProfileDataOf(profile: OrderFormRow['clientProfile']): OrderForm['clientProfileData'] {
  if (!profile) return null;
  return {
    email: profile.email,
    firstName: profile.firstName ?? null,
    lastName: profile.lastName ?? null,
    documentType: 'rut',
    document: profile.document ?? null,
    phone: profile.phone ?? null,
    isCorporate: false,
  };
}

function paymentDataOf(form: OrderFormRow, pricing: CartPricing, fee: number): OrderForm['paymentData'] {
  return {
    payments: form.payments,
    // Every system here; the routes keep those the live flags offer, named for the shop (livePaymentData).
    paymentSystems: [],
    installmentOptions: installmentOptionsOf((way) => pricing.totals[way].value + fee),
    giftCards: [],
    giftCardMessages: [],
    transactions: [],
    availableAccounts: [],
    availableTokens: [],
  };
}

/** Prime for a member, then every promotion that tagged a line's regular price. */
function ratesAndBenefitsOf(form: OrderFormRow, pricing: CartPricing): OrderForm['ratesAndBenefitsData'] {
  const benefits = new Map<string, Promotion>();
  for (const line of pricing.lines) {
    for (const promotion of line.promotions) {
      if (line.prices.regular.priceTags.some((tag) => tag.identifier === promotion.id)) {
        benefits.set(promotion.id, promotion);
      }
    }
  }
  return {
    rateAndBenefitsIdentifiers: [
      ...(form.prime ? [PRIME_BENEFIT] : []),
      ...[...benefits.values()].map((promotion) => ({
        id: promotion.id,
        name: promotion.name,
        description: promotion.description,
        featured: false,
      })),
    ],
    teaser: [],
  };
}

/** A member's cart lists Prime among its benefits: the delivery fee rule reads it (isPrimeBasket). */
const PRIME_BENEFIT = {
  id: PRIME_BENEFIT_ID,
  name: 'Prime',
  description: PRIME_BENEFIT_TEXTS.join('. '),
  featured: true,
};

const STORE_PREFERENCES: OrderForm['storePreferencesData'] = {
  countryCode: COUNTRY_CODE_ISO3,
  saveUserData: true,
  timeZone: 'America/Santiago',
  currencyCode: CURRENCY,
  // Windows LCID of es-CL, which VTEX sends here.
  currencyLocale: 13322,
  currencySymbol: '$',
  currencyFormatInfo: {
    currencyDecimalDigits: 0,
    currencyDecimalSeparator: ',',
    currencyGroupSeparator: '.',
    currencyGroupSize: 3,
    startsWithCurrencySymbol: true,
  },
};
