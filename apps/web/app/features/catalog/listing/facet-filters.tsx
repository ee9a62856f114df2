import { useEffect, useRef } from 'react';
import { Form, Link, useLocation, useSubmit } from 'react-router';
import { clearFiltersHref } from './listing-query';
import type { FacetGroupView } from './load-listing';
import { useHydrated } from '../../../lib/use-hydrated';
import { markup, type Markup } from '../../../lib/markup';
import { StaticMarkup } from '../../../ui/static-markup';

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
  const form = useRef<HTMLFormElement>(null);
  // The form remounts with every new URL: the box just ticked keeps the focus (in the phone's drawer
  // too), so a keyboard goes on from where it was.
  const changed = useRef<{ name: string; value: string } | null>(null);
  useEffect(() => {
    const last = changed.current;
    if (!last || (document.activeElement && document.activeElement !== document.body)) return;
    const box = [...(form.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])].find(
      (input) => input.name === last.name && input.value === last.value,
    );
    box?.focus();
  }, [location.search]);
  if (props.groups.length === 0) return null;
  return (
    <Form
      // Remount on every URL change: the back button must show the checkboxes of the URL it returns to.
      key={location.search}
      ref={form}
      id={FILTERS_FORM_ID}
      method="get"
      className="facet-filters"
      preventScrollReset
      // `input`, not React's onChange: React follows changes of the inputs it drew, and these are markup.
      onInput={(event) => {
        const target: EventTarget = event.target;
        if (target instanceof HTMLInputElement) changed.current = { name: target.name, value: target.value };
        void submit(event.currentTarget, { preventScrollReset: true });
      }}
    >
      {props.term && <input type="hidden" name="ft" value={props.term} />}
      <StaticMarkup markup={facetGroupsMarkup(props.groups)} />
      <div className="facet-filters__actions">
        {!hydrated && <button type="submit">Aplicar filtros</button>}
        {props.hasFilters && <Link to={clearFiltersHref(location)}>Limpiar filtros</Link>}
      </div>
    </Form>
  );
}

/**
 * The groups of checkboxes, drawn as markup (ui/static-markup.tsx): the boxes are the form's own (unchecked
 * by the shopper, read by the form's submission) and the form is drawn anew for every URL.
 */
function facetGroupsMarkup(groups: FacetGroupView[]): Markup {
  return markup`${groups.map(
    (group) =>
      markup`<fieldset class="facet-filters__group"><legend>${group.name}</legend><ul>${group.options.map(
        (option) =>
          markup`<li><label><input type="checkbox" name="${group.key}" value="${option.value}"${option.selected && markup` checked=""`}/><span>${option.label}</span><span class="facet-filters__count">(${option.quantity})</span></label></li>`,
      )}</ul></fieldset>`,
  )}`;
}
