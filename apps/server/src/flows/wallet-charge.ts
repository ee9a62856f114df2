import { Failure, type WalletCharge } from '@despensa/contracts';
import type { OrdersService } from '../modules/orders/service';
import type { WalletService } from '../modules/wallet/service';
import type { Checkout } from './place-order';

/**
 * §4's wallet payment: the shopper's app charges a checkout transaction to the wallet, then polls the
 * charge's code. The amount is what the pending payment is for (orders); every code read is told to
 * checkout, which pays the order on 200-0 and fails it on another end state.
 */
export class WalletCharges {
  constructor(
    private readonly modules: { wallet: WalletService; orders: OrdersService },
    private readonly checkout: Checkout,
  ) {}

  /** Idempotent per transaction: a retry answers the first charge's code. */
  async charge(userId: string, input: { idCard: string; tId: string }): Promise<WalletCharge> {
    const { wallet, orders } = this.modules;
    const earlier = await wallet.chargeOfTransaction(userId, input.tId);
    if (earlier) return this.status(userId, earlier);
    const cardToken = await wallet.cardToken(userId, input.idCard);
    const amountCents = await orders.walletAmount(input.tId, userId);
    if (amountCents === null) throw new Failure('walletTransactionNotFound');
    return this.status(userId, await wallet.charge(userId, { ...input, cardToken, amountCents }));
  }

  /** 200-2 while the wallet processes, 200-0 approved, else failed. */
  async status(userId: string, internalCode: string): Promise<WalletCharge> {
    const { tId, code } = await this.modules.wallet.status(userId, internalCode);
    await this.checkout.walletCode(tId, code);
    return { internalCode, code };
  }
}
