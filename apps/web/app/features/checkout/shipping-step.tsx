import { useId } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { choiceSummary, useDelivery, windowFee, windowLine } from '../delivery';
import { NewsletterField as Field } from '../newsletter';
import type { CheckoutState } from './checkout-state-server';
import { refusalOf, type CheckoutActionResult } from './action-result';
import { MissingNotice, StepRefusal } from './missing-notice';
import { gapsOfStep } from './steps';

/** Step 1: the delivery mode, place and window (the delivery selector changes them) and who receives. */
export function ShippingStep({ state }: { state: CheckoutState }) {
  const id = useId();
  const { openSelector } = useDelivery();
  const result = useActionData<CheckoutActionResult>();
  const busy = useNavigation().state !== 'idle';
  const summary = choiceSummary(state.choice);
  const error = refusalOf(result);
  return (
    <>
      <MissingNotice gaps={gapsOfStep(state.gapsShown, 'shipping')} />
      <dl className="checkout-facts">
        <div>
          <dt>Modo de entrega</dt>
          <dd>{summary?.mode ?? 'Sin elegir'}</dd>
        </div>
        <div>
          <dt>
            {summary?.mode.startsWith('Retiro') || summary?.mode === 'Click al Auto' ? 'Tienda' : 'Dirección'}
          </dt>
          <dd>{summary?.place || 'Sin elegir'}</dd>
        </div>
        <div>
          <dt>Horario</dt>
          <dd>
            {state.window ? `${windowLine(state.window)} · ${windowFee(state.window.price)}` : 'Sin elegir'}
          </dd>
        </div>
      </dl>
      <button type="button" className="button button--secondary" onClick={() => openSelector()}>
        Cambiar modo de entrega u horario
      </button>
      <Form method="post" className="checkout-form" noValidate>
        <input type="hidden" name="intent" value="receiver" />
        <Field
          id={`${id}-receiver`}
          name="receiverName"
          label="¿Quién recibe el pedido?"
          autoComplete="name"
          maxLength={100}
          defaultValue={state.receiverName}
          error={error?.field === 'receiverName' ? error.error : null}
        />
        <StepRefusal error={error && error.field !== 'receiverName' ? error.error : null} />
        <button type="submit" className="button button--primary" disabled={busy}>
          Continuar
        </button>
      </Form>
    </>
  );
}
