import { useCallback, useState } from 'react';
import type { WalletLink } from '@despensa/contracts';
import { WALLET_SNACKBAR_MS, formatCLP } from '@despensa/domain';
import { Snackbar } from '../../ui/snackbar';
import { useChanged } from '../../lib/use-changed';

/** The §2 wallet-status snackbar's text for a §6 link state (nothing outside the wallet's cluster). */
export function walletStatusMessage(link: WalletLink): string | null {
  switch (link.state) {
    case 'linked':
      return `Tu billetera quedó vinculada. Saldo disponible: ${formatCLP(link.balance)}`;
    case 'link':
      return 'Tu billetera aún no está vinculada a tu cuenta. Vincúlala para pagar tus compras con su saldo.';
    case 'create':
      return 'Aún no tienes billetera. Créala para pagar tus compras con su saldo.';
    default:
      return null;
  }
}

/** §2 wallet-status snackbar (§9: 15 s): the wallet's state once it is linked or back from the wallet. */
export function WalletStatusSnackbar({ link }: { link: WalletLink | null }) {
  const [message, setMessage] = useState(() => (link ? walletStatusMessage(link) : null));
  if (useChanged(link)) setMessage(link ? walletStatusMessage(link) : null);
  const close = useCallback(() => setMessage(null), []);
  return <Snackbar message={message} durationMs={WALLET_SNACKBAR_MS} onClose={close} />;
}
