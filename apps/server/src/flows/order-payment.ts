import { Failure, oneclickFailure } from '@despensa/contracts';
import type { PaymentRecord } from '../modules/orders/service';
import type { WalletService } from '../modules/wallet/service';
import type { Acquirer, OneclickPayment } from '../providers/acquirer/acquirer';
import type { GiftCardProvider } from '../providers/giftcard/giftcard';

/** What gives money back or charges it after the purchase, through the payment an order was paid with. */
export interface PaymentProviders {
  acquirer: Acquirer;
  giftCards: GiftCardProvider;
  wallet: WalletService;
}

/** Oneclick Mall's store buy order of a mall buy order (the mall charges through one store). */
export const storeBuyOrderOf = (buyOrder: string) => `${buyOrder}-1`;

/** A one-click charge for an edit's higher total, kept in the payment's authorization. */
export interface EditCharge {
  buyOrder: string;
  storeBuyOrder: string;
  amount: number;
}

export function editChargesOf(payment: PaymentRecord): EditCharge[] {
  return (payment.authorization?.editCharges as EditCharge[] | undefined) ?? [];
}

/** The saved card that paid (one-click, or the wallet's): §8 refuses its deletion until the receipt. */
export async function savedCardOf(wallet: WalletService, payment: PaymentRecord): Promise<string | null> {
  return (
    payment.entries.find((entry) => entry.accountId)?.accountId ??
    (payment.channel === 'wallet' ? await wallet.cardOfTransaction(payment.id) : null)
  );
}

/** What the card part (redirect or one-click, never a gift card's) paid and was not refunded yet. */
export function cardLeftOf(payment: PaymentRecord): number {
  const cardPart = payment.value - payment.giftCardValue;
  return Math.max(0, cardPart - payment.refunded);
}

/**
 * Charges an edit's higher total to the saved one-click card that paid the order, as a new mall buy order
 * (`{orderGroup}E{n}`). A decline is its failure (−96…−99 named), so the edit's transaction rolls back.
 */
export async function chargeSavedCard(
  { acquirer, wallet }: PaymentProviders,
  payment: PaymentRecord,
  amount: number,
): Promise<EditCharge> {
  const accountId = payment.entries.find((entry) => entry.accountId)?.accountId;
  if (payment.channel !== 'oneclick' || !accountId || !payment.userId)
    throw new Failure('orderEditRaisesTotal');
  const card = await wallet.chargeableCard(payment.userId, accountId);
  const buyOrder = `${payment.orderGroup}E${editChargesOf(payment).length + 1}`;
  const charge = { buyOrder, storeBuyOrder: storeBuyOrderOf(buyOrder), amount };
  let answer: OneclickPayment | null;
  try {
    answer = await acquirer
      .oneclickAuthorize({
        username: payment.userId,
        tbkUser: card.tbkUser,
        buyOrder,
        storeBuyOrder: charge.storeBuyOrder,
        amountCents: amount,
      })
      // A buy order is authorized once: a lost answer is read back from the mall.
      .catch(() => acquirer.oneclickStatus(buyOrder));
  } catch {
    throw new Failure('paymentSystemUnavailable');
  }
  if (!answer) throw new Failure('paymentSystemUnavailable');
  if (answer.status !== 'AUTHORIZED' || answer.responseCode !== 0)
    throw new Failure(oneclickFailure(answer.responseCode));
  return charge;
}

/** Gives a one-click charge back (the undo of an edit's charge when a later step fails). */
export async function refundCharge({ acquirer }: PaymentProviders, charge: EditCharge): Promise<void> {
  await acquirer.oneclickRefund({
    buyOrder: charge.buyOrder,
    storeBuyOrder: charge.storeBuyOrder,
    amountCents: charge.amount,
  });
}

/**
 * Refunds `amount` through the payment an order was paid with: the card part first (a card paid on
 * Webpay's page at the acquirer; a one-click card across its charges, the latest first; the wallet only
 * whole), then a gift card's part, only whole (its issuer gives a redemption back entire). A refusal is
 * `refundFailed`, so the caller's transaction rolls back.
 */
export async function refundThroughPayment(
  providers: PaymentProviders,
  payment: PaymentRecord,
  amount: number,
): Promise<void> {
  if (amount <= 0) return;
  const cardLeft = cardLeftOf(payment);
  const toCard = Math.min(amount, cardLeft);
  const toGiftCard = amount - toCard;
  if (toGiftCard > 0 && toGiftCard !== payment.giftCardValue) throw new Failure('refundFailed');
  try {
    if (toCard > 0) await refundCard(providers, payment, toCard, cardLeft);
    if (toGiftCard > 0 && (await providers.giftCards.refund(payment.id)).code !== '200-0')
      throw new Error('gift card refund refused');
  } catch {
    throw new Failure('refundFailed');
  }
}

async function refundCard(
  providers: PaymentProviders,
  payment: PaymentRecord,
  amount: number,
  cardLeft: number,
): Promise<void> {
  switch (payment.channel) {
    case 'webpayRedirect':
      if (!payment.acquirerToken) throw new Error('no acquirer token');
      await providers.acquirer.refund(payment.acquirerToken, amount);
      return;
    case 'oneclick': {
      // The order's own charge, then each edit's: the latest first, each up to what it has left.
      const edits = editChargesOf(payment);
      const first = payment.value - payment.giftCardValue - edits.reduce((sum, each) => sum + each.amount, 0);
      const charges = [
        { buyOrder: payment.orderGroup, storeBuyOrder: storeBuyOrderOf(payment.orderGroup), amount: first },
        ...edits,
      ];
      let refundedBefore = payment.value - payment.giftCardValue - cardLeft;
      let left = amount;
      for (const charge of charges.reverse()) {
        const taken = Math.min(charge.amount, refundedBefore);
        refundedBefore -= taken;
        const part = Math.min(left, charge.amount - taken);
        if (part <= 0) continue;
        await refundCharge(providers, { ...charge, amount: part });
        left -= part;
        if (left === 0) return;
      }
      return;
    }
    case 'wallet': {
      const internalCode = payment.authorization?.internalCode;
      if (amount !== cardLeft || typeof internalCode !== 'string') throw new Error('wallet refunds whole');
      if (!(await providers.wallet.refund(internalCode))) throw new Error('wallet refund refused');
      return;
    }
    case 'giftCard':
      throw new Error('a gift card has no card part');
  }
}
