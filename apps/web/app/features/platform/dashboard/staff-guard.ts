import type { StorefrontServices } from '@despensa/contracts';

/**
 * The staff console's guard until staff roles land: the staff key (the operations console's API key) kept
 * in an HttpOnly cookie for the console's paths. Swap for the roles check when it exists.
 */
export const STAFF_COOKIE = 'despensa_staff';
const EIGHT_HOURS_S = 8 * 3600;

export function staffKeyOf(request: Request): string | null {
  const match = request.headers.get('cookie')?.match(new RegExp(`(?:^|;\\s*)${STAFF_COOKIE}=([^;]+)`));
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

export function isStaff(request: Request, services: StorefrontServices): boolean {
  const key = staffKeyOf(request);
  return key !== null && services.analytics.isStaffKey(key);
}

export function staffCookie(request: Request, key: string): string {
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  return `${STAFF_COOKIE}=${encodeURIComponent(key)}; Path=/operaciones; Max-Age=${EIGHT_HOURS_S}; HttpOnly; SameSite=Strict${secure}`;
}
