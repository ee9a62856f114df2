import { useId, useRef, useState, type RefObject } from 'react';
import type { OrderForm } from '@despensa/contracts';
import { Form, useActionData, useNavigation } from 'react-router';
import {
  deliveryFeeOf,
  formatCLP,
  itemsValueOf,
  paymentSystemOffered,
  primeBasketOf,
} from '@despensa/domain';
import { useShopperFeatures } from '../lists';
import type { CheckoutState } from './checkout-state-server';
import { useValuesBeforeHydration } from '../../lib/use-values-before-hydration';
import { methodSentWith, paymentSystemOf, refusalOf, type CheckoutActionResult } from './action-result';
import { FAILED_PAYMENT_MODALS, type FailedPaymentKind } from './payment-failures';
import { FailedPaymentModal } from './failed-payment-modal';
import { paymentMethodName, paymentMethodPanels, totalWith, type PaymentMethodKey } from './payment-methods';
import { ValidationCodeDialog } from './validation-code-dialog';
import { useChanged } from '../../lib/use-changed';
import { StepRefusal } from './missing-notice';

const METHOD_KEYS = Object.keys(paymentMethodPanels) as PaymentMethodKey[];

/**
 * Step 3: the §9 methods, each with its panel once chosen, and 'Pagar'. A transaction that is not there
 * shows the failed-payment modal; a blocked address the validation-code dialog (§4, §8).
 */
export function PaymentStep({
  state,
  brandName,
  helpPhone,
}: {
  state: CheckoutState;
  brandName: string;
  helpPhone: string;
}) {
  const result = useActionData<CheckoutActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const form = useRef<HTMLFormElement>(null);
  const { offered, method, setMethod } = useChosenMethod(state, result, form);
  const { failed, setFailed, code, setCode, payment, keepSent } = usePaymentAnswer(result);

  const refused = refusalOf(result);
  const codeError = refused?.field === 'accessKey' ? refused.error : null;
  const chosen = paymentMethodPanels[method];
  const Panel = chosen.Panel;
  return (
    <>
      <Form
        ref={form}
        method="post"
        className="checkout-form"
        noValidate
        onSubmit={(event) => keepSent(event.currentTarget)}
      >
        <input type="hidden" name="intent" value="pay" />
        <MethodChoices
          offered={offered}
          method={method}
          onChoose={setMethod}
          orderForm={state.orderForm}
          brandName={brandName}
        />
        {Panel ? (
          <Panel
            orderForm={state.orderForm}
            brandName={brandName}
            total={totalToPay(state, chosen)}
            result={result}
            busy={busy}
            onFailure={setFailed}
          />
        ) : null}
        <StepRefusal error={refused && !codeError ? refused.error : null} />
        <button type="submit" className="button button--primary checkout-pay" disabled={busy}>
          Pagar
        </button>
      </Form>
      <FailedPaymentModal
        failure={failed ? { kind: failed, ...FAILED_PAYMENT_MODALS[failed] } : null}
        helpPhone={helpPhone}
        onClose={() => setFailed(null)}
      />
      <ValidationCodeDialog
        open={code !== null}
        addressId={code?.addressId ?? ''}
        sentTo={code?.sentTo ?? null}
        payment={payment}
        error={codeError}
        busy={busy}
        onClose={() => setCode(null)}
      />
    </>
  );
}

/**
 * The §9 methods offered and the one chosen: the method a refused 'Pagar' sent (the page drawn again, also
 * without scripts), else the cart's saved one, else Webpay.
 */
function useChosenMethod(
  state: CheckoutState,
  result: CheckoutActionResult | undefined,
  form: RefObject<HTMLFormElement | null>,
) {
  const saved = paymentSystemOf(state.orderForm.paymentData.payments[0]);
  // §9: the options switched off (gift card, wallet and its saved cards) are not offered.
  const { flags } = useShopperFeatures();
  const offered = METHOD_KEYS.filter((key) =>
    paymentSystemOffered(paymentMethodPanels[key].paymentSystem, flags),
  );
  const sent = methodSentWith(result);
  const [method, setMethod] = useState<PaymentMethodKey>(
    () =>
      offered.find((key) => key === sent) ??
      offered.find((key) => paymentMethodPanels[key].paymentSystem === saved) ??
      'webpay',
  );
  // A method checked on the server's page before the scripts ran is the shopper's choice, not the saved one.
  useValuesBeforeHydration(form, { method }, (shown) => {
    const key = offered.find((each) => each === shown.method);
    if (key) setMethod(key);
  });
  return { offered, method, setMethod };
}

/**
 * What a 'Pagar' answered besides a refusal: the failed-payment modal to show, the validation-code dialog
 * to open, and what was sent (the method and its panel's fields), which the code dialog pays again with.
 */
function usePaymentAnswer(result: CheckoutActionResult | undefined) {
  const [failed, setFailed] = useState<FailedPaymentKind | null>(null);
  const [code, setCode] = useState<{ addressId: string; sentTo: string | null } | null>(null);
  const [payment, setPayment] = useState<[string, string][]>([]);
  if (useChanged(result) && result) {
    if ('failedPayment' in result) setFailed(result.kind ?? 'generic');
    if ('validationCode' in result) setCode(result.validationCode);
  }
  // Taken as 'Pagar' sends them: the fields of the answer's own submission.
  const keepSent = (form: HTMLFormElement) => setPayment(paymentFieldsOf(form));
  return { failed, setFailed, code, setCode, payment, keepSent };
}

/** The methods offered, each with its price when it changes the products' total. */
function MethodChoices({
  offered,
  method,
  onChoose,
  orderForm,
  brandName,
}: {
  offered: PaymentMethodKey[];
  method: PaymentMethodKey;
  onChoose: (key: PaymentMethodKey) => void;
  orderForm: OrderForm;
  brandName: string;
}) {
  const id = useId();
  return (
    <fieldset className="payment-methods">
      <legend className="payment-methods__legend">Elige cómo pagar</legend>
      {offered.map((key) => {
        const option = paymentMethodPanels[key];
        const total = totalWith(orderForm, option);
        return (
          <div key={key} className="payment-method">
            <input
              type="radio"
              id={`${id}-${key}`}
              name="method"
              value={key}
              checked={method === key}
              onChange={() => onChoose(key)}
              aria-describedby={`${id}-${key}-text`}
            />
            <label htmlFor={`${id}-${key}`} className="payment-method__label">
              {paymentMethodName(option, brandName)}
              {total !== itemsValueOf(orderForm) ? (
                <span className="payment-method__price"> · productos a {formatCLP(total)}</span>
              ) : null}
            </label>
            <p id={`${id}-${key}-text`} className="payment-method__text">
              {option.description}
            </p>
          </div>
        );
      })}
    </fieldset>
  );
}

/** What the chosen method charges: its prices for the products and the delivery fee. */
function totalToPay(state: CheckoutState, method: (typeof paymentMethodPanels)[PaymentMethodKey]): number {
  return (
    totalWith(state.orderForm, method) +
    deliveryFeeOf(state.choice?.method ?? null, state.window !== null, primeBasketOf(state.orderForm))
  );
}

/** The payment form's fields but its intent: the method, the one-click card, the gift card and its part. */
function paymentFieldsOf(form: HTMLFormElement): [string, string][] {
  return [...new FormData(form)].flatMap(([name, value]) =>
    name !== 'intent' && typeof value === 'string' ? [[name, value] as [string, string]] : [],
  );
}
