import { useLocation } from 'react-router';
import { ShopLink } from '../../../ui/shop-link';
import { pageHref } from './listing-query';

/** Pages around the current one, plus the first and the last; null marks a gap. */
export function visiblePages(page: number, pageCount: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let each = 1; each <= pageCount; each++) {
    const near = Math.abs(each - page) <= 2 || each === 1 || each === pageCount;
    if (near) pages.push(each);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}

export function Pagination(props: { page: number; pageCount: number }) {
  const { page, pageCount } = props;
  const location = useLocation();
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Páginas de resultados">
      {page > 1 && (
        <ShopLink to={pageHref(location, page - 1)} rel="prev" className="pagination__step">
          Anterior
        </ShopLink>
      )}
      <ol>
        {visiblePages(page, pageCount).map((each, position) =>
          each === null ? (
            <li key={`gap-${position}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={each}>
              {each === page ? (
                <span aria-current="page">
                  <span className="visually-hidden">Página </span>
                  {each}
                </span>
              ) : (
                <ShopLink to={pageHref(location, each)} aria-label={`Página ${each}`}>
                  {each}
                </ShopLink>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pageCount && (
        <ShopLink to={pageHref(location, page + 1)} rel="next" className="pagination__step">
          Siguiente
        </ShopLink>
      )}
    </nav>
  );
}
