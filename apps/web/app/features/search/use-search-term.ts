import { useState } from 'react';
import { useLocation } from 'react-router';
import { useChanged } from '../../lib/use-changed';

/** What the search box holds: typed by the shopper, or on the results page the term searched. */
export function useSearchTerm() {
  const location = useLocation();
  const [term, setTerm] = useState(() => searchedTerm(location));
  // On the results page the box shows the term searched, ready to refine.
  if (useChanged(location) && location.pathname === '/busca') setTerm(searchedTerm(location));
  return [term, setTerm] as const;
}

/** The term of a results page (/busca?ft=…), else empty. */
function searchedTerm(location: { pathname: string; search: string }): string {
  return location.pathname === '/busca' ? (new URLSearchParams(location.search).get('ft') ?? '') : '';
}
