import { DEFAULT_SALES_CHANNEL, isBlankTerm } from '@despensa/domain';
import { salesChannelFromCookie } from '../delivery/server';
import type { SearchSuggestions } from '@despensa/contracts';
import { apiCall } from '../../lib/api-client';

const EMPTY: SearchSuggestions = { products: [], brands: [], categories: [], searches: [], redirect: null };

/** Answers already seen this visit: typing back over a term does not ask again. */
const cache = new Map<string, SearchSuggestions>();

/**
 * Suggestions for a term (§5: blank terms send nothing), of what the storefront's seller sells (§1
 * white-label: the chain's sells every seller's offers). §8: a server failure is tried again 3 times, then
 * a non-200 answer falls back to empty groups; a network failure or unreadable answer raises error_503
 * (the API client does both).
 */
export async function fetchSuggestions(term: string, sellerId: string): Promise<SearchSuggestions> {
  if (isBlankTerm(term)) return EMPTY;
  // Suggestions show the chosen store's products and prices (§4 delivery choice cookie).
  const salesChannel = salesChannelFromCookie(document.cookie) ?? DEFAULT_SALES_CHANNEL;
  const normalized = term.trim().toLowerCase();
  const key = `${salesChannel}:${sellerId}:${normalized}`;
  const cached = cache.get(key);
  if (cached) return cached;
  // §7 v5: the seller in the path (the chain's sells every seller's offers), with the suggested terms.
  const result = await apiCall(
    `/api/v5/${encodeURIComponent(sellerId)}/search-suggestions/${encodeURIComponent(normalized)}` +
      `?sc=${salesChannel}&enableVtexSuggestions=true`,
    'suggestions',
  );
  if (!result.ok) return EMPTY;
  cache.set(key, result.data);
  return result.data;
}

/**
 * Popular search terms, accepted only when the answer's message is 200 (§5, its contracts shape); any
 * failure raises error_503 (§8).
 */
export async function fetchPopularSearches(): Promise<string[]> {
  const result = await apiCall('/api/search-suggestions-popular', 'popularSearches', {
    anyFailureUnavailable: true,
  });
  return result.ok ? result.data.topSearches.map((entry) => entry.term) : [];
}
