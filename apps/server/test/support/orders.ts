import type { OrderForm, TransactionAnswer } from '@despensa/contracts';
import type { TestApp } from './app';
import { VISA, completeCart, payAtAcquirer, postForm } from './checkout';

/**
 * A paid order (ready for handling): a complete cart placed and paid with the sandbox's approved VISA
 * on Webpay's page, or (`pay`) as its entries say: a one-click card is charged at once.
 * The shop must listen (the SDK speaks HTTP to its own sandbox). `noSubstitute` skus get the preference
 * 'no sustituir' (substituteType 2) before the order is placed.
 */
export async function placePaidOrder(
  shop: TestApp,
  options: Parameters<typeof completeCart>[1] & {
    noSubstitute?: string[];
    /** The gift card that pays (its number and password are never kept, so each payment brings them). */
    giftCard?: { number: string; password: string };
  },
) {
  const cart = await completeCart(shop, options);
  if (options.noSubstitute?.length) {
    const info = await cart.call('POST', `/api/order/info/${cart.id}`, {
      skuData: Object.fromEntries(options.noSubstitute.map((sku) => [sku, { substituteType: 2 }])),
    });
    if (info.statusCode !== 200) throw new Error(`order info: ${info.body}`);
  }
  const form: OrderForm = (await cart.call('GET', `/api/orderform/${cart.id}`)).json();
  const placed = await cart.call('POST', '/api/checkout/pub/orderform/transaction', {
    referenceId: cart.id,
    savePersonalData: true,
    optinNewsLetter: false,
    value: cart.total,
    interestValue: 0,
    ...(options.giftCard ? { giftCard: options.giftCard } : {}),
  });
  if (placed.statusCode !== 200) throw new Error(`place: ${placed.body}`);
  const answer: TransactionAnswer = placed.json();
  const paid = {
    ...cart,
    form,
    orderGroup: answer.orderId,
    orderId: `${answer.orderId}-01`,
    transactionId: answer.tId,
  };
  if (answer.redirectUrl === `/checkout/orderPlaced?og=${answer.orderId}`) return paid;
  const { back } = await payAtAcquirer(shop, answer.redirectUrl, VISA, cart.shopper);
  const returned = await postForm(shop, back.action, back.fields);
  if (returned.headers.location !== `/checkout/orderPlaced?og=${answer.orderId}`) {
    throw new Error(`payment: ${returned.headers.location}`);
  }
  return paid;
}
