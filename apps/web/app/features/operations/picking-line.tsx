import type { FulfilmentLineView } from '@despensa/contracts';
import { formatNumber, formatPrice } from '../../lib/format';
import { PickingActions, type PickingLineProps } from './picking-actions';

const STATE: Record<FulfilmentLineView['state'], string> = {
  pending: 'Por recoger',
  picked: 'Recogido',
  missing: 'Falta (se reembolsa)',
  replaced: 'Reemplazado',
};
const ANSWER: Record<string, string> = {
  pending: 'esperando respuesta del cliente',
  approved: 'aprobado por el cliente',
  rejected: 'rechazado por el cliente',
  kept: 'mantenido (criterio de la tienda)',
};

/** One line of the picking list, with what the picker can do to it while the order is in handling. */
export function PickingLine({ orderId, line, editable, found }: PickingLineProps) {
  return (
    <tr className={`console-line--${line.state}`} aria-label={line.name}>
      <td>{line.aisle}</td>
      <th scope="row">
        {line.name}
        <br />
        <small>
          SKU {line.id} ·{' '}
          {line.weighed
            ? `estimado ${formatNumber((line.estimatedGrams ?? 0) / 1000)} kg`
            : `${line.quantity} un.`}
        </small>
      </th>
      <td>
        {line.substituteType === 2 ? 'No sustituir' : 'Criterio de la tienda'}
        {line.note ? (
          <>
            <br />
            <small>Nota: {line.note}</small>
          </>
        ) : null}
      </td>
      <td>
        {STATE[line.state]}
        {line.realGrams !== null ? ` · ${formatNumber(line.realGrams / 1000)} kg` : null}
        {line.replacement ? (
          <>
            <br />
            <small>
              Reemplazo: {line.replacement.name} × {line.replacement.quantity} (
              {formatPrice(line.replacement.sellingPrice)} c/u), {ANSWER[line.replacement.answer]}
            </small>
          </>
        ) : null}
      </td>
      <td>
        {formatPrice(line.total)}
        {line.total !== line.estimatedTotal ? (
          <>
            <br />
            <small>antes {formatPrice(line.estimatedTotal)}</small>
          </>
        ) : null}
      </td>
      <td>
        <PickingActions orderId={orderId} line={line} editable={editable} found={found} />
      </td>
    </tr>
  );
}
