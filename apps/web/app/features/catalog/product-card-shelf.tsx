import { useId } from 'react';
import { ProductCard } from './product-card';
import type { ProductSummary } from './product-summary';

/** A titled, horizontally scrolling row of product cards. */
export function ProductCardShelf(props: { title: string; products: ProductSummary[] }) {
  const headingId = useId();
  if (props.products.length === 0) return null;
  return (
    <section className="product-shelf" aria-labelledby={headingId}>
      <h2 id={headingId} className="product-shelf__title">
        {props.title}
      </h2>
      <ul className="product-shelf__list">
        {props.products.map((product) => (
          <li key={product.productId}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
