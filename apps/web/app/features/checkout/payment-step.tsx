import { useEffect, useId, useRef, useState } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { deliveryFeeOf, formatCLP, paymentSystemOffered, primeBasketOf } from '@despensa/domain';
import { useShopperFeatures } from '../lists/shopper-features-context';
import type { CheckoutState } from './checkout-server';
import { useValuesBeforeHydration } from '../../lib/use-values-before-hydration';
import { methodSentWith, paymentSystemOf, refusalOf, type CheckoutActionResult } from './action-result';
import { FAILED_PAYMENT_MODALS, type FailedPaymentKind } from './payment-failures';
import { FailedPaymentModal } from './failed-payment-modal';
import { paymentMethodName, paymentMethodPanels, totalWith, type PaymentMethodKey } from './payment-methods';
import { ValidationCodeDialog } from './validation-code-dialog';

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
  const id = useId();
  const result = useActionData<CheckoutActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const saved = paymentSystemOf(state.orderForm.paymentData.payments[0]);
  // §9: the options switched off (gift card, wallet and its saved cards) are not offered.
  const { flags } = useShopperFeatures();
  const offered = METHOD_KEYS.filter((key) =>
    paymentSystemOffered(paymentMethodPanels[key].paymentSystem, flags),
  );
  // The method a refused 'Pagar' sent (the page drawn again, also without scripts), else the saved one.
  const sent = methodSentWith(result);
  const [method, setMethod] = useState<PaymentMethodKey>(
    offered.find((key) => key === sent) ??
      offered.find((key) => paymentMethodPanels[key].paymentSystem === saved) ??
      'webpay',
  );
  const [failed, setFailed] = useState<FailedPaymentKind | null>(null);
  const [code, setCode] = useState<{ addressId: string; sentTo: string | null } | null>(null);
  // What 'Pagar' sent (the method and its panel's fields): the code dialog pays again with the same.
  const [payment, setPayment] = useState<[string, string][]>([]);
  const form = useRef<HTMLFormElement>(null);
  // A method checked on the server's page before the scripts ran is the shopper's choice, not the saved one.
  useValuesBeforeHydration(form, { method }, (shown) => {
    const key = offered.find((each) => each === shown.method);
    if (key) setMethod(key);
  });

  useEffect(() => {
    if (!result) return;
    if ('failedPayment' in result) setFailed(result.kind ?? 'generic');
    if ('validationCode' in result) {
      setCode(result.validationCode);
      if (form.current) setPayment(paymentFieldsOf(form.current));
    }
  }, [result]);

  const refused = refusalOf(result);
  const codeError = refused?.field === 'accessKey' ? refused.error : null;
  const chosen = paymentMethodPanels[method];
  const Panel = chosen.Panel;
  return (
    <>
      <Form ref={form} method="post" className="checkout-form" noValidate>
        <input type="hidden" name="intent" value="pay" />
        <fieldset className="payment-methods">
          <legend className="payment-methods__legend">Elige cómo pagar</legend>
          {offered.map((key) => {
            const option = paymentMethodPanels[key];
            const total = totalWith(state.orderForm, option);
            return (
              <div key={key} className="payment-method">
                <input
                  type="radio"
                  id={`${id}-${key}`}
                  name="method"
                  value={key}
                  checked={method === key}
                  onChange={() => setMethod(key)}
                  aria-describedby={`${id}-${key}-text`}
                />
                <label htmlFor={`${id}-${key}`} className="payment-method__label">
                  {paymentMethodName(option, brandName)}
                  {total !== state.orderForm.value ? (
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
        {Panel ? (
          <Panel
            orderForm={state.orderForm}
            brandName={brandName}
            total={
              totalWith(state.orderForm, chosen) +
              deliveryFeeOf(
                state.choice?.method ?? null,
                state.window !== null,
                primeBasketOf(state.orderForm),
              )
            }
            result={result}
            busy={busy}
            onFailure={setFailed}
          />
        ) : null}
        {refused && !codeError ? (
          <p className="checkout-error" role="alert">
            {refused.error}
          </p>
        ) : null}
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

/** The payment form's fields but its intent: the method, the one-click card, the gift card and its part. */
function paymentFieldsOf(form: HTMLFormElement): [string, string][] {
  return [...new FormData(form)].flatMap(([name, value]) =>
    name !== 'intent' && typeof value === 'string' ? [[name, value] as [string, string]] : [],
  );
}
