import type { PrefooterLink } from '@despensa/contracts';
import { html, type Markup } from '../lib/html';
import { iconMarkup } from '../ui/icon';
import { shopLinkMarkup } from '../ui/shop-link';

/** The four help cards above the footer (§2): help centre, tracking, order problems, stores. */
export function prefooterMarkup(links: PrefooterLink[]): Markup {
  return html`<nav aria-label="Ayuda al cliente" class="prefooter">
    <ul class="container prefooter__list">
      ${links.map(
        (link) =>
          html`<li>
            ${shopLinkMarkup(
              link.url,
              html`${iconMarkup(link.icon, 32)}<span
                  ><span class="prefooter__title">${link.title}</span
                  ><span class="prefooter__text">${link.text}</span></span
                >`,
              'prefooter__card',
            )}
          </li>`,
      )}
    </ul>
  </nav>`;
}
