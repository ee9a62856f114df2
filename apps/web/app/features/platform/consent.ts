import { CONSENT_COOKIE } from '@despensa/domain';

/**
 * The analytics consent (§1 analytics and tag events): 'all' after 'Aceptar', 'necessary' after 'Solo lo
 * necesario', null before the shopper chose. Kept a year in a cookie so the server renders the banner
 * only when needed.
 */
export type Consent = 'all' | 'necessary';

const ONE_YEAR_S = 365 * 24 * 3600;

export function consentFromCookie(cookieHeader: string | null): Consent | null {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(all|necessary)(?:;|$)`));
  return (match?.[1] as Consent | undefined) ?? null;
}

export function saveConsent(consent: Consent): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${consent}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
}
