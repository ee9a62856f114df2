/**
 * §8 texts of delivery: the no-coverage popover (two brand variants) and the delivery modal messages
 * a shipping simulation names in its `message`.
 */
export const NO_COVERAGE_TEXT = {
  /** The chain's wording. */
  default:
    'En estos momentos, nos encontramos sin cobertura. Puedes retirar tu pedido en tienda o seleccionar otra dirección.',
  /** The other brand's wording (white-label). */
  comingSoon: '¡Pronto llegaremos a tu zona! Por ahora, puedes hacer retiros en local.',
} as const;
export type NoCoverageVariant = keyof typeof NO_COVERAGE_TEXT;

export type DeliveryModalMessage = 'outOfCoverage' | 'noSchedules' | 'noWindows' | 'tryLater';

/**
 * §8 delivery modal messages; only the first is quoted by the spec, the others follow its meaning. The spec
 * quotes the first cut short ('…de cobertura...'); a shopper reads it whole, with its ways on (issue #17).
 */
export const DELIVERY_MODAL_MESSAGES: Record<DeliveryModalMessage, string> = {
  outOfCoverage:
    'Tu dirección está fuera de la zona de cobertura. Puedes retirar tu pedido en tienda o elegir otra dirección.',
  noSchedules: 'El local no tiene horarios disponibles por ahora.',
  noWindows: 'No hay horarios de entrega disponibles para esta dirección.',
  tryLater: 'No pudimos consultar los horarios. Inténtalo más tarde.',
};

/** §2 hour tooltip, shown for HOUR_TOOLTIP_MS. */
export const HOUR_TOOLTIP_TEXT = 'La disponibilidad de este horario puede cambiar según la demanda.';
