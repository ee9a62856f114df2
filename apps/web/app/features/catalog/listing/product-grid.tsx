import { CardLater, useCardsAsScrolled } from '../cards-as-scrolled';
import { ProductCard } from '../product-card';
import type { ProductSummary } from '../product-summary';

/** Cards in the first row load at once; the rest wait until they near the viewport. */
const EAGER_CARDS = 4;
/** Cards drawn with the page: four rows on a phone, two on a desktop; the rest as the shopper scrolls. */
const FIRST_CARDS = 8;

/** `eager: false` when another grid above holds the first row (the listing's sponsored products). */
export function ProductGrid(props: { products: ProductSummary[]; eager?: boolean }) {
  const eager = props.eager ?? true;
  const { drawn, listRef } = useCardsAsScrolled(props.products, FIRST_CARDS);
  return (
    <ul className="product-grid" ref={listRef}>
      {props.products.map((product, position) =>
        position < drawn ? (
          <li key={product.productId}>
            <ProductCard
              product={product}
              eager={eager && position < EAGER_CARDS}
              priority={eager && position === 0}
            />
          </li>
        ) : (
          <CardLater key={product.productId} product={product} />
        ),
      )}
    </ul>
  );
}
