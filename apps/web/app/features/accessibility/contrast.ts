import { CONTRAST_COOKIE } from '@despensa/domain';
import { cookieString, cookieValue } from '../../lib/cookies';

/** The contrast setting of the accessibility dialog, kept in a cookie so the server renders it (§2 modals). */
export type Contrast = 'normal' | 'high';

export const HIGH_CONTRAST_CLASS = 'contrast-high';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function contrastFromCookie(cookieHeader: string | null): Contrast {
  return cookieValue(cookieHeader, CONTRAST_COOKIE) === 'high' ? 'high' : 'normal';
}

/** Applies at once (class on <html>) and remembers it for the next visit. */
export function applyContrast(contrast: Contrast): void {
  document.documentElement.classList.toggle(HIGH_CONTRAST_CLASS, contrast === 'high');
  document.cookie = cookieString(CONTRAST_COOKIE, contrast, ONE_YEAR_S);
}
