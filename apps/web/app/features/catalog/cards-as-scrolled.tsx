import { useEffect, useRef, useState, type RefObject } from 'react';
import { ShopLink } from '../../ui/shop-link';
import type { ProductSummary } from './product-summary';

/**
 * A long row or grid of cards draws its first `first` cards with the page and the rest as the shopper
 * scrolls near them (issue 33: ≤ 1,000 elements at first paint, 45 cards of ~20 elements each would be
 * most of them). Until then a card is its product's link, so crawlers and shoppers without scripts still
 * reach every product. `horizontal`: the cards scroll sideways inside the list (a shelf).
 */
export function useCardsAsScrolled(
  products: ProductSummary[],
  first: number,
  horizontal = false,
): { drawn: number; listRef: RefObject<HTMLUListElement | null> } {
  const count = products.length;
  const [drawn, setDrawn] = useState(Math.min(first, count));
  const listRef = useRef<HTMLUListElement>(null);
  // Watches the first card not drawn yet; again for another list (a sort, a filter, the next page).
  useEffect(() => {
    const list = listRef.current;
    const next = list?.querySelector<HTMLElement>(':scope > .product-card-later');
    if (!list || !next) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // A batch at a time: a quick fling draws the next cards before they are seen.
        if (entries.some((entry) => entry.isIntersecting))
          setDrawn((shown) => Math.min(count, shown + first));
      },
      horizontal ? { root: list, rootMargin: '0px 50%' } : { rootMargin: '100% 0px' },
    );
    observer.observe(next);
    return () => observer.disconnect();
  }, [drawn, products, count, first, horizontal]);
  return { drawn, listRef };
}

/** A card not drawn yet: its product's link, in the card's place. */
export function CardLater({ product }: { product: ProductSummary }) {
  return (
    <li className="product-card-later">
      <ShopLink className="product-card__name" to={product.link}>
        {product.name}
      </ShopLink>
    </li>
  );
}
