import { useState } from 'react';
import type { Fulfilment, FulfilmentLineView } from '@despensa/contracts';
import { apiCall } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';
import './orders.css';

const ANSWERED: Record<string, string> = {
  approved: 'Aprobaste este reemplazo.',
  rejected: 'Rechazaste este reemplazo: no te cobraremos ese producto.',
  kept: 'Mantuvimos el reemplazo (criterio de la tienda).',
};

/** The shopper's two answers to a pending replacement: [approves, button text, button kind]. */
const ANSWERS = [
  [true, 'Aprobar reemplazo', 'primary'],
  [false, 'Rechazar reemplazo', 'secondary'],
] as const;

/**
 * Replacements the store proposed while picking (§4 substitution preferences): the shopper approves or
 * rejects each one while the order is being prepared; unanswered ones are kept when picking ends (only
 * lines with 'criterio de la tienda' can have one).
 */
export function SubstitutionApproval({
  fulfilment,
  onChange,
}: {
  fulfilment: Fulfilment;
  onChange: (next: Fulfilment) => void;
}) {
  const proposed = fulfilment.lines.filter((line) => line.replacement);
  if (proposed.length === 0) return null;
  return (
    <section className="substitutions" aria-labelledby="substitutions-title">
      <h2 id="substitutions-title">Reemplazos propuestos</h2>
      <ul className="substitutions__list">
        {proposed.map((line) => (
          <Proposal key={line.index} orderId={fulfilment.orderId} line={line} onChange={onChange} />
        ))}
      </ul>
    </section>
  );
}

function Proposal({
  orderId,
  line,
  onChange,
}: {
  orderId: string;
  line: FulfilmentLineView;
  onChange: (next: Fulfilment) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const replacement = line.replacement!;
  const answer = async (approve: boolean) => {
    setBusy(true);
    const result = await apiCall(`/api/orders/${orderId}/replacements/${line.index}`, 'fulfilment', {
      method: 'POST',
      body: { approve },
    });
    setBusy(false);
    if (result.ok) onChange(result.data);
    else setError(result.message);
  };
  return (
    <li className="substitutions__item">
      <p>
        En lugar de <strong>{line.name}</strong> te proponemos <strong>{replacement.name}</strong> (
        {replacement.quantity} × {formatPrice(replacement.sellingPrice)})
      </p>
      <p className="substitutions__total">
        Reemplazo: {formatPrice(replacement.total)} · lo que pediste: {formatPrice(line.estimatedTotal)}
      </p>
      {replacement.note ? <p className="substitutions__note">Nota de la tienda: {replacement.note}</p> : null}
      {replacement.answer === 'pending' ? (
        <>
          <p className="substitutions__default">
            Si no respondes antes de terminar la preparación, mantendremos el reemplazo.
          </p>
          <div className="substitutions__actions">
            {ANSWERS.map(([approve, text, variant]) => (
              <button
                key={text}
                type="button"
                className={`button button--${variant}`}
                disabled={busy}
                onClick={() => answer(approve)}
              >
                {text}
              </button>
            ))}
          </div>
        </>
      ) : (
        <p className="substitutions__answer">{ANSWERED[replacement.answer]}</p>
      )}
      {error ? (
        <p role="alert" className="substitutions__error">
          {error}
        </p>
      ) : null}
    </li>
  );
}
