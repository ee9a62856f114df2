import type { PaymentChannel } from '@despensa/domain';
import type { PaymentRecord } from '../../src/modules/orders/service';
import type {
  EditCharge,
  PaymentOutcome,
  PaymentProvider,
  Waiting,
} from '../../src/providers/payments/provider';

/**
 * A way of paying that exists only in tests: it approves at once (or, told to wait, when the
 * reconciliation asks) and writes down every call, so a test sees the flows reach it through the
 * interface alone. Registered over a channel of the domain's payment table: `app.checkout.payments.register`.
 */
export class FakePaymentProvider implements PaymentProvider {
  readonly paysOnPage = false;
  /** Every call the flows made, in order: [method, payment group or amount]. */
  readonly calls: [string, string | number][] = [];
  /** Approve at `authorize` (the default), or leave the payment pending for `status` to approve. */
  approveAt: 'authorize' | 'status' = 'authorize';

  constructor(readonly channel: PaymentChannel) {}

  async initiate(entry: { userId: string }): Promise<void> {
    this.calls.push(['initiate', entry.userId]);
  }

  async page(): Promise<null> {
    return null;
  }

  async authorize(payment: PaymentRecord): Promise<PaymentOutcome | null> {
    this.calls.push(['authorize', payment.orderGroup]);
    return this.approveAt === 'authorize' ? this.approval(payment) : null;
  }

  async capture(payment: PaymentRecord, amount: number) {
    this.calls.push(['capture', amount]);
    const charge: EditCharge = { buyOrder: `${payment.orderGroup}F`, storeBuyOrder: '', amount };
    return { charge, undo: async () => void this.calls.push(['undo', amount]) };
  }

  async refund(_payment: PaymentRecord, amount: number): Promise<void> {
    this.calls.push(['refund', amount]);
  }

  async cancel(payment: PaymentRecord): Promise<void> {
    this.calls.push(['cancel', payment.orderGroup]);
  }

  async status(payment: PaymentRecord): Promise<PaymentOutcome | Waiting> {
    this.calls.push(['status', payment.orderGroup]);
    return this.approval(payment);
  }

  private approval(payment: PaymentRecord): PaymentOutcome {
    return { kind: 'approved', details: { fake: `F-${payment.orderGroup}` } };
  }
}
