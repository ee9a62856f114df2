import type { OrderBy } from '@despensa/contracts';
import { useLocation, useSubmit } from 'react-router';
import { FILTERS_FORM_ID } from './facet-filters';
import { SORT_OPTIONS } from './sort-options';

/** Belongs to the filters form (form attribute), so the order and the filters travel together as O=… */
export function SortSelect(props: { orderBy: OrderBy | undefined; hasTerm: boolean }) {
  const submit = useSubmit();
  const location = useLocation();
  const options = props.hasTerm
    ? SORT_OPTIONS
    : SORT_OPTIONS.filter((option) => option.value !== 'OrderByScoreDESC');
  return (
    <div className="sort-select">
      <label htmlFor="listing-sort">Ordenar por</label>
      <select
        key={location.search}
        id="listing-sort"
        name="O"
        form={FILTERS_FORM_ID}
        defaultValue={props.orderBy ?? options[0]?.value}
        onChange={(event) => {
          const form = event.currentTarget.form;
          if (form) void submit(form, { preventScrollReset: true });
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
