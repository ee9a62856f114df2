import { NavLink } from 'react-router';
import type { LinkItem } from '@despensa/contracts';

/** Offers and campaigns from the `menu` document, beside the category menu on desktop. */
export function HeaderLinks({ offers, campaigns }: { offers: LinkItem[]; campaigns: LinkItem[] }) {
  return (
    <nav aria-label="Ofertas y campañas" className="header-links">
      <ul className="container header-links__list">
        {[...offers, ...campaigns].map((link) => (
          <li key={link.url}>
            <NavLink to={link.url} className="header-links__link" prefetch="intent">
              {link.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
