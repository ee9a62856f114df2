import { ShopLink } from '../../../ui/shop-link';
import type { CategoryLink } from './load-listing';

/** The sub-categories of a category page, to walk down the tree. */
export function CategoryLinks(props: { links: CategoryLink[] }) {
  if (props.links.length === 0) return null;
  return (
    <nav className="category-links" aria-label="Subcategorías">
      <ul>
        {props.links.map((link) => (
          <li key={link.url}>
            <ShopLink to={link.url}>
              {link.name} <span className="facet-filters__count">({link.quantity})</span>
            </ShopLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
