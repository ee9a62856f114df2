/** Units to add, between 1 and the sku's purchase limit. */
export function QuantityStepper(props: {
  value: number;
  max: number;
  onChange: (value: number) => void;
  id: string;
}) {
  const { value, max, onChange, id } = props;
  const clamp = (next: number) => Math.min(max, Math.max(1, Number.isFinite(next) ? Math.trunc(next) : 1));
  return (
    <div className="quantity-stepper">
      <label htmlFor={id}>Cantidad</label>
      <button
        type="button"
        aria-label="Quitar una unidad"
        disabled={value <= 1}
        onClick={() => onChange(clamp(value - 1))}
      >
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={value}
        onChange={(event) => onChange(clamp(event.currentTarget.valueAsNumber))}
      />
      <button
        type="button"
        aria-label="Agregar una unidad"
        disabled={value >= max}
        onClick={() => onChange(clamp(value + 1))}
      >
        +
      </button>
    </div>
  );
}
