import {
  CARD_REDIRECT_PAYMENT_ID,
  DEFAULT_REPLACEMENT_CRITERIA,
  DELIVERY_METHOD_LIST,
  PAYMENT_IDS,
} from '@despensa/domain';
import type { OrderStatus } from '@despensa/contracts';

/** The statuses a shopper can filter by, in the order an order moves through them. */
export const STATUS_FILTERS: { value: OrderStatus; label: string }[] = [
  { value: 'payment-pending', label: 'Pago pendiente' },
  { value: 'payment-approved', label: 'Pago aprobado' },
  { value: 'ready-for-handling', label: 'Listo para preparar' },
  { value: 'handling', label: 'En preparación' },
  { value: 'invoiced', label: 'Facturado' },
  { value: 'canceled', label: 'Cancelado' },
];

/** The steps the status line shows for a paid order. */
export const STATUS_STEPS: OrderStatus[] = ['payment-approved', 'ready-for-handling', 'handling', 'invoiced'];

const PAYMENT_NAMES: Record<number, string> = {
  [CARD_REDIRECT_PAYMENT_ID]: 'Tarjeta de crédito (Webpay)',
  [PAYMENT_IDS.debit]: 'Tarjeta de débito (Webpay)',
  [PAYMENT_IDS.oneClick]: 'Tarjeta guardada (OneClick)',
  [PAYMENT_IDS.catOneClick]: 'Tarjeta Cencosud guardada',
  [PAYMENT_IDS.debitOneClick]: 'Débito guardado (OneClick)',
  [PAYMENT_IDS.prepaidOneClick]: 'Prepago guardado (OneClick)',
  [PAYMENT_IDS.giftCard]: 'Gift card',
  [PAYMENT_IDS.walletBalance]: 'Saldo de billetera',
};

export function paymentName(paymentSystem: string): string {
  return PAYMENT_NAMES[Number(paymentSystem)] ?? `Medio de pago ${paymentSystem}`;
}

export function deliveryModeName(selectedSla: string | null): string {
  return DELIVERY_METHOD_LIST.find((method) => method.id === selectedSla)?.name ?? 'Sin modo de entrega';
}

/** §4 substitution preferences: store criterion (6) or do not substitute (2). */
export function substitutionLabel(substituteType: number): string {
  return substituteType === DEFAULT_REPLACEMENT_CRITERIA ? 'Criterio de la tienda' : 'No sustituir';
}
