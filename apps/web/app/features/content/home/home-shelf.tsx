import { Link } from 'react-router';
import { ProductCardShelf } from '../../catalog';
import type { ProductSummary } from '../../catalog/types';

/** A product shelf of the home with its 'Ver todo' link when the collection has a landing page. */
export function HomeShelf({
  title,
  products,
  url,
}: {
  title: string;
  products: ProductSummary[];
  url: string | null;
}) {
  if (products.length === 0) return null;
  return (
    <div className="home-shelf">
      <ProductCardShelf title={title} products={products} />
      {url ? (
        <Link to={url} className="home-shelf__all">
          Ver todo<span className="visually-hidden"> {title}</span>
        </Link>
      ) : null}
    </div>
  );
}
