import {
  CARD_REDIRECT_PAYMENT_ID,
  DEFAULT_REPLACEMENT_CRITERIA,
  DELIVERY_METHOD_LIST,
  PAYMENT_IDS,
  paymentSystemName,
  paymentSystemOf,
} from '@despensa/domain';
import type { OrderStatus } from '@despensa/contracts';

/** The statuses a shopper can filter by, in the order an order moves through them. */
export const STATUS_FILTERS: { value: OrderStatus; label: string }[] = [
  { value: 'payment-pending', label: 'Pago pendiente' },
  { value: 'payment-approved', label: 'Pago aprobado' },
  { value: 'ready-for-handling', label: 'Listo para preparar' },
  { value: 'handling', label: 'En preparación' },
  { value: 'invoiced', label: 'Facturado' },
  { value: 'delivered', label: 'Entregado' },
  { value: 'collected', label: 'Retirado' },
  { value: 'canceled', label: 'Cancelado' },
];

/** The steps the status line shows for a paid order: it ends handed over, delivered or collected. */
export function statusSteps(status: OrderStatus): OrderStatus[] {
  const handedOver = status === 'collected' ? 'collected' : 'delivered';
  return ['payment-approved', 'ready-for-handling', 'handling', 'invoiced', handedOver];
}

/**
 * How the purchase page words some of the domain's payment systems (the acquirer or the card kind said);
 * the others (the group card) go by the domain's name.
 */
const PURCHASE_WORDS: Record<number, string> = {
  [CARD_REDIRECT_PAYMENT_ID]: 'Tarjeta de crédito (Webpay)',
  [PAYMENT_IDS.debit]: 'Tarjeta de débito (Webpay)',
  [PAYMENT_IDS.oneClick]: 'Tarjeta guardada (OneClick)',
  [PAYMENT_IDS.catOneClick]: 'Tarjeta Cencosud guardada',
  [PAYMENT_IDS.debitOneClick]: 'Débito guardado (OneClick)',
  [PAYMENT_IDS.prepaidOneClick]: 'Prepago guardado (OneClick)',
  [PAYMENT_IDS.giftCard]: 'Gift card',
  [PAYMENT_IDS.walletBalance]: 'Saldo de billetera',
};

/** A payment entry's system as the purchase page names it: a row of the domain's PAYMENT_SYSTEMS. */
export function paymentName(paymentSystem: string, brandName: string): string {
  const system = paymentSystemOf(Number(paymentSystem));
  if (!system) return `Medio de pago ${paymentSystem}`;
  return PURCHASE_WORDS[system.id] ?? paymentSystemName(system, brandName);
}

export function deliveryModeName(selectedSla: string | null): string {
  return DELIVERY_METHOD_LIST.find((method) => method.id === selectedSla)?.name ?? 'Sin modo de entrega';
}

/** §4 substitution preferences: store criterion (6) or do not substitute (2). */
export function substitutionLabel(substituteType: number): string {
  return substituteType === DEFAULT_REPLACEMENT_CRITERIA ? 'Criterio de la tienda' : 'No sustituir';
}
