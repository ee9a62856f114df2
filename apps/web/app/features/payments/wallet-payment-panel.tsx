import { useEffect, useRef, useState } from 'react';
import { useFetcher, useNavigate } from 'react-router';
import { formatCLP } from '@despensa/domain';
import { WALLET_LINK_ACTION_PATH, orderPlacedPath } from './paths';
import type { PaymentFailureKind, PlacedWalletPayment } from './payment-panel';
import { useWalletCharge } from './use-wallet-charge';
import { WalletLinkDrawer } from './wallet-link-drawer';
import type { WalletLinkData } from './wallet-link-server';
import './payments.css';

/**
 * Paying with the wallet's balance (783), inside the payment step's form. It shows the balance (or offers
 * the wallet-link drawer to a wallet not linked yet) and says when it does not cover the total. Once the
 * step's 'Pagar' placed the order (`placed`), it charges the wallet with the transaction id and polls every
 * 10 s while 200-2 with the two §4 messages; on 200-0 the shopper goes to the order-placed page (or
 * `onPaid`), any other end asks for the bank failure modal (§8).
 */
export function WalletPaymentPanel({
  total,
  placed,
  onPaid,
  onFailure,
}: {
  /** What the purchase costs with the wallet's prices, in cents. */
  total: number;
  /** The order the step placed with this method, waiting for its charge; null before. */
  placed: PlacedWalletPayment | null;
  onPaid?: (orderGroup: string) => void;
  onFailure: (kind: PaymentFailureKind) => void;
}) {
  const wallet = useFetcher<WalletLinkData>({ key: 'wallet-link' });
  const { load } = wallet;
  const navigate = useNavigate();
  const { charge, message } = useWalletCharge();
  const [linking, setLinking] = useState(false);
  const charged = useRef<PlacedWalletPayment | null>(null);

  useEffect(() => {
    void load(WALLET_LINK_ACTION_PATH);
  }, [load]);

  useEffect(() => {
    // Once per answer of the step's 'Pagar' (the charge itself is idempotent per tId on the server).
    if (!placed || charged.current === placed) return;
    charged.current = placed;
    void charge('balance', placed.tId).then((end) => {
      if (end === 'approved') {
        if (onPaid) onPaid(placed.orderGroup);
        else navigate(orderPlacedPath(placed.orderGroup));
      } else if (end === 'failed') onFailure('bank');
    });
  }, [placed, charge, navigate, onPaid, onFailure]);

  const link = wallet.data?.link;
  return (
    <div className="payment-panel">
      {link === undefined ? (
        <p className="payment-panel__note">Cargando tu billetera…</p>
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
          {link.balance < total ? (
            <p className="payment-panel__error">
              Tu saldo no alcanza para pagar esta compra de {formatCLP(total)}. Elige otro medio de pago.
            </p>
          ) : null}
        </>
      )}
      <p className="payment-panel__progress" role="status">
        {message}
      </p>
      <WalletLinkDrawer open={linking} onClose={() => setLinking(false)} />
    </div>
  );
}
