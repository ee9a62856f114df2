import { Dialog } from '../../ui/dialog';
import { ChangedProducts, inChosenPlace } from './changed-products';
import { choiceSummary } from './choice';
import { useDelivery } from './delivery-context';

/**
 * §4 channel change: the products the new store does not sell, with the old channel info kept so the
 * shopper can go back to it. Continuing (or closing) hands them to the unavailable-products check, which
 * removes them 100 ms later and shows the §8 notice.
 */
export function LostProductsDialog() {
  const { lostProducts, previous, choice, defaultStoreName, apply, applying, closeLostProducts } =
    useDelivery();
  // The default pickup names no store the shopper chose: going back to it is going back, not to 'Despensa'.
  const before = previous?.storeName === defaultStoreName ? null : choiceSummary(previous);
  return (
    <Dialog
      open={lostProducts.length > 0}
      title="Algunos productos no están disponibles"
      onClose={closeLostProducts}
    >
      <p>{inChosenPlace(choice)} no están disponibles estos productos de tu carro:</p>
      <ChangedProducts
        products={lostProducts}
        change={(product) => (
          <span className="delivery-lost__quantity">
            {product.quantity} {product.quantity === 1 ? 'unidad' : 'unidades'}
          </span>
        )}
      />
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={applying || undefined}
          onClick={() => {
            if (!applying) apply({ intent: 'restore' });
          }}
        >
          {before ? `Volver a ${before.place || before.mode}` : 'Volver a la tienda anterior'}
        </button>
        <button type="button" className="button button--primary" onClick={closeLostProducts}>
          Continuar sin estos productos
        </button>
      </div>
    </Dialog>
  );
}
