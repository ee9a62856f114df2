import { ProductCard } from '../product-card';
import type { ProductSummary } from '../product-summary';

/** Cards in the first row load at once; the rest wait until they near the viewport. */
const EAGER_CARDS = 4;

export function ProductGrid(props: { products: ProductSummary[] }) {
  return (
    <ul className="product-grid">
      {props.products.map((product, position) => (
        <li key={product.productId}>
          <ProductCard product={product} eager={position < EAGER_CARDS} priority={position === 0} />
        </li>
      ))}
    </ul>
  );
}
