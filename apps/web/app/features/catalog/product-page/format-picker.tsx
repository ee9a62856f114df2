import { useEffect, useEffectEvent, useRef } from 'react';
import { formatPrice } from '../../../lib/format';
import type { ProductFormat } from './load-product';

/**
 * The sku choice of a product sold in several formats (sizes, packs, varieties), with each one's price.
 * The radios are uncontrolled so a choice made before hydration is not undone by it: on mount the
 * picker reads the checked radio back from the page.
 */
export function FormatPicker(props: {
  formats: ProductFormat[];
  selected: string;
  onSelect: (skuId: string) => void;
}) {
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const { selected, onSelect } = props;
  // Only the state the server-rendered page was left in matters here, so this runs once.
  const takeChecked = useEffectEvent(() => {
    const checked = fieldset.current?.querySelector<HTMLInputElement>('input:checked')?.value;
    if (checked && checked !== selected) onSelect(checked);
  });
  useEffect(() => takeChecked(), []);
  return (
    <fieldset className="format-picker" ref={fieldset}>
      <legend className="format-picker__legend">Formato</legend>
      <div className="format-picker__options">
        {props.formats.map((format) => (
          <label
            key={format.skuId}
            className={`format-picker__option${format.skuId === props.selected ? ' format-picker__option--selected' : ''}`}
          >
            <input
              type="radio"
              name="format"
              value={format.skuId}
              defaultChecked={format.skuId === props.selected}
              onChange={() => props.onSelect(format.skuId)}
            />
            <span className="format-picker__label">{format.label}</span>
            <span className="format-picker__price">
              {format.summary.inStock ? formatPrice(format.summary.price) : 'Agotado'}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
