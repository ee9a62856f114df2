/**
 * The comuna a visitor looked at in the delivery selector before logging in (its home-delivery windows and
 * fee): the address dialog starts there, so the full address asked later begins where the shopper left off.
 * Kept for the tab only (sessionStorage), never sent to the server.
 */
const KEY = 'despensa.previewedComuna';

export interface PreviewedComuna {
  regionCode: string;
  name: string;
}

export function rememberPreviewedComuna(comuna: PreviewedComuna | null): void {
  try {
    if (comuna) sessionStorage.setItem(KEY, JSON.stringify(comuna));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage can be disabled (private mode): the dialog then starts empty, as before.
  }
}

export function previewedComuna(): PreviewedComuna | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (
      parsed &&
      typeof (parsed as PreviewedComuna).regionCode === 'string' &&
      typeof (parsed as PreviewedComuna).name === 'string'
    ) {
      return parsed as PreviewedComuna;
    }
  } catch {
    // Unreadable: start empty.
  }
  return null;
}
