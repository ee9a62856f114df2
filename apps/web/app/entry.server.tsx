import { PassThrough, Writable, pipeline } from 'node:stream';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';

type HandleErrorArgs = Parameters<HandleErrorFunction>[1];
import { ServerRouter } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { isSharedRender } from './layout/shopper-parts.server';
import { criticalPathDocument, criticalPathStream } from './lib/critical-path.server';
import { NonceProvider } from './lib/nonce';

export const streamTimeout = 5_000;

/** A page rendered to the end into one buffer, handed to `done` whole. */
function renderWhole(pipe: (destination: Writable) => void, done: (rendered: Buffer) => void): void {
  const chunks: Buffer[] = [];
  pipe(
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        done(Buffer.concat(chunks));
        callback();
      },
    }),
  );
}

/** Renders whose loaders could not reach the database (the errors reach handleRequest sanitized). */
const unavailableRenders = new WeakSet<AppLoadContext>();

/** React Router's own logging of a loader's or action's error, and the note that it was the database's. */
export function handleError(error: unknown, { request, context }: HandleErrorArgs): void {
  if (context.isUnavailable?.(error)) unavailableRenders.add(context);
  if (!request.signal.aborted) console.error(error);
}

/** React Router's default Node entry, with the critical-path rewrites of critical-path.server.ts. */
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
  let responseStatusCode = unavailable ? 503 : statusOfRouter;
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
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // §4 bots are detected by user agent: they get the whole page at once, shoppers a streamed shell.
    // A shared page is kept whole by the page cache: rendered to the end into one buffer, it skips the
    // stream's per-chunk work (a third of a category page's render went to moving 2 KB chunks).
    const whole = isSharedRender(request);
    const readyOption: keyof RenderToPipeableStreamOptions =
      whole || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          if (whole) {
            renderWhole(pipe, (rendered) => {
              clearTimeout(timeoutId);
              responseHeaders.set('Content-Type', 'text/html');
              const html = criticalPathDocument(rendered);
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
            });
            return;
          }
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const html = criticalPathStream();
          // pipeline, not pipe: a shopper who leaves mid-page destroys the stream, and that must end this
          // response quietly instead of raising an unhandled 'error' that takes the process down.
          const report = (error: NodeJS.ErrnoException | null | undefined) => {
            if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') console.error(error);
          };
          pipeline(body, html, report);
          // The server cancelling the answer destroys html first; pipeline then errors it once more after
          // dropping its own listeners, and that 'error' must find one.
          html.on('error', report);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(html), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject above and React Router logs them; later ones only reach here.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
