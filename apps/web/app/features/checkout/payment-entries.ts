import {
  failureMessages,
  type PaymentEntry,
  type StorefrontServices,
  type TransactionBody,
} from '@despensa/contracts';
import {
  CARD_REDIRECT_PAYMENT_ID,
  CENTS_PER_PESO,
  GIFT_CARD_NUMBER_MESSAGE,
  GIFT_CARD_PASSWORD_MESSAGE,
  PAYMENT_IDS,
  WALLET_CARD_PAYMENT_SYSTEMS,
  isValidGiftCardNumber,
  isValidGiftCardPassword,
} from '@despensa/domain';
import { GIFT_CARD_AMOUNT_MESSAGE, GIFT_CARD_FIELDS, SAVED_CARD_FIELD } from '../payments';
import { paymentMethodName, type PaymentMethodKey, type PaymentMethodOption } from './payment-methods';

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** The §3 payment entries and the transaction's extras of a method, or why the form cannot pay yet. */
export type PaymentOfForm =
  { payments: PaymentEntry[]; giftCard?: TransactionBody['giftCard'] } | { error: string; field: string };

/**
 * What the payment step's form pays with: the chosen method for `value`, with what its panel added (the
 * saved card of a one-click payment, priced by its kind; the gift card and its part, the rest by card).
 */
export async function paymentOfForm(
  services: StorefrontServices,
  token: string,
  method: PaymentMethodOption & { key: PaymentMethodKey },
  form: FormData,
  value: number,
): Promise<PaymentOfForm> {
  const entry = (paymentSystem: number, name: string, part: number): PaymentEntry => ({
    paymentSystem,
    paymentSystemName: name,
    group: method.group,
    installments: 1,
    installmentsInterestRate: 0,
    value: part,
  });
  const name = paymentMethodName(method, services.brand.name);
  switch (method.key) {
    case 'oneClick': {
      const accountId = text(form, SAVED_CARD_FIELD);
      const card = (await services.wallet.cards(token)).find((each) => each.id === accountId);
      if (!card) return { error: failureMessages.savedCardRequired, field: SAVED_CARD_FIELD };
      return {
        payments: [{ ...entry(WALLET_CARD_PAYMENT_SYSTEMS[card.paymentMethod], name, value), accountId }],
      };
    }
    case 'giftCard': {
      const number = text(form, GIFT_CARD_FIELDS.number);
      const password = text(form, GIFT_CARD_FIELDS.password);
      if (!isValidGiftCardNumber(number))
        return { error: GIFT_CARD_NUMBER_MESSAGE, field: GIFT_CARD_FIELDS.number };
      if (!isValidGiftCardPassword(password))
        return { error: GIFT_CARD_PASSWORD_MESSAGE, field: GIFT_CARD_FIELDS.password };
      const pesos = Number(text(form, GIFT_CARD_FIELDS.amount) || value / CENTS_PER_PESO);
      const part = Number.isFinite(pesos) ? Math.min(value, Math.round(pesos * CENTS_PER_PESO)) : 0;
      if (part <= 0) return { error: GIFT_CARD_AMOUNT_MESSAGE, field: GIFT_CARD_FIELDS.amount };
      return {
        payments: [
          entry(PAYMENT_IDS.giftCard, name, part),
          ...(part < value ? [entry(CARD_REDIRECT_PAYMENT_ID, 'Webpay', value - part)] : []),
        ],
        giftCard: { number, password },
      };
    }
    default:
      return { payments: [entry(method.paymentSystem, name, value)] };
  }
}
