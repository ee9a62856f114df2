import type { OrderFormItem } from '@despensa/contracts';
import { quantityLabel, quantityStepLabel } from '@despensa/domain';

/**
 * − quantity +; weighed lines step by their unitMultiplier and read in kg. It answers the step, not the
 * new quantity: two quick clicks can come before the line is drawn again, and each must count.
 */
export function QuantityStepper({
  line,
  onStep,
  label = `Cantidad de ${line.name}`,
}: {
  line: Pick<OrderFormItem, 'name' | 'quantity' | 'unitMultiplier' | 'measurementUnit'>;
  onStep: (step: 1 | -1) => void;
  /** The group's name, when the line is shown away from the cart (a product card). */
  label?: string;
}) {
  const step = quantityStepLabel(line);
  return (
    <div className="cart-stepper" role="group" aria-label={label}>
      <button
        type="button"
        className="cart-stepper__button"
        aria-label={`Quitar ${step} de ${line.name}`}
        onClick={() => onStep(-1)}
      >
        −
      </button>
      <output className="cart-stepper__value" aria-live="polite">
        {quantityLabel(line)}
      </output>
      <button
        type="button"
        className="cart-stepper__button"
        aria-label={`Agregar ${step} de ${line.name}`}
        // At its limit too: the cart keeps the quantity and answers which limit it is (§5).
        onClick={() => onStep(1)}
      >
        +
      </button>
    </div>
  );
}
