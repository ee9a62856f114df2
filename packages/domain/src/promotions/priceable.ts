import type { Promotion } from './types';

/** Why the engine cannot price a promotion: the promotion's field at fault and the reason in Spanish. */
export interface PromotionProblem {
  field: 'value' | 'quantity' | 'quantityAffected' | 'minQuantity' | 'start' | 'end' | 'idsSalesChannel';
  message: string;
}

/**
 * Why the price engine cannot price a promotion (Spanish, for whoever sent it), or null when it can.
 * These are the promotions the engine would silently skip or price as nonsense: a percent over 100, a
 * discount of 0, a pack that leaves nothing to pay or nothing free, dates that never hold, or a sales
 * channel the shop does not sell in. The field lets a form show the reason beside its input.
 */
export function promotionProblem(
  promotion: Promotion,
  salesChannels: readonly number[],
): PromotionProblem | null {
  return (
    valueProblem(promotion) ??
    quantityProblem(promotion) ??
    dateProblem(promotion) ??
    channelProblem(promotion, salesChannels)
  );
}

function valueProblem({ discountType, value }: Promotion): PromotionProblem | null {
  if (!Number.isFinite(value) || value <= 0)
    return { field: 'value', message: 'El descuento debe ser mayor que 0.' };
  if (discountType === 'percentual' && value > 100)
    return { field: 'value', message: 'El descuento porcentual no puede superar el 100 %.' };
  return null;
}

function quantityProblem({
  type,
  quantity,
  quantityAffected,
  minQuantity,
}: Promotion): PromotionProblem | null {
  if (!Number.isInteger(minQuantity) || minQuantity < 0)
    return { field: 'minQuantity', message: 'La cantidad mínima no es válida.' };
  if (type === 'regular') return null;
  if (!Number.isInteger(quantity) || quantity < 2)
    return { field: 'quantity', message: 'La cantidad que se lleva debe ser al menos 2 unidades.' };
  if (type === 'for_the_price_of' && !(quantityAffected >= 1 && quantityAffected < quantity))
    return {
      field: 'quantityAffected',
      message: 'En un "lleva X paga Y" se debe pagar al menos 1 unidad y menos de las que se llevan.',
    };
  if (type === 'progressive' && !(quantityAffected >= 1 && quantityAffected <= quantity))
    return {
      field: 'quantityAffected',
      message: 'En un descuento progresivo las unidades con descuento deben ser entre 1 y la cantidad.',
    };
  return null;
}

function dateProblem({ start, end }: Promotion): PromotionProblem | null {
  const from = Date.parse(start);
  const to = Date.parse(end);
  if (Number.isNaN(from)) return { field: 'start', message: 'La fecha de inicio no es válida.' };
  if (Number.isNaN(to)) return { field: 'end', message: 'La fecha de término no es válida.' };
  if (to <= from) return { field: 'end', message: 'La fecha de término debe ser posterior a la de inicio.' };
  return null;
}

function channelProblem(promotion: Promotion, salesChannels: readonly number[]): PromotionProblem | null {
  const unknown = [...promotion.idsSalesChannel, ...promotion.idsSalesChannelExclusive].find(
    (channel) => !salesChannels.includes(channel),
  );
  return unknown === undefined
    ? null
    : { field: 'idsSalesChannel', message: `La tienda no vende en el canal de venta ${unknown}.` };
}
