import { LRUCache } from 'lru-cache';
import { and, eq, ne, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import {
  CART_LIMIT_MESSAGES,
  COUPON_MESSAGES,
  COUNTRY_CODE_ISO3,
  CURRENCY,
  DEFAULT_SALES_CHANNEL,
  DELIVERY_METHODS,
  reapplyUnderOneSeller,
  EMAIL_INVALID_MESSAGE,
  LOCALE,
  PHONE_INVALID_MESSAGE,
  RUT_INVALID_MESSAGE,
  cartUnitsOf,
  couponValidity,
  normalizeCouponCode,
  type CouponOutcome,
  clampLineQuantity,
  deliveryMethodById,
  formatRut,
  isInStock,
  isValidEmail,
  isValidOrderFormId,
  cleanContactPhone,
  isValidRut,
  lineQuantityMax,
  livePromotions,
  priceLine,
  pricedCart,
  type CartPricing,
  type LivePromotions,
  type LinePrice,
  type Promotion,
  type PricingLine,
  PRIME_BENEFIT_ID,
  PRIME_BENEFIT_TEXTS,
} from '@despensa/domain';
import {
  Failure,
  type CartViewer,
  type ClientProfileBody,
  type CreateOrderFormBody,
  type ItemsOrdination,
  type OrderForm,
  type OrderFormItem,
  type OrderFormMessage,
  type OrderInfo,
  type OrderInfoBody,
  type OrderItemChange,
  type PaymentEntry,
  type StorefrontServices,
} from '@despensa/contracts';
import type { Database, Db, Tx } from '../../db/client';
import {
  productImageUrl,
  skuDisplayName,
  type CatalogService,
  type Offer,
  type ProductDoc,
  type SkuDoc,
} from '../catalog/service';
import {
  insertCart,
  readCart,
  sellerCount,
  readCartVersion,
  updateCart,
  writeCartIfUnchanged,
  type CartState,
  type OrderFormItemRow,
} from './repo';
import { orderForm } from './tables';
import { LineMemos, LivePromotionsBySalesChannel, type LineMemo } from './line-memo';
import { orderFormJson } from './orderform-json';
import { RenderedOrderForms, type RenderedOrderForm } from './rendered-cache';
import type { PromotionsService } from '../promotions/service';
import { isOwnerOf, maskedOrderForm, maskedOrderInfo } from './privacy';
import { withShippingData, type CartDeliveryChoice, type CartShippingData } from './shipping-data';

/** The shipping attachment and delivery choice the shipping module hands the cart (setShippingData). */
export type { CartDeliveryChoice, CartShippingData } from './shipping-data';

/** §4 step 3: where the express shipping estimate goes in customData (app id, field). */
const SHIPPING_ESTIMATE_FIELD = ['shippingData', 'shippingEstimate'] as const;

/** customData fields the storefront may write (§7), by app id. */
const CUSTOM_DATA_FIELDS: Record<string, readonly string[]> = {
  orderSource: ['sourceApp'],
  shippingData: ['shippingEstimate'],
};

const CHAIN_SELLER = '1';

/** What the web's loaders and actions call (contracts); the HTTP routes use the same methods. */
type CartApi = StorefrontServices['cart'];
/**
 * Edits a cart in place; `db` reads anything else the change needs. It may run twice (see changeWith), so
 * it must reset whatever it reports outside the cart.
 */
type CartChange<T = unknown> = (cart: CartState, db: Db | Tx) => Promise<T> | T;

/** Carts whose state this instance keeps to apply the next change without reading it first. */
const MAX_KEPT_CARTS = 20_000;
/** Cart lines whose price and rendering this instance keeps (LineMemos), at a few kilobytes each. */
const MAX_MEMO_LINES = 20_000;

interface ResolvedLine {
  item: OrderFormItemRow;
  product: ProductDoc | undefined;
  sku: SkuDoc | undefined;
  offer: Offer | undefined;
  availability: OrderFormItem['availability'];
}

interface PricedCart {
  lines: ResolvedLine[];
  pricing: CartPricing;
  /** Pricing lines by sku, for the available lines only. */
  pricedBySku: Map<number, CartPricing['lines'][number]>;
  /** The cart's line memos, where render finds the item views of unchanged lines. */
  memos: Map<number, LineMemo>;
}

/**
 * The cart (VTEX orderForm, §3/§4/§7). Carts live in PostgreSQL and are priced on every read from the
 * in-memory catalogue with the domain's engine, so a price or promotion change shows at once.
 */
export class CartService implements CartApi {
  private readonly rendered = new RenderedOrderForms();
  /** The last state this instance wrote or read per cart, least recently used first (see changeWith). */
  private readonly states = new LRUCache<string, CartState>({ max: MAX_KEPT_CARTS });
  /** Per cart, the tail of this instance's queue of changes (see serially). */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly lineMemos = new LineMemos(MAX_MEMO_LINES);
  private readonly liveBySalesChannel = new LivePromotionsBySalesChannel();
  private readonly segmentLive = new WeakMap<LivePromotions, Map<string, LivePromotions>>();

  constructor(
    private readonly database: Database,
    private readonly catalog: CatalogService,
    private readonly promotions: PromotionsService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async create(body: CreateOrderFormBody = {}, salesChannel = DEFAULT_SALES_CHANNEL): Promise<OrderForm> {
    if (body.selectedSla !== undefined) checkSla(body.selectedSla);
    const id = randomBytes(16).toString('hex');
    const now = this.clock();
    await insertCart(this.database.db, {
      id,
      salesChannel,
      postalCode: body.postalCode ?? null,
      country: body.country || COUNTRY_CODE_ISO3,
      selectedSla: body.selectedSla ?? null,
      createdAt: now,
      updatedAt: now,
    });
    // A new cart has no customer yet: whoever created it holds it (the route hands them its cookie).
    const holder: CartViewer = { customerId: null, heldOrderFormId: id };
    if (!body.items?.length) return this.get(holder, id);
    return this.updateItems(holder, id, body.items, { salesChannel });
  }

  /**
   * The orderForm as `viewer` may see it (masked for anyone but the cart's customer); read-only, since
   * unchanged carts share one rendered copy.
   */
  async get(viewer: CartViewer, orderFormId: string): Promise<OrderForm> {
    const { entry, userId } = await this.current(orderFormId);
    return isOwnerOf({ id: orderFormId, userId }, viewer) ? entry.form : maskedOrderForm(entry.form);
  }

  /**
   * The whole orderForm, for server flows that act on the cart after their route checked the viewer
   * (shipping keeps the cart's address as it is): never hand this to a client.
   */
  async ownerView(orderFormId: string): Promise<OrderForm> {
    return (await this.current(orderFormId)).entry.form;
  }

  /**
   * Refuses (`notOwner`) a viewer who may not change the cart, for a route whose change another module
   * makes (the shipping attachment).
   */
  async checkOwner(viewer: CartViewer, orderFormId: string): Promise<void> {
    const { userId } = await this.current(orderFormId);
    if (!isOwnerOf({ id: orderFormId, userId }, viewer)) throw new Failure('notOwner');
  }

  /**
   * The orderForm already validated and serialised, for the HTTP route. Only the owner's view is kept as
   * bytes; a masked one is encoded for each reader (its items' JSON is still reused).
   */
  async getJson(viewer: CartViewer, orderFormId: string): Promise<Buffer> {
    const { entry, userId } = await this.current(orderFormId);
    if (!isOwnerOf({ id: orderFormId, userId }, viewer)) return serialise(maskedOrderForm(entry.form));
    return this.rendered.bodyOf(orderFormId, entry, serialise);
  }

  async updateItems(
    viewer: CartViewer,
    orderFormId: string,
    orderItems: OrderItemChange[],
    options: { salesChannel?: number; seller?: string } = {},
  ): Promise<OrderForm> {
    const messages: OrderFormMessage[] = [];
    return this.changeAndRender(
      orderFormId,
      byOwner(viewer, (cart) => {
        messages.length = 0;
        if (options.salesChannel !== undefined) cart.form.salesChannel = options.salesChannel;
        this.applyItemChanges(cart, orderItems, options.seller, messages);
      }),
      messages,
    );
  }

  async removeAll(viewer: CartViewer, orderFormId: string): Promise<OrderForm> {
    return this.changeAndRender(
      orderFormId,
      byOwner(viewer, (cart) => {
        cart.items = [];
      }),
    );
  }

  async setItemsOrdination(
    viewer: CartViewer,
    orderFormId: string,
    ordination: ItemsOrdination,
    salesChannel?: number,
  ): Promise<OrderForm> {
    return this.changeAndRender(
      orderFormId,
      byOwner(viewer, (cart) => {
        cart.form.itemsOrdination = ordination;
        if (salesChannel !== undefined) cart.form.salesChannel = salesChannel;
      }),
    );
  }

  /** '' removes the coupon. Unknown, expired and not-applicable coupons each get their own message. */
  async addCoupon(viewer: CartViewer, orderFormId: string, text: string): Promise<OrderForm> {
    const code = normalizeCouponCode(text);
    let outcome: CouponOutcome | null = null;
    let couponPromotionId: string | null = null;
    // Looked up before the cart's transaction, which must not wait for a second connection.
    const promotion = code ? await this.promotions.coupon(code) : null;
    const state = await this.change(
      orderFormId,
      byOwner(viewer, (cart) => {
        outcome = null;
        couponPromotionId = null;
        if (!code) {
          cart.form.coupon = null;
          return;
        }
        const validity = couponValidity(promotion, this.clock());
        if (validity !== 'valid') {
          outcome = validity;
          return;
        }
        // Kept even when nothing matches yet: it applies as soon as a matching product is added.
        cart.form.coupon = code;
        couponPromotionId = promotion!.id;
      }),
    );
    const priced = await this.price(state);
    if (couponPromotionId !== null) {
      const applies = priced.pricing.lines.some((line) =>
        line.prices.regular.priceTags.some((tag) => tag.identifier === couponPromotionId),
      );
      outcome = applies ? 'couponApplied' : 'couponNotApplicable';
    }
    const messages: OrderFormMessage[] = outcome
      ? [
          {
            code: outcome,
            text: COUPON_MESSAGES[outcome](code),
            status: COUPON_MESSAGE_STATUS[outcome],
            fields: { coupon: code },
          },
        ]
      : [];
    return this.keepRendered(state, priced, messages).form;
  }

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
    return this.changeAndRender(
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

  /** §3 payment entries (POST /api/orderform/{id}/payments); the orderForm's paymentData.payments shows them. */
  async setPayments(viewer: CartViewer, orderFormId: string, payments: PaymentEntry[]): Promise<OrderForm> {
    return this.changeAndRender(
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

  /**
   * Attaches the cart to the viewer's customer (login). Refused (`notOwner`) unless it is theirs already or
   * an anonymous cart the viewer holds: an id alone must not hand one shopper's cart to another.
   */
  async assignToUser(
    viewer: CartViewer,
    orderFormId: string,
    segment: { collaborator?: boolean; prime?: boolean } = {},
  ): Promise<void> {
    const userId = viewer.customerId;
    if (userId === null) throw new Failure('notOwner');
    const { result } = await this.changeWith(orderFormId, (cart) => {
      // Their own cart again, or an anonymous one this client holds: never a cart known by its id alone.
      if (!isOwnerOf(cart.form, viewer)) return false;
      cart.form.userId = userId;
      // Their prices with the group card and debit (§6) follow the customer's segment, and a member's
      // prices and delivery their membership.
      cart.form.collaborator = segment.collaborator ?? false;
      cart.form.prime = segment.prime ?? false;
      return true;
    });
    if (!result) throw new Failure('notOwner');
  }

  /** A customer joined Prime or left it: their carts are priced as a member's, or no longer; in `tx`. */
  async setPrimeOf(userId: string, prime: boolean, tx: Tx): Promise<void> {
    const changed = await tx
      .update(orderForm)
      .set({ prime, version: sql`${orderForm.version} + 1`, updatedAt: this.clock() })
      .where(and(eq(orderForm.userId, userId), ne(orderForm.prime, prime)))
      .returning({ id: orderForm.id });
    for (const { id } of changed) this.states.delete(id);
  }

  /**
   * The persistent-cart dialog's merge (§2): after login, the lines of the cart built anonymously
   * (`sourceId`) are added to the customer's stored cart (`targetId`), quantities summed within the §5
   * limits (messages say which limit cut a line), substitution choices kept. Lines the channel no longer
   * sells are left out. Both carts must be the viewer's (the source may still be anonymous).
   */
  async mergeCarts(viewer: CartViewer, targetId: string, sourceId: string): Promise<OrderForm> {
    const userId = viewer.customerId;
    if (userId === null) throw new Failure('notOwner');
    const source = await this.read(sourceId);
    if (!isOwnerOf(source.form, viewer)) throw new Failure('notOwner');
    const messages: OrderFormMessage[] = [];
    return this.changeAndRender(
      targetId,
      (cart) => {
        messages.length = 0;
        if (cart.form.userId !== userId) throw new Failure('notOwner');
        for (const line of [...source.items].sort((a, b) => a.seq - b.seq)) {
          const current = cart.items.find((item) => item.skuId === line.skuId);
          const change = {
            id: String(line.skuId),
            seller: line.sellerId,
            quantity: (current?.quantity ?? 0) + line.quantity,
          };
          try {
            this.applyItemChanges(cart, [change], undefined, messages);
          } catch (error) {
            if (!(error instanceof Failure && error.code === 'invalidInput')) throw error;
            continue;
          }
          const merged = cart.items.find((item) => item.skuId === line.skuId);
          if (merged && merged.substituteType === null) {
            merged.substituteType = line.substituteType;
            merged.note = line.note;
          }
        }
      },
      messages,
    );
  }

  /** PUT (a value) or DELETE (null) one customData field. */
  async setCustomData(
    viewer: CartViewer,
    orderFormId: string,
    appId: string,
    field: string,
    value: string | null,
    salesChannel?: number,
  ): Promise<OrderForm> {
    if (!CUSTOM_DATA_FIELDS[appId]?.includes(field)) {
      throw new Failure('notFound', { message: `No existe el campo ${appId}/${field} en customData` });
    }
    return this.changeAndRender(
      orderFormId,
      byOwner(viewer, (cart) => {
        cart.form.customData = withCustomField(cart.form.customData, appId, field, value);
        if (salesChannel !== undefined) cart.form.salesChannel = salesChannel;
      }),
    );
  }

  /** Order info; the receiver is masked for anyone but the cart's customer. */
  async getOrderInfo(viewer: CartViewer, orderFormId: string): Promise<OrderInfo> {
    const state = await this.read(orderFormId);
    const info = orderInfoOf(state);
    return isOwnerOf(state.form, viewer) ? info : maskedOrderInfo(info);
  }

  async setOrderInfo(viewer: CartViewer, orderFormId: string, info: OrderInfoBody): Promise<OrderInfo> {
    if (info.receiverData?.phone !== undefined && cleanContactPhone(info.receiverData.phone) === null) {
      throw invalid(PHONE_INVALID_MESSAGE, 'receiverData.phone');
    }
    const state = await this.change(
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

  // ---- internals ----

  /** The rendered cart, from the cache when the cart, the catalogue and the promotion windows are unchanged. */
  private async current(orderFormId: string): Promise<{ entry: RenderedOrderForm; userId: string | null }> {
    const stored = isValidOrderFormId(orderFormId) ? await readCartVersion(this.database, orderFormId) : null;
    if (stored === null) throw new Failure('cartNotFound');
    const { version, userId } = stored;
    const cached = this.rendered.get(
      orderFormId,
      version,
      [this.catalog.index, this.catalog.index.stockVersion, this.promotions.version],
      this.clock().getTime(),
    );
    if (cached) return { entry: cached, userId };
    const state = await this.stateAt(orderFormId, version);
    return { entry: this.keepRendered(state, await this.price(state), []), userId: state.form.userId };
  }

  /** The cart's state at `version`, kept or read. */
  private async stateAt(orderFormId: string, version: number): Promise<CartState> {
    const kept = this.states.get(orderFormId);
    if (kept?.form.version === version) return kept;
    const state = await this.read(orderFormId);
    this.keepState(state);
    return state;
  }

  /** Renders the cart; a render without messages is what a read answers too, so it is kept for reads. */
  private keepRendered(
    state: CartState,
    priced: PricedCart,
    messages: OrderFormMessage[],
  ): RenderedOrderForm {
    const entry: RenderedOrderForm = {
      version: state.form.version,
      snapshot: [this.catalog.index, this.catalog.index.stockVersion, this.promotions.version],
      validUntil: priced.pricing.priceValidUntil?.getTime() ?? Infinity,
      form: this.render(state, priced, messages),
      body: null,
    };
    if (messages.length === 0) this.rendered.set(state.form.id, entry);
    return entry;
  }

  private async read(orderFormId: string): Promise<CartState> {
    const state = isValidOrderFormId(orderFormId) ? await readCart(this.database.db, orderFormId) : null;
    if (!state) throw new Failure('cartNotFound');
    return state;
  }

  /** Applies a change and answers the fresh orderForm, with the messages the change produced. */
  private async changeAndRender(
    orderFormId: string,
    apply: CartChange,
    messages: OrderFormMessage[] = [],
  ): Promise<OrderForm> {
    const state = await this.change(orderFormId, apply);
    return this.keepRendered(state, await this.price(state), messages).form;
  }

  private async change(orderFormId: string, apply: CartChange): Promise<CartState> {
    return (await this.changeWith(orderFormId, apply)).state;
  }

  /**
   * Applies a change in one round trip in the usual case: this instance's changes to a cart run one after
   * the other (serially) on the state it last wrote or read (else it is read first), which is written back
   * only if the stored version is still that state's (writeCartIfUnchanged). If another instance changed
   * the cart meanwhile, the change is redone on a fresh read under the row lock (updateCart). Either way
   * no concurrent change is lost.
   */
  private async changeWith<T>(
    orderFormId: string,
    apply: CartChange<T>,
  ): Promise<{ state: CartState; result: T }> {
    if (!isValidOrderFormId(orderFormId)) throw new Failure('cartNotFound');
    const changed = await this.serially(orderFormId, async () => {
      const now = this.clock();
      const kept = this.states.get(orderFormId) ?? (await readCart(this.database.db, orderFormId));
      if (!kept) return null;
      const state = structuredClone(kept);
      const result = await apply(state, this.database.db);
      if (await writeCartIfUnchanged(this.database, kept, state, now)) {
        state.form.version += 1;
        state.form.updatedAt = now;
        this.keepState(state);
        return { state, result };
      }
      this.states.delete(orderFormId);
      const locked = await updateCart(this.database.db, orderFormId, now, apply);
      if (locked) this.keepState(locked.state);
      return locked;
    });
    if (!changed) throw new Failure('cartNotFound');
    return changed;
  }

  private keepState(state: CartState): void {
    this.states.set(state.form.id, state);
  }

  /** Runs `task` after this instance's earlier changes to the same cart have finished. */
  private serially<T>(orderFormId: string, task: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(orderFormId) ?? Promise.resolve()).then(task, task);
    const tail = run.catch(() => undefined);
    this.queues.set(orderFormId, tail);
    void tail.then(() => {
      if (this.queues.get(orderFormId) === tail) this.queues.delete(orderFormId);
    });
    return run;
  }

  /**
   * Applies PATCH orderItems in order. Indexes refer to items[] as the shopper last saw it (before this
   * batch); a sku already in the cart updates its line; quantity 0 removes the line and its order info.
   */
  private applyItemChanges(
    cart: CartState,
    changes: OrderItemChange[],
    defaultSeller: string | undefined,
    messages: OrderFormMessage[],
  ): void {
    const index = this.catalog.index;
    const salesChannel = cart.form.salesChannel;
    const express = cart.form.selectedSla === DELIVERY_METHODS.express.id;
    const shown = this.ordered(cart);
    for (const change of changes) {
      const { skuId, sellerId } = targetOf(change, shown, defaultSeller);
      const existing = cart.items.find((item) => item.skuId === skuId);
      if (change.quantity === 0) {
        if (existing) cart.items = cart.items.filter((item) => item !== existing);
        continue;
      }
      const entry = index.skusById.get(skuId);
      if (!entry) throw invalid(`El producto ${skuId} no existe`, 'orderItems');
      const offers = index.offersFor(entry.sku, salesChannel).filter((offer) => offer.listPrice > 0);
      const seller = sellerId ?? existing?.sellerId ?? offers[0]?.sellerId ?? CHAIN_SELLER;
      const offer = offers.find((each) => each.sellerId === seller);
      if (!offer) {
        throw invalid(`El producto ${skuId} no se vende en este canal de venta`, 'orderItems');
      }
      const current = existing?.quantity ?? 0;
      const inStock = isInStock({ ListPrice: offer.listPrice, AvailableQuantity: offer.availableQuantity });
      if (change.quantity > current && !inStock) {
        throw invalid(`El producto ${skuId} no tiene stock`, 'orderItems');
      }
      const otherUnits = cart.items.reduce(
        (sum, item) => (item === existing ? sum : sum + cartUnitsOf(this.limitLine(item))),
        0,
      );
      const { quantity, limit } = clampLineQuantity({
        requested: change.quantity,
        current,
        cartLimit: entry.sku.cartLimit,
        measurementUnit: entry.sku.measurementUnit,
        otherUnits,
        express,
        available: offer.availableQuantity,
      });
      if (limit) {
        messages.push({
          code: limit.kind,
          text: CART_LIMIT_MESSAGES[limit.kind](limit.max),
          status: 'warning',
          fields: { itemId: String(skuId) },
        });
      }
      if (existing) {
        existing.quantity = quantity;
        existing.sellerId = seller;
        if (quantity === 0) cart.items = cart.items.filter((item) => item !== existing);
      } else if (quantity > 0) {
        cart.items.push({
          skuId,
          sellerId: seller,
          quantity,
          seq: cart.form.nextSeq++,
          substituteType: null,
          note: null,
        });
      }
    }
  }

  /** A stored line's measurement unit, for the cart caps; an sku gone from the catalogue counts as units. */
  private limitLine(item: OrderFormItemRow) {
    const sku = this.catalog.index.skusById.get(item.skuId)?.sku;
    return { quantity: item.quantity, measurementUnit: sku?.measurementUnit ?? 'un' };
  }

  /** Lines in itemsOrdination order: add time (a counter) or name, ties by add time. */
  private ordered(cart: CartState): OrderFormItemRow[] {
    const { criteria, ascending } = cart.form.itemsOrdination;
    const direction = ascending ? 1 : -1;
    const index = this.catalog.index;
    const nameOf = (item: OrderFormItemRow) => {
      const entry = index.skusById.get(item.skuId);
      return entry ? skuDisplayName(entry.product, entry.sku) : '';
    };
    const names = criteria === 'name' ? new Map(cart.items.map((item) => [item, nameOf(item)])) : null;
    return [...cart.items].sort(
      (a, b) =>
        direction *
        (names ? names.get(a)!.localeCompare(names.get(b)!, LOCALE) || a.seq - b.seq : a.seq - b.seq),
    );
  }

  /**
   * The same live promotions for a collaborator (§6) or a Prime member, one object per shared one and
   * segment so line memos hold.
   */
  private forSegment(live: LivePromotions, collaborator: boolean, prime: boolean): LivePromotions {
    if (!collaborator && !prime) return live;
    let variants = this.segmentLive.get(live);
    if (!variants) this.segmentLive.set(live, (variants = new Map()));
    const key = `${collaborator}|${prime}`;
    let found = variants.get(key);
    if (!found) variants.set(key, (found = { ...live, collaborator, prime }));
    return found;
  }

  /** `stored`: offers read from the database (by `sku|seller`) to price with instead of the index's. */
  private async price(
    cart: CartState,
    db: Db | Tx = this.database.db,
    stored?: Map<string, Offer>,
  ): Promise<PricedCart> {
    const index = this.catalog.index;
    const salesChannel = cart.form.salesChannel;
    const lines: ResolvedLine[] = this.ordered(cart).map((item) => {
      const entry = index.skusById.get(item.skuId);
      const found = stored
        ? stored.get(`${item.skuId}|${item.sellerId}`)
        : entry && index.offersFor(entry.sku, salesChannel).find((each) => each.sellerId === item.sellerId);
      const offer = entry && found && found.listPrice > 0 ? found : undefined;
      const availability: ResolvedLine['availability'] = !offer
        ? 'cannotBeDelivered'
        : isInStock({ ListPrice: offer.listPrice, AvailableQuantity: offer.availableQuantity })
          ? 'available'
          : 'withoutStock';
      return { item, product: entry?.product, sku: entry?.sku, offer, availability };
    });
    const couponPromotion = cart.form.coupon ? await this.promotions.coupon(cart.form.coupon, db) : null;
    const now = this.clock();
    const shared = couponPromotion
      ? livePromotions({ promotions: [...index.promotions, couponPromotion], salesChannel, now })
      : this.liveBySalesChannel.get(index.promotions, salesChannel, now);
    const live = this.forSegment(shared, cart.form.collaborator, cart.form.prime);
    // Only what can be bought is priced and counted in the totals, as VTEX does. A line priced before
    // with the same inputs keeps its price (see LineMemo).
    const memos = this.lineMemos.of(cart.form.id);
    const pricedBySku = new Map<number, CartPricing['lines'][number]>();
    for (const line of lines) {
      if (line.availability !== 'available') continue;
      const { item, offer } = line;
      const key = `${item.sellerId}|${item.quantity}|${offer!.price}|${offer!.listPrice}|${offer!.availableQuantity}`;
      let memo = memos.get(item.skuId);
      if (!memo || memo.key !== key || memo.snapshot !== index || memo.live !== live) {
        memo = { key, snapshot: index, live, priced: priceLine(pricingLine(line), live), view: null };
        memos.set(item.skuId, memo);
      }
      pricedBySku.set(item.skuId, memo.priced);
    }
    // Lines gone from the cart (or unavailable now) take their memos with them.
    if (memos.size > pricedBySku.size) {
      for (const skuId of memos.keys()) if (!pricedBySku.has(skuId)) memos.delete(skuId);
    }
    this.lineMemos.keep(cart.form.id, memos);
    const pricing = pricedCart([...pricedBySku.values()], live);
    return { lines, pricing, pricedBySku, memos };
  }

  private render(cart: CartState, priced: PricedCart, messages: OrderFormMessage[]): OrderForm {
    const { form } = cart;
    const index = this.catalog.index;
    const items = priced.lines.map((line) => {
      const pricedLine = priced.pricedBySku.get(line.item.skuId);
      // An available line whose price is the memo's renders as it did.
      const memo = pricedLine ? priced.memos.get(line.item.skuId) : undefined;
      if (!memo || memo.priced !== pricedLine) return this.itemView(form.id, line, pricedLine);
      memo.view ??= this.itemView(form.id, line, pricedLine);
      return memo.view;
    });
    const sellers = [...new Set(items.map((item) => item.seller))].map((id) => ({
      id,
      name: index.sellers.get(id)?.name ?? id,
      logo: '',
    }));
    const method = form.selectedSla ? deliveryMethodById(form.selectedSla) : undefined;
    const benefits = new Map<string, Promotion>();
    for (const line of priced.pricing.lines) {
      for (const promotion of line.promotions) {
        if (line.prices.regular.priceTags.some((tag) => tag.identifier === promotion.id)) {
          benefits.set(promotion.id, promotion);
        }
      }
    }
    const profile = form.clientProfile;
    return {
      orderFormId: form.id,
      salesChannel: String(form.salesChannel),
      loggedIn: false,
      isCheckedIn: false,
      allowManualPrice: false,
      canEditData: true,
      ignoreProfileData: false,
      value: priced.pricing.totals.regular.value,
      messages,
      items,
      selectableGifts: [],
      totalizers: priced.pricing.totalizers,
      shippingData: withShippingData(form.shippingData, {
        address: null,
        logisticsInfo: items.map((item, itemIndex) => ({
          itemIndex,
          itemId: item.id,
          selectedSla: form.selectedSla,
          selectedDeliveryChannel: method
            ? method.kind === 'storePickup' || method.kind === 'carPickup'
              ? 'pickup-in-point'
              : 'delivery'
            : null,
          slas: [],
          shipsTo: [COUNTRY_CODE_ISO3],
          deliveryChannels: [],
        })),
        selectedAddresses: [],
        availableAddresses: [],
        pickupPoints: [],
        postalCode: form.postalCode,
        country: form.country,
      }),
      clientProfileData: profile
        ? {
            email: profile.email,
            firstName: profile.firstName ?? null,
            lastName: profile.lastName ?? null,
            documentType: 'rut',
            document: profile.document ?? null,
            phone: profile.phone ?? null,
            isCorporate: false,
          }
        : null,
      paymentData: {
        payments: form.payments,
        paymentSystems: [],
        installmentOptions: [],
        giftCards: [],
        giftCardMessages: [],
        transactions: [],
        availableAccounts: [],
        availableTokens: [],
      },
      marketingData: { coupon: form.coupon, marketingTags: [] },
      sellers,
      clientPreferencesData: { locale: LOCALE, optinNewsLetter: null },
      commercialConditionData: null,
      storePreferencesData: STORE_PREFERENCES,
      giftRegistryData: null,
      openTextField: null,
      invoiceData: null,
      ratesAndBenefitsData: {
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
      },
      customData: {
        customApps: Object.entries(form.customData).map(([id, fields]) => ({ id, major: 1, fields })),
      },
      itemsOrdination: form.itemsOrdination,
    };
  }

  private itemView(
    orderFormId: string,
    { item, product, sku, offer, availability }: ResolvedLine,
    priced: CartPricing['lines'][number] | undefined,
  ): OrderFormItem {
    const index = this.catalog.index;
    const regular = priced?.prices.regular ?? unpriced(offer);
    const paymentPrice = (price: LinePrice) => ({
      sellingPrice: price.sellingPrice,
      total: price.total,
      priceTags: price.priceTags,
    });
    const chain = product?.categoryChain ?? [];
    return {
      uniqueId: `${orderFormId.slice(0, 8)}-${item.skuId}`,
      id: String(item.skuId),
      productId: String(product?.id ?? ''),
      productRefId: sku?.refId ?? '',
      refId: sku?.refId ?? '',
      ean: sku?.ean ?? '',
      name: product && sku ? skuDisplayName(product, sku) : `Producto ${item.skuId}`,
      skuName: sku?.name ?? '',
      seller: item.sellerId,
      sellerChain: [item.sellerId],
      quantity: item.quantity,
      unitMultiplier: sku?.unitMultiplier ?? 1,
      measurementUnit: sku?.measurementUnit ?? 'un',
      price: offer?.price ?? 0,
      listPrice: offer?.listPrice ?? 0,
      sellingPrice: regular.sellingPrice,
      priceTags: regular.priceTags,
      priceDefinition: {
        calculatedSellingPrice: regular.sellingPrice,
        total: regular.total,
        sellingPrices: [{ value: regular.sellingPrice, quantity: item.quantity }],
      },
      paymentPrices: {
        Tcenco: paymentPrice(priced?.prices.tcenco ?? regular),
        CencoPay: paymentPrice(priced?.prices.cencoPay ?? regular),
        BalanceCencoPay: paymentPrice(priced?.prices.balanceCencoPay ?? regular),
      },
      pricePerUnitOfMeasure: regular.pricePerUnitOfMeasure,
      tax: 0,
      rewardValue: 0,
      isGift: false,
      imageUrl: sku ? productImageUrl(sku) : '',
      detailUrl: product ? `/${product.slug}/p` : '',
      additionalInfo: { brandName: product?.brand.name ?? '', brandId: String(product?.brandId ?? '') },
      productCategoryIds: chain.length ? `/${chain.map((category) => category.id).join('/')}/` : '',
      productCategories: Object.fromEntries(chain.map((category) => [String(category.id), category.name])),
      productClusters: Object.fromEntries(
        (product?.collectionIds ?? []).map((id) => [String(id), index.collections.get(id) ?? String(id)]),
      ),
      availability,
      maxItems: lineQuantityMax(sku?.cartLimit, sku?.measurementUnit ?? 'un', offer?.availableQuantity),
      promotions: priced?.promotions.map((promotion) => promotion.id) ?? [],
    };
  }

  /**
   * The §3 delivery method of the cart's stored delivery choice, null before one is chosen. Read from the
   * choice, not from logisticsInfo: an emptied cart has no logistics entries and keeps its mode.
   */
  async deliveryMethodOf(orderFormId: string): Promise<string | null> {
    const stored = isValidOrderFormId(orderFormId) ? await readCartVersion(this.database, orderFormId) : null;
    if (stored === null) throw new Failure('cartNotFound');
    const { form } = await this.stateAt(orderFormId, stored.version);
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
    const state = isValidOrderFormId(orderFormId) ? await readCart(tx, orderFormId, true) : null;
    if (!state) throw new Failure('cartNotFound');
    return {
      orderForm: this.render(state, await this.price(state, tx), []),
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
    this.states.delete(orderFormId);
    const changed = await updateCart(tx, orderFormId, this.clock(), (cart) => {
      cart.form.salesChannel = deliveryChoice.salesChannel;
      cart.form.selectedSla = deliveryChoice.selectedSla;
      cart.form.deliveryChoice = deliveryChoice;
      cart.form.shippingData = change.shippingData;
    });
    if (!changed) throw new Failure('cartNotFound');
    return this.render(changed.state, await this.price(changed.state, tx), []);
  }

  /**
   * §4 purchase flow step 2, before the transaction: items of more than one seller are re-applied under
   * one seller (see reapplyUnderOneSeller in the domain), in a transaction of its own, so the shopper's
   * next look at the cart shows what the order will cost. Only the customer's own cart changes.
   */
  async reapplyUnderOneSeller(orderFormId: string, userId: string): Promise<void> {
    if (!isValidOrderFormId(orderFormId) || (await sellerCount(this.database.db, orderFormId)) < 2) return;
    this.states.delete(orderFormId);
    await updateCart(this.database.db, orderFormId, this.clock(), async (cart, tx) => {
      if (cart.form.userId !== userId) return;
      const offers = await this.catalog.offersInDatabase(
        cart.items.map((item) => item.skuId),
        cart.form.salesChannel,
        tx,
      );
      const sells = new Set(
        offers.filter((offer) => offer.listPrice > 0).map((offer) => `${offer.skuId}|${offer.sellerId}`),
      );
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
    let state = isValidOrderFormId(orderFormId) ? await readCart(tx, orderFormId, true) : null;
    if (!state) throw new Failure('cartNotFound');
    const salesChannel = state.form.salesChannel;
    const offers = await this.catalog.offersInDatabase(
      state.items.map((item) => item.skuId),
      salesChannel,
      tx,
    );
    const stored = new Map<string, Offer>(offers.map((offer) => [`${offer.skuId}|${offer.sellerId}`, offer]));
    const express =
      (state.form.deliveryChoice?.selectedSla ?? state.form.selectedSla) === DELIVERY_METHODS.express.id;
    const estimate = express
      ? expressEstimate(
          salesChannel,
          state.items.reduce((sum, item) => sum + item.quantity, 0),
        )
      : null;
    const [appId, field] = SHIPPING_ESTIMATE_FIELD;
    if ((state.form.customData[appId]?.[field] ?? null) !== estimate) {
      this.states.delete(orderFormId);
      const changed = await updateCart(tx, orderFormId, this.clock(), (cart) => {
        cart.form.customData = withCustomField(cart.form.customData, appId, field, estimate);
      });
      state = changed!.state;
    }
    const priced = await this.price(state, tx, stored);
    return {
      orderForm: this.render(state, priced, []),
      /** The cart's value per way of paying (collaborator prices included), before delivery. */
      totals: priced.pricing.totals,
      /** Each available line's prices per way of paying, by sku id. */
      linePrices: new Map(
        [...priced.pricedBySku].map(([skuId, line]) => [String(skuId), line.prices] as const),
      ),
      userId: state.form.userId,
      salesChannel,
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
    this.states.delete(orderFormId);
    await updateCart(tx, orderFormId, this.clock(), (cart) => {
      cart.items = [];
      cart.form.payments = [];
      cart.form.coupon = null;
      if (cart.form.deliveryChoice) cart.form.deliveryChoice = { ...cart.form.deliveryChoice, window: null };
    });
  }
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

/** The sku (and seller, if known) a change is about: by position in items[] or by sku id. */
function targetOf(
  change: OrderItemChange,
  shown: OrderFormItemRow[],
  defaultSeller: string | undefined,
): { skuId: number; sellerId: string | undefined } {
  if (!('index' in change)) return { skuId: Number(change.id), sellerId: change.seller ?? defaultSeller };
  const line = shown[change.index];
  if (!line) {
    throw invalid(`No hay un producto en la posición ${change.index} del carro`, 'orderItems');
  }
  return { skuId: line.skuId, sellerId: line.sellerId };
}

function pricingLine({ item, product, sku, offer }: ResolvedLine): PricingLine {
  // Only called for available lines, which have all three.
  const p = product!;
  const s = sku!;
  return {
    skuId: String(s.id),
    productId: String(p.id),
    brandId: String(p.brandId),
    categoryIds: p.categoryChain.map((category) => String(category.id)),
    collectionIds: p.collectionIds.map(String),
    sellerId: item.sellerId,
    quantity: item.quantity,
    unitMultiplier: s.unitMultiplier,
    measurementUnit: s.measurementUnit,
    listPrice: offer!.listPrice,
    price: offer!.price,
    contentQuantity: s.contentQuantity,
    contentUnit: s.contentUnit,
  };
}

/** An unavailable line shows its offer price, if any, and counts for nothing. */
function unpriced(offer: Offer | undefined): LinePrice {
  const price = offer?.price ?? 0;
  return {
    base: 0,
    listTotal: 0,
    discount: 0,
    total: 0,
    sellingPrice: price,
    priceTags: [],
    pricePerUnitOfMeasure: null,
  };
}

/** Bad input the shopper can correct, with the field at fault. */
function invalid(message: string, field: string): Failure {
  return new Failure('invalidInput', { message, field });
}

/**
 * The change, for the cart's customer only (its holder, while the cart is anonymous). Checked on the state the
 * change applies to, so a cart taken by a customer in the meantime is refused too.
 */
function byOwner<T>(viewer: CartViewer, apply: CartChange<T>): CartChange<T> {
  return (cart, db) => {
    if (!isOwnerOf(cart.form, viewer)) throw new Failure('notOwner');
    return apply(cart, db);
  };
}

function orderInfoOf({ form, items }: CartState): OrderInfo {
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

function serialise(form: OrderForm): Buffer {
  return Buffer.from(orderFormJson(form));
}

function checkSla(selectedSla: string): void {
  if (!deliveryMethodById(selectedSla)) {
    throw invalid(`Método de entrega desconocido: ${selectedSla}`, 'selectedSla');
  }
}

/** A member's cart lists Prime among its benefits: the delivery fee rule reads it (isPrimeBasket). */
const PRIME_BENEFIT = {
  id: PRIME_BENEFIT_ID,
  name: 'Prime',
  description: PRIME_BENEFIT_TEXTS.join('. '),
  featured: true,
};

const COUPON_MESSAGE_STATUS: Record<CouponOutcome, OrderFormMessage['status']> = {
  couponApplied: 'info',
  couponNotApplicable: 'warning',
  couponInvalid: 'error',
  couponExpired: 'error',
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
