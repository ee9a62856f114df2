import { Form, Link } from 'react-router';
import type { BackOfficeProductHit } from '@despensa/contracts';
import { backOffice, requireMerchandiser } from '../features/admin/admin-server';
import type { Route } from './+types/admin-catalog';
import { ColumnHeads } from '../ui/column-heads';

/** /admin/catalogo?q=leche: find a product by its name, its id, a SKU's id or its EAN. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { token } = await requireMerchandiser(context.services, request);
  const text = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100);
  const hits = text
    ? await backOffice<BackOfficeProductHit[]>(context.services, request, token, {
        path: `/api/admin/catalog/products?${new URLSearchParams({ q: text })}`,
      })
    : null;
  return { text, hits };
}

export default function AdminCatalog({ loaderData }: Route.ComponentProps) {
  const { text, hits } = loaderData;
  return (
    <>
      <h1>Catálogo</h1>
      <Form method="get" role="search" className="console-card admin-form">
        <label>
          Buscar producto
          <input
            type="search"
            name="q"
            defaultValue={text}
            required
            maxLength={100}
            aria-describedby="catalog-search-hint"
          />
        </label>
        <p id="catalog-search-hint">Por nombre, número de producto, número de SKU o EAN.</p>
        <button type="submit" className="button button--primary">
          Buscar
        </button>
      </Form>
      {hits ? <ProductHits text={text} hits={hits} /> : null}
    </>
  );
}

function ProductHits({ text, hits }: { text: string; hits: BackOfficeProductHit[] }) {
  return (
    <section className="console-card" aria-labelledby="catalog-hits">
      <h2 id="catalog-hits">
        {hits.length === 0 ? `Sin resultados para «${text}»` : `${hits.length} producto(s) para «${text}»`}
      </h2>
      {hits.length > 0 ? (
        <table className="console-table">
          <caption className="visually-hidden">Productos encontrados</caption>
          <ColumnHeads columns={['Producto', 'Marca', 'Categoría', 'SKU (EAN)']} />
          <tbody>
            {hits.map((hit) => (
              <tr key={hit.productId}>
                <th scope="row">
                  <Link to={`/admin/catalogo/${hit.productId}`}>{hit.name}</Link>
                </th>
                <td>{hit.brand}</td>
                <td>{hit.category}</td>
                <td>{hit.skus.map((sku) => `${sku.skuId} (${sku.ean})`).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
