import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { headerFor } from '../../lib/layout-rules';
import { useCart } from './cart-context';

/**
 * §4 cart lifecycle: 'On a non-checkout page, a stored payment with no open quick-purchase drawer is
 * cleared.' A shop page (the main header's: not the cart, login or checkout) drops the payment the
 * checkout stored on the cart, so the checkout asks for it again; the quick-purchase drawer, while open,
 * keeps it.
 */
export function useStoredPaymentCleared(quickPurchaseOpen: boolean): void {
  const { orderForm, readOnly, submit } = useCart();
  const { pathname } = useLocation();
  const storedPayment = (orderForm?.paymentData.payments.length ?? 0) > 0;
  const shopPage = headerFor(pathname) === 'main';
  useEffect(() => {
    if (storedPayment && shopPage && !quickPurchaseOpen && !readOnly) submit({ intent: 'clearPayment' });
  }, [storedPayment, shopPage, quickPurchaseOpen, readOnly, submit]);
}
