import { useId } from 'react';
import { Form } from 'react-router';
import { AccessCodeField } from '../newsletter';
import { Dialog } from '../../ui/dialog';

/**
 * §2 validation-code dialog at checkout (§4 blocked-address check, §8 a 403 on the transaction): the code
 * e-mailed to the shopper confirms the delivery address, and the payment goes on with what 'Pagar' sent.
 */
export function ValidationCodeDialog({
  open,
  addressId,
  sentTo,
  payment,
  error,
  busy,
  onClose,
}: {
  open: boolean;
  addressId: string;
  sentTo: string | null;
  /** The payment step's fields (the method and its details), sent again with the code. */
  payment: [string, string][];
  error: string | null;
  busy: boolean;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Dialog open={open} title="Confirma tu dirección de despacho" onClose={onClose}>
      <p>
        Por tu seguridad, te enviamos un código de validación a {sentTo ?? 'tu correo electrónico'}. Ingrésalo
        para confirmar la dirección de despacho y continuar con el pago.
      </p>
      <Form method="post" className="checkout-form" noValidate>
        <input type="hidden" name="intent" value="validateAddress" />
        <input type="hidden" name="addressId" value={addressId} />
        {payment.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <AccessCodeField id={`${id}-code`} label="Código de validación" maxLength={10} error={error} />
        <div className="dialog__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            Confirmar y pagar
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
