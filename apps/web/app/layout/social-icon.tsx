import type { SocialNetwork } from '@despensa/contracts';
import { markup, Markup } from '../lib/markup';

/** Drawn marks of the social networks (decorative: the link carries the name). */
const MARKS: Record<SocialNetwork, string> = {
  facebook:
    '<path d="M13.5 21v-7.5H16l.5-3h-3V8.8c0-.9.3-1.5 1.6-1.5h1.5V4.6A20 20 0 0014.4 4.5c-2.3 0-3.9 1.4-3.9 4v2H8v3h2.5V21z" fill="currentColor"/>',
  instagram:
    '<rect x="4" y="4" width="16" height="16" rx="4.5" fill="none" stroke="currentColor" stroke-width="1.8"/>' +
    '<circle cx="12" cy="12" r="3.6" fill="none" stroke="currentColor" stroke-width="1.8"/>' +
    '<circle cx="16.8" cy="7.2" r="1.1" fill="currentColor"/>',
  x: '<path d="M5 4.5h3.8l10.2 15H15.2zM18.5 4.5L13.3 10.6M5.5 19.5l5.3-6.2" stroke="currentColor" stroke-width="1.8" fill="none"/>',
  youtube:
    '<rect x="3" y="6" width="18" height="12" rx="3.5" fill="currentColor"/>' +
    '<path d="M10.5 9.3v5.4L15 12z" fill="var(--footer-bg)"/>',
  tiktok:
    '<path d="M13.5 4v10.5a3 3 0 11-3-3M13.5 4c.5 2.5 2 4 4.5 4.3" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
};

export function socialIconMarkup(network: SocialNetwork): Markup {
  return markup`<svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">${new Markup(MARKS[network])}</svg>`;
}
