import { isbot } from 'isbot';
import { isBelowMinimumBrowser } from '@despensa/domain';

/**
 * §5: below the minimum versions (mobile variants alike) the outdated-browser page is shown. Unknown agents
 * and crawlers (which often claim old engines) get the site.
 */
export function isOutdatedBrowser(userAgent: string | null): boolean {
  if (!userAgent || isbot(userAgent)) return false;
  return isBelowMinimumBrowser(userAgent);
}
