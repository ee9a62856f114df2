import type { PrefooterLink } from '@despensa/contracts';
import { markup, type Markup } from '../lib/markup';
import { iconMarkup } from '../ui/icon';
import { shopLinkMarkup } from '../ui/shop-link';

/** The four help cards above the footer (§2): help centre, tracking, order problems, stores. */
export function prefooterMarkup(links: PrefooterLink[]): Markup {
  return markup`<nav aria-label="Ayuda al cliente" class="prefooter"><ul class="container prefooter__list">${links.map(
    (link) =>
      markup`<li>${shopLinkMarkup(
        link.url,
        markup`${iconMarkup(link.icon, 32)}<span><span class="prefooter__title">${link.title}</span><span class="prefooter__text">${link.text}</span></span>`,
        'prefooter__card',
      )}</li>`,
  )}</ul></nav>`;
}
