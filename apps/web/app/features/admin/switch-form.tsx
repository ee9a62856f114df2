import { Form } from 'react-router';
import { HiddenFields } from '../../ui/post-button';

/**
 * A row's on/off switch in a back-office table (a window open or closed, a staff account active or not):
 * its state in words and one button that posts the other state, named for what it does to that row.
 */
export function SwitchForm({
  fields,
  field,
  on,
  state,
  action,
  label,
  busy,
}: {
  /** The hidden fields naming the action and the row (intent, its id). */
  fields: Record<string, string>;
  /** The field that carries the new state ('closed', 'active'). */
  field: string;
  on: boolean;
  /** The state in words: [when on, when off]. */
  state: [string, string];
  /** The button's text: [when on, when off]. */
  action: [string, string];
  /** The button's accessible name, from its text. */
  label: (action: string) => string;
  busy: boolean;
}) {
  const doing = on ? action[0] : action[1];
  return (
    <Form method="post" className="admin-inline">
      <HiddenFields fields={{ ...fields, [field]: on ? 'false' : 'true' }} />
      {on ? state[0] : state[1]} <RowSave label={label(doing)} busy={busy} text={doing} />
    </Form>
  );
}

/** A row form's submit ('Guardar' unless `text` says what it does), named for what it saves of which row. */
export function RowSave({ label, busy, text = 'Guardar' }: { label: string; busy: boolean; text?: string }) {
  return (
    <button type="submit" className="button button--secondary" disabled={busy} aria-label={label}>
      {text}
    </button>
  );
}
