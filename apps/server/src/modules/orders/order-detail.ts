import type { Order, OrderForm, OrderInfo } from '@despensa/contracts';
import type { PaymentChannel } from '@despensa/domain';
import type { ChargedEntry } from './tables';

/** What a placement hands the orders module: the re-priced cart and what the order keeps of it. */
export interface PlacedGroup {
  orderGroup: string;
  transactionId: string;
  accessToken: string;
  orderForm: OrderForm;
  userId: string | null;
  /** The system that prices the order, how it is paid, and the entries as charged. */
  paymentSystem: number;
  channel: PaymentChannel;
  entries: ChargedEntry[];
  giftCardValue: number;
  /** What the group costs with that way of paying: items at its prices, plus the delivery fee. */
  value: number;
  /** The items at the prices of that way of paying (by sku id), and its totals. */
  linePrices: Map<string, { sellingPrice: number; total: number }>;
  totals: { items: number; discounts: number };
  deliveryFee: number;
  orderInfo: OrderInfo;
  deliveryWindow: { startDateUtc: string; endDateUtc: string } | null;
}

type Line = OrderForm['items'][number];

/** One seller's order of a group as stored and answered (§3 order detail), before its status. */
export function orderDetailOf(
  group: PlacedGroup,
  placing: {
    seller: string;
    sellers: string[];
    orderId: string;
    value: number;
    now: Date;
    priceOf: (item: Line) => { sellingPrice: number; total: number };
  },
): Omit<Order, 'status' | 'statusDescription' | 'lastChange'> {
  const { seller, sellers, orderId, value, now, priceOf } = placing;
  const { orderForm } = group;
  const address = (orderForm.shippingData.address as Record<string, unknown> | null) ?? null;
  const profile = orderForm.clientProfileData;
  const items = orderForm.items.filter((item) => item.seller === seller);
  return {
    orderId,
    orderGroup: group.orderGroup,
    sellerOrderId: `00-${orderId}`,
    orderFormId: orderForm.orderFormId,
    value,
    creationDate: now.toISOString(),
    items: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      name: item.name,
      quantity: item.quantity,
      seller: item.seller,
      measurementUnit: item.measurementUnit,
      unitMultiplier: item.unitMultiplier,
      price: item.price,
      listPrice: item.listPrice,
      sellingPrice: priceOf(item).sellingPrice,
      total: priceOf(item).total,
      imageUrl: item.imageUrl,
    })),
    totals:
      sellers.length === 1
        ? [
            { id: 'Items', name: 'Total productos', value: group.totals.items },
            { id: 'Discounts', name: 'Descuentos', value: group.totals.discounts },
            { id: 'Shipping', name: 'Costo de despacho', value: group.deliveryFee },
          ]
        : [{ id: 'Items', name: 'Total de los ítems', value }],
    sellers: orderForm.sellers.filter((each) => each.id === seller).map(({ id, name }) => ({ id, name })),
    clientProfileData: {
      email: profile?.email ?? '',
      firstName: profile?.firstName ?? null,
      lastName: profile?.lastName ?? null,
      document: profile?.document ?? null,
      phone: profile?.phone ?? null,
    },
    shippingData: {
      address,
      selectedSla: orderForm.shippingData.logisticsInfo[0]?.selectedSla ?? null,
      deliveryWindow: group.deliveryWindow,
      pickupStore: pickupStoreOf(orderForm),
    },
    paymentData: {
      transactions: [
        {
          transactionId: group.transactionId,
          payments: group.entries.map((entry) => ({
            paymentSystem: String(entry.paymentSystem),
            value: entry.value,
          })),
        },
      ],
    },
    orderInfo: {
      skuData: Object.fromEntries(
        Object.entries(group.orderInfo.skuData).filter(([sku]) => items.some((item) => item.id === sku)),
      ),
      substituteType: group.orderInfo.substituteType,
      receiverData: group.orderInfo.receiverData,
    },
  };
}

/** The store a pickup order is collected at, as the cart's chosen sla names it; null for a delivery. */
function pickupStoreOf(orderForm: OrderForm): { name: string; address: string } | null {
  const entry = orderForm.shippingData.logisticsInfo[0];
  const sla = entry?.slas.find((each) => (each as { id?: unknown }).id === entry.selectedSla) as
    { pickupStoreInfo?: { name: string; address: string } | null } | undefined;
  const store = sla?.pickupStoreInfo;
  return store ? { name: store.name, address: store.address } : null;
}
