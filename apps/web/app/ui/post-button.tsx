import type { ReactNode } from 'react';
import { Form } from 'react-router';

/** The fields a form posts unseen beside what is typed or chosen: its intent and the ids of its row. */
export function HiddenFields({ fields }: { fields: Record<string, string | number> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * A form of one button posting its hidden `fields` to the page's action (revoke, remove, mark as
 * favourite); `label` names the button with its row for a screen reader.
 */
export function PostButton({
  fields,
  label,
  busy,
  className = 'button button--secondary',
  children,
}: {
  fields: Record<string, string | number>;
  label: string;
  busy: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <HiddenFields fields={fields} />
      <button type="submit" className={className} disabled={busy} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}
