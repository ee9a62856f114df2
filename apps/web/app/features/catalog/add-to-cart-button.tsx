import { dispatchCartAdd } from './add-to-cart';

/** The visible word stays 'Agregar' even when disabled: the accessible name must contain it (WCAG 2.5.3). */
export function AddToCartButton(props: {
  productName: string;
  skuId: string;
  sellerId: string;
  inStock: boolean;
  quantity?: number;
  className?: string;
}) {
  const { productName, skuId, sellerId, inStock, quantity = 1 } = props;
  return (
    <button
      type="button"
      className={props.className ?? 'add-to-cart'}
      aria-label={`Agregar ${productName} al carro`}
      disabled={!inStock}
      onClick={() => dispatchCartAdd({ skuId, quantity, seller: sellerId })}
    >
      Agregar
    </button>
  );
}
