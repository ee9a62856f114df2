import { WALLET_APPROVED_CODE, WALLET_PROCESSING_CODE } from '@despensa/domain';
import type { PaymentRecord } from '../../modules/orders/service';
import type { WalletService } from '../../modules/wallet/service';
import { cardLeftOf, noCapture, type PaymentOutcome, type PaymentProvider, type Waiting } from './provider';

/**
 * The group's wallet (balance or a card saved in it): the shopper confirms the charge in the wallet
 * (POST /wallet/transaction), which tells each code it reads; it gives money back only whole.
 */
export class WalletPaymentProvider implements PaymentProvider {
  readonly channel = 'wallet' as const;
  readonly paysOnPage = false;

  constructor(private readonly wallet: WalletService) {}

  async initiate(): Promise<void> {}

  async page(): Promise<null> {
    return null;
  }

  /** Nothing at placement: the charge comes when the shopper confirms it in the wallet. */
  async authorize(): Promise<null> {
    return null;
  }

  capture = noCapture;

  async refund(payment: PaymentRecord, amount: number): Promise<void> {
    const internalCode = payment.authorization?.internalCode;
    if (amount !== cardLeftOf(payment) || typeof internalCode !== 'string')
      throw new Error('wallet refunds whole');
    if (!(await this.wallet.refund(internalCode))) throw new Error('wallet refund refused');
  }

  async cancel(_payment: PaymentRecord, details: Record<string, unknown>): Promise<void> {
    if (typeof details.internalCode === 'string') await this.wallet.refund(details.internalCode);
  }

  /** Its charge's code: 200-2 waits, none was never charged. */
  async status(payment: PaymentRecord): Promise<PaymentOutcome | Waiting> {
    const charge = await this.wallet.chargeCodeOf(payment.id);
    if (!charge) return { kind: 'error' };
    if (charge.code === WALLET_PROCESSING_CODE) return { kind: 'waiting' };
    return walletOutcome(charge.code, charge.internalCode);
  }

  /** A code the wallet told (§4): 200-0 pays the order, another end state fails it; 200-2 waits. */
  async told(payment: PaymentRecord, code: string): Promise<PaymentOutcome | Waiting> {
    if (code === WALLET_PROCESSING_CODE) return { kind: 'waiting' };
    const charge = await this.wallet.chargeCodeOf(payment.id);
    return walletOutcome(code, charge?.internalCode);
  }

  savedCard(payment: PaymentRecord): Promise<string | null> {
    return this.wallet.cardOfTransaction(payment.id);
  }
}

function walletOutcome(code: string, internalCode: string | undefined): PaymentOutcome {
  const details = { walletCode: code, internalCode };
  return code === WALLET_APPROVED_CODE
    ? { kind: 'approved', details }
    : { kind: 'rejected', details, failure: { code: 'paymentRejected', field: code } };
}
