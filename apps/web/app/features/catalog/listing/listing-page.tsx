import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Breadcrumbs } from './breadcrumbs';
import { CategoryLinks } from './category-links';
import { FacetFilters } from './facet-filters';
import { clearFiltersHref, pageHref } from './listing-query';
import type { ListingData } from './load-listing';
import { Pagination } from './pagination';
import { ProductGrid } from './product-grid';
import { SortSelect } from './sort-select';
import { formatNumber } from '../../../lib/format';

const DESKTOP_QUERY = '(min-width: 1025px)';

/** A category, search, offer or cyber listing: breadcrumbs, heading, filters, order, cards and pages. */
export function ListingPage(props: { listing: ListingData; intro?: ReactNode }) {
  const { listing } = props;
  const location = useLocation();
  return (
    <main className="listing">
      <Breadcrumbs crumbs={listing.breadcrumbs} />
      <h1 className="listing__heading">{listing.heading}</h1>
      {props.intro}
      <div className="listing__body">
        <FiltersPanel>
          <CategoryLinks links={listing.categoryLinks} />
          <FacetFilters groups={listing.filters} term={listing.term} hasFilters={listing.hasFilters} />
        </FiltersPanel>
        <section className="listing__results" aria-labelledby="listing-total">
          <div className="listing__toolbar">
            <h2 id="listing-total" className="listing__total">
              {formatNumber(listing.total)} {listing.total === 1 ? 'producto' : 'productos'}
            </h2>
            <SortSelect orderBy={listing.orderBy} hasTerm={listing.term !== ''} />
          </div>
          {listing.sponsored.length > 0 ? (
            <section className="listing__sponsored" aria-labelledby="listing-sponsored">
              <h3 id="listing-sponsored" className="listing__sponsored-heading">
                Productos patrocinados
              </h3>
              <ProductGrid products={listing.sponsored} />
            </section>
          ) : null}
          {listing.products.length > 0 ? (
            <ProductGrid products={listing.products} eager={listing.sponsored.length === 0} />
          ) : (
            <p className="listing__empty">
              {listing.total > 0 ? (
                <>
                  Esta página no tiene productos.{' '}
                  <Link to={pageHref(location, 1)}>Ir a la primera página</Link>
                </>
              ) : (
                <>
                  No hay productos con estos filtros.{' '}
                  <Link to={clearFiltersHref(location)}>Limpiar filtros</Link>
                </>
              )}
            </p>
          )}
          <Pagination page={listing.page} pageCount={listing.pageCount} />
        </section>
      </div>
    </main>
  );
}

/**
 * Collapsed behind 'Filtrar y ordenar' on phones, open beside the results on desktop. The server cannot
 * know the width, so it renders the panel closed and CSS shows its content on desktop; once scripts run
 * the panel is opened there too, so assistive technology reads it as expanded.
 */
function FiltersPanel(props: { children: ReactNode }) {
  const panel = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (panel.current && window.matchMedia(DESKTOP_QUERY).matches) panel.current.open = true;
  }, []);
  return (
    <details ref={panel} className="listing__filters">
      <summary>Filtrar</summary>
      <div className="listing__filters-content">{props.children}</div>
    </details>
  );
}
