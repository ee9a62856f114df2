import { randomBytes } from 'node:crypto';
import {
  CART_LIMIT_MESSAGES,
  COUPON_MESSAGES,
  COUNTRY_CODE_ISO3,
  DELIVERY_METHODS,
  cartUnitsOf,
  clampLineQuantity,
  couponValidity,
  deliveryMethodById,
  isInStock,
  normalizeCouponCode,
  type CouponOutcome,
} from '@despensa/domain';
import {
  Failure,
  type CartViewer,
  type CreateOrderFormBody,
  type ItemsOrdination,
  type OrderForm,
  type OrderFormMessage,
  type OrderItemChange,
} from '@despensa/contracts';
import type { Tx } from '../../db/client';
import type { CatalogIndex } from '../catalog/service';
import { insertCart, setPrimeOfCarts, type CartState, type OrderFormItemRow } from './repo';
import { isOwnerOf } from './privacy';
import { orderedLines, type CartPricer, type PricedCart } from './pricing';
import { byOwner, type CartDeps, type CartStore } from './store';
import type { OrderFormView } from './view';

const CHAIN_SELLER = '1';

/**
 * The shopper's changes to what is in the cart (§7): items and their quantities within the §5 limits, the
 * order they are listed in, the coupon, whose cart it is (login, Prime) and the merge after login.
 */
export class CartCommands {
  constructor(
    private readonly deps: CartDeps,
    private readonly store: CartStore,
    private readonly pricer: CartPricer,
    private readonly view: OrderFormView,
  ) {}

  async create(body: CreateOrderFormBody, salesChannel: number): Promise<OrderForm> {
    if (body.selectedSla !== undefined) checkSla(body.selectedSla);
    const id = randomBytes(16).toString('hex');
    const now = this.deps.clock();
    await insertCart(this.deps.database.db, {
      id,
      salesChannel,
      postalCode: body.postalCode ?? null,
      country: body.country || COUNTRY_CODE_ISO3,
      selectedSla: body.selectedSla ?? null,
      createdAt: now,
      updatedAt: now,
    });
    // A new cart has no customer yet: whoever created it holds it (the route hands them its cookies).
    const holder: CartViewer = { customerId: null, heldOrderFormId: id };
    if (!body.items?.length) return this.view.get(holder, id);
    return this.updateItems(holder, id, body.items, { salesChannel });
  }

  async updateItems(
    viewer: CartViewer,
    orderFormId: string,
    orderItems: OrderItemChange[],
    options: { salesChannel?: number; seller?: string },
  ): Promise<OrderForm> {
    const messages: OrderFormMessage[] = [];
    return this.view.changeAndRender(
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
    return this.view.changeAndRender(
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
    return this.view.changeAndRender(
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
    const promotion = code ? await this.deps.promotions.coupon(code) : null;
    const state = await this.store.change(
      orderFormId,
      byOwner(viewer, (cart) => {
        outcome = null;
        couponPromotionId = null;
        if (!code) {
          cart.form.coupon = null;
          return;
        }
        const validity = couponValidity(promotion, this.deps.clock());
        if (validity !== 'valid') {
          outcome = validity;
          return;
        }
        // Kept even when nothing matches yet: it applies as soon as a matching product is added.
        cart.form.coupon = code;
        couponPromotionId = promotion!.id;
      }),
    );
    const priced = await this.pricer.price(state);
    if (couponPromotionId !== null) outcome = couponApplies(priced, couponPromotionId);
    const messages = outcome ? [couponMessage(outcome, code)] : [];
    return this.view.keepRendered(state, priced, messages).form;
  }

  /**
   * Attaches the cart to the viewer's customer (login). Refused (`notOwner`) unless it is theirs already or
   * an anonymous cart the viewer holds: an id alone must not hand one shopper's cart to another.
   */
  async assignToUser(
    viewer: CartViewer,
    orderFormId: string,
    segment: { collaborator?: boolean; prime?: boolean },
  ): Promise<void> {
    const userId = viewer.customerId;
    if (userId === null) throw new Failure('notOwner');
    const { result } = await this.store.changeWith(orderFormId, (cart) => {
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
    const changed = await setPrimeOfCarts(tx, userId, prime, this.deps.clock());
    for (const id of changed) this.store.forget(id);
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
    const source = await this.store.read(sourceId);
    if (!isOwnerOf(source.form, viewer)) throw new Failure('notOwner');
    const messages: OrderFormMessage[] = [];
    return this.view.changeAndRender(
      targetId,
      (cart) => {
        messages.length = 0;
        if (cart.form.userId !== userId) throw new Failure('notOwner');
        for (const line of [...source.items].sort((a, b) => a.seq - b.seq)) {
          this.mergeLine(cart, line, messages);
        }
      },
      messages,
    );
  }

  /** Adds one line of the anonymous cart; a line the channel no longer sells is left out. */
  private mergeLine(cart: CartState, line: OrderFormItemRow, messages: OrderFormMessage[]): void {
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
      return;
    }
    const merged = cart.items.find((item) => item.skuId === line.skuId);
    if (merged && merged.substituteType === null) {
      merged.substituteType = line.substituteType;
      merged.note = line.note;
    }
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
    const index = this.deps.catalog.index;
    const shown = orderedLines(index, cart);
    for (const change of changes) {
      const { skuId, sellerId } = targetOf(change, shown, defaultSeller);
      const existing = cart.items.find((item) => item.skuId === skuId);
      if (change.quantity === 0) {
        if (existing) cart.items = cart.items.filter((item) => item !== existing);
        continue;
      }
      const { quantity, seller } = this.allowedQuantity(
        index,
        cart,
        { skuId, sellerId, existing },
        change,
        messages,
      );
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

  /**
   * The quantity a change may set on a line and the seller it is bought from: refused when the channel
   * does not sell the sku or (adding) it has no stock, cut to the §5 limits with a message saying which.
   */
  private allowedQuantity(
    index: CatalogIndex,
    cart: CartState,
    target: { skuId: number; sellerId: string | undefined; existing: OrderFormItemRow | undefined },
    change: OrderItemChange,
    messages: OrderFormMessage[],
  ): { quantity: number; seller: string } {
    const { skuId, sellerId, existing } = target;
    const entry = index.skusById.get(skuId);
    if (!entry) throw invalid(`El producto ${skuId} no existe`, 'orderItems');
    const offers = index.offersFor(entry.sku, cart.form.salesChannel).filter((offer) => offer.listPrice > 0);
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
      (sum, item) => (item === existing ? sum : sum + cartUnitsOf(limitLine(index, item))),
      0,
    );
    const { quantity, limit } = clampLineQuantity({
      requested: change.quantity,
      current,
      cartLimit: entry.sku.cartLimit,
      measurementUnit: entry.sku.measurementUnit,
      otherUnits,
      express: cart.form.selectedSla === DELIVERY_METHODS.express.id,
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
    return { quantity, seller };
  }
}

/** A stored line's measurement unit, for the cart caps; an sku gone from the catalogue counts as units. */
function limitLine(index: CatalogIndex, item: OrderFormItemRow) {
  const sku = index.skusById.get(item.skuId)?.sku;
  return { quantity: item.quantity, measurementUnit: sku?.measurementUnit ?? 'un' };
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

/** A valid coupon applies once a line's regular price carries its promotion's tag. */
function couponApplies(priced: PricedCart, promotionId: string): CouponOutcome {
  const applies = priced.pricing.lines.some((line) =>
    line.prices.regular.priceTags.some((tag) => tag.identifier === promotionId),
  );
  return applies ? 'couponApplied' : 'couponNotApplicable';
}

function couponMessage(outcome: CouponOutcome, code: string): OrderFormMessage {
  return {
    code: outcome,
    text: COUPON_MESSAGES[outcome](code),
    status: COUPON_MESSAGE_STATUS[outcome],
    fields: { coupon: code },
  };
}

const COUPON_MESSAGE_STATUS: Record<CouponOutcome, OrderFormMessage['status']> = {
  couponApplied: 'info',
  couponNotApplicable: 'warning',
  couponInvalid: 'error',
  couponExpired: 'error',
};

/** Bad input the shopper can correct, with the field at fault. */
export function invalid(message: string, field: string): Failure {
  return new Failure('invalidInput', { message, field });
}

export function checkSla(selectedSla: string): void {
  if (!deliveryMethodById(selectedSla)) {
    throw invalid(`Método de entrega desconocido: ${selectedSla}`, 'selectedSla');
  }
}
