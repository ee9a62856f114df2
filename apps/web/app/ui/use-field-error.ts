import { useEffect, useState } from 'react';
import { ERROR_HIGHLIGHT_MS, VALIDATION_DELAY_MS } from '@despensa/domain';

/**
 * §5 timing of a field's error: shown once the shopper pauses VALIDATION_DELAY_MS on an invalid value, or at
 * once when a send attempt forces it (then cleared after ERROR_HIGHLIGHT_MS unless the pause rule holds).
 */
export function useFieldError(value: string, valid: boolean) {
  const [settledValue, setSettledValue] = useState(value);
  const [forced, setForced] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setSettledValue(value), VALIDATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);

  useEffect(() => {
    if (!forced) return;
    const timer = setTimeout(() => setForced(0), ERROR_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [forced]);

  const paused = settledValue === value && value !== '';
  return {
    visible: !valid && (paused || forced > 0),
    force: () => setForced(Date.now()),
  };
}
