import {
  DELIVERY_METHODS,
  EXPRESS_UNAVAILABLE_MESSAGES,
  type ExpressUnavailableReason,
} from '@despensa/domain';
import { NoCoverage } from './no-coverage';
import type { DeliverySelection } from './use-delivery-selection';
import { windowFee } from './window-label';

/** What the selector says about the quote: loading, a failure to retry, no coverage, express. */
export function SelectorMessages({ selection }: { selection: DeliverySelection }) {
  const { delivery, options, quote, quotable, result, current, noCoverage, preview, mode } = selection;
  return (
    <>
      {quotable && quote.loading ? <p role="status">Consultando disponibilidad…</p> : null}
      {(quotable && quote.failed) || options.failed ? (
        <p role="alert" className="delivery-selector__message">
          No pudimos consultar la disponibilidad.{' '}
          <button
            type="button"
            className="text-button"
            onClick={() => (options.failed ? options.retry() : quote.retry())}
          >
            Reintentar
          </button>
        </p>
      ) : null}
      {result?.error ? (
        <p role="alert" className="delivery-selector__message">
          {result.error}
        </p>
      ) : null}
      {noCoverage ? (
        <section className="delivery-no-coverage" aria-label="Sin cobertura">
          <NoCoverage
            variant={delivery.noCoverageVariant}
            onPickup={() => selection.setMode('storePickup')}
            onOtherAddress={() => (preview ? selection.setComunaCode(null) : selection.setAddressId(null))}
            onReviewStores={() => delivery.closeSelector(true)}
          />
        </section>
      ) : null}
      {current?.message && !noCoverage ? (
        <p role="alert" className="delivery-selector__message">
          {current.message}
        </p>
      ) : null}
      {current && mode === 'express' ? <ExpressNote selection={selection} /> : null}
    </>
  );
}

/** Express's estimate, or why it cannot be promised now and what is offered instead. */
function ExpressNote({ selection }: { selection: DeliverySelection }) {
  const { current, expressUnavailable } = selection;
  if (!current) return null;
  return (
    <div className="delivery-selector__express">
      {expressUnavailable ? (
        // No estimate then: it would promise what the reason takes back.
        <p className="delivery-selector__note">
          {EXPRESS_UNAVAILABLE_MESSAGES[current.express?.reason as ExpressUnavailableReason] ??
            'Despacho Express no está disponible ahora.'}{' '}
          Puedes elegir un horario de {DELIVERY_METHODS.homeDelivery.name}.
        </p>
      ) : current.estimateMinutes !== null ? (
        <p>
          Despacho Express: aproximadamente {current.estimateMinutes} minutos
          {current.price !== null ? ` · ${windowFee(current.price)}` : ''}
        </p>
      ) : null}
    </div>
  );
}
