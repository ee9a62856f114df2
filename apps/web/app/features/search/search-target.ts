import { isBlankTerm, searchRedirect } from '@despensa/domain';

/** Where submitting a term goes: a §2 redirect page, else the results; null for a blank term. */
export function searchTarget(term: string): string | null {
  if (isBlankTerm(term)) return null;
  const trimmed = term.trim();
  return searchRedirect(trimmed) ?? `/busca?ft=${encodeURIComponent(trimmed)}`;
}
