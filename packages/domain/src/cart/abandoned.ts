/**
 * §7 abandoned carts: a customer's cart left with products this long since its last change gets one
 * reminder (e-mail to a newsletter subscriber, push to the devices they registered).
 */
export const ABANDONED_CART_AFTER_MS = 3 * 60 * 60 * 1000;
/** Carts left longer than this before the reminders began (or before a long outage) are not reminded. */
export const ABANDONED_CART_UNTIL_MS = 7 * 24 * 60 * 60 * 1000;

/** The reminder's words: the e-mail's subject and text, the push's title and body. */
export function abandonedCartReminder(products: number, cartUrl: string) {
  const count = products === 1 ? '1 producto' : `${products} productos`;
  return {
    subject: 'Dejaste productos en tu carro',
    text: `Tienes ${count} esperándote en tu carro. Termina tu compra aquí: ${cartUrl}`,
    title: 'Tu carro te espera',
    body: `Tienes ${count} en tu carro. Termina tu compra cuando quieras.`,
  };
}
