import { Form, Link } from 'react-router';
import { orderListQuery, type OrderListQuery } from '@despensa/contracts';
import { ordersCall } from '../features/orders/orders-server';
import { PurchaseList } from '../features/orders/purchase-list';
import { RepeatLastOrder } from '../features/orders/repeat-last-order';
import { STATUS_FILTERS } from '../features/orders/labels';
import { InputField, LabelledField } from '../ui/labelled-field';
import { CURRENT_PURCHASES_PATH, OLD_PURCHASES_PATH } from '../features/orders/paths';
import '../features/orders/orders.css';
import type { Route } from './+types/purchases';

const CURRENT_PATH = CURRENT_PURCHASES_PATH;
const OLD_PATH = OLD_PURCHASES_PATH;

/** /mis-compras (current purchases) and /mis-compras-antiguas (old ones): paged from 1, filtered (§2, §7). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const scope = url.pathname.startsWith(OLD_PATH) ? 'old' : 'current';
  const asked = Object.fromEntries([...url.searchParams].filter(([, value]) => value !== ''));
  // Filters a shopper mistyped in the address bar are dropped, not an error page.
  const parsed = orderListQuery.safeParse({ ...asked, scope });
  const query: OrderListQuery = parsed.success ? parsed.data : orderListQuery.parse({ scope });
  const list = await ordersCall(context.services, request, (token) =>
    context.services.orders.list(token, query),
  );
  return { list, query, scope, brandName: context.services.brand.name };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.scope === 'old' ? 'Mis compras antiguas' : 'Mis compras';
  return [
    { title: `${title} | ${loaderData?.brandName ?? 'Despensa'}` },
    { name: 'robots', content: 'noindex' },
  ];
}

/** The filters of the list: status and a date range, as a GET of the page. */
function PurchaseFilters({
  query,
  base,
}: {
  query: Route.ComponentProps['loaderData']['query'];
  base: string;
}) {
  return (
    <Form method="get" action={base} className="orders-filters">
      <LabelledField id="orders-status" label="Estado">
        <select
          id="orders-status"
          name="f_status"
          className="field__input"
          defaultValue={query.f_status?.[0] ?? ''}
        >
          <option value="">Todos</option>
          {STATUS_FILTERS.map((status) => (
            <option key={status.value} value={status.value}>
              {status.label}
            </option>
          ))}
        </select>
      </LabelledField>
      <InputField id="orders-from" name="from" label="Desde" type="date" defaultValue={query.from ?? ''} />
      <InputField id="orders-to" name="to" label="Hasta" type="date" defaultValue={query.to ?? ''} />
      <button type="submit" className="button button--secondary">
        Filtrar
      </button>
    </Form>
  );
}

export default function Purchases({ loaderData }: Route.ComponentProps) {
  const { list, query, scope } = loaderData;
  const base = scope === 'old' ? OLD_PATH : CURRENT_PATH;
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    if (query.f_status?.length) params.set('f_status', query.f_status.join(','));
    if (query.from) params.set('from', query.from);
    if (query.to) params.set('to', query.to);
    params.set('page', String(page));
    return `${base}?${params}`;
  };
  return (
    <main className="account-page container orders-page">
      <h1 className="account-page__title">{scope === 'old' ? 'Mis compras antiguas' : 'Mis compras'}</h1>
      <nav className="orders-tabs" aria-label="Compras">
        <Link to={CURRENT_PATH} aria-current={scope === 'current' ? 'page' : undefined}>
          Compras actuales
        </Link>
        <Link to={OLD_PATH} aria-current={scope === 'old' ? 'page' : undefined}>
          Compras antiguas
        </Link>
      </nav>
      {scope === 'current' ? <RepeatLastOrder /> : null}
      <PurchaseFilters query={query} base={base} />
      <PurchaseList list={list} base={base} />
      {list.paging.pages > 1 ? (
        <nav className="orders-paging" aria-label="Páginas">
          {query.page > 1 ? <Link to={pageLink(query.page - 1)}>Anterior</Link> : null}
          <span>
            Página {list.paging.currentPage} de {list.paging.pages}
          </span>
          {query.page < list.paging.pages ? <Link to={pageLink(query.page + 1)}>Siguiente</Link> : null}
        </nav>
      ) : null}
    </main>
  );
}
