import { formatCLP } from '@despensa/domain';

/** Price, the list price struck through when it is higher, and the price per unit of measure. */
export function ProductPrice(props: { price: number; listPrice: number; pricePerUnit: string | null }) {
  const { price, listPrice, pricePerUnit } = props;
  const discounted = listPrice > price;
  return (
    <div className="product-price">
      <span className="product-price__current">
        {discounted && <span className="visually-hidden">Precio oferta: </span>}
        {formatCLP(price)}
      </span>
      {discounted && (
        <s className="product-price__list">
          <span className="visually-hidden">Precio normal: </span>
          {formatCLP(listPrice)}
        </s>
      )}
      {pricePerUnit && <span className="product-price__unit">{pricePerUnit}</span>}
    </div>
  );
}
