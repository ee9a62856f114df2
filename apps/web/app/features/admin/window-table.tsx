import { Form } from 'react-router';
import { windowText } from '@despensa/domain';
import type { AdminWindow } from '@despensa/contracts';
import { RowSave, SwitchForm } from './switch-form';
import { ColumnHeads } from '../../ui/column-heads';

/**
 * A store's delivery windows: places held of the capacity, open or closed. Each row changes its
 * capacity (never below what is held: the server refuses) or closes and reopens the window.
 */
export function WindowTable({ windows, busy }: { windows: AdminWindow[]; busy: boolean }) {
  if (windows.length === 0) return <p>Esta tienda no tiene horarios de entrega en los próximos días.</p>;
  return (
    <table className="console-table">
      <caption className="visually-hidden">Horarios de entrega</caption>
      <ColumnHeads columns={['Horario', 'Reservados', 'Capacidad', 'Estado']} />
      <tbody>
        {windows.map((window) => {
          const name = windowText(window);
          return (
            <tr key={window.id}>
              <th scope="row">{name}</th>
              <td>{window.held}</td>
              <td>
                <Form method="post" className="admin-inline">
                  <input type="hidden" name="intent" value="window" />
                  <input type="hidden" name="windowId" value={window.id} />
                  <input
                    type="number"
                    name="capacity"
                    min={0}
                    max={1000}
                    required
                    defaultValue={window.capacity}
                    aria-label={`Capacidad de ${name}`}
                    key={window.capacity}
                  />
                  <RowSave label={`Guardar la capacidad de ${name}`} busy={busy} />
                </Form>
              </td>
              <td>
                <SwitchForm
                  fields={{ intent: 'window', windowId: String(window.id) }}
                  field="closed"
                  on={window.closed}
                  state={['Cerrado', 'Abierto']}
                  action={['Abrir', 'Cerrar']}
                  label={(doing) => `${doing} el horario ${name}`}
                  busy={busy}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
