import { useEffect, useEffectEvent } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { TrackedEvent } from './analytics';
import { setAnalyticsPage, track } from './analytics';
import { pageTypeOf } from './page-type';
import { takeLoggedInMark } from '../account';

interface PageData {
  /** routes/search: the words searched and how many products they found (null for a category path). */
  search?: { term: string; results: number } | null;
  /** routes/empty-search: the term that found nothing. */
  term?: string;
  /** routes/product. */
  product?: { productId: string };
  summary?: { skuId?: string };
}

const ORDER_PLACED = /^\/checkout\/orderPlaced\/?$/;

/**
 * The events a page brings when it is shown: its view, and a search, a product view, a checkout step or
 * (the order-placed page, §7) the purchase with the visitor's e-mail.
 */
export function pageEvents(
  routeId: string | undefined,
  data: PageData | undefined,
  location: { pathname: string; search: string },
  email: string | null,
): TrackedEvent[] {
  const events: TrackedEvent[] = [{ type: 'page_view' }];
  const orderGroup = new URLSearchParams(location.search).get('og');
  if (ORDER_PLACED.test(location.pathname) && orderGroup)
    events.push({ type: 'purchase', orderId: orderGroup.slice(0, 64), ...(email ? { email } : {}) });
  else if (/^\/(new-)?checkout(\/|$)/.test(location.pathname))
    events.push({ type: 'checkout_step', step: location.pathname.split('/')[2] || 'inicio' });
  if (data?.search) events.push({ type: 'search', term: data.search.term, results: data.search.results });
  if (routeId === 'routes/empty-search' && data?.term)
    events.push({ type: 'search', term: data.term, results: 0 });
  if (routeId === 'routes/product' && data?.product)
    events.push({
      type: 'product_view',
      productId: data.product.productId,
      ...(data.summary?.skuId ? { skuId: data.summary.skuId } : {}),
    });
  return events;
}

/** Tracks every page shown (the first and each in-app navigation); `enabled` false until consent. */
export function usePageAnalytics(enabled: boolean, email: string | null): void {
  const location = useLocation();
  const matches = useMatches();
  const leaf = matches.at(-1);
  const type = pageTypeOf(location.pathname, leaf?.id);
  const path = location.pathname + location.search;
  const pageShown = useEffectEvent(() => {
    setAnalyticsPage(type, path);
    // Read even without consent: the mark is for this page only.
    const loggedIn = takeLoggedInMark();
    if (!enabled) return;
    for (const event of pageEvents(leaf?.id, leaf?.data as PageData | undefined, location, email))
      track(event);
    if (loggedIn) track({ type: 'login' });
  });
  // Once per location (its key): revalidations of the same page are not new views.
  useEffect(() => pageShown(), [location.key, enabled]);
}
