import { Form } from 'react-router';
import { CANCEL_REASONS } from '@despensa/domain';
import type { Order } from '@despensa/contracts';
import { formatPrice } from '../../lib/format';
import { Dialog } from '../../ui/dialog';
import { DialogSubmitOrBack } from '../../ui/dialog-submit-or-back';
import { InputField, LabelledField } from '../../ui/labelled-field';

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
        <InputField
          id="cancel-phone"
          name="phone"
          label="Teléfono de contacto"
          type="tel"
          required
          defaultValue={order.clientProfileData.phone ?? ''}
          autoComplete="tel"
        />
        <LabelledField id="cancel-comment" label="Comentario (opcional)">
          <textarea id="cancel-comment" name="comment" maxLength={500} className="field__input" />
        </LabelledField>
        <DialogSubmitOrBack submit="Anular pedido" onBack={onClose} />
      </Form>
    </Dialog>
  );
}
