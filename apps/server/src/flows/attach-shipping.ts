import type {
  DeliveryChoice,
  LostProduct,
  OrderForm,
  OrderFormShippingBody,
  StorefrontServices,
} from '@despensa/contracts';
import { repricedLines, type CartPriceLine, type RepricedLine } from '@despensa/domain';
import type { Database } from '../db/client';
import type { CartService } from '../modules/cart/service';
import type { DeliveryService } from '../modules/shipping/service';
import { defineFlow, runFlow, type RunOptions } from './flow';

interface Modules {
  delivery: DeliveryService;
  cart: CartService;
}

/**
 * Attaching shipping (POST /api/orderform/{id}/shipping, and the delivery selector's window): the
 * shipping module holds (or gives back) the window and the cart module writes the delivery choice and
 * attachment, in ONE transaction: if the cart write fails, the window's place was never taken.
 */
export function attachShippingFlow({ delivery, cart }: Modules) {
  return defineFlow<
    { orderFormId: string; body: OrderFormShippingBody; sc?: number; holdMs?: number },
    OrderForm
  >('attach-shipping', async ({ orderFormId, body, sc, holdMs }, { tx, step }) => {
    const before = await step('readCart', () => cart.deliveryChoiceOf(orderFormId, tx));
    const plan = delivery.planAttachment(before.orderForm, before.deliveryChoice, body, sc);
    const { window } = plan;
    if (window === 'release') await step('releaseWindow', () => delivery.releaseWindow(orderFormId, tx));
    const shippingData = delivery.withSlas(plan.shippingData, await plan.slas(tx));
    const change = { deliveryChoice: plan.deliveryChoice, shippingData };
    const orderForm = await step('writeCart', () => cart.setShippingData(orderFormId, change, tx));
    // The window's place is taken last: its row stays locked until the commit, so 50 shoppers racing for
    // one window queue behind one UPDATE and a commit, not behind each other's whole cart write.
    if (window && window !== 'release') {
      const salesChannel = plan.deliveryChoice.salesChannel;
      await step('holdWindow', () => delivery.holdWindow(orderFormId, salesChannel, window, tx, holdMs));
    }
    return orderForm;
  });
}

/** §4 changing the delivery mode: the same two writes (give the window back, write the cart) as one. */
export function applyChoiceFlow({ delivery, cart }: Modules) {
  return defineFlow<
    { orderFormId: string; choice: DeliveryChoice },
    { before: OrderForm; orderForm: OrderForm }
  >('apply-delivery-choice', async ({ orderFormId, choice }, { tx, step }) => {
    const before = await step('readCart', () => cart.deliveryChoiceOf(orderFormId, tx));
    const plan = delivery.planChoice(before.orderForm, before.deliveryChoice, choice);
    if (plan.releaseWindow) await step('releaseWindow', () => delivery.releaseWindow(orderFormId, tx));
    const orderForm = await step('writeCart', () => cart.setShippingData(orderFormId, plan, tx));
    // The cart as it was priced, so the change can say which prices moved.
    return { before: before.orderForm, orderForm };
  });
}

type DeliveryApi = StorefrontServices['delivery'];

/** The delivery calls that write the cart, each a flow run. */
export class ShippingFlows implements Pick<DeliveryApi, 'applyChoice' | 'reserveWindow'> {
  private readonly attach;
  private readonly apply;

  constructor(
    private readonly database: Database,
    modules: Modules,
  ) {
    this.attach = attachShippingFlow(modules);
    this.apply = applyChoiceFlow(modules);
  }

  attachShipping(
    orderFormId: string,
    body: OrderFormShippingBody,
    sc?: number,
    options?: RunOptions,
  ): Promise<OrderForm> {
    return runFlow(this.database, this.attach, { orderFormId, body, ...(sc ? { sc } : {}) }, options);
  }

  /** Holds a window of the cart's store under its chosen mode. */
  reserveWindow(
    orderFormId: string,
    window: { startDateUtc: string; endDateUtc: string },
    options?: RunOptions,
  ): Promise<OrderForm> {
    return this.attachShipping(
      orderFormId,
      { logisticsInfo: [{ itemIndex: 0, selectedSla: null, deliveryWindow: window }] },
      undefined,
      options,
    );
  }

  async applyChoice(
    orderFormId: string,
    choice: DeliveryChoice,
  ): Promise<{ orderForm: OrderForm; lostProducts: LostProduct[]; repricedProducts: RepricedLine[] }> {
    const { before, orderForm } = await runFlow(this.database, this.apply, { orderFormId, choice });
    const lostProducts = orderForm.items
      .filter((item) => item.availability !== 'available')
      .map((item) => ({ id: item.id, name: item.name, imageUrl: item.imageUrl, quantity: item.quantity }));
    const repricedProducts = repricedLines(pricedLines(before), pricedLines(orderForm));
    return { orderForm, lostProducts, repricedProducts };
  }
}

/** A cart's lines as a channel change compares them: what one unit (or weighed step) sells for. */
function pricedLines(orderForm: OrderForm): CartPriceLine[] {
  return orderForm.items.map((item) => ({
    id: item.id,
    name: item.name,
    imageUrl: item.imageUrl,
    price: item.sellingPrice,
    available: item.availability === 'available',
  }));
}
