import { ShopLink } from '../../../ui/shop-link';
import type { Crumb } from './load-listing';

/** The trail to the current page; the last crumb is the page itself, not a link. */
export function Breadcrumbs(props: { crumbs: Crumb[]; current?: string }) {
  const { crumbs, current } = props;
  const last = current === undefined ? crumbs.length - 1 : crumbs.length;
  return (
    <nav className="breadcrumbs" aria-label="Ruta de navegación">
      <ol>
        {crumbs.slice(0, last).map((crumb) => (
          <li key={crumb.url}>
            <ShopLink to={crumb.url}>{crumb.name}</ShopLink>
          </li>
        ))}
        <li aria-current="page">{current ?? crumbs[last]?.name}</li>
      </ol>
    </nav>
  );
}
