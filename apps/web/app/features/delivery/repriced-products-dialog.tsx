import { formatPrice } from '../../lib/format';
import { Dialog, DialogDone } from '../../ui/dialog';
import { ChangedProducts, inChosenPlace } from './changed-products';
import { useDelivery } from './delivery-context';

/**
 * §4 channel change re-prices the items: which of them the new store sells at another price, the price
 * before and now, as the lost-products dialog tells what it no longer sells (it waits for that one).
 */
export function RepricedProductsDialog() {
  const { repricedProducts, lostProducts, choice, closeRepricedProducts } = useDelivery();
  return (
    <Dialog
      open={repricedProducts.length > 0 && lostProducts.length === 0}
      title="Cambiaron algunos precios"
      onClose={closeRepricedProducts}
    >
      <p>{inChosenPlace(choice)} estos productos de tu carro tienen otro precio:</p>
      <ChangedProducts
        products={repricedProducts}
        change={(product) => (
          <span className="delivery-repriced__prices">
            <s>
              <span className="visually-hidden">Antes </span>
              {formatPrice(product.oldPrice)}
            </s>{' '}
            <span>
              <span className="visually-hidden">Ahora </span>
              {formatPrice(product.newPrice)}
            </span>
          </span>
        )}
      />
      <DialogDone onClose={closeRepricedProducts}>Entendido</DialogDone>
    </Dialog>
  );
}
