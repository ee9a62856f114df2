/**
 * What the storefront's pages and its service worker (/sw.js) say to each other: both sides import these
 * names, so neither can drift.
 */

/** Page → worker: send the cart changes queued offline now (the connection is back). */
export const REPLAY_CART_MESSAGE = 'replay-cart';
/** Page → worker: a new version waits; take over now (workbox-window's messageSkipWaiting). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
/** A cart change the worker may keep for later when the network is gone. */
export const OFFLINE_QUEUE_HEADER = 'x-despensa-offline-queue';
/** On the worker's answer: the change was queued, not sent. */
export const QUEUED_HEADER = 'x-despensa-queued';
/** §4 multi-tab: the channel on which a cart change is announced (tabs, and the worker after a replay). */
export const CART_TABS_CHANNEL = 'despensa:cart';
/** The static page the worker shows for a page it never saw when the network is gone. */
export const OFFLINE_PAGE_PATH = '/offline.html';
