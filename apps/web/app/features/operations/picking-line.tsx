import { useFetcher } from 'react-router';
import type { FulfilmentLineView } from '@despensa/contracts';
import { formatNumber, formatPrice } from '../../lib/format';

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

type Answer = { ok: true } | { error: string } | undefined;

/** One line of the picking list, with what the picker can do to it while the order is in handling. */
export function PickingLine({ line, editable }: { line: FulfilmentLineView; editable: boolean }) {
  const fetcher = useFetcher<Answer>();
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.data;
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="index" value={line.index} />
    </>
  );
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
              Reemplazo: {line.replacement.name} × {line.replacement.quantity},{' '}
              {ANSWER[line.replacement.answer]}
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
        {editable ? (
          <div className="console-actions">
            <fetcher.Form method="post">
              {hidden('pick')}
              <button
                type="submit"
                className="button button--primary"
                disabled={busy}
                aria-label={`Recogido: ${line.name}`}
              >
                Recogido
              </button>
            </fetcher.Form>
            <fetcher.Form method="post">
              {hidden('missing')}
              <button
                type="submit"
                className="button button--secondary"
                disabled={busy}
                aria-label={`Falta: ${line.name}`}
              >
                Falta
              </button>
            </fetcher.Form>
            {line.weighed ? (
              <fetcher.Form method="post" className="console-actions">
                {hidden('weigh')}
                <label>
                  Peso real (g)
                  <input
                    name="grams"
                    type="number"
                    min={1}
                    max={100000}
                    step={1}
                    inputMode="numeric"
                    required
                  />
                </label>
                <button type="submit" className="button button--secondary" disabled={busy}>
                  Registrar peso
                </button>
              </fetcher.Form>
            ) : null}
            {line.substituteType === 6 ? (
              <details>
                <summary>Proponer reemplazo</summary>
                <fetcher.Form method="post" className="console-actions">
                  {hidden('propose')}
                  <label>
                    SKU del reemplazo
                    <input name="skuId" inputMode="numeric" pattern="[0-9]+" required />
                  </label>
                  <label>
                    Cantidad
                    <input name="quantity" type="number" min={1} max={35} defaultValue={1} required />
                  </label>
                  <label>
                    Nota
                    <input name="note" maxLength={300} />
                  </label>
                  <button type="submit" className="button button--secondary" disabled={busy}>
                    Enviar propuesta
                  </button>
                </fetcher.Form>
              </details>
            ) : null}
          </div>
        ) : null}
        {answer && 'error' in answer ? (
          <p role="alert" className="console-error">
            {answer.error}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
