import { DATA_FETCH_RETRY_GAP_MS, RETRY_LIMIT, SEGMENT_HEADER, SEGMENT_STORAGE_KEY } from '@despensa/domain';
import { answeredFailureCode, SERVICE_UNAVAILABLE_MESSAGE, type FailureCode } from '@despensa/contracts';
import type { answerShapes } from './answer-shapes';
import { SERVICE_UNAVAILABLE_EVENT } from './events';
import { logger } from './logger';

/** The public key browser calls carry (§7); the root loader hands it over at start. */
let credentials: { key: string; consumer: string } | null = null;

export function configureApi(api: { key: string; consumer: string }): void {
  credentials = api;
}

export function apiCredentials(): { key: string; consumer: string } | null {
  return credentials;
}

export function apiHeaders(): Record<string, string> {
  const segment = storedSegmentId();
  return {
    ...(credentials ? { 'x-api-key': credentials.key, 'x-consumer': credentials.consumer } : {}),
    ...(segment ? { [SEGMENT_HEADER]: segment } : {}),
  };
}

/** §3, §6: the visitor's segment id as the delivery choice stored it; calls carry it in a header. */
function storedSegmentId(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(SEGMENT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** What a call that could not be completed tells the shopper (the 503 screen's title, §2). */
export { SERVICE_UNAVAILABLE_MESSAGE };

/** Raised when a user call answers notLoggedIn; the account feature logs out and goes home (§6, §8). */
export const SESSION_UNAUTHORIZED_EVENT = 'session_unauthorized';
/**
 * §8: the calls whose notLoggedIn ends the session: orders, addresses and shopping lists. Not the last
 * order (/api/orders/last, /api/orders/lastone): it cleans the cart and reloads instead (repeat-last-order).
 */
const SESSION_SCOPED = /^\/api\/(?:user\/address|user\/shopping-list|orders?\b(?!\/last)|oms\b)/;

type AnswerShapes = typeof answerShapes;
/** The name of the contracts shape an answer must have (lib/answer-shapes.ts). */
export type AnswerShapeName = keyof AnswerShapes;
/** What a shape's answer is once checked. */
export type AnswerOf<Name extends AnswerShapeName> = ReturnType<AnswerShapes[Name]['parse']>;

/** The shapes, loaded with zod on the first call that needs them. */
let shapes: Promise<AnswerShapes> | null = null;
function loadShapes(): Promise<AnswerShapes> {
  shapes ??= import('./answer-shapes').then((module) => module.answerShapes);
  // A failed load (offline) is tried again by the next call.
  shapes.catch(() => {
    shapes = null;
  });
  return shapes;
}

export type ApiFailure = {
  ok: false;
  /** The failure code of contracts the server answered (serviceUnavailable when it could not be reached). */
  code: FailureCode;
  /** The server's Spanish text, or the code's. */
  message: string;
  field?: string;
  /**
   * The shop could not be reached or answered something unreadable: error_503 has been raised already
   * (for a background call, logged only).
   */
  unreachable: boolean;
};

export type ApiResult<T> = { ok: true; data: T } | ApiFailure;

/** The failures of the server itself (a 5xx), worth trying again: not a refusal the server meant. */
const SERVER_FAILURES: ReadonlySet<FailureCode> = new Set([
  'internal',
  'serviceUnavailable',
  'loginsBusy',
  'refundFailed',
]);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * §4, §8, §9: what a browser call is, for how often it is tried. Cart, search and sales-channel calls are
 * tried again up to RETRY_LIMIT times after the first, then given up; a catalogue call fails after
 * RETRY_LIMIT consecutive tries, and the shopper gets the 503 screen; any other call is tried once.
 */
export type CallKind = 'cart' | 'search' | 'salesChannel' | 'catalogue' | 'once';

const TRIES: Record<CallKind, number> = {
  cart: 1 + RETRY_LIMIT,
  search: 1 + RETRY_LIMIT,
  salesChannel: 1 + RETRY_LIMIT,
  catalogue: RETRY_LIMIT,
  once: 1,
};

/** The /api paths of each kind (§7's endpoints); the seller-scoped variants (v3/v4/v5, /:seller/…) too. */
const KIND_OF_PATH: ReadonlyArray<[RegExp, CallKind]> = [
  [/^\/api\/orderform\b/i, 'cart'],
  [/^\/api\/(?:v\d+\/[^/]+\/)?(?:search|autocomplete)/, 'search'],
  [/^\/api\/(?:sales-channel|store\/geolocation)\b/, 'salesChannel'],
  [/^\/api\/(?:[^/]+\/)?(?:catalog|products|facets|collection|ranking|sponsored|banners)\b/, 'catalogue'],
];

export function callKindOf(path: string): CallKind {
  return KIND_OF_PATH.find(([pattern]) => pattern.test(path))?.[1] ?? 'once';
}

/**
 * §4, §8, §9: the one retry rule. An outcome `failed` says is a server failure is tried again,
 * DATA_FETCH_RETRY_GAP_MS apart, as many times as the call's kind allows; then the caller gives up with
 * the last outcome. `attempt` gets the try's number (0 for the first).
 */
export async function withRetries<T>(
  kind: CallKind,
  attempt: (tryNumber: number) => Promise<T>,
  failed: (outcome: T) => boolean,
): Promise<T> {
  let outcome = await attempt(0);
  for (let tryNumber = 1; tryNumber < TRIES[kind] && failed(outcome); tryNumber++) {
    await wait(DATA_FETCH_RETRY_GAP_MS);
    outcome = await attempt(tryNumber);
  }
  return outcome;
}

/** A server failure worth trying again: the server's own failure with its message (not a refusal). */
export function isServerFailure(result: ApiResult<unknown>): boolean {
  return !result.ok && !result.unreachable && SERVER_FAILURES.has(result.code);
}

/** Whether error_503 was raised on this page: a shell mounted after it (an error boundary's) shows the 503 screen too. */
let serviceUnavailableRaised = false;

export function wasServiceUnavailableRaised(): boolean {
  return serviceUnavailableRaised;
}

/** §8: the one place the global error_503 event is raised (the 503 screen listens for it). */
export function raiseServiceUnavailable(detail: string): void {
  logger.error(detail);
  if (typeof window === 'undefined') return;
  serviceUnavailableRaised = true;
  window.dispatchEvent(new Event(SERVICE_UNAVAILABLE_EVENT));
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Calls whose every failure is the 503 screen (§8: newsletter, popular searches), not only the network's. */
  anyFailureUnavailable?: boolean;
  /**
   * A call the shopper did not ask for (polls, push registration): its failures are logged, never shown,
   * and its notLoggedIn does not end the session (the session check does, §4).
   */
  background?: boolean;
  /** A file sent as it is (a feed of offers), streamed by the browser instead of JSON. */
  upload?: Blob;
};

/** The body of a call and its content type: a file as it is, anything else as JSON. */
function bodyOf(options: RequestOptions): { body?: BodyInit; type?: string } {
  if (options.upload) return { body: options.upload, type: options.upload.type || 'text/csv' };
  if (options.body === undefined) return {};
  return { body: JSON.stringify(options.body), type: 'application/json' };
}

/**
 * Calls the shop's /api with the key headers and JSON, and checks the answer against its contracts shape;
 * a server failure is tried again as the path's kind allows (withRetries).
 * A network failure or an answer that is not JSON of that shape raises the global error_503 event (§8),
 * so every caller gets the 503 screen the same way; a refusal comes back as its failure code.
 */
export async function apiCall<Name extends AnswerShapeName>(
  path: string,
  shape: Name,
  options: RequestOptions = {},
): Promise<ApiResult<AnswerOf<Name>>> {
  const kind = callKindOf(path);
  const result = await withRetries(kind, () => requestOnce(path, shape, options), isServerFailure);
  const gaveUp = kind === 'catalogue' && isServerFailure(result);
  if (!result.ok && !result.unreachable && (options.anyFailureUnavailable || gaveUp)) {
    raiseServiceUnavailable(`${path} failed: ${result.code} ${result.message}`);
  }
  return result;
}

async function requestOnce<Name extends AnswerShapeName>(
  path: string,
  shape: Name,
  options: RequestOptions,
): Promise<ApiResult<AnswerOf<Name>>> {
  const method = options.method ?? 'GET';
  logger.debug('api', method, path);
  let response: Response;
  try {
    const { body, type } = bodyOf(options);
    response = await fetch(path, {
      method,
      headers: { accept: 'application/json', ...apiHeaders(), ...(type ? { 'content-type': type } : {}) },
      ...(body === undefined ? {} : { body }),
    });
  } catch (error) {
    return unreachable(`${method} ${path}: ${String(error)}`, options);
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch (error) {
    return unreachable(`${method} ${path}: unreadable answer ${String(error)}`, options);
  }
  if (response.ok) {
    let parsed: { success: boolean; data?: unknown; error?: unknown };
    try {
      parsed = (await loadShapes())[shape].safeParse(payload);
    } catch (error) {
      return unreachable(`${method} ${path}: answer shapes not loaded ${String(error)}`, options);
    }
    if (parsed.success) return { ok: true, data: parsed.data as AnswerOf<Name> };
    return unreachable(`${method} ${path}: answer not of its shape ${String(parsed.error)}`, options);
  }
  return refusal(path, payload, options);
}

/** The server's failure body (`{ code, message, field? }`, §8) as the caller's failure. */
function refusal(path: string, payload: unknown, options: RequestOptions): ApiFailure {
  const problem = payload as { message?: unknown; field?: unknown } | null;
  const code = answeredFailureCode(payload) ?? 'internal';
  logger.debug('api failure', code, problem);
  // A poll the shopper did not ask for (the header's chat notice) never ends the session itself: going home
  // from under them would race the session check, which logs out with its notice (§4, session-watch).
  if (code === 'notLoggedIn' && SESSION_SCOPED.test(path) && !options.background) {
    window.dispatchEvent(new Event(SESSION_UNAUTHORIZED_EVENT));
  }
  return {
    ok: false,
    code,
    message: typeof problem?.message === 'string' ? problem.message : 'No pudimos completar tu solicitud',
    ...(typeof problem?.field === 'string' ? { field: problem.field } : {}),
    unreachable: false,
  };
}

function unreachable(detail: string, options: RequestOptions): ApiFailure {
  if (options.background) logger.warn(detail);
  else raiseServiceUnavailable(detail);
  return { ok: false, code: 'serviceUnavailable', message: SERVICE_UNAVAILABLE_MESSAGE, unreachable: true };
}
