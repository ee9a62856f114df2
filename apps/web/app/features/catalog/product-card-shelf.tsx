import { useId } from 'react';
import { CardLater, useCardsAsScrolled } from './cards-as-scrolled';
import { ProductCard } from './product-card';
import type { ProductSummary } from './product-summary';

/** Cards a shelf draws with the page: two and a bit show on a phone, the rest come as it is swiped. */
const FIRST_CARDS = 4;

/** A titled, horizontally scrolling row of product cards. */
export function ProductCardShelf(props: { title: string; products: ProductSummary[] }) {
  const headingId = useId();
  const { drawn, listRef } = useCardsAsScrolled(props.products, FIRST_CARDS, true);
  if (props.products.length === 0) return null;
  return (
    <section className="product-shelf" aria-labelledby={headingId}>
      <h2 id={headingId} className="product-shelf__title">
        {props.title}
      </h2>
      <ul className="product-shelf__list" ref={listRef}>
        {props.products.map((product, position) =>
          position < drawn ? (
            <li key={product.productId}>
              <ProductCard product={product} />
            </li>
          ) : (
            <CardLater key={product.productId} product={product} />
          ),
        )}
      </ul>
    </section>
  );
}
