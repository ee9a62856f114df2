import { formatCLP, windowText } from '@despensa/domain';
import {
  Failure,
  type CancelBody,
  type EditOrderAnswer,
  type EditOrderBody,
  type EditProducts,
  type Order,
  type RescheduleBody,
} from '@despensa/contracts';
import { productImageUrl } from '../modules/catalog/service';
import type { Database } from '../db/client';
import type { Mailer } from '../providers/mail/mailer';
import { cancelOrderFlow, type OrderChangeModules } from './cancel-order';
import { editOrderFlow } from './edit-order';
import { runFlow, type RunOptions } from './flow';
import { rescheduleOrderFlow } from './reschedule-order';

/**
 * What a shopper changes after the purchase (reschedule, cancel, edit): each a flow in one transaction,
 * then the e-mail through the mail sandbox (a mail that fails is logged, never undoes the change).
 */
export class OrderChanges {
  private readonly cancelFlow;
  private readonly rescheduleFlow;
  private readonly editFlow;

  constructor(
    private readonly database: Database,
    private readonly modules: OrderChangeModules,
    private readonly mailer: Mailer,
    private readonly clock: () => Date,
    private readonly log: (message: string) => void,
  ) {
    this.cancelFlow = cancelOrderFlow(modules);
    this.rescheduleFlow = rescheduleOrderFlow(modules);
    this.editFlow = editOrderFlow(modules);
  }

  async reschedule(userId: string, orderId: string, body: RescheduleBody): Promise<Order> {
    const order = await runFlow(this.database, this.rescheduleFlow, { userId, orderId, body });
    const window = order.shippingData.deliveryWindow!;
    await this.mail(order, `Reagendamos tu pedido ${order.orderId}`, [
      `Tu pedido ${order.orderId} ahora llega el ${windowText(window)}.`,
    ]);
    return order;
  }

  async cancel(userId: string, orderId: string, body: CancelBody): Promise<Order> {
    const now = this.clock().toISOString();
    const order = await runFlow(this.database, this.cancelFlow, { userId, orderId, body, now });
    await this.mail(order, `Anulamos tu pedido ${order.orderId}`, [
      `Tu pedido ${order.orderId} fue anulado (${order.cancellationData?.reason ?? ''}).`,
      `Devolvimos ${formatCLP(order.value)} al medio de pago con que pagaste.`,
    ]);
    return order;
  }

  async edit(
    userId: string,
    orderId: string,
    body: EditOrderBody,
    options: Pick<RunOptions, 'afterStep'> = {},
  ): Promise<EditOrderAnswer> {
    const now = this.clock().toISOString();
    const answer = await runFlow(this.database, this.editFlow, { userId, orderId, body, now }, options);
    await this.mail(answer.order, `Modificamos tu pedido ${orderId}`, [
      `Tu pedido ${orderId} ahora suma ${formatCLP(answer.order.value)}.`,
      ...(answer.charged > 0 ? [`Cobramos ${formatCLP(answer.charged)} a la tarjeta con que pagaste.`] : []),
      ...(answer.refunded > 0
        ? [`Devolvimos ${formatCLP(answer.refunded)} al medio de pago con que pagaste.`]
        : []),
    ]);
    return answer;
  }

  /**
   * What the shopper may add to an order they can still edit: the search's products in the order's store,
   * each priced as a line added now would be: its seller's offer in the database with the shelf's
   * promotions, per unit or per kg, as the edit prices it.
   */
  async editProducts(userId: string, orderId: string, query: string): Promise<EditProducts> {
    const { catalog, orders } = this.modules;
    const order = await orders.order(userId, orderId);
    if (!order.allowEdition) throw new Failure('orderNotEditable');
    const salesChannel = await catalog.channelOfSold(order.orderGroup, this.database.db);
    if (salesChannel === null) throw new Failure('orderNotEditable');
    const found = catalog.search('', { selectedFacets: [], query }, { page: 1, pageSize: 8, salesChannel });
    const skuIds = found.products.flatMap((product) => product.items.map((sku) => Number(sku.itemId)));
    const seller = order.items[0]?.seller;
    const offers = await catalog.offersInDatabase(skuIds, salesChannel, this.database.db);
    const products = skuIds.flatMap((skuId) => {
      const offer = offers.find(
        (each) =>
          each.skuId === skuId &&
          each.sellerId === seller &&
          each.listPrice > 0 &&
          each.availableQuantity > 0,
      );
      const entry = catalog.index.skusById.get(skuId);
      if (!offer || !entry) return [];
      return [
        {
          id: String(skuId),
          name: entry.sku.name,
          imageUrl: productImageUrl(entry.sku),
          price: catalog.index.offerLinePrice(entry, offer, 1, salesChannel, this.clock()).sellingPrice,
          measurementUnit: entry.sku.measurementUnit,
          unitMultiplier: entry.sku.unitMultiplier,
        },
      ];
    });
    return { products };
  }

  private async mail(order: Order, subject: string, lines: string[]): Promise<void> {
    const to = order.clientProfileData.email;
    if (!to) return;
    const name = order.clientProfileData.firstName;
    await this.mailer
      .send({ to, subject, text: [`Hola${name ? `, ${name}` : ''}:`, ...lines].join('\n') })
      .catch((error: Error) => this.log(`mail for ${order.orderId} failed: ${error.message}`));
  }
}
