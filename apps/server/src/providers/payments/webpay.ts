import type { PaymentRecord } from '../../modules/orders/service';
import {
  ACQUIRER_TOKEN_LIFETIME_MS,
  LEFT_UNPAID,
  type Acquirer,
  type AcquirerPayment,
} from '../acquirer/acquirer';
import {
  noCapture,
  type PaymentOutcome,
  type PaymentPage,
  type PaymentProvider,
  type Waiting,
} from './provider';

/** An unpaid token past its lifetime (by the acquirer's own transaction date) can never be paid. */
function tokenOver(answer: AcquirerPayment, now: Date): boolean {
  const created = Date.parse(answer.transactionDate);
  return Number.isFinite(created) && now.getTime() - created > ACQUIRER_TOKEN_LIFETIME_MS;
}

/** Webpay Plus: the shopper pays the card part on the acquirer's page, after the order is placed. */
export class WebpayProvider implements PaymentProvider {
  readonly channel = 'webpayRedirect' as const;
  readonly paysOnPage = true;

  constructor(
    private readonly acquirer: Acquirer,
    /** The shop's clock (a token's lifetime is read against it). */
    private readonly clock: () => Date,
  ) {}

  async initiate(): Promise<void> {}

  /** `origin`: the shop as the shopper reaches it (the acquirer's return comes back there). */
  page(payment: PaymentRecord, origin: string): Promise<PaymentPage> {
    return this.acquirer.create({
      buyOrder: payment.orderGroup,
      sessionId: payment.orderFormId,
      amountCents: payment.value - payment.giftCardValue,
      returnUrl: `${origin}/checkout/retorno`,
    });
  }

  async authorize(): Promise<null> {
    return null;
  }

  capture = noCapture;

  async refund(payment: PaymentRecord, amount: number): Promise<void> {
    if (!payment.acquirerToken) throw new Error('no acquirer token');
    await this.acquirer.refund(payment.acquirerToken, amount);
  }

  async cancel(payment: PaymentRecord): Promise<void> {
    await this.acquirer.refund(payment.acquirerToken!, payment.value - payment.giftCardValue);
  }

  async status(payment: PaymentRecord): Promise<PaymentOutcome | Waiting> {
    return payment.acquirerToken ? this.outcome(payment.acquirerToken, false) : { kind: 'error' };
  }

  /**
   * What the acquirer says of a token: commit it (once paid, only the first commit succeeds), else read
   * its status. `returned`: the shopper came back with token_ws (a status still INITIALIZED fails it);
   * otherwise a payment still INITIALIZED within the token's lifetime is `waiting`. A commit refused
   * because the shopper left the acquirer's page is its word that nothing was paid.
   */
  async outcome(token: string, returned: boolean): Promise<PaymentOutcome | Waiting> {
    let answer: AcquirerPayment;
    try {
      answer = await this.acquirer.commit(token);
    } catch (error) {
      const message = (error as Error).message;
      if (LEFT_UNPAID.test(message))
        return { kind: 'rejected', details: { acquirer: message }, failure: { code: 'paymentRejected' } };
      answer = await this.acquirer.status(token);
      if (answer.status === 'INITIALIZED' && !returned && !tokenOver(answer, this.clock()))
        return { kind: 'waiting' };
    }
    if (answer.status === 'AUTHORIZED' && answer.responseCode === 0)
      return { kind: 'approved', details: { ...answer } };
    return { kind: 'rejected', details: { ...answer }, failure: { code: 'paymentRejected' } };
  }
}
