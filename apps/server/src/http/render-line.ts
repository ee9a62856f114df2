import { failureMessages } from '@despensa/contracts';

/** Two renders at a time overlap one's data reads with the other's work; fifty waiting is ~1.5 s of renders. */
export const RENDER_LINE = { concurrency: 2, waiting: 50 };

type Render<Args extends unknown[]> = (...args: Args) => Promise<Response>;

/**
 * Server renders take turns (issue 27, fault 10): they run on the event loop that also answers the API, and
 * twenty at once left every API call waiting behind all of their work. At most `concurrency` renders run,
 * each holding its place until its page has been read to the end (React keeps rendering while it
 * streams); the others wait in line, and a render that would make the line longer than `waiting` is
 * answered at once with the §8 503 page. A freed place goes to the next in line on the next turn of the
 * loop, after the I/O that arrived meanwhile (an API call) has been served. bench/isolation.ts measures it.
 */
export function renderInLine<Args extends unknown[]>(
  render: Render<Args>,
  { concurrency, waiting }: { concurrency: number; waiting: number },
): Render<Args> {
  let running = 0;
  const line: (() => void)[] = [];
  const release = () =>
    setImmediate(() => {
      const next = line.shift();
      if (next) next();
      else running--;
    });
  return async (...args) => {
    if (running < concurrency) running++;
    else if (line.length >= waiting) return busyPage();
    else await new Promise<void>((resolve) => line.push(resolve));
    let response: Response;
    try {
      response = await render(...args);
    } catch (error) {
      release();
      throw error;
    }
    if (!response.body || NULL_BODY_STATUSES.has(response.status)) {
      release();
      return response;
    }
    return withBodyEnd(response, release);
  };
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
/** A body nobody reads nor cancels (a HEAD answer) gives its place back after this long all the same. */
const LONGEST_HOLD_MS = 30_000;

/** The same response, calling `done` once when its body has been read to the end, failed or been cancelled. */
function withBodyEnd(response: Response, done: () => void): Response {
  const reader = response.body!.getReader();
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    done();
  };
  const timer = setTimeout(end, LONGEST_HOLD_MS).unref();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: finished, value } = await reader.read();
        if (finished) {
          end();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        end();
        controller.error(error);
      }
    },
    cancel(reason) {
      end();
      return reader.cancel(reason);
    },
  });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** §8's 503 screen, without the app: no render is spent on it. Reintentar reloads the page. */
function busyPage(): Response {
  const html = `<!doctype html><html lang="es-CL"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${failureMessages.serviceUnavailable}</title></head><body><main><h1>${failureMessages.serviceUnavailable}</h1><p>Por favor, inténtalo más tarde</p><p><a href="">Reintentar</a></p></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': '5', 'cache-control': 'no-store' },
  });
}
