import { useEffect, useState } from 'react';
import { BULK_NOTICE_MS, isWeighed } from '@despensa/domain';
import { useCart } from './cart-context';
import { useChanged } from '../../lib/use-changed';

export const BULK_NOTICE_TEXT =
  'Los productos a granel se pesan al preparar tu pedido, así que el peso final puede variar. Si no tenemos el peso exacto, te llamaremos para ajustarlo.';

/** §5 bulk products: after a weighed item is added, say the weight may vary, for 10 s. */
export function BulkNotice() {
  const { lastAdd, lines } = useCart();
  const [shownFor, setShownFor] = useState<number | null>(null);
  const added = lastAdd ? lines.find((line) => line.id === lastAdd.skuId) : undefined;
  const weighedAdd = added && isWeighed(added.measurementUnit) ? lastAdd!.at : null;

  if (useChanged(weighedAdd) && weighedAdd !== null) setShownFor(weighedAdd);
  useEffect(() => {
    if (weighedAdd === null) return;
    const timer = setTimeout(() => setShownFor(null), BULK_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [weighedAdd]);

  return (
    <div role="status" className="bulk-notice-region">
      {shownFor !== null ? <p className="cart-message cart-message--info">{BULK_NOTICE_TEXT}</p> : null}
    </div>
  );
}
