import './lib/preact-options';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/**
 * React Router decodes the server's data (a stream) before its router exists, suspending the first render
 * until then. React's root waits for that; Preact's hydration does not, so the decoding is started and
 * awaited first: calling the component once throws the promise it would suspend on, before any hook runs.
 */
async function routerDataDecoded(): Promise<void> {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (!(thrown instanceof Promise)) throw thrown;
    await thrown;
  }
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

void routerDataDecoded().then(() => hydrateRoot(documentAsParent(), <HydratedRouter />));
