export interface BannerWindow {
  active: boolean;
  start_date?: string | null;
  end_date?: string | null;
}

/**
 * §4: shown only if active and start_date <= now <= end_date. A missing or empty bound is open; a bound
 * that does not parse hides the banner, since the CMS entry is then broken.
 */
export function isBannerActive(banner: BannerWindow, now: Date): boolean {
  if (!banner.active) return false;
  const t = now.getTime();
  const start = parseBound(banner.start_date);
  const end = parseBound(banner.end_date);
  if (Number.isNaN(start) || Number.isNaN(end)) return false;
  return (start === null || start <= t) && (end === null || t <= end);
}

function parseBound(value: string | null | undefined): number | null {
  if (value == null || value.trim() === '') return null;
  return Date.parse(value);
}
