import { useEffect, useState } from 'react';
import { formatCLP } from '@despensa/domain';
import { Dialog } from '../../ui/dialog';
import { dispatchCartAdd, QUICK_PURCHASE_EVENT } from './cart-add-events';
import { quantityTotal } from '../catalog';
import type { ProductSummary } from '../catalog/types';
import { useCart } from './cart-context';
import { QuantityStepper } from './quantity-stepper';
import { useStoredPaymentCleared } from './use-stored-payment-cleared';

/**
 * §2 quick-purchase drawer: a listing card's weighed item opens it to choose the weight before adding.
 * The total is the domain engine's, with the sku's promotions: what the cart line will cost.
 */
export function QuickPurchaseDrawer() {
  const { orderForm } = useCart();
  const [product, setProduct] = useState<ProductSummary | null>(null);
  const [quantity, setQuantity] = useState(1);

  useEffect(() => {
    const onOpen = (event: Event) => {
      const chosen = (event as CustomEvent<ProductSummary>).detail;
      const inCart = orderForm?.items.find((item) => item.id === chosen.skuId)?.quantity ?? 0;
      setProduct(chosen);
      setQuantity(Math.max(1, inCart));
    };
    window.addEventListener(QUICK_PURCHASE_EVENT, onOpen);
    return () => window.removeEventListener(QUICK_PURCHASE_EVENT, onOpen);
  }, [orderForm]);

  useStoredPaymentCleared(product !== null);

  const close = () => setProduct(null);
  const inCart = product ? (orderForm?.items.find((item) => item.id === product.skuId)?.quantity ?? 0) : 0;
  const total = product ? quantityTotal(product, quantity) : 0;
  return (
    <Dialog open={product !== null} title="Compra rápida" onClose={close} variant="drawer">
      {product ? (
        <div className="cart-quick">
          <img className="cart-quick__image" src={product.imageUrl} alt="" width={120} height={120} />
          <p className="cart-quick__name">{product.name}</p>
          <p className="cart-quick__price">{formatCLP(product.price)} / kg</p>
          <QuantityStepper
            line={{
              name: product.name,
              quantity,
              unitMultiplier: product.unitMultiplier,
              measurementUnit: product.measurementUnit,
            }}
            onStep={(step) =>
              setQuantity((current) => Math.min(product.maxQuantity, Math.max(1, current + step)))
            }
          />
          <p className="cart-quick__total">
            Total: <strong data-testid="quick-purchase-total">{formatCLP(total)}</strong>
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              // The cart adds to what it holds: send the difference to land on the chosen weight.
              if (quantity !== inCart) {
                dispatchCartAdd({
                  skuId: product.skuId,
                  quantity: quantity - inCart,
                  seller: product.sellerId,
                });
              }
              close();
            }}
          >
            {inCart > 0 ? 'Actualizar carro' : 'Agregar al carro'}
          </button>
        </div>
      ) : null}
    </Dialog>
  );
}
