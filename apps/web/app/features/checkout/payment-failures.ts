import { failureMessages, type FailureCode } from '@despensa/contracts';

/** §2 failed-payment modals. §8 hides their texts: these are the shop's own. */
export type FailedPaymentKind = 'generic' | 'bank' | 'wallet' | 'chat';

/** How a payment came back from the acquirer (/checkout/payment?paymentError=…, flows/payment-pages). */
export const PAYMENT_ERRORS = ['rejected', 'aborted', 'timeout', 'error', 'cardMismatch'] as const;
export type PaymentError = (typeof PAYMENT_ERRORS)[number];

export function paymentErrorOf(value: string | null): PaymentError | null {
  return PAYMENT_ERRORS.find((each) => each === value) ?? null;
}

export interface FailedPayment {
  kind: FailedPaymentKind;
  title: string;
  text: string;
}

/** The modal of each variant, and of each way back from the acquirer. */
export const FAILED_PAYMENT_MODALS: Record<FailedPaymentKind, Omit<FailedPayment, 'kind'>> = {
  generic: {
    title: 'No pudimos completar tu pago',
    text: 'Tu compra no se realizó y no se hizo ningún cargo. Puedes intentarlo de nuevo con el mismo u otro medio de pago.',
  },
  bank: {
    title: 'Tu banco rechazó el pago',
    text: 'El banco no autorizó el cargo, así que no se hizo ningún cobro. Revisa los datos de tu tarjeta o paga con otro medio de pago.',
  },
  wallet: {
    title: 'No pudimos cobrar en tu billetera',
    text: 'El cargo en tu billetera no se completó y tu compra no se realizó. Revisa tu saldo o paga con otro medio de pago.',
  },
  chat: {
    title: 'Tuvimos un problema con tu pago',
    text: 'Algo falló mientras pagabas y tu compra no se realizó. Si ves un cargo, se reversará automáticamente. Puedes intentarlo de nuevo o escribirnos y te ayudamos.',
  },
};

/** Each return's own first line (and text, when the variant's does not say why), over the variant's. */
const RETURN_TITLES: Record<PaymentError, { kind: FailedPaymentKind; title?: string; text?: string }> = {
  rejected: { kind: 'bank' },
  aborted: { kind: 'generic', title: 'Anulaste el pago' },
  timeout: { kind: 'generic', title: 'Se acabó el tiempo para pagar' },
  error: { kind: 'chat' },
  // The card paid does not prove the chosen method's prices (debit, the group card): the charge was reversed.
  cardMismatch: {
    kind: 'generic',
    title: 'Esa tarjeta no es la del medio de pago elegido',
    text: failureMessages.paymentCardMismatch,
  },
};

export function failedPaymentOf(error: PaymentError): FailedPayment {
  const { kind, title, text } = RETURN_TITLES[error];
  return { kind, ...FAILED_PAYMENT_MODALS[kind], ...(title ? { title } : {}), ...(text ? { text } : {}) };
}

/**
 * §8 transaction answers, by failure code (the web never reads an HTTP status): what was a 404 (the cart,
 * order or payment is not there) shows the failed-payment modal; a 403 (the cart refuses this shopper)
 * opens the validation-code dialog; anything else is told as its own message.
 */
export function transactionAnswerOf(
  code: FailureCode | undefined,
): 'failedPayment' | 'bank' | 'validationCode' | 'message' {
  if (code === 'cartNotFound' || code === 'orderNotFound' || code === 'paymentNotFound')
    return 'failedPayment';
  // The acquirer or the saved card's bank said no: the bank failure modal (§8).
  if (code === 'paymentRejected' || code?.startsWith('oneclick')) return 'bank';
  if (code === 'notOwner' || code === 'authenticationTokenExpired') return 'validationCode';
  return 'message';
}
