import type { PaymentChannel } from '@despensa/domain';
import type { WalletService } from '../../modules/wallet/service';
import type { Acquirer } from '../acquirer/acquirer';
import type { GiftCardProvider } from '../giftcard/giftcard';
import { GiftCardPaymentProvider } from './gift-card';
import { OneclickProvider } from './oneclick';
import type { PaymentProvider } from './provider';
import { WalletPaymentProvider } from './wallet';
import { WebpayProvider } from './webpay';

export interface PaymentOutsideWorld {
  acquirer: Acquirer;
  giftCards: GiftCardProvider;
  wallet: WalletService;
  clock: () => Date;
  log: (message: string) => void;
}

/**
 * Every payment provider, keyed by the channel of the domain's payment table (PAYMENT_SYSTEMS): a
 * payment is placed, paid, settled, refunded and reconciled through `of(payment.channel)`. The Webpay
 * return, the wallet's codes and a payment's gift-card part also reach their own provider by name.
 */
export class PaymentProviders {
  readonly webpay: WebpayProvider;
  readonly giftCard: GiftCardPaymentProvider;
  readonly wallet: WalletPaymentProvider;
  private readonly byChannel = new Map<PaymentChannel, PaymentProvider>();

  constructor({ acquirer, giftCards, wallet, clock, log }: PaymentOutsideWorld) {
    this.webpay = new WebpayProvider(acquirer, clock);
    this.giftCard = new GiftCardPaymentProvider(giftCards);
    this.wallet = new WalletPaymentProvider(wallet);
    for (const provider of [
      this.webpay,
      new OneclickProvider(acquirer, wallet, log),
      this.wallet,
      this.giftCard,
    ])
      this.register(provider);
  }

  /** Adds a provider, or replaces its channel's (a test's fake provider). */
  register(provider: PaymentProvider): void {
    this.byChannel.set(provider.channel, provider);
  }

  of(channel: PaymentChannel): PaymentProvider {
    const provider = this.byChannel.get(channel);
    if (!provider) throw new Error(`no payment provider for ${channel}`);
    return provider;
  }
}
