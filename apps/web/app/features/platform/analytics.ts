import { ADD_TO_CART_ANALYTICS_BATCH, ANALYTICS_BATCH_DELAY_MS, ANALYTICS_MAX_BATCH } from '@despensa/domain';
import { type AnalyticsBatch, type AnalyticsEvent, type PageType } from '@despensa/contracts';
import { apiCredentials, apiHeaders } from '../../lib/api-client';
import { logger } from '../../lib/logger';

export const ANALYTICS_PATH = '/api/analytics/events';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An event as a feature reports it; the tracker stamps the time and the page. */
export type TrackedEvent = DistributiveOmit<AnalyticsEvent, 'at' | 'pageType' | 'path'>;

const VISITOR_KEY = 'despensa:visitor';
const SESSION_KEY = 'despensa:session';

interface TrackerState {
  /** A bot (isbot) sends nothing (§4). */
  bot: boolean;
  consent: boolean;
  appVersion: string;
  page: { type: PageType; path: string };
  /** Add-to-cart events, sent 20 at a time (§9), or once the adds pause for the batching delay. */
  adds: AnalyticsEvent[];
  others: AnalyticsEvent[];
  addsTimer: ReturnType<typeof setTimeout> | undefined;
  othersTimer: ReturnType<typeof setTimeout> | undefined;
}

const state: TrackerState = {
  bot: true,
  consent: false,
  appVersion: '',
  page: { type: 'other', path: '/' },
  adds: [],
  others: [],
  addsTimer: undefined,
  othersTimer: undefined,
};

/** Starts the tracker in the browser; until then (and for bots) nothing is sent. Returns the cleanup. */
export function startAnalytics(options: { bot: boolean; consent: boolean; appVersion: string }): () => void {
  state.bot = options.bot;
  state.consent = options.consent;
  state.appVersion = options.appVersion;
  // §7: what is pending leaves with sendBeacon when the page hides (tab switch, navigation away, close).
  const onHide = () => {
    if (document.visibilityState === 'hidden') flushAll(true);
  };
  const onPageHide = () => flushAll(true);
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onPageHide);
  return () => {
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', onPageHide);
  };
}

export function setAnalyticsConsent(consent: boolean): void {
  state.consent = consent;
  if (!consent) {
    // What was queued under consent does not leave after it was withdrawn.
    state.others = state.others.filter((event) => event.type === 'web_vital');
    state.adds = [];
  }
}

export function setAnalyticsPage(type: PageType, path: string): void {
  state.page = { type, path: path.slice(0, 500) };
}

/**
 * Queues an event. Without consent only web vitals (anonymous, strictly needed to keep the shop fast) are
 * kept; a bot keeps nothing. Never throws: analytics must not break a page (§7 errors are swallowed).
 */
export function track(event: TrackedEvent, page: { type: PageType; path: string } = state.page): void {
  try {
    if (state.bot || typeof window === 'undefined') return;
    if (!state.consent && event.type !== 'web_vital') return;
    const full = { ...event, at: Date.now(), pageType: page.type, path: page.path } as AnalyticsEvent;
    if (full.type === 'add_to_cart') {
      state.adds.push(full);
      clearTimeout(state.addsTimer);
      if (state.adds.length >= ADD_TO_CART_ANALYTICS_BATCH) flushAdds(false);
      else state.addsTimer = setTimeout(() => flushAdds(false), ANALYTICS_BATCH_DELAY_MS);
      return;
    }
    state.others.push(full);
    // A page that is hiding (web vitals report then) may not live 300 ms more: send now, by beacon.
    if (document.visibilityState === 'hidden') return flushOthers(true);
    // §9: events leave in batches, ANALYTICS_BATCH_DELAY_MS after the first of the batch.
    state.othersTimer ??= setTimeout(() => flushOthers(false), ANALYTICS_BATCH_DELAY_MS);
  } catch (error) {
    logger.debug('analytics event dropped', String(error));
  }
}

function flushAdds(beacon: boolean): void {
  clearTimeout(state.addsTimer);
  state.addsTimer = undefined;
  while (state.adds.length) send(state.adds.splice(0, ADD_TO_CART_ANALYTICS_BATCH), beacon);
}

function flushOthers(beacon: boolean): void {
  clearTimeout(state.othersTimer);
  state.othersTimer = undefined;
  while (state.others.length) send(state.others.splice(0, ANALYTICS_MAX_BATCH), beacon);
}

function flushAll(beacon: boolean): void {
  flushAdds(beacon);
  flushOthers(beacon);
}

function send(events: AnalyticsEvent[], beacon: boolean): void {
  try {
    const batch: AnalyticsBatch = {
      consent: state.consent,
      ...(state.consent ? identifiers() : {}),
      ...(state.appVersion ? { appVersion: state.appVersion } : {}),
      events,
    };
    const body = JSON.stringify(batch);
    if (beacon && typeof navigator.sendBeacon === 'function') {
      // sendBeacon cannot set headers: the key rides in the query (the server allows it on this path only).
      const credentials = apiCredentials();
      const query = credentials
        ? `?apiKey=${encodeURIComponent(credentials.key)}&consumer=${encodeURIComponent(credentials.consumer)}`
        : '';
      if (navigator.sendBeacon(ANALYTICS_PATH + query, new Blob([body], { type: 'application/json' })))
        return;
    }
    // Raw fetch: the beacon's fallback must outlive the page (keepalive), fire and forget, no answer read.
    void fetch(ANALYTICS_PATH, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', ...apiHeaders() },
      body,
    }).catch(() => {});
  } catch (error) {
    logger.debug('analytics batch dropped', String(error));
  }
}

function identifiers(): { visitorId?: string; sessionId?: string } {
  return { visitorId: storedId(localStorage, VISITOR_KEY), sessionId: storedId(sessionStorage, SESSION_KEY) };
}

function storedId(storage: Storage, key: string): string | undefined {
  try {
    let id = storage.getItem(key);
    if (!id) {
      id = crypto.randomUUID();
      storage.setItem(key, id);
    }
    return id;
  } catch {
    return undefined;
  }
}
