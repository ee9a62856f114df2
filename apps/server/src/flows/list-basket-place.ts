import { customerViewer, failureCodeOf, type FailureCode } from '@despensa/contracts';
import { WALLET_CARD_PAYMENT_SYSTEMS, basketPayingCard, itemsValueOf } from '@despensa/domain';
import type { ListRunRow } from '../modules/lists/service';
import { defineFlow, type FlowContext } from './flow';
import type { ListBasketModules } from './list-basket-build';
import { basketDeliveryFee, basketOf, sameBasket } from './list-baskets';
import type { Checkout } from './place-order';

export type PlaceOutcome =
  | { status: 'placed'; orderGroup: string; value: number }
  | { status: 'edited' }
  | { status: 'failed'; failure: FailureCode };

type PlaceOrder = Pick<Checkout, 'placeOrder'>;

/**
 * Placing a due basket at its cut-off, under the run's row lock (one instance places it): a basket the
 * shopper changed since it was built is theirs to place (edited); otherwise it is paid with the shopper's
 * favourite one-click card through the checkout's own placement (the payment entry written first; undo:
 * taken off again). No saved card, or a placement refused (stock, window, a declined card): recorded
 * failed, nothing charged.
 */
export function placeBasketFlow(modules: ListBasketModules, checkout: PlaceOrder, origin: () => string) {
  const { lists } = modules;
  return defineFlow<{ listId: string; deliveryDate: string }, PlaceOutcome | null>(
    'place-list-basket',
    async ({ listId, deliveryDate }, context) => {
      const { tx, step } = context;
      const run = await step('lockRun', () => lists.lockDueRun(listId, deliveryDate, tx));
      const orderFormId = run?.orderFormId;
      if (!run || !orderFormId) return null;
      const outcome = await step('place', () =>
        placeWithSavedCard(modules, { checkout, origin }, { run, orderFormId }, context),
      );
      await step('recordOutcome', () =>
        lists.recordOutcome(
          listId,
          deliveryDate,
          outcome.status === 'placed'
            ? { status: 'placed', orderGroup: outcome.orderGroup }
            : outcome.status === 'failed'
              ? { status: 'failed', failure: outcome.failure }
              : { status: 'edited' },
          tx,
        ),
      );
      return outcome;
    },
  );
}

/** The basket as built, paid with the favourite one-click card through the checkout's placement. */
async function placeWithSavedCard(
  { cart, wallet }: ListBasketModules,
  { checkout, origin }: { checkout: PlaceOrder; origin: () => string },
  { run, orderFormId }: { run: ListRunRow; orderFormId: string },
  { step }: FlowContext,
): Promise<PlaceOutcome> {
  const { userId } = run;
  const viewer = customerViewer(userId);
  const basket = await cart.ownerView(orderFormId);
  if (!sameBasket(basketOf(basket.items), run.basket ?? {})) return { status: 'edited' };
  const card = basketPayingCard(await wallet.cards(userId));
  if (!card) return { status: 'failed', failure: 'savedCardRequired' };
  // What the checkout's placement checks: a Prime member's basket over the minimum delivers free.
  const value = itemsValueOf(basket) + basketDeliveryFee(basket, run.windowStart !== null);
  await step(
    'payWithSavedCard',
    () =>
      cart.setPayments(viewer, orderFormId, [
        {
          paymentSystem: WALLET_CARD_PAYMENT_SYSTEMS[card.paymentMethod],
          installments: 1,
          installmentsInterestRate: 0,
          value,
          accountId: card.id,
        },
      ]),
    async () => {
      await cart.setPayments(viewer, orderFormId, []);
    },
  );
  try {
    const body = {
      referenceId: orderFormId,
      savePersonalData: true,
      optinNewsLetter: false,
      value,
      interestValue: 0,
    };
    const answer = await checkout.placeOrder({ orderFormId, userId, body }, { origin: origin() });
    return { status: 'placed', orderGroup: answer.orderId, value };
  } catch (error) {
    const code = failureCodeOf(error);
    // Unknown (the acquirer unreachable): the run stays due and the next sweep asks again.
    if (!code || code === 'internal' || code === 'paymentSystemUnavailable') throw error;
    return { status: 'failed', failure: code };
  }
}

/**
 * A skipped (or paused) delivery's basket, or one that could not be placed, gives its window back to the
 * store at once, not when the hold would have expired after the cut-off: the shipping module's release and
 * the run's record in one.
 */
export function releaseBasketFlow({ lists, delivery }: ListBasketModules) {
  return defineFlow<{ listId: string; deliveryDate: string; orderFormId: string }, null>(
    'release-list-basket',
    async ({ listId, deliveryDate, orderFormId }, { tx, step }) => {
      await step('releaseWindow', () => delivery.releaseWindow(orderFormId, tx));
      await step('recordReleased', () => lists.windowGivenBack(listId, deliveryDate, tx));
      return null;
    },
  );
}
