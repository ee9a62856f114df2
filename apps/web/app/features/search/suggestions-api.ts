import { CHAIN_SELLER_ID, DEFAULT_SALES_CHANNEL, isBlankTerm } from '@despensa/domain';
import { salesChannelFromCookie } from '../delivery/choice-cookie';
import type { SearchSuggestions } from '@despensa/contracts';
import { apiRequest } from '../../lib/api-client';
import { raiseServiceUnavailable } from '../../lib/events';

const EMPTY: SearchSuggestions = { products: [], brands: [], categories: [], searches: [], redirect: null };

/** Answers already seen this visit: typing back over a term does not ask again. */
const cache = new Map<string, SearchSuggestions>();

/**
 * Suggestions for a term (§5: blank terms send nothing), of what the storefront's seller sells (§1
 * white-label: the chain's sells every seller's offers). §8: a non-200 answer falls back to empty groups;
 * a network failure or unreadable answer raises error_503 (the API client does it).
 */
export async function fetchSuggestions(term: string, sellerId: string): Promise<SearchSuggestions> {
  if (isBlankTerm(term)) return EMPTY;
  // Suggestions show the chosen store's products and prices (§4 delivery choice cookie).
  const salesChannel = salesChannelFromCookie(document.cookie) ?? DEFAULT_SALES_CHANNEL;
  const normalized = term.trim().toLowerCase();
  const key = `${salesChannel}:${sellerId}:${normalized}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const seller = sellerId === CHAIN_SELLER_ID ? '' : `&seller=${encodeURIComponent(sellerId)}`;
  const result = await apiRequest<SearchSuggestions>(
    `/api/search-suggestions/${encodeURIComponent(normalized)}?sc=${salesChannel}${seller}`,
  );
  if (!result.ok) return EMPTY;
  cache.set(key, result.data);
  return result.data;
}

interface PopularSearches {
  message: unknown;
  topSearches?: { term: string; count: number }[];
}

/** Popular search terms, accepted only when the answer's message is 200 (§5); a failure raises error_503 (§8). */
export async function fetchPopularSearches(): Promise<string[]> {
  const result = await apiRequest<PopularSearches>('/api/search-suggestions-popular');
  if (!result.ok) {
    // Network failures were raised by the client already; an error status is a failure too (§8).
    if (result.status !== 0) raiseServiceUnavailable();
    return [];
  }
  if (result.data.message !== 200 || !Array.isArray(result.data.topSearches)) return [];
  return result.data.topSearches.map((entry) => entry.term);
}
