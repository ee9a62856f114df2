import { formatPrice } from '../../lib/format';
import { Dialog } from '../../ui/dialog';
import { choiceSummary } from './choice';
import { useDelivery } from './delivery-context';

/**
 * §4 channel change re-prices the items: which of them the new store sells at another price, the price
 * before and now, as the lost-products dialog tells what it no longer sells (it waits for that one).
 */
export function RepricedProductsDialog() {
  const { repricedProducts, lostProducts, choice, closeRepricedProducts } = useDelivery();
  const now = choiceSummary(choice);
  return (
    <Dialog
      open={repricedProducts.length > 0 && lostProducts.length === 0}
      title="Cambiaron algunos precios"
      onClose={closeRepricedProducts}
    >
      <p>
        {now ? `En ${now.place || now.mode}` : 'En la tienda elegida'} estos productos de tu carro tienen otro
        precio:
      </p>
      <ul className="delivery-lost__list">
        {repricedProducts.map((product) => (
          <li key={product.id} className="delivery-lost__item">
            <img src={product.imageUrl} alt="" width={48} height={48} loading="lazy" />
            <span>{product.name}</span>
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
          </li>
        ))}
      </ul>
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={closeRepricedProducts}>
          Entendido
        </button>
      </div>
    </Dialog>
  );
}
