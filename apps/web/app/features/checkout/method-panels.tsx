import { useState } from 'react';
import type { OrderForm } from '@despensa/contracts';
import { isGiftCardErrorCode } from '@despensa/domain';
import { GiftCardDialog, OneClickPaymentPanel, WalletPaymentPanel } from '../payments';
import { isWalletPayment, refusalOf, type CheckoutActionResult } from './action-result';
import type { FailedPaymentKind } from './payment-failures';
import { useChanged } from '../../lib/use-changed';

/**
 * The payments feature's panels in the payment step (their fields go with its 'Pagar'), and what a method's
 * panel gets once the shopper chooses it.
 */
export interface PaymentMethodPanelProps {
  orderForm: OrderForm;
  brandName: string;
  /** What the purchase costs paid with this method, delivery included (the transaction's value). */
  total: number;
  /** The step's last answer: a refusal, or an order placed and waiting for the panel (the wallet's charge). */
  result: CheckoutActionResult | undefined;
  /** The step's form is being sent. */
  busy: boolean;
  /** Opens the failed-payment modal of that kind (§8). */
  onFailure: (kind: FailedPaymentKind) => void;
}

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
  // Each new refusal opens the dialog again.
  if (useChanged(result) && refusal) setOpen(true);
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
