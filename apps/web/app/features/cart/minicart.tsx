import { Link } from 'react-router';
import { Dialog } from '../../ui/dialog';
import { BulkNotice } from './bulk-notice';
import { useCart } from './cart-context';
import { CartLine } from './cart-line';
import { CartMessages } from './cart-messages';
import { CartTotals } from './cart-totals';
import { UpsellingShelf } from './upselling-shelf';

/** The minicart drawer (§2): opens on every add and from the header's cart button. */
export function Minicart() {
  const cart = useCart();
  const { lines, orderForm, minicartOpen, setMinicartOpen, lastAdd, busy } = cart;
  const close = () => setMinicartOpen(false);
  const adding = busy && lastAdd !== null && !lines.some((line) => line.id === lastAdd.skuId);
  return (
    <Dialog open={minicartOpen} title="Tu carro" onClose={close} variant="drawer">
      <div className="minicart">
        <BulkNotice />
        <CartMessages />
        {adding ? <p className="minicart__adding">Agregando producto…</p> : null}
        {lines.length ? (
          <ul className="cart-lines" aria-label="Productos en tu carro">
            {lines.map((line) => (
              <CartLine key={line.uniqueId} line={line} />
            ))}
          </ul>
        ) : adding ? null : (
          <p className="minicart__empty">Tu carro está vacío.</p>
        )}
        {orderForm && lines.length ? <CartTotals orderForm={orderForm} busy={busy} /> : null}
        <Link to="/mi-carro" className="button button--primary minicart__go" onClick={close}>
          Ir al carro
        </Link>
        {lastAdd ? <UpsellingShelf skuId={lastAdd.skuId} /> : null}
      </div>
    </Dialog>
  );
}
