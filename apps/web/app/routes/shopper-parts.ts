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
 * Read once per page: a form's answer does not read them again (the root's own loader decides what a
 * login or logout changes, as it did before shared pages).
 */
export function shouldRevalidate() {
  return false;
}
