import { Form } from 'react-router';
import type { DeliveryWindow, Order } from '@despensa/contracts';
import { Dialog } from '../../ui/dialog';
import { DialogSubmitOrBack } from '../../ui/dialog-submit-or-back';
import { windowHours, windowLine, windowsByDay } from '../delivery';

/** §2 reschedule dialog: another window of the order's store and mode; full ones cannot be chosen. */
export function RescheduleDialog({
  order,
  windows,
  open,
  onClose,
}: {
  order: Order;
  windows: DeliveryWindow[];
  open: boolean;
  onClose: () => void;
}) {
  const current = order.shippingData.deliveryWindow;
  const isCurrent = (window: DeliveryWindow) =>
    current !== null && Date.parse(current.startDateUtc) === Date.parse(window.startDateUtc);
  return (
    <Dialog open={open} title="Reagendar pedido" onClose={onClose}>
      <Form method="post" className="account-form">
        <input type="hidden" name="intent" value="reschedule" />
        {current ? <p>Tu pedido llega el {windowLine(current)}. Elige otro horario:</p> : null}
        {windows.length === 0 ? <p>No hay otros horarios disponibles para tu pedido.</p> : null}
        {windowsByDay(windows).map(({ day, windows: ofDay }) => (
          <fieldset key={day} className="orders-choices">
            <legend>{day}</legend>
            {ofDay.map((window) => (
              <label key={window.startDateUtc} className="orders-choices__option">
                <input
                  type="radio"
                  name="window"
                  value={`${window.startDateUtc}|${window.endDateUtc}`}
                  disabled={window.full || isCurrent(window)}
                  required
                />{' '}
                {windowHours(window)}
                {window.full ? ' (sin cupo)' : isCurrent(window) ? ' (horario actual)' : ''}
              </label>
            ))}
          </fieldset>
        ))}
        <DialogSubmitOrBack submit="Reagendar" disabled={windows.length === 0} onBack={onClose} />
      </Form>
    </Dialog>
  );
}
