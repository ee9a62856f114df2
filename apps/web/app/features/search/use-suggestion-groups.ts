import { useEffect, useMemo, useRef, useState } from 'react';
import { isBlankTerm } from '@despensa/domain';
import { fetchPopularSearches, fetchSuggestions } from './suggestions-api';
import { popularGroups, suggestionGroups, type SuggestionGroup } from './suggestion-options';
import { useChanged } from '../../lib/use-changed';

/** Pause after the last keystroke before asking for suggestions. */
export const SUGGESTIONS_DEBOUNCE_MS = 200;

/**
 * The listbox groups for what is typed: suggestions after a short pause, or the popular searches (fetched
 * once) while the box is empty. Nothing is asked before the shopper first comes to the box (`engaged`).
 */
export function useSuggestionGroups(term: string, engaged: boolean, sellerId: string): SuggestionGroup[] {
  const [typed, setTyped] = useState<SuggestionGroup[]>([]);
  const [popular, setPopular] = useState<string[]>([]);
  const popularRequested = useRef(false);
  const blank = isBlankTerm(term);

  // A box emptied forgets what was suggested for the last term.
  if (useChanged(blank) && blank) setTyped([]);
  useEffect(() => {
    if (blank) return;
    // A term put in the box by the results page is not asked about until the shopper comes to the box.
    if (!engaged) return;
    let current = true;
    const timer = setTimeout(() => {
      void fetchSuggestions(term, sellerId).then((suggestions) => {
        if (current) setTyped(suggestionGroups(suggestions));
      });
    }, SUGGESTIONS_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [term, blank, engaged, sellerId]);

  useEffect(() => {
    if (!engaged || !blank || popularRequested.current) return;
    popularRequested.current = true;
    void fetchPopularSearches().then(setPopular);
  }, [engaged, blank]);

  return useMemo(() => (blank ? popularGroups(popular) : typed), [blank, popular, typed]);
}
