/** Gift card rules of §5 and its error codes of §8. */

export const GIFT_CARD_NUMBER_MESSAGE = 'Ingresa 16 dígitos';
export const GIFT_CARD_PASSWORD_MESSAGE = 'Ingresa 4 dígitos';
/** §4: the gift card call succeeded. */
export const GIFT_CARD_SUCCESS_CODE = '200-0';

export function isValidGiftCardNumber(value: string): boolean {
  return /^\d{16}$/.test(value);
}

export function isValidGiftCardPassword(value: string): boolean {
  return /^\d{4}$/.test(value);
}

/** A gift card can pay only if its balance is at least the total (same unit for both, e.g. cents). */
export function giftCardCanPay(balance: number, total: number): boolean {
  return balance >= total;
}

/** §8 codes; the spec gives the meanings in English, these are their Spanish renderings. */
export const GIFT_CARD_ERRORS = {
  E001: 'Sin saldo',
  E002: 'Monto excedido',
  E003: 'Convenio bloqueado',
  E005: 'Tarjeta deshabilitada',
  E006: 'Tarjeta eliminada',
  E011: 'Código incorrecto',
  E012: 'Tarjeta bloqueada',
  E013: 'Tarjeta vencida',
  E014: 'Clave incorrecta',
  E015: 'Tarjeta vacía',
  E016: 'Tienda no habilitada',
  E027: 'Identificador no permitido',
  E030: 'Excede el monto parametrizado',
  E075: 'Tarjeta no utilizable',
} as const;
export type GiftCardErrorCode = keyof typeof GIFT_CARD_ERRORS;

export function isGiftCardErrorCode(code: string): code is GiftCardErrorCode {
  return Object.hasOwn(GIFT_CARD_ERRORS, code);
}
