import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { fetchPopularSearches } from './suggestions-api';
import { searchTarget } from './search-target';

/** Links to what other shoppers search most, fetched once the page runs. */
export function PopularSearches() {
  const [terms, setTerms] = useState<string[] | null>(null);
  useEffect(() => {
    let current = true;
    void fetchPopularSearches().then((list) => {
      if (current) setTerms(list);
    });
    return () => {
      current = false;
    };
  }, []);
  return (
    <section className="popular-searches" aria-labelledby="popular-searches-title" aria-busy={terms === null}>
      <h2 id="popular-searches-title">Búsquedas populares</h2>
      <ul>
        {(terms ?? []).map((term) => (
          <li key={term}>
            <Link to={searchTarget(term) ?? '/'}>{term}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
