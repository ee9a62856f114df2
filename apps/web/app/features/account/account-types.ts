import type { PersistentCartQuestion } from '../cart/types';
/** The logged-in customer as the header shows them (root loader data). */
export interface HeaderAccount {
  firstName: string;
  /** §6: the special account's own greeting label; null: 'Hola, {first name}'. */
  greeting: string | null;
  /** For the performance monitor's error reports (§7: errors carry the logged-in shopper's e-mail). */
  email: string;
  /** Loyalty points ('Tienes N'). */
  points: number;
  /** CencoPrime_2020 or CencoPrime_CAT. */
  prime: boolean;
  /** §3 countOrder, for the §4 Prime invitation. */
  countOrder: number | null;
  /** Sees the loyalty page and points: the loyalty flag, or the employee flag for a collaborator (§6). */
  loyalty: boolean;
}

/** The root loader's view of the session. */
export interface RootAccount {
  customer: HeaderAccount | null;
  /** A session cookie came but its session is over (expired, revoked): the browser must log out (§4). */
  staleSession: boolean;
  /**
   * Not known yet: a shared page that came with a session cookie, which its render never sees. Who is
   * logged in (or that the session is over) arrives with the shopper's parts (layout/use-shopper-parts).
   */
  pending: boolean;
}

/** The account of a shared page asked for with a session cookie, until the shopper's parts arrive. */
export const PENDING_ACCOUNT: RootAccount = { customer: null, staleSession: false, pending: true };

export type AccountDialogName = 'login' | 'register' | 'forgot' | 'code';

/** What the account actions answer a form (a success redirects instead). */
export type AccountActionResult =
  | { ok: false; intent: string; error: string; field?: string | undefined }
  | { ok: true; intent: 'send-key' | 'send-reset'; login: string }
  /** Logged in, but the account's saved cart and this browser's both hold products: ask (§2). */
  | { ok: true; intent: 'persistent-cart'; question: PersistentCartQuestion }
  | { ok: true; intent: 'update-profile' | 'delete-address'; message: string }
  /** The saved address's id, so the delivery selector can choose the address it just added. */
  | { ok: true; intent: 'save-address'; message: string; addressId: string };

/**
 * A login waiting for the persistent-cart answer (§2): the session exists, but the page must not move on
 * (the login page would follow its callback) nor change its header until the customer has answered.
 * Loaders of the pages a login can start from skip revalidation while this is the action's result.
 */
export function awaitsPersistentCartAnswer(actionResult: unknown): boolean {
  return (actionResult as { intent?: unknown } | undefined)?.intent === 'persistent-cart';
}
