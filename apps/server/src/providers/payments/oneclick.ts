import { Failure, oneclickFailure } from '@despensa/contracts';
import type { Tx } from '../../db/client';
import type { PaymentRecord } from '../../modules/orders/service';
import type { WalletService } from '../../modules/wallet/service';
import { storeBuyOrderOf, type Acquirer, type OneclickPayment } from '../acquirer/acquirer';
import { cardLeftOf, type EditCharge, type PaymentOutcome, type PaymentProvider } from './provider';

/** A one-click authorization as an outcome: 0 approved, −96…−99 and the rest declines of their own. */
function oneclickOutcome(answer: OneclickPayment): PaymentOutcome {
  const details = { ...answer };
  return answer.status === 'AUTHORIZED' && answer.responseCode === 0
    ? { kind: 'approved', details }
    : { kind: 'rejected', details, failure: { code: oneclickFailure(answer.responseCode) } };
}

export function editChargesOf(payment: PaymentRecord): EditCharge[] {
  return (payment.authorization?.editCharges as EditCharge[] | undefined) ?? [];
}

/** Oneclick Mall (201–204): a saved card charged at once, through the mall's one store. */
export class OneclickProvider implements PaymentProvider {
  readonly channel = 'oneclick' as const;
  readonly paysOnPage = false;

  constructor(
    private readonly acquirer: Acquirer,
    private readonly wallet: WalletService,
    private readonly log: (message: string) => void,
  ) {}

  /** The saved card the entry names must still be the shopper's. */
  async initiate(entry: { userId: string; accountId?: string | undefined }, tx: Tx): Promise<void> {
    if (!entry.accountId) throw new Failure('savedCardRequired', { field: 'payments.accountId' });
    await this.wallet.chargeableCard(entry.userId, entry.accountId, tx);
  }

  async page(): Promise<null> {
    return null;
  }

  /** The saved card is charged now, under the order group as the mall's buy order. */
  async authorize(payment: PaymentRecord): Promise<PaymentOutcome> {
    const entry = payment.entries.find((each) => each.accountId);
    let card: { tbkUser: string };
    try {
      card = await this.wallet.chargeableCard(payment.userId!, entry!.accountId!);
    } catch (error) {
      // The card was deleted meanwhile: nothing was charged.
      const code = error instanceof Failure ? error.code : 'walletCardNotFound';
      return { kind: 'error', failure: { code } };
    }
    let answer: OneclickPayment | null;
    try {
      answer = await this.charge(
        payment.userId!,
        card.tbkUser,
        payment.orderGroup,
        payment.value - payment.giftCardValue,
      );
    } catch (error) {
      // Whether the card was charged is not known: the payment stays pending, and a retry or the
      // reconciliation asks the acquirer again (never a second charge: the buy order is the same).
      this.log(`one-click charge of ${payment.orderGroup} unknown: ${(error as Error).message}`);
      throw new Failure('paymentSystemUnavailable');
    }
    // Neither authorized nor known to the mall: nothing was charged.
    return answer
      ? oneclickOutcome(answer)
      : { kind: 'error', failure: { code: 'paymentSystemUnavailable' } };
  }

  /**
   * Charges an edit's higher total to the saved card that paid the order, as a new mall buy order
   * (`{orderGroup}E{n}`). A decline is its failure (−96…−99 named), so the edit's transaction rolls back.
   */
  async capture(payment: PaymentRecord, amount: number) {
    const accountId = payment.entries.find((entry) => entry.accountId)?.accountId;
    if (!accountId || !payment.userId) throw new Failure('orderEditRaisesTotal');
    const card = await this.wallet.chargeableCard(payment.userId, accountId);
    const buyOrder = `${payment.orderGroup}E${editChargesOf(payment).length + 1}`;
    const charge = { buyOrder, storeBuyOrder: storeBuyOrderOf(buyOrder), amount };
    let answer: OneclickPayment | null;
    try {
      answer = await this.charge(payment.userId, card.tbkUser, buyOrder, amount);
    } catch {
      throw new Failure('paymentSystemUnavailable');
    }
    if (!answer) throw new Failure('paymentSystemUnavailable');
    if (answer.status !== 'AUTHORIZED' || answer.responseCode !== 0)
      throw new Failure(oneclickFailure(answer.responseCode));
    return { charge, undo: () => this.refundCharge(charge) };
  }

  /** The order's own charge, then each edit's: the latest first, each up to what it has left. */
  async refund(payment: PaymentRecord, amount: number): Promise<void> {
    const edits = editChargesOf(payment);
    const first = payment.value - payment.giftCardValue - edits.reduce((sum, each) => sum + each.amount, 0);
    const charges = [
      { buyOrder: payment.orderGroup, storeBuyOrder: storeBuyOrderOf(payment.orderGroup), amount: first },
      ...edits,
    ];
    let refundedBefore = payment.value - payment.giftCardValue - cardLeftOf(payment);
    let left = amount;
    for (const charge of charges.reverse()) {
      const taken = Math.min(charge.amount, refundedBefore);
      refundedBefore -= taken;
      const part = Math.min(left, charge.amount - taken);
      if (part <= 0) continue;
      await this.refundCharge({ ...charge, amount: part });
      left -= part;
      if (left === 0) return;
    }
  }

  async cancel(payment: PaymentRecord): Promise<void> {
    await this.refundCharge({
      buyOrder: payment.orderGroup,
      storeBuyOrder: storeBuyOrderOf(payment.orderGroup),
      amount: payment.value - payment.giftCardValue,
    });
  }

  /** The mall's status of the buy order; unknown to the mall: never charged. */
  async status(payment: PaymentRecord): Promise<PaymentOutcome> {
    // Unreachable: this throws, the pass fails for it and the next asks again.
    const answer = await this.acquirer.oneclickStatus(payment.orderGroup);
    return answer ? oneclickOutcome(answer) : { kind: 'error' };
  }

  /** A buy order is authorized once: a repeat (another instance, a retry) reads what it answered. */
  private charge(username: string, tbkUser: string, buyOrder: string, amountCents: number) {
    return this.acquirer
      .oneclickAuthorize({
        username,
        tbkUser,
        buyOrder,
        storeBuyOrder: storeBuyOrderOf(buyOrder),
        amountCents,
      })
      .catch(() => this.acquirer.oneclickStatus(buyOrder));
  }

  private async refundCharge(charge: EditCharge): Promise<void> {
    await this.acquirer.oneclickRefund({
      buyOrder: charge.buyOrder,
      storeBuyOrder: charge.storeBuyOrder,
      amountCents: charge.amount,
    });
  }
}
