import { Suspense, type ReactElement } from 'react';
import { inFirstPass, nextTurn } from '../lib/hydration-turns';

/**
 * One element (its children render exactly one) that the page's first hydration pass leaves as the server
 * drew it, hydrated in a turn of its own right after (lib/hydration-turns.ts). Rendered on the server, or
 * after the first pass, it is its children and nothing else.
 */
export function HydrateLater({ children }: { children: ReactElement }) {
  return (
    <Suspense fallback={null}>
      <Turn>{children}</Turn>
    </Suspense>
  );
}

function Turn({ children }: { children: ReactElement }) {
  // Suspending is how Preact keeps server HTML in place during hydration and hydrates it on resumption.
  if (inFirstPass()) throw nextTurn();
  return children;
}
