import { Form } from 'react-router';
import { CANCEL_REASONS } from '@despensa/domain';
import type { Order } from '@despensa/contracts';
import { formatPrice } from '../../lib/format';
import { Dialog } from '../../ui/dialog';

/** §2 order-cancel dialog: one of the §7 reasons, a contact phone and a comment. */
export function CancelDialog({ order, open, onClose }: { order: Order; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title="Anular pedido" onClose={onClose}>
      <Form method="post" className="account-form">
        <input type="hidden" name="intent" value="cancel" />
        <p>
          Si anulas el pedido {order.orderId}, te devolveremos {formatPrice(order.value)} al medio de pago con
          que pagaste.
        </p>
        <fieldset className="orders-choices">
          <legend>¿Por qué quieres anular tu pedido?</legend>
          {CANCEL_REASONS.map((reason) => (
            <label key={reason.id} className="orders-choices__option">
              <input type="radio" name="reason" value={reason.id} required /> {reason.label}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="field__label" htmlFor="cancel-phone">
            Teléfono de contacto
          </label>
          <input
            id="cancel-phone"
            name="phone"
            type="tel"
            required
            className="field__input"
            defaultValue={order.clientProfileData.phone ?? ''}
            autoComplete="tel"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="cancel-comment">
            Comentario (opcional)
          </label>
          <textarea id="cancel-comment" name="comment" maxLength={500} className="field__input" />
        </div>
        <div className="dialog__actions">
          <button type="submit" className="button button--primary">
            Anular pedido
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Volver
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
