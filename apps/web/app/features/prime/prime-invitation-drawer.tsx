import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PRIME_BENEFIT_TEXTS, PRIME_INVITATION_DELAY_MS, showsPrimeInvitation } from '@despensa/domain';
import { Dialog } from '../../ui/dialog';
import { useAccount } from '../account';
import { useShopperFeatures } from '../lists';
import { isCheckoutPath } from '../../lib/layout-rules';

/** Once dismissed, the invitation stays closed for the rest of the visit. */
const DISMISSED_KEY = 'prime-invitation-dismissed';

/** §2 Prime invitation drawer: opens after 3 s under the §4 rule (showsPrimeInvitation), never in checkout. */
export function PrimeInvitationDrawer() {
  const { account } = useAccount();
  const { flags } = useShopperFeatures();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const invited =
    flags.prime &&
    account !== null &&
    showsPrimeInvitation({
      member: account.prime,
      countOrder: account.countOrder,
      inCheckout: isCheckoutPath(pathname),
    });

  useEffect(() => {
    if (!invited || sessionStorage.getItem(DISMISSED_KEY)) return;
    const timer = setTimeout(() => setOpen(true), PRIME_INVITATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [invited]);

  const close = () => {
    sessionStorage.setItem(DISMISSED_KEY, '1');
    setOpen(false);
  };
  return (
    <Dialog open={open && invited} title="Hazte Prime" onClose={close} variant="drawer">
      <ul className="prime-benefits">
        {PRIME_BENEFIT_TEXTS.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <Link to="/mi-cuenta/prime" className="button button--primary" onClick={close}>
        Quiero ser Prime
      </Link>
    </Dialog>
  );
}
