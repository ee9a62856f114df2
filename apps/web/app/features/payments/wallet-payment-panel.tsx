import { useEffect, useState } from 'react';
import { useFetcher, useNavigate } from 'react-router';
import { PAYMENT_IDS, formatCLP } from '@despensa/domain';
import { WALLET_LINK_ACTION_PATH, orderPlacedPath } from './paths';
import { failureOf, payThroughApi, type PaymentPanelProps } from './payment-panel';
import { useWalletCharge } from './use-wallet-charge';
import { WalletLinkDrawer } from './wallet-link-drawer';
import type { WalletLinkData } from './wallet-link-server';
import './payments.css';

export const WALLET_DECLINED_MESSAGE =
  'Tu billetera no aprobó el pago. Inténtalo nuevamente o elige otro medio de pago.';

/**
 * Paying with the wallet's balance (783). A linked wallet whose balance covers the total pays: the order is
 * placed, the wallet charged with its transaction id, and its status polled every 10 s while 200-2 (§4); on
 * 200-0 the shopper goes to the order-placed page, any other end opens the bank failure modal (§8). A wallet
 * not linked yet offers the wallet-link drawer.
 */
export function WalletPaymentPanel({ orderFormId, total, pay, onPaid, onError }: PaymentPanelProps) {
  const wallet = useFetcher<WalletLinkData>({ key: 'wallet-link' });
  const { load } = wallet;
  const navigate = useNavigate();
  const { charge, message } = useWalletCharge();
  const [paying, setPaying] = useState(false);
  const [linking, setLinking] = useState(false);

  useEffect(() => {
    void load(WALLET_LINK_ACTION_PATH);
  }, [load]);

  const link = wallet.data?.link;
  const covers = link?.state === 'linked' && link.balance >= total;

  const payWithWallet = async () => {
    setPaying(true);
    const outcome = await (pay ?? payThroughApi(orderFormId, total))({
      payments: [
        {
          paymentSystem: PAYMENT_IDS.walletBalance,
          paymentSystemName: 'Saldo billetera',
          value: total,
          installments: 1,
          installmentsInterestRate: 0,
        },
      ],
    });
    if (!outcome) return setPaying(false);
    if (!outcome.ok) {
      setPaying(false);
      return onError(failureOf(outcome));
    }
    const end = await charge('balance', outcome.answer.tId);
    setPaying(false);
    if (end === 'approved') {
      if (onPaid) onPaid(outcome.answer);
      else navigate(orderPlacedPath(outcome.answer.orderId));
    } else if (end === 'failed') onError({ modal: 'bank', message: WALLET_DECLINED_MESSAGE });
  };

  return (
    <div className="payment-panel">
      {link === undefined ? (
        <p>Cargando tu billetera…</p>
      ) : link === null || link.state === 'hidden' ? (
        <p>La billetera aún no está disponible para tu cuenta. Elige otro medio de pago.</p>
      ) : link.state !== 'linked' ? (
        <>
          <p>Vincula tu billetera a tu cuenta para pagar con su saldo.</p>
          <button type="button" className="button button--secondary" onClick={() => setLinking(true)}>
            Vincular billetera
          </button>
        </>
      ) : (
        <>
          <p className="wallet-link__balance">Saldo disponible: {formatCLP(link.balance)}</p>
          {covers ? null : (
            <p className="payment-panel__error">
              Tu saldo no alcanza para pagar esta compra de {formatCLP(total)}. Elige otro medio de pago.
            </p>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={!covers || paying}
            onClick={() => void payWithWallet()}
          >
            Pagar {formatCLP(total)} con tu billetera
          </button>
        </>
      )}
      <p className="payment-panel__progress" role="status">
        {message}
      </p>
      <WalletLinkDrawer open={linking} onClose={() => setLinking(false)} />
    </div>
  );
}
