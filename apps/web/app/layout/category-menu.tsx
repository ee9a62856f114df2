import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { ShopLink } from '../ui/shop-link';
import type { LinkItem } from '@despensa/contracts';
import type { MenuCategory } from '../features/content/category-menu-data';
import { Icon } from '../ui/icon';
import { CategoryMenuDetail } from './category-menu-detail';

/**
 * §2 category dropdown as a disclosure: the 'Categorías' button shows the fixed categories; each category
 * button discloses its sub-categories and banner (beside the list on desktop, below it on mobile). Escape,
 * a click outside or a navigation closes it.
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
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggleRef.current?.focus();
    }
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
      <div id={panelId} className="category-menu__panel" hidden={!open}>
        <ul className="category-menu__list">
          {categories.map((category, index) => (
            <li key={category.url} className="category-menu__item">
              <button
                type="button"
                className="category-menu__category"
                aria-expanded={index === current}
                aria-controls={`${panelId}-${index}`}
                onClick={() => setCurrent(index)}
                onMouseEnter={() => setCurrent(index)}
              >
                <Icon name={category.icon} />
                <span>{category.title}</span>
                <Icon name="chevron" size={18} className="category-menu__chevron" />
              </button>
              <CategoryMenuDetail id={`${panelId}-${index}`} category={category} hidden={index !== current} />
            </li>
          ))}
        </ul>
        {extraLinks.length > 0 ? (
          <ul className="category-menu__extra mobile-only" aria-label="Ofertas y campañas">
            {extraLinks.map((link) => (
              <li key={link.url}>
                <ShopLink to={link.url}>{link.title}</ShopLink>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
