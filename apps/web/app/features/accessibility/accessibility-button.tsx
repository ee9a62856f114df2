import { useCallback, useState } from 'react';
import { Dialog, DialogDone, DialogOpener } from '../../ui/dialog';
import { Icon } from '../../ui/icon';
import { applyContrast, type Contrast } from './contrast';

const OPTIONS: { value: Contrast; label: string; hint: string }[] = [
  { value: 'normal', label: 'Normal', hint: 'Los colores de siempre.' },
  { value: 'high', label: 'Alto contraste', hint: 'Texto negro sobre blanco y enlaces subrayados.' },
];

/** 'Accesibilidad' button and its dialog with the contrast setting. */
export function AccessibilityButton({ initialContrast }: { initialContrast: Contrast }) {
  const [open, setOpen] = useState(false);
  const [contrast, setContrast] = useState<Contrast>(initialContrast);
  const close = useCallback(() => setOpen(false), []);

  return (
    <>
      <DialogOpener className="text-button" onOpen={() => setOpen(true)}>
        <Icon name="contrast" size={18} />
        Accesibilidad
      </DialogOpener>
      <Dialog open={open} title="Accesibilidad" onClose={close}>
        <fieldset className="choice-group">
          <legend>Contraste</legend>
          {OPTIONS.map((option) => (
            <label key={option.value} className="choice">
              <input
                type="radio"
                name="contrast"
                value={option.value}
                checked={contrast === option.value}
                onChange={() => {
                  setContrast(option.value);
                  applyContrast(option.value);
                }}
              />
              <span>
                <span className="choice__label">{option.label}</span>
                <span className="choice__hint">{option.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <p className="dialog__note">Tu preferencia queda guardada en este navegador.</p>
        <DialogDone onClose={close}>Listo</DialogDone>
      </Dialog>
    </>
  );
}
