import { ConsoleRefusal } from '../operations';

/**
 * What a back-office page's action answered, over its forms: the change done (a status the screen reader
 * reads) under the key the page's action names it, or the server's refusal in Spanish (an alert).
 */
export function ActionAnswer({ answer, done }: { answer: object | undefined; done: string }) {
  const said = (answer ?? {}) as Record<string, unknown>;
  if (typeof said.error === 'string') return <ConsoleRefusal answer={answer} />;
  return typeof said[done] === 'string' ? (
    <p role="status" className="console-card admin-notice">
      {said[done]}
    </p>
  ) : null;
}
