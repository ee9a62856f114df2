import type { ReactNode } from 'react';
import { Form } from 'react-router';

/**
 * The 'search and add' editor's search (an order's edit, a list basket): a GET of the page with the term
 * in `buscar` (2 to 80 characters) beside the page's own fields, so it works before scripts run. The
 * server answers with the products of the order's or the delivery's store.
 */
export function ProductSearchForm({
  inputId,
  label,
  term,
  keep,
  className,
  asField = false,
}: {
  inputId: string;
  label: string;
  term: string;
  /** The page's own query fields the search keeps (the edit mode, the list and its delivery date). */
  keep: Record<string, string>;
  className: string;
  /** Label and input inside a `.field` block (the account forms' layout). */
  asField?: boolean;
}) {
  const control: ReactNode = (
    <>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        name="buscar"
        type="search"
        minLength={2}
        maxLength={80}
        defaultValue={term}
        className="field__input"
      />
    </>
  );
  return (
    <Form method="get" role="search" className={className}>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {asField ? <div className="field">{control}</div> : control}
      <button type="submit" className="button button--secondary">
        Buscar
      </button>
    </Form>
  );
}

/** What the search says when the store has nothing for the term. */
export function NothingFound({ term, where }: { term: string; where: string }) {
  return (
    <p>
      No encontramos productos para «{term}» en {where}.
    </p>
  );
}
