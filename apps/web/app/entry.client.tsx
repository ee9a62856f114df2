import './lib/preact-options';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { hydrateInTurns, taskOfItsOwn } from './lib/hydration-turns';

/**
 * React Router's router, built before the page hydrates. It decodes the server's data (a stream) before
 * its router exists and suspends the first render until then: React's root waits for that, Preact's
 * hydration does not. Called outside a render, the component throws the promise it would suspend on before
 * any hook runs; called again once the data is decoded, it builds the router (every route matched, ~20 ms
 * of a desktop) in a task of its own, not in the hydration's, and then stops at its first hook.
 */
async function routerReady(): Promise<void> {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (!(thrown instanceof Promise)) throw thrown;
    await thrown;
  }
  await taskOfItsOwn();
  try {
    HydratedRouter({});
  } catch {
    // Its first hook, outside a render: the router exists by then (if building it failed, the render
    // below fails the same way, in view).
  }
  await taskOfItsOwn();
}

/**
 * The root our app hydrates, <html>, as the only child of a parent Preact can render into: given the
 * document itself it renders into <html> and would nest a second <html> inside the first.
 */
function documentAsParent(): Element {
  const html = document.documentElement;
  const parent = {
    nodeType: 1,
    namespaceURI: html.namespaceURI,
    ownerDocument: document,
    firstChild: html,
    childNodes: [html],
    insertBefore: (node: Node, before: Node | null) => document.insertBefore(node, before),
  };
  return parent as unknown as Element;
}

void routerReady().then(() => hydrateInTurns(() => hydrateRoot(documentAsParent(), <HydratedRouter />)));
