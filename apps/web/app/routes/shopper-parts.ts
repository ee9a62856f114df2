import { data } from 'react-router';
import { shopperParts } from '../layout/shopper-parts.server';
import type { Route } from './+types/shopper-parts';

/** GET /comprador/partes: this shopper's cart, account and delivery choice, for a shared page to fill in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return data(await shopperParts(context.services, request), {
    headers: { 'Cache-Control': 'private, no-store' },
  });
}

/** The loader's own headers on the browser's data request too: one shopper's answer is never stored. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/**
 * A read that fails (offline with no kept copy, a server error) answers null, not the root's error page:
 * the page stays as the shared page was rendered, and a pending account is taken for a visitor's
 * (layout/use-shopper-parts), so a click kept for it goes on as a visitor's.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch {
    return null;
  }
}

/**
 * Read once per page: a form's answer does not read them again (the root's own loader decides what a
 * login or logout changes, as it did before shared pages).
 */
export function shouldRevalidate() {
  return false;
}
