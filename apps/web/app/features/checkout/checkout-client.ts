import { raiseServiceUnavailable } from '../../lib/api-client';

/**
 * §8 for the checkout's calls in the browser: a network failure (TypeError) or an unreadable answer
 * (SyntaxError) raises the global error_503 event, as the cart's calls do; answers and redirects pass.
 */
export async function withServiceUnavailable<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof TypeError) && !(error instanceof SyntaxError)) throw error;
    raiseServiceUnavailable(`checkout call failed: ${String(error)}`);
    return null;
  }
}

export function checkoutClientAction({ serverAction }: { serverAction: () => Promise<unknown> }) {
  return withServiceUnavailable(serverAction);
}
