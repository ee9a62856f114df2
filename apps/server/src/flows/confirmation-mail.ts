import type { Order } from '@despensa/contracts';
import { formatCLP, lineAmount, lineLabel, storePlaceLine, windowText } from '@despensa/domain';

/**
 * The confirmation e-mail's delivery lines around its total (issue 28): the delivery fee the order charged
 * (its 'Shipping' totalizer; a pickup has none), then the window in the shop's time and, for a pickup, the
 * store it is collected at.
 */
export function confirmationDeliveryLines(first: Order): { fee: string[]; delivery: string[] } {
  const shipping = first.totals.find((each) => each.id === 'Shipping');
  const { deliveryWindow, pickupStore } = first.shippingData;
  const charged = shipping && !pickupStore;
  return {
    fee: charged ? [`${shipping.name}: ${shipping.value === 0 ? 'Gratis' : formatCLP(shipping.value)}`] : [],
    delivery: [
      ...(deliveryWindow ? [`Entrega: ${windowText(deliveryWindow)}`] : []),
      ...(pickupStore ? [`Retiro en: ${storePlaceLine(pickupStore)}`] : []),
    ],
  };
}

/** The confirmation e-mail of an order group, to the address of its client profile; null without one. */
export function confirmationMail(
  orderGroup: string,
  orders: Order[],
  /** The brand whose seller sold it (§1 white-label): its name and colours dress the e-mail. */
  brandOfSeller: (sellerId: string) => string | undefined = () => undefined,
): { to: string; subject: string; text: string; brandName?: string } | null {
  const first = orders[0];
  if (!first || !first.clientProfileData.email) return null;
  const lines = orders.flatMap((order) =>
    order.items.map((item) => `- ${lineLabel(item)}: ${formatCLP(lineAmount(item))}`),
  );
  const total = orders.reduce((sum, order) => sum + order.value, 0);
  const { fee, delivery } = confirmationDeliveryLines(first);
  const brandName = brandOfSeller(first.sellers[0]?.id ?? '');
  return {
    ...(brandName && { brandName }),
    to: first.clientProfileData.email,
    subject: `Confirmación de compra: pedido ${orderGroup}`,
    text: [
      `¡Gracias por tu compra, ${first.clientProfileData.firstName ?? ''}!`.replace(' !', '!'),
      `Pedido ${orderGroup} (${orders.map((order) => order.statusDescription).join(', ')}).`,
      ...lines,
      ...fee,
      `Total: ${formatCLP(total)}`,
      ...delivery,
    ].join('\n'),
  };
}
