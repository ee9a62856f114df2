import { useEffect, type AnchorHTMLAttributes } from 'react';
import { useNavigate } from 'react-router';
import { markup, type Markup } from '../lib/markup';

/** Marks the links that useShopLinkNavigation takes over. */
const SHOP_LINK_ATTRIBUTE = 'data-shop-link';

/**
 * A link inside the shop that costs what an <a> costs. A listing renders ~135 links (cards, menu,
 * footer); as React Router <Link>s each ran five hooks at hydration (~2 ms each on a phone, measured).
 * This one is a plain anchor, and one listener on the document (useShopLinkNavigation, mounted by the
 * root) turns its clicks into client navigations. Before scripts it is an ordinary link.
 */
export function ShopLink({ to, ...anchor }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return <a {...anchor} href={to} {...{ [SHOP_LINK_ATTRIBUTE]: '' }} />;
}

/** A plain left click on a same-origin ShopLink, without a modifier that asks for a new tab or window. */
function navigationTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest(`a[${SHOP_LINK_ATTRIBUTE}]`) : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const url = new URL(anchor.href);
  if (url.origin !== window.location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A ShopLink inside markup drawn as one piece (ui/static-markup.tsx). */
export function shopLinkMarkup(to: string, content: Markup | string, className?: string): Markup {
  return markup`<a href="${to}" ${className ? markup` class="${className}"` : ''} ${SHOP_LINK_ATTRIBUTE}="">${content}</a>`;
}

/** Client navigation for every ShopLink of the page (React's own click handlers run first). */
export function useShopLinkNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const to = navigationTarget(event);
      if (to === null) return;
      event.preventDefault();
      void navigate(to);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}
