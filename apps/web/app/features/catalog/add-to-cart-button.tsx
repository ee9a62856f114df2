import { dispatchCartAdd } from '../cart/index';

/**
 * 'Agregar' (its accessible name contains the visible word, WCAG 2.5.3), or 'Agotado' when out of stock:
 * a disabled 'Agregar' would tell the shopper nothing about why (issue #17), on cards, shelves and pages alike.
 */
export function AddToCartButton(props: {
  productName: string;
  skuId: string;
  sellerId: string;
  inStock: boolean;
  quantity?: number;
  className?: string;
}) {
  const { productName, skuId, sellerId, inStock, quantity = 1 } = props;
  if (!inStock) return <p className="sold-out">Agotado</p>;
  return (
    <button
      type="button"
      className={props.className ?? 'add-to-cart'}
      aria-label={`Agregar ${productName} al carro`}
      onClick={() => dispatchCartAdd({ skuId, quantity, seller: sellerId })}
    >
      Agregar
    </button>
  );
}
