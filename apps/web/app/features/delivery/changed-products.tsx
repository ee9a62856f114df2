import type { ReactNode } from 'react';
import type { DeliveryChoice } from '@despensa/contracts';
import { choiceSummary } from './choice';

/** How the §4 channel-change dialogs name where the shopper now buys: 'En {place}'. */
export function inChosenPlace(choice: DeliveryChoice | null): string {
  const now = choiceSummary(choice);
  return now ? `En ${now.place || now.mode}` : 'En la tienda elegida';
}

/** The cart's products a channel change touched: picture, name and what changed for each (`change`). */
export function ChangedProducts<P extends { id: string; imageUrl: string; name: string }>({
  products,
  change,
}: {
  products: P[];
  change: (product: P) => ReactNode;
}) {
  return (
    <ul className="delivery-lost__list">
      {products.map((product) => (
        <li key={product.id} className="delivery-lost__item">
          <img src={product.imageUrl} alt="" width={48} height={48} loading="lazy" />
          <span>{product.name}</span>
          {change(product)}
        </li>
      ))}
    </ul>
  );
}
