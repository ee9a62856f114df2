import { formatCLP } from '@despensa/domain';
import { markup, type Markup } from '../../lib/markup';
import { StaticMarkup } from '../../ui/static-markup';

export interface ProductPriceProps {
  price: number;
  listPrice: number;
  pricePerUnit: string | null;
  cardPrice?: number | null;
}

/**
 * The price the cart charges, the list price struck through when it is higher, the group-card price when
 * lower, and the price per unit of measure.
 */
export function productPriceMarkup(props: ProductPriceProps): Markup {
  const { price, listPrice, pricePerUnit, cardPrice } = props;
  // The chosen store does not sell it: its offer has no price, and '$0' would read as free.
  if (price <= 0) {
    return markup`<div class="product-price"><span class="product-price__unavailable">No disponible en esta tienda</span></div>`;
  }
  const discounted = listPrice > price;
  return markup`<div class="product-price"><span class="product-price__current">${discounted && markup`<span class="visually-hidden">Precio oferta: </span>`}${formatCLP(price)}</span>${
    discounted &&
    markup`<s class="product-price__list"><span class="visually-hidden">Precio normal: </span>${formatCLP(listPrice)}</s>`
  }${cardPrice != null && markup`<span class="product-price__card">${formatCLP(cardPrice)} con Tarjeta</span>`}${
    pricePerUnit && markup`<span class="product-price__unit">${pricePerUnit}</span>`
  }</div>`;
}

export function ProductPrice(props: ProductPriceProps) {
  return <StaticMarkup markup={productPriceMarkup(props)} />;
}
