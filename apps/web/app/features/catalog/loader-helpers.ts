import { data } from 'react-router';
import { DEFAULT_SALES_CHANNEL } from '@despensa/domain';
import { deliveryChoiceFromCookie } from '../delivery/choice-cookie';

/** The catalogue services signal an unknown product, category or CMS document with a 404 status code. */
function isNotFound(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 404
  );
}

/** Runs a catalogue read and turns "not found" into a 404 response for the route's error boundary. */
export async function orNotFound<T>(read: () => T | Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isNotFound(error)) throw notFound();
    throw error;
  }
}

export function notFound() {
  return data(null, { status: 404 });
}

/**
 * The shopper's sales channel: the persisted delivery choice's (§4, 30-day cookie), else the default
 * channel. This is the one place loaders read it from the request.
 */
export function salesChannelOf(request: Request): number {
  return deliveryChoiceFromCookie(request.headers.get('cookie'))?.salesChannel ?? DEFAULT_SALES_CHANNEL;
}
