import { Suspense, useState, type ReactNode } from 'react';

/**
 * Draws its children from the first time `open` is true on: a dialog's code (a lazy component) and its
 * elements come when the shopper first opens it, not with every page (issue 33). They stay after it
 * closes, so that it closes as a dialog does (focus back to what opened it).
 */
export function WhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
