import { Link, useLocation, useNavigate } from 'react-router';
import { CartTotals } from '../cart';
import { formatCLP, lineLabel } from '@despensa/domain';
import type { CheckoutState } from './checkout-state-server';
import { FailedPaymentModal } from './failed-payment-modal';
import { failedPaymentOf, type PaymentError } from './payment-failures';
import { PendingPaymentNotice } from './pending-payment-notice';
import { PaymentStep } from './payment-step';
import { ProfileStep } from './profile-step';
import { ShippingStep } from './shipping-step';
import { TermsUpdateDialog } from './terms-update-dialog';
import { CHECKOUT_STEPS, checkoutStepPath, reachableStep, type CheckoutStep } from './steps';
import '../cart/cart.css';
import './checkout.css';

/** /checkout/:step: the steps, the current one's form, and the purchase's summary. */
export function CheckoutPage({
  state,
  step,
  paymentError,
  brandName,
  helpPhone,
}: {
  state: CheckoutState;
  step: CheckoutStep;
  /** How the last payment came back from the acquirer (?paymentError=). */
  paymentError: PaymentError | null;
  brandName: string;
  helpPhone: string;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = CHECKOUT_STEPS.find((each) => each.slug === step)!;
  return (
    <main className="checkout container">
      <h1 className="checkout__title">Finaliza tu compra</h1>
      <PendingPaymentNotice pending={state.pendingPayment} />
      <nav aria-label="Pasos de la compra">
        <ol className="checkout-steps">
          {CHECKOUT_STEPS.map(({ slug, label }, index) => {
            const text = `${index + 1}. ${label}`;
            return (
              <li
                key={slug}
                className={slug === step ? 'checkout-steps__item is-current' : 'checkout-steps__item'}
              >
                {slug === step ? (
                  <span aria-current="step">{text}</span>
                ) : reachableStep(state.gaps, slug) === slug ? (
                  <Link to={checkoutStepPath(slug)}>{text}</Link>
                ) : (
                  <span>{text}</span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <div className="checkout__body">
        <section className="checkout__step" aria-labelledby="checkout-step-title">
          <h2 id="checkout-step-title" className="checkout__subtitle">
            {current.label}
          </h2>
          {step === 'shipping' ? <ShippingStep state={state} /> : null}
          {step === 'profile' ? <ProfileStep state={state} /> : null}
          {step === 'payment' ? (
            <PaymentStep state={state} brandName={brandName} helpPhone={helpPhone} />
          ) : null}
        </section>
        <aside className="checkout__summary" aria-labelledby="checkout-summary-title">
          <h2 id="checkout-summary-title" className="checkout__subtitle">
            Resumen de tu compra
          </h2>
          <ul className="checkout-items">
            {state.orderForm.items.map((item) => (
              <li key={item.uniqueId} className="checkout-items__line">
                <span>{lineLabel(item)}</span>
                <span>{formatCLP(item.priceDefinition.total)}</span>
              </li>
            ))}
          </ul>
          <CartTotals orderForm={state.orderForm} busy={false} />
          <Link to="/_secure/cart" className="text-button">
            Volver al carro
          </Link>
        </aside>
      </div>
      <TermsUpdateDialog terms={state.termsUpdate} />
      <FailedPaymentModal
        failure={paymentError ? failedPaymentOf(paymentError) : null}
        helpPhone={helpPhone}
        onClose={() => void navigate(pathname, { replace: true, preventScrollReset: true })}
      />
    </main>
  );
}
