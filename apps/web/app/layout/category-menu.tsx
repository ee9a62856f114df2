import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import { useLocation } from 'react-router';
import type { LinkItem } from '@despensa/contracts';
import type { MenuCategory } from '../features/content/category-menu-data';
import { markup, type Markup } from '../lib/markup';
import { Icon, iconMarkup } from '../ui/icon';
import { shopLinkMarkup } from '../ui/shop-link';
import { StaticMarkup } from '../ui/static-markup';
import { categoryMenuDetailMarkup } from './category-menu-detail';
import { useChanged } from '../lib/use-changed';

const CATEGORY_INDEX = 'data-category-index';

/**
 * §2 category dropdown as a disclosure: the 'Categorías' button shows the fixed categories; each category
 * button discloses its sub-categories and banner (beside the list on desktop, below it on mobile). Escape,
 * a click outside or a navigation closes it.
 *
 * The categories are the same on every page, so they are drawn as markup (ui/static-markup.tsx) with the
 * first one disclosed; the one the shopper picks is disclosed on those elements when it changes. They are
 * drawn when the menu first opens, not with the page: ~300 elements no first paint needs (issue 33). Crawlers
 * find the categories through the sitemap and the links of the home and the category pages.
 */
export function CategoryMenu({
  categories,
  extraLinks,
}: {
  categories: MenuCategory[];
  /** Offers and campaigns, listed inside the menu on mobile where the links bar is hidden. */
  extraLinks: LinkItem[];
}) {
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState(0);
  const [drawn, setDrawn] = useState(false);
  if (open && !drawn) setDrawn(true);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Any navigation closes it.
  if (useChanged(`${location.pathname}${location.search}`) && open) setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useLayoutEffect(() => {
    for (const button of panelRef.current?.querySelectorAll(`[${CATEGORY_INDEX}]`) ?? []) {
      const disclosed = button.getAttribute(CATEGORY_INDEX) === String(current);
      button.setAttribute('aria-expanded', String(disclosed));
      const detail = document.getElementById(button.getAttribute('aria-controls') ?? '');
      if (detail) detail.hidden = !disclosed;
    }
  }, [current, drawn]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggleRef.current?.focus();
    }
  };
  // A click or the pointer on a category button discloses that category.
  const disclose = (event: SyntheticEvent) => {
    const button = event.target instanceof Element ? event.target.closest(`[${CATEGORY_INDEX}]`) : null;
    if (button) setCurrent(Number(button.getAttribute(CATEGORY_INDEX)));
  };

  return (
    <div className="category-menu" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={toggleRef}
        type="button"
        className="category-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name={open ? 'close' : 'menu'} />
        <span className="category-menu__toggle-label">Categorías</span>
      </button>
      <div
        id={panelId}
        ref={panelRef}
        className="category-menu__panel"
        hidden={!open}
        onClick={disclose}
        onMouseOver={disclose}
      >
        {drawn ? <StaticMarkup markup={categoryListMarkup(panelId, categories, extraLinks)} /> : null}
      </div>
    </div>
  );
}

function categoryListMarkup(panelId: string, categories: MenuCategory[], extraLinks: LinkItem[]): Markup {
  return markup`<ul class="category-menu__list">${categories.map(
    (category, index) =>
      markup`<li class="category-menu__item"><button type="button" class="category-menu__category" aria-expanded="${index === 0 ? 'true' : 'false'}" aria-controls="${panelId}-${index}"${CATEGORY_INDEX}="${index}">${iconMarkup(category.icon)}<span>${
        category.title
      }</span>${iconMarkup('chevron', 18, 'category-menu__chevron')}</button>${categoryMenuDetailMarkup(`${panelId}-${index}`, category, index !== 0)}</li>`,
  )}</ul>${
    extraLinks.length > 0 &&
    markup`<ul class="category-menu__extra mobile-only" aria-label="Ofertas y campañas">${extraLinks.map((link) => markup`<li>${shopLinkMarkup(link.url, link.title)}</li>`)}</ul>`
  }`;
}
