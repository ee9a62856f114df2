/**
 * A console form's refusal, in the server's Spanish (an alert): the `error` of what the action or the
 * fetcher answered; nothing when it did not refuse.
 */
export function ConsoleRefusal({ answer }: { answer: object | undefined }) {
  const error = answer && 'error' in answer ? answer.error : undefined;
  return typeof error === 'string' ? (
    <p role="alert" className="console-error">
      {error}
    </p>
  ) : null;
}
