import { ProductGrid } from '../catalog';
import type { ProductSummary } from '../catalog/types';
import '../catalog/catalog.css';

/** /productos-favoritos and /productos-frecuentes: a titled grid of cards, or what to do when it is empty. */
export function ProductGridPage({
  title,
  products,
  empty,
}: {
  title: string;
  products: ProductSummary[];
  empty: string;
}) {
  return (
    <main className="account-page container">
      <h1 className="account-page__title">{title}</h1>
      {products.length === 0 ? <p>{empty}</p> : <ProductGrid products={products} />}
    </main>
  );
}
