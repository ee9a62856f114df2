import { useId, useState } from 'react';
import { formatCLP, isWeighed, itemPurchaseLimit } from '@despensa/domain';
import type { Product } from '@despensa/contracts';
import { AddToCartButton } from '../add-to-cart-button';
import { ProductPrice } from '../product-price';
import { ProductTags } from '../product-tags';
import { quantityTotal, type ProductSummary } from '../product-summary';
import { QuantityStepper as WeightStepper } from '../../cart';
import { QuantityStepper } from './quantity-stepper';
import { AddToListButton, FavouriteButton } from '../../lists';

/** Price block, seller, quantity and the add button of the product page. */
export function BuyBox(props: { product: Product; summary: ProductSummary; sellerName: string }) {
  const { product, summary, sellerName } = props;
  const [quantity, setQuantity] = useState(1);
  const quantityId = useId();
  const max = itemPurchaseLimit(product.SkuData[summary.skuId]?.cart_limit);
  return (
    <div className="buy-box">
      <ProductTags flags={summary.flags} badges={summary.badges} />
      <ProductPrice price={summary.price} listPrice={summary.listPrice} pricePerUnit={summary.pricePerUnit} />
      <p className="buy-box__seller">
        Vendido por <strong>{sellerName}</strong>
      </p>
      <div className="buy-box__actions">
        {summary.inStock && isWeighed(summary.measurementUnit) ? (
          // A weighed product is chosen by weight, in steps of its unitMultiplier, with what that weight costs.
          <div className="buy-box__weight">
            <WeightStepper
              line={{ ...summary, quantity }}
              onStep={(step) => setQuantity((current) => Math.min(max, Math.max(1, current + step)))}
            />
            <p className="buy-box__estimate">
              Precio estimado <strong>{formatCLP(quantityTotal(summary, quantity))}</strong>
            </p>
          </div>
        ) : summary.inStock ? (
          <QuantityStepper id={quantityId} value={quantity} max={max} onChange={setQuantity} />
        ) : null}
        <AddToCartButton className="add-to-cart add-to-cart--large" product={summary} quantity={quantity} />
      </div>
      <div className="buy-box__keep">
        <FavouriteButton skuId={summary.skuId} productName={summary.name} />
        <AddToListButton skuId={summary.skuId} productName={summary.name} />
      </div>
    </div>
  );
}
