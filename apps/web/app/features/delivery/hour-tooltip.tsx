import { useEffect, useState } from 'react';
import { HOUR_TOOLTIP_MS, HOUR_TOOLTIP_TEXT } from '@despensa/domain';

/** §2 hour tooltip: after a window is picked, its availability may change with demand; shown 10 s. */
export function HourTooltip({ windowKey }: { windowKey: string | null }) {
  const [shownFor, setShownFor] = useState<string | null>(null);
  useEffect(() => {
    if (!windowKey) return;
    // Shown from the pick, then hidden by the timer: the effect is the clock, not derived state.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setShownFor(windowKey);
    const timer = setTimeout(() => setShownFor(null), HOUR_TOOLTIP_MS);
    return () => clearTimeout(timer);
  }, [windowKey]);
  return (
    <p className="delivery-hour-tooltip" role="status">
      {shownFor && shownFor === windowKey ? HOUR_TOOLTIP_TEXT : null}
    </p>
  );
}
