import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { formatCLP } from '@despensa/domain';
import { Dialog } from '../../ui/dialog';
import { useAccount } from '../account';
import { WALLET_LINK_ACTION_PATH } from './paths';
import type { WalletLinkData } from './wallet-link-server';
import { WalletStatusSnackbar } from './wallet-status-snackbar';
import './payments.css';

export const WALLET_LINK_TITLE = 'Vincula tu billetera';

/**
 * §2 wallet-link drawer, with the §6 link states: outside the wallet's cluster it only says so; a customer
 * without a wallet can create and link one, one with a wallet can link it, and a linked one sees the balance.
 * A visitor is asked to log in. Opened by /cencopay/vinculacion (over the home) and by the checkout. Once
 * linked here, the wallet-status snackbar tells the wallet's state and balance.
 */
export function WalletLinkDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<WalletLinkData>({ key: 'wallet-link' });
  const { openDialog } = useAccount();
  const { load } = fetcher;

  useEffect(() => {
    if (open) void load(WALLET_LINK_ACTION_PATH);
  }, [open, load]);

  const data = fetcher.data;
  const busy = fetcher.state !== 'idle';
  return (
    <>
      <Dialog open={open} title={WALLET_LINK_TITLE} onClose={onClose} variant="drawer">
        <div className="wallet-link" aria-busy={busy}>
          {data === undefined ? (
            <p>Cargando…</p>
          ) : data.link === null ? (
            <>
              <p>Ingresa a tu cuenta para vincular tu billetera y pagar tus compras con ella.</p>
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  onClose();
                  openDialog('login');
                }}
              >
                Ingresar
              </button>
            </>
          ) : data.link.state === 'hidden' ? (
            <p>
              La billetera aún no está disponible para tu cuenta. Puedes pagar con tus tarjetas o con una gift
              card.
            </p>
          ) : data.link.state === 'linked' ? (
            <>
              <p role="status">
                {data.linkedNow
                  ? '¡Listo! Vinculamos tu billetera a tu cuenta.'
                  : 'Tu billetera está vinculada a tu cuenta.'}
              </p>
              <p className="wallet-link__balance">Saldo disponible: {formatCLP(data.link.balance)}</p>
              <p className="payment-panel__note">
                Puedes pagar tus compras con este saldo al finalizar tu compra.
              </p>
              <button type="button" className="button button--primary" onClick={onClose}>
                Entendido
              </button>
            </>
          ) : (
            <fetcher.Form method="post" action={WALLET_LINK_ACTION_PATH} className="wallet-link">
              <p>
                {data.link.state === 'create'
                  ? 'Aún no tienes billetera. Créala y vincúlala a tu cuenta para pagar tus compras con su saldo.'
                  : 'Ya tienes una billetera. Vincúlala a tu cuenta para pagar tus compras con su saldo.'}
              </p>
              <button type="submit" className="button button--primary" disabled={busy}>
                {data.link.state === 'create' ? 'Crear y vincular billetera' : 'Vincular billetera'}
              </button>
            </fetcher.Form>
          )}
        </div>
      </Dialog>
      <WalletStatusSnackbar link={data?.linkedNow ? data.link : null} />
    </>
  );
}
