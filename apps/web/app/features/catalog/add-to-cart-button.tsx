import { dispatchCartAdd } from '../cart';

/**
 * 'Agregar' (its accessible name contains the visible word, WCAG 2.5.3), or 'Agotado' when out of stock:
 * a disabled 'Agregar' would tell the shopper nothing about why (issue #17), on cards, shelves and pages alike.
 */
export function AddToCartButton(props: {
  /** The product as every listing of it carries it: its name, SKU, seller and whether any is left. */
  product: { name: string; skuId: string; sellerId: string; inStock: boolean };
  quantity?: number;
  className?: string;
}) {
  const { name: productName, skuId, sellerId, inStock } = props.product;
  const { quantity = 1 } = props;
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
