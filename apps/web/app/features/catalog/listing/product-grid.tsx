import { ProductCard } from '../product-card';
import type { ProductSummary } from '../product-summary';

/** Cards in the first row load at once; the rest wait until they near the viewport. */
const EAGER_CARDS = 4;

/** `eager: false` when another grid above holds the first row (the listing's sponsored products). */
export function ProductGrid(props: { products: ProductSummary[]; eager?: boolean }) {
  const eager = props.eager ?? true;
  return (
    <ul className="product-grid">
      {props.products.map((product, position) => (
        <li key={product.productId}>
          <ProductCard
            product={product}
            eager={eager && position < EAGER_CARDS}
            priority={eager && position === 0}
          />
        </li>
      ))}
    </ul>
  );
}
