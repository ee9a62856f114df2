import {
  Failure,
  customerViewer,
  failureMessages,
  basketProductsQuery,
  listBasketChangeBody,
  listRunQuery,
  type EditProducts,
  type ListBasketChangeBody,
  type ListBasketView,
  type OrderForm,
} from '@despensa/contracts';
import {
  CHAIN_SELLER_ID,
  addressDisplayLine,
  basketChangeRefusal,
  basketPayingCard,
  deliveryFeeOf,
  deliveryMethodById,
  isAddressMethod,
  itemsValueOf,
  primeBasketOf,
} from '@despensa/domain';
import type { Database } from '../db/client';
import type { CartService } from '../modules/cart/service';
import type { CatalogService } from '../modules/catalog/service';
import { runAnswer, type ListsService } from '../modules/lists/service';
import type { DeliveryService } from '../modules/shipping/service';
import type { WalletService } from '../modules/wallet/service';
import { defineFlow, runFlow } from './flow';

interface Modules {
  lists: ListsService;
  cart: CartService;
  delivery: DeliveryService;
  wallet: WalletService;
  catalog: CatalogService;
}

/** A cart's lines as sku id → quantity (what a run records as its basket). */
export function basketOf(items: { id: string; quantity: number }[]): Record<string, number> {
  return Object.fromEntries(items.map((item) => [item.id, item.quantity]));
}

/** Whether two baskets hold the same products in the same quantities. */
export function sameBasket(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * What delivering a basket costs, as the checkout's placement charges it: its mode's fee when a window is
 * held (express has none), waived for a Prime member's basket over the minimum (domain deliveryFeeOf).
 */
export function basketDeliveryFee(basket: OrderForm, hasWindow: boolean): number {
  const selectedSla = basket.shippingData.logisticsInfo[0]?.selectedSla ?? null;
  return deliveryFeeOf(selectedSla, hasWindow, primeBasketOf(basket));
}

interface ChangeInput {
  userId: string;
  listId: string;
  body: ListBasketChangeBody;
}

/**
 * Changing a built basket from its review page, before its cut-off: the run locked (its placement waits),
 * refused when it may no longer change (domain basketChangeRefusal) or when a product to add or raise has
 * no stock in the basket's store; the basket cart's lines changed (undo: put back as they were); the run's
 * recorded basket set to the new one, so the cut-off still places it (a change through the cart API alone
 * leaves it to the shopper, 'edited').
 */
export function changeBasketFlow({ lists, cart, catalog }: Modules) {
  return defineFlow<ChangeInput, OrderForm>(
    'change-list-basket',
    async ({ userId, listId, body }, context) => {
      const { tx, step } = context;
      const run = await step('lockRun', () => lists.lockChangeableRun(userId, listId, body.deliveryDate, tx));
      const viewer = customerViewer(userId);
      const before = await cart.ownerView(run.orderFormId);
      const salesChannel = Number(before.salesChannel);
      const quantityBefore = (id: string) => before.items.find((item) => item.id === id)?.quantity ?? 0;
      const growing = body.orderItems.filter((change) => change.quantity > quantityBefore(change.id));
      for (const change of growing) {
        const product = catalog.productsOfSkus([change.id], salesChannel)[0];
        const sku = product?.items.find((item) => item.itemId === change.id);
        if (!product || !sku) throw new Failure('productNotFound', { field: change.id });
        if (lists.availability([change.id], salesChannel).unavailable.length > 0) {
          const name = sku.nameComplete || product.productName;
          throw new Failure('listBasketOutOfStock', {
            message: `${name}: ${failureMessages.listBasketOutOfStock}`,
            field: change.id,
          });
        }
      }
      const after = await step(
        'changeItems',
        () =>
          cart.updateItems(
            viewer,
            run.orderFormId,
            body.orderItems.map((change) => ({ ...change, seller: CHAIN_SELLER_ID })),
          ),
        async () => {
          await cart.updateItems(
            viewer,
            run.orderFormId,
            body.orderItems.map((change) => ({ id: change.id, quantity: quantityBefore(change.id) })),
          );
        },
      );
      await step('recordBasket', () =>
        lists.recordBasketChange(listId, body.deliveryDate, basketOf(after.items), tx),
      );
      return after;
    },
  );
}

/** A basket line as its review page shows it. */
function basketItem(item: OrderForm['items'][number]): ListBasketView['items'][number] {
  return {
    id: item.id,
    name: item.name,
    imageUrl: item.imageUrl,
    quantity: item.quantity,
    measurementUnit: item.measurementUnit,
    unitMultiplier: item.unitMultiplier,
    price: item.sellingPrice,
    total: item.priceDefinition.total,
  };
}

/**
 * A recurring list's basket as its review page shows and changes it (§4): the products, the delivery, the
 * card that pays at the cut-off and the total; changed, skipped or the list paused before the cut-off.
 * Only the list's owner reaches it (another shopper's list is shoppingListNotFound, as a missing one).
 */
export class ListBaskets {
  private readonly change;

  constructor(
    private readonly database: Database,
    private readonly modules: Modules,
    private readonly clock: () => Date,
  ) {
    this.change = changeBasketFlow(modules);
  }

  /** The basket of the list's delivery on `deliveryDate` (the coming one without it). */
  async basket(userId: string, listId: string, deliveryDate?: string): Promise<ListBasketView> {
    const { lists, cart, delivery, wallet } = this.modules;
    // The web calls in process, past the route's validation: bad input is a 400, never a 500.
    if (!listRunQuery.safeParse({ deliveryDate }).success) throw new Failure('invalidInput');
    const { list, run, scheduled } = await lists.runOn(userId, listId, deliveryDate);
    const refusal = basketChangeRefusal(run, scheduled, this.clock());
    const [form, held, cards] = await Promise.all([
      run.orderFormId ? cart.ownerView(run.orderFormId) : null,
      run.orderFormId ? delivery.heldWindow(run.orderFormId) : null,
      wallet.cards(userId),
    ]);
    const card = basketPayingCard(cards);
    const shipping = form ? this.basketDelivery(form, held, run.windowStart !== null) : null;
    const value = form ? itemsValueOf(form) : 0;
    const fee = shipping?.fee ?? 0;
    return {
      list: { id: list.id, name: list.name, schedule: list.schedule },
      run: runAnswer(run),
      closed: refusal ? failureMessages[refusal] : null,
      items: (form?.items ?? []).map(basketItem),
      delivery: shipping,
      card: card
        ? { id: card.id, brand: card.brand, cardLast4: card.cardLast4, paymentMethod: card.paymentMethod }
        : null,
      totals: { items: value, delivery: fee, total: value + fee },
      messages: [],
    };
  }

  /** How the basket arrives: its mode, address or store, held window and fee; null with no mode chosen. */
  private basketDelivery(
    form: OrderForm,
    held: Awaited<ReturnType<DeliveryService['heldWindow']>>,
    hasWindow: boolean,
  ): ListBasketView['delivery'] {
    const method = deliveryMethodById(form.shippingData.logisticsInfo[0]?.selectedSla ?? '');
    if (!method) return null;
    const address = form.shippingData.address as Parameters<typeof addressDisplayLine>[0] | null;
    return {
      method: method.id,
      methodName: method.name,
      address: isAddressMethod(method.kind) && address ? addressDisplayLine(address) : null,
      storeName: this.modules.delivery.storeNameOf(Number(form.salesChannel)),
      window: held && !held.expired ? { startDateUtc: held.startDateUtc, endDateUtc: held.endDateUtc } : null,
      fee: basketDeliveryFee(form, hasWindow),
    };
  }

  /** Changes a built basket before its cut-off; answers it as changed, with what the cart said of it. */
  async changeBasket(userId: string, listId: string, input: ListBasketChangeBody): Promise<ListBasketView> {
    const parsed = listBasketChangeBody.safeParse(input);
    if (!parsed.success) throw new Failure('invalidInput');
    const body = parsed.data;
    const after = await runFlow(this.database, this.change, { userId, listId, body });
    const view = await this.basket(userId, listId, body.deliveryDate);
    return { ...view, messages: after.messages.map((message) => message.text) };
  }

  /** Products the basket's store sells now that a search finds, to add to the basket (at most 8). */
  async products(userId: string, listId: string, deliveryDate: string, query: string): Promise<EditProducts> {
    const { lists, cart, catalog } = this.modules;
    if (!basketProductsQuery.safeParse({ deliveryDate, q: query }).success) throw new Failure('invalidInput');
    const { run, scheduled } = await lists.runOn(userId, listId, deliveryDate);
    const refusal = basketChangeRefusal(run, scheduled, this.clock());
    if (refusal) throw new Failure(refusal);
    if (!run.orderFormId) throw new Failure('listBasketNotBuilt');
    const salesChannel = Number((await cart.ownerView(run.orderFormId)).salesChannel);
    const found = catalog.search('', { selectedFacets: [], query }, { page: 1, pageSize: 8, salesChannel });
    const products = found.products.flatMap((product) =>
      product.items.flatMap((sku) => {
        const offer = sku.sellers.find((seller) => seller.sellerId === CHAIN_SELLER_ID)?.commertialOffer;
        if (!offer || !catalog.skuInStock(sku.itemId, salesChannel)) return [];
        return [
          {
            id: sku.itemId,
            name: sku.nameComplete || product.productName,
            imageUrl: sku.images[0]?.imageUrl ?? '',
            price: offer.Price,
            measurementUnit: sku.measurementUnit,
            unitMultiplier: sku.unitMultiplier,
          },
        ];
      }),
    );
    return { products };
  }
}
