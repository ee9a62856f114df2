import { useEffect, useState } from 'react';
import { UNAVAILABLE_PRODUCT_CHECK_DELAY_MS } from '@despensa/domain';
import { Dialog, DialogDone } from '../../ui/dialog';
import { useCart } from './cart-context';

/**
 * §4/§8: lines that come back unavailable are removed after 100 ms, then the notice says so. While the
 * lost-products dialog (delivery issue) is open it owns those lines, so nothing is removed here.
 */
export function UnavailableNotice({ lostProductsOpen = false }: { lostProductsOpen?: boolean }) {
  const { orderForm, submit } = useCart();
  const [open, setOpen] = useState(false);
  const unavailable = (orderForm?.items ?? [])
    .filter((item) => item.availability !== 'available')
    .map((item) => item.id)
    .join(',');

  useEffect(() => {
    if (!unavailable || lostProductsOpen) return;
    const timer = setTimeout(() => {
      submit({ intent: 'remove', ids: unavailable.split(',') });
      setOpen(true);
    }, UNAVAILABLE_PRODUCT_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [unavailable, lostProductsOpen, submit]);

  return (
    <Dialog open={open} title="Productos no disponibles" onClose={() => setOpen(false)}>
      <p>Algunos productos ya no estan disponibles y fueron eliminados de tu carro.</p>
      <DialogDone onClose={() => setOpen(false)}>Entendido</DialogDone>
    </Dialog>
  );
}
