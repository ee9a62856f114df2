import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { Link, useLocation } from 'react-router';
import { BREAKPOINTS } from '@despensa/domain';
import { Breadcrumbs } from './breadcrumbs';
import { CategoryLinks } from './category-links';
import { FacetFilters } from './facet-filters';
import { clearFiltersHref, pageHref } from './listing-query';
import type { ListingData } from './load-listing';
import { Pagination } from './pagination';
import { ProductGrid } from './product-grid';
import { SortSelect } from './sort-select';
import { formatNumber } from '../../../lib/format';
import { Icon } from '../../../ui/icon';
import { useHydrated } from '../../../lib/use-hydrated';
import { useMediaQuery } from '../../../lib/use-media-query';

const DESKTOP_QUERY = `(min-width: ${BREAKPOINTS.desktop}px)`;

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
        <FiltersPanel total={listing.total}>
          <CategoryLinks links={listing.categoryLinks} />
          <FacetFilters groups={listing.filters} term={listing.term} hasFilters={listing.hasFilters} />
        </FiltersPanel>
        <section className="listing__results" aria-labelledby="listing-total">
          <div className="listing__toolbar">
            <h2 id="listing-total" className="listing__total">
              {productCount(listing.total)}
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

function productCount(total: number): string {
  return `${formatNumber(total)} ${total === 1 ? 'producto' : 'productos'}`;
}

/**
 * Beside the results on desktop. On a phone, once scripts run, a 'Filtrar' drawer over the page (a
 * modal <dialog>: focus stays in it, Escape closes it) with the results count and 'Ver N productos',
 * so a shopper ticking filters never scrolls past every facet to reach the products. Before scripts (and
 * the server, which cannot know the width) it is a <details> collapsed behind 'Filtrar' whose form
 * applies with 'Aplicar filtros'; CSS shows its content on desktop, and scripts open it there so
 * assistive technology reads it as expanded.
 *
 * The filters move into the drawer when the shopper first opens it, not at hydration: moving them then
 * re-created ~200 elements in one task the phone could not interrupt. Until then they stay in the
 * hidden panel, so the order select's form (form attribute) is still in the page.
 */
function FiltersPanel(props: { total: number; children: ReactNode }) {
  const panel = useRef<HTMLDetailsElement>(null);
  const hydrated = useHydrated();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [drawerOpened, setDrawerOpened] = useState(false);
  useEffect(() => {
    if (panel.current && desktop) panel.current.open = true;
  }, [desktop]);
  const phone = hydrated && !desktop;
  if (phone && drawerOpened) {
    return <FilterDrawer total={props.total}>{props.children}</FilterDrawer>;
  }
  return (
    <>
      {phone && (
        <div className="listing__filters">
          <FilterDrawerOpener onClick={() => setDrawerOpened(true)} />
        </div>
      )}
      <details ref={panel} className="listing__filters" hidden={phone}>
        <summary>Filtrar</summary>
        <div className="listing__filters-content">{props.children}</div>
      </details>
    </>
  );
}

function FilterDrawerOpener({ onClick, ref }: { onClick: () => void; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      ref={ref}
      type="button"
      className="listing__filters-button"
      aria-haspopup="dialog"
      onClick={onClick}
    >
      Filtrar
    </button>
  );
}

/**
 * The phone's filter drawer. Its form stays in the page while it is closed: the order select belongs
 * to it (form attribute), and every change still applies at once, the count following.
 */
function FilterDrawer(props: { total: number; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  // Mounted by the shopper's first 'Filtrar': it opens at once.
  useEffect(() => dialog.current?.showModal(), []);
  const close = () => dialog.current?.close();
  const count = productCount(props.total);
  return (
    <div className="listing__filters">
      <FilterDrawerOpener ref={opener} onClick={() => dialog.current?.showModal()} />
      <dialog
        ref={dialog}
        className="dialog dialog--drawer listing__drawer"
        aria-labelledby={titleId}
        onClose={() => opener.current?.focus()}
      >
        <div className="listing__drawer-header">
          <h2 id={titleId} className="dialog__title">
            Filtrar
          </h2>
          <p className="listing__drawer-count" role="status">
            {count}
          </p>
          <button type="button" className="icon-button" aria-label="Cerrar" onClick={close}>
            <Icon name="close" />
          </button>
        </div>
        <div className="listing__drawer-body">{props.children}</div>
        <div className="listing__drawer-footer">
          <button type="button" className="button button--primary" onClick={close}>
            Ver {count}
          </button>
        </div>
      </dialog>
    </div>
  );
}
