// Apart from dialog.tsx, which every page loads: only the orders' cancel and reschedule forms use it.

/** A dialog form's actions: its submit, and 'Volver', which closes the dialog without sending it. */
export function DialogSubmitOrBack({
  submit,
  disabled,
  onBack,
}: {
  submit: string;
  disabled?: boolean;
  onBack: () => void;
}) {
  return (
    <div className="dialog__actions">
      <button type="submit" className="button button--primary" disabled={disabled}>
        {submit}
      </button>
      <button type="button" className="button button--secondary" onClick={onBack}>
        Volver
      </button>
    </div>
  );
}
