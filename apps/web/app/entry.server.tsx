import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToStringAsync } from 'preact-render-to-string';
import { isSharedRender } from './layout/shopper-parts.server';
import { criticalPathDocument } from './lib/critical-path.server';
import { NonceProvider } from './lib/nonce';
import './lib/preact-options';

type HandleErrorArgs = Parameters<HandleErrorFunction>[1];

/** React Router settles data a loader left pending after this (so a render always ends). */
export const streamTimeout = 5_000;

/** Renders whose loaders could not reach the database (the errors reach handleRequest sanitized). */
const unavailableRenders = new WeakSet<AppLoadContext>();

/** React Router's own logging of a loader's or action's error, and the note that it was the database's. */
export function handleError(error: unknown, { request, context }: HandleErrorArgs): void {
  if (context.isUnavailable?.(error)) unavailableRenders.add(context);
  if (!request.signal.aborted) console.error(error);
}

/** Neither the renderer nor the root writes it (React's renderer did, for a document). */
const DOCTYPE = '<!DOCTYPE html>';

/** The document, rendered whole, with the critical-path rewrites of critical-path.server.ts. */
export default async function handleRequest(
  request: Request,
  statusOfRouter: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // §8: a loader that could not reach the database in time makes the page a 503 to try again, not a 500.
  const unavailable = unavailableRenders.has(loadContext);
  if (unavailable) responseHeaders.set('Retry-After', '5');
  const status = unavailable ? 503 : statusOfRouter;
  // The server's Content-Security-Policy names this nonce: every inline script of the page carries it.
  const nonce = loadContext.cspNonce;
  // A page drawn for this request alone (the cart, the checkout) is not kept by the browser either: back
  // after paying drew the cart it held, with the items just bought. Shared pages carry the page cache's own.
  if (!isSharedRender(request) && !responseHeaders.has('Cache-Control')) {
    responseHeaders.set('Cache-Control', 'no-store');
  }
  if (request.method.toUpperCase() === 'HEAD')
    return new Response(null, { status, headers: responseHeaders });
  const markup = await renderToStringAsync(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
  );
  responseHeaders.set('Content-Type', 'text/html');
  const html = criticalPathDocument(DOCTYPE + markup);
  return new Response(html, { headers: responseHeaders, status });
}
