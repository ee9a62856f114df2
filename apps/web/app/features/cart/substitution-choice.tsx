import { useId, useRef, useState } from 'react';
import type { OrderInfo } from '@despensa/contracts';
import { DEFAULT_REPLACEMENT_CRITERIA, DO_NOT_SUBSTITUTE } from '@despensa/domain';
import { useValuesBeforeHydration } from '../../lib/use-values-before-hydration';
import { useCart } from './cart-context';

type SubstituteType = OrderInfo['substituteType'];

const OPTIONS: { value: SubstituteType; label: string }[] = [
  { value: DEFAULT_REPLACEMENT_CRITERIA as SubstituteType, label: 'Criterio de la tienda' },
  { value: DO_NOT_SUBSTITUTE as SubstituteType, label: 'No sustituir' },
];

/** §4 substitution preference of one line (store criterion by default), saved to the order info. */
export function SubstitutionChoice({
  skuId,
  productName,
  saved,
}: {
  skuId: string;
  productName: string;
  saved: OrderInfo['skuData'][string] | undefined;
}) {
  const { submit } = useCart();
  const noteId = useId();
  const [substituteType, setSubstituteType] = useState<SubstituteType>(
    saved?.substituteType ?? (DEFAULT_REPLACEMENT_CRITERIA as SubstituteType),
  );
  const [note, setNote] = useState(saved?.note ?? '');
  const save = (type: SubstituteType, text: string) =>
    submit({
      intent: 'substitution',
      skuData: { [skuId]: { substituteType: type, note: text.trim() || null } },
    });
  const root = useRef<HTMLFieldSetElement>(null);
  const typeName = `substitution-${skuId}`;
  const noteName = `substitution-note-${skuId}`;
  // A preference chosen (or a note typed) on the server's page before the scripts ran is the shopper's:
  // kept and saved, never put back to the saved one by the next render.
  useValuesBeforeHydration(root, { [typeName]: String(substituteType), [noteName]: note }, (shown) => {
    const type = OPTIONS.find((option) => String(option.value) === shown[typeName])?.value ?? substituteType;
    const text = shown[noteName] ?? note;
    setSubstituteType(type);
    setNote(text);
    save(type, text);
  });

  return (
    <fieldset ref={root} className="substitution">
      <legend className="substitution__legend">Si no tenemos {productName}</legend>
      <div className="substitution__options">
        {OPTIONS.map((option) => (
          <label key={option.value} className="substitution__option">
            <input
              type="radio"
              name={typeName}
              value={option.value}
              checked={substituteType === option.value}
              onChange={() => {
                setSubstituteType(option.value);
                save(option.value, note);
              }}
            />
            {option.label}
          </label>
        ))}
      </div>
      <label htmlFor={noteId} className="substitution__note-label">
        Nota para quien prepara tu pedido (opcional)
      </label>
      <input
        id={noteId}
        name={noteName}
        className="substitution__note"
        type="text"
        maxLength={300}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        onBlur={() => {
          if (note.trim() !== (saved?.note ?? '')) save(substituteType, note);
        }}
      />
    </fieldset>
  );
}
