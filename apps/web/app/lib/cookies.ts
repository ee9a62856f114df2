/** The raw (still URI-encoded) value of one cookie in a Cookie header or document.cookie, or null. */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * A Set-Cookie (or document.cookie) value with the shop's attributes: the whole site, SameSite=Lax;
 * Max-Age 0 forgets the cookie.
 */
export function cookieString(
  name: string,
  value: string,
  maxAgeSeconds: number,
  options: { httpOnly?: boolean; secure?: boolean } = {},
): string {
  const httpOnly = options.httpOnly ? '; HttpOnly' : '';
  const secure = options.secure ? '; Secure' : '';
  return `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}${httpOnly}; SameSite=Lax${secure}`;
}
