import { useState } from 'react';

/**
 * True in the render where `value` differs from the previous render's (by identity). React's way to adjust
 * state when a prop or the location changes: set it during that render, not in an effect and a second pass.
 */
export function useChanged<T>(value: T): boolean {
  const [seen, setSeen] = useState(value);
  if (Object.is(seen, value)) return false;
  setSeen(value);
  return true;
}
