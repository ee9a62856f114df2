import type { TransactionAnswer } from '@despensa/contracts';
import type { TestApp } from './app';
import { VISA, completeCart, payAtAcquirer, postForm } from './checkout';

/**
 * A paid order (ready for handling): a complete cart placed and paid with the sandbox's approved VISA.
 * The shop must listen (the SDK speaks HTTP to its own sandbox).
 */
export async function placePaidOrder(shop: TestApp, options: Parameters<typeof completeCart>[1]) {
  const cart = await completeCart(shop, options);
  const placed = await cart.call('POST', '/api/checkout/pub/orderform/transaction', {
    referenceId: cart.id,
    savePersonalData: true,
    optinNewsLetter: false,
    value: cart.form.value,
    interestValue: 0,
  });
  if (placed.statusCode !== 200) throw new Error(`place: ${placed.body}`);
  const answer: TransactionAnswer = placed.json();
  const { back } = await payAtAcquirer(shop, answer.redirectUrl, VISA);
  const returned = await postForm(shop, back.action, back.fields);
  if (returned.headers.location !== `/checkout/orderPlaced?og=${answer.orderId}`) {
    throw new Error(`payment: ${returned.headers.location}`);
  }
  return { ...cart, orderGroup: answer.orderId, orderId: `${answer.orderId}-01`, transactionId: answer.tId };
}
