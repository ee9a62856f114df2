import { formatCLP } from '@despensa/domain';

/**
 * The price the cart charges, the list price struck through when it is higher, the group-card price when
 * lower, and the price per unit of measure.
 */
export function ProductPrice(props: {
  price: number;
  listPrice: number;
  pricePerUnit: string | null;
  cardPrice?: number | null;
}) {
  const { price, listPrice, pricePerUnit, cardPrice } = props;
  // The chosen store does not sell it: its offer has no price, and '$0' would read as free.
  if (price <= 0) {
    return (
      <div className="product-price">
        <span className="product-price__unavailable">No disponible en esta tienda</span>
      </div>
    );
  }
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
      {cardPrice != null && <span className="product-price__card">{formatCLP(cardPrice)} con Tarjeta</span>}
      {pricePerUnit && <span className="product-price__unit">{pricePerUnit}</span>}
    </div>
  );
}
