import { useEffect } from 'react';
import { formatCLP, isWeighed } from '@despensa/domain';
import { AddToCartButton } from '../catalog';
import { CART_ACTION_PATH } from './cart-intents';
import { useCartFetcher } from './cart-fetchers';

/** Upselling (§2 drawers): after an add, 4 products related to it (catalog.recommended). */
export function UpsellingShelf({ skuId }: { skuId: string }) {
  const fetcher = useCartFetcher('upselling');
  const { load } = fetcher;
  useEffect(() => {
    void load(`${CART_ACTION_PATH}?sugerencias=${encodeURIComponent(skuId)}`);
  }, [load, skuId]);
  const products = fetcher.data?.suggestions ?? [];
  if (!products.length) return null;
  return (
    <section className="upselling" aria-labelledby="upselling-title">
      <h3 id="upselling-title" className="upselling__title">
        Te puede interesar
      </h3>
      <ul className="upselling__list">
        {products.map((product) => (
          <li key={product.skuId} className="upselling__item">
            <img src={product.imageUrl} alt="" width={48} height={48} loading="lazy" />
            <span className="upselling__name">{product.name}</span>
            <span className="upselling__price">
              {formatCLP(product.price)}
              {isWeighed(product.measurementUnit) ? ' / kg' : ''}
            </span>
            <AddToCartButton product={product} className="add-to-cart add-to-cart--small" />
          </li>
        ))}
      </ul>
    </section>
  );
}
