import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { ROUTE_SCROLL_DELAY_MS } from '@despensa/domain';

/**
 * §2: a route change scrolls to the top after ROUTE_SCROLL_DELAY_MS. Back/forward keeps the browser's
 * restored position and a link to an anchor keeps its target.
 */
export function useRouteChangeScroll(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'POP' || hash) return;
    const timer = setTimeout(() => window.scrollTo({ top: 0 }), ROUTE_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, hash, navigationType]);
}
