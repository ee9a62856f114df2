import { useEffect, useEffectEvent } from 'react';
import { useMatches } from 'react-router';
import { useAccount } from '../features/account/account-context';
import Home, { loader, meta } from './home';
import type { Route } from './+types/account-login';

export { loader, meta };

/** /login and /register (§2): home with the login or register dialog open over it. */
export default function HomeWithAccountDialog(props: Route.ComponentProps) {
  const { account, openDialog } = useAccount();
  const register = useMatches().at(-1)?.id === 'account-login:register';
  // Only on arrival: a closed dialog stays closed.
  const onArrival = useEffectEvent(() => {
    if (!account) openDialog(register ? 'register' : 'login');
  });
  useEffect(() => onArrival(), [register]);
  return <Home {...(props as unknown as Parameters<typeof Home>[0])} />;
}
