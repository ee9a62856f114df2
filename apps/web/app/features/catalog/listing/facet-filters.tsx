import { Form, Link, useLocation, useSubmit } from 'react-router';
import { clearFiltersHref } from './listing-query';
import type { FacetGroupView } from './load-listing';
import { useHydrated } from './use-hydrated';

export const FILTERS_FORM_ID = 'listing-filters';

/**
 * The facets sidebar: a GET form of checkboxes, so the filters live in the query string and work without
 * scripts ('Aplicar filtros'); with scripts every change submits at once. Counts are the catalogue's
 * disjunctive counts: each group is counted as if its own selection were empty.
 */
export function FacetFilters(props: { groups: FacetGroupView[]; term: string; hasFilters: boolean }) {
  const submit = useSubmit();
  const location = useLocation();
  const hydrated = useHydrated();
  if (props.groups.length === 0) return null;
  return (
    <Form
      // Remount on every URL change: the back button must show the checkboxes of the URL it returns to.
      key={location.search}
      id={FILTERS_FORM_ID}
      method="get"
      className="facet-filters"
      preventScrollReset
      onChange={(event) => void submit(event.currentTarget, { preventScrollReset: true })}
    >
      {props.term && <input type="hidden" name="ft" value={props.term} />}
      {props.groups.map((group) => (
        <fieldset key={group.key} className="facet-filters__group">
          <legend>{group.name}</legend>
          <ul>
            {group.options.map((option) => (
              <li key={option.value}>
                <label>
                  <input
                    type="checkbox"
                    name={group.key}
                    value={option.value}
                    defaultChecked={option.selected}
                  />
                  <span>{option.label}</span>
                  <span className="facet-filters__count">({option.quantity})</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      <div className="facet-filters__actions">
        {!hydrated && <button type="submit">Aplicar filtros</button>}
        {props.hasFilters && <Link to={clearFiltersHref(location)}>Limpiar filtros</Link>}
      </div>
    </Form>
  );
}
