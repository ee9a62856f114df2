import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import './lib/preact-options';

/**
 * The router's first render waits for the page's loader data (streamed into the page by inline scripts) by
 * throwing the promise of its decoding. Preact cannot resume hydrating a whole document after a suspension,
 * so the wait happens before hydrating: the router's first call starts the decoding and throws that
 * promise before it uses any hook.
 */
function loaderDataDecoded(): Promise<unknown> {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (pending) {
    if (pending instanceof Promise) return pending;
    throw pending;
  }
  return Promise.resolve();
}

void loaderDataDecoded().then(() =>
  startTransition(() => {
    hydrateRoot(document, <HydratedRouter />);
  }),
);
