import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import type { ShopperParts } from './shopper-parts.server';

/** The resource route that answers this shopper's parts (routes/shopper-parts.ts). */
export const SHOPPER_PARTS_PATH = '/comprador/partes';

/**
 * The root's data with this shopper's own parts: as the page brought them, or, on a shared page
 * (`shopperParts: 'client'`), read once after hydration. Until they arrive the page shows a visitor's
 * header, as the shared page was rendered; one that came with a session cookie shows its account pending,
 * and a click that depends on it waits for them (features/account useAccountAction). A read that failed
 * (null) leaves the page as it was rendered, the account a visitor's.
 */
export function useShopperParts<T extends ShopperParts & { shopperParts: 'page' | 'client' }>(data: T): T {
  const fetcher = useFetcher<ShopperParts | null>({ key: 'shopper-parts' });
  const fromClient = data.shopperParts === 'client';
  const { load, state, data: parts } = fetcher;
  useEffect(() => {
    if (fromClient && state === 'idle' && parts === undefined) void load(SHOPPER_PARTS_PATH);
  }, [fromClient, state, parts, load]);
  if (!fromClient || parts === undefined) return data;
  return parts ? { ...data, ...parts } : { ...data, account: { ...data.account, pending: false } };
}
