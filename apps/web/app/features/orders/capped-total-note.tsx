import { priceRiseOf } from '@despensa/domain';
import type { Fulfilment } from '@despensa/contracts';
import { formatPrice } from '../../lib/format';

/**
 * Why the shopper pays less than the order now costs (the shopper never pays more than was authorised):
 * a heavier weighed item and a dearer replacement are different news, each told in its own words.
 */
export function CappedTotalNote({ fulfilment }: { fulfilment: Fulfilment }) {
  if (fulfilment.capped <= 0) return null;
  const rise = priceRiseOf(fulfilment.lines);
  const most = formatPrice(fulfilment.authorised);
  const text = !rise.replacement
    ? `El peso real superó lo autorizado: te cobramos como máximo ${most}.`
    : rise.weight
      ? `El peso real y los reemplazos superaron lo autorizado: te cobramos como máximo ${most}, lo que autorizaste al pagar, y la tienda asume la diferencia.`
      : `El reemplazo cuesta más que lo que pediste: te cobramos como máximo ${most}, lo que autorizaste al pagar, y la tienda asume la diferencia.`;
  return <p className="order-live__rule">{text}</p>;
}
