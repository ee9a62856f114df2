import './lib/preact-options';
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';
import { renderToStringAsync } from 'preact-render-to-string';
import { isSharedRender } from './layout/shopper-parts.server';
import { criticalPathDocument } from './lib/critical-path.server';
import { NonceProvider } from './lib/nonce';

type HandleErrorArgs = Parameters<HandleErrorFunction>[1];

export const streamTimeout = 5_000;

/** Preact renders the <html> element; React wrote the doctype itself. */
const DOCTYPE = '<!DOCTYPE html>';

/** Renders whose loaders could not reach the database (the errors reach handleRequest sanitized). */
const unavailableRenders = new WeakSet<AppLoadContext>();

/** React Router's own logging of a loader's or action's error, and the note that it was the database's. */
export function handleError(error: unknown, { request, context }: HandleErrorArgs): void {
  if (context.isUnavailable?.(error)) unavailableRenders.add(context);
  if (!request.signal.aborted) console.error(error);
}

/**
 * Every page rendered by Preact (the browser hydrates with Preact too: vite.config.ts), whole, with the
 * critical-path rewrites of critical-path.server.ts.
 */
export default function handleRequest(
  request: Request,
  statusOfRouter: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // §8: a loader that could not reach the database in time makes the page a 503 to try again, not a 500.
  const unavailable = unavailableRenders.has(loadContext);
  if (unavailable) responseHeaders.set('Retry-After', '5');
  const responseStatusCode = unavailable ? 503 : statusOfRouter;
  // The server's Content-Security-Policy names this nonce: every inline script of the page carries it.
  const nonce = loadContext.cspNonce;
  // A page drawn for this request alone (the cart, the checkout) is not kept by the browser either: back
  // after paying drew the cart it held, with the items just bought. Shared pages carry the page cache's own.
  if (!isSharedRender(request) && !responseHeaders.has('Cache-Control')) {
    responseHeaders.set('Cache-Control', 'no-store');
  }
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The whole page at once, React Router's data scripts included: its loaders have all answered by now, so a
  // streamed shell would only come a few milliseconds sooner. A render stuck past the timeout is abandoned.
  const rendering = renderToStringAsync(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
  );
  let timeoutId: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timeoutId = setTimeout(() => reject(new Error('page render timed out')), streamTimeout + 1000);
  });
  return Promise.race([rendering, timeout])
    .then((rendered) => {
      responseHeaders.set('Content-Type', 'text/html');
      const html = criticalPathDocument(Buffer.from(DOCTYPE + rendered));
      return new Response(html, { headers: responseHeaders, status: responseStatusCode });
    })
    .finally(() => clearTimeout(timeoutId));
}
