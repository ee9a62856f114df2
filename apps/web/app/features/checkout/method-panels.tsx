import { useEffect, useState } from 'react';
import { isGiftCardErrorCode } from '@despensa/domain';
import { GiftCardDialog } from '../payments/gift-card-dialog';
import { OneClickPaymentPanel } from '../payments/one-click-payment-panel';
import { WalletPaymentPanel } from '../payments/wallet-payment-panel';
import { isWalletPayment, refusalOf } from './action-result';
import type { PaymentMethodPanelProps } from './payment-methods';

/** The payments feature's panels in the payment step (their fields go with its 'Pagar'). */

export function OneClickMethodPanel() {
  return <OneClickPaymentPanel />;
}

export function WalletMethodPanel({ total, result, onFailure }: PaymentMethodPanelProps) {
  const placed = isWalletPayment(result) ? result.walletPayment : null;
  return <WalletPaymentPanel total={total} placed={placed} onFailure={onFailure} />;
}

/** Choosing the gift card opens its dialog; the issuer's refusal (a §8 code) is told there. */
export function GiftCardMethodPanel({ total, result, busy }: PaymentMethodPanelProps) {
  const [open, setOpen] = useState(true);
  // The issuer's refusals carry their §8 code as the field.
  const refused = refusalOf(result);
  const refusal = refused?.field && isGiftCardErrorCode(refused.field) ? refused.error : null;
  useEffect(() => {
    if (refusal) setOpen(true);
  }, [result, refusal]);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        Ingresar gift card
      </button>
      <GiftCardDialog
        open={open}
        onClose={() => setOpen(false)}
        total={total}
        refusal={refusal}
        busy={busy}
      />
    </>
  );
}
