import type { DeliveryWindowRef } from './delivery-intents';
import { HourTooltip } from './hour-tooltip';
import { windowFee, windowHours, windowsByDay } from './window-label';

/** The delivery windows by day; a full window is shown, not offered (the cart's own held one excepted). */
export function WindowChoice({
  windows,
  held,
  selected,
  onChange,
}: {
  windows: { startDateUtc: string; endDateUtc: string; price: number; remaining: number; full: boolean }[];
  /** The window the cart holds: it counts in the capacity, yet it is the shopper's to keep. */
  held: DeliveryWindowRef | null;
  selected: DeliveryWindowRef | null;
  onChange: (window: DeliveryWindowRef) => void;
}) {
  const key = (window: DeliveryWindowRef) => `${window.startDateUtc}/${window.endDateUtc}`;
  const heldKey = held ? key(held) : null;
  return (
    <fieldset className="delivery-selector__windows">
      <legend className="delivery-selector__legend">Horario de entrega</legend>
      <div className="delivery-selector__window-days">
        {windowsByDay(windows).map(({ day, windows: ofDay }) => (
          <fieldset key={day} className="delivery-selector__window-day">
            <legend className="delivery-selector__day">{day}</legend>
            <div className="delivery-selector__window-grid">
              {ofDay.map((window) => {
                const isHeld = key(window) === heldKey;
                const full = window.full && !isHeld;
                return (
                  <label
                    key={key(window)}
                    className={`delivery-selector__window${full ? ' delivery-selector__window--full' : ''}`}
                  >
                    <input
                      type="radio"
                      name="delivery-window"
                      value={key(window)}
                      disabled={full}
                      checked={selected !== null && key(selected) === key(window)}
                      onChange={() =>
                        onChange({ startDateUtc: window.startDateUtc, endDateUtc: window.endDateUtc })
                      }
                    />
                    <span>{windowHours(window)}</span>
                    <span className="delivery-selector__window-detail">
                      {full ? 'Completo' : `${windowFee(window.price)} · ${windowCapacity(window, isHeld)}`}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
      <HourTooltip windowKey={selected ? key(selected) : null} />
    </fieldset>
  );
}

function windowCapacity(window: { remaining: number }, held: boolean): string {
  if (held) return 'Reservado para ti';
  return window.remaining === 1 ? 'Queda 1 cupo' : `Quedan ${window.remaining} cupos`;
}
