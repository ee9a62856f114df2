import type { MenuCategory } from '../features/content/category-menu-data';
import { html, type Markup } from '../lib/html';
import { shopLinkMarkup } from '../ui/shop-link';

/** One category's sub-categories (at most 4, cut by the loader) and its banner when it is live. */
export function categoryMenuDetailMarkup(id: string, category: MenuCategory, hidden: boolean): Markup {
  const banner = category.banner;
  return html`<div id="${id}" class="category-menu__detail" ${hidden && html` hidden=""`}>
    ${shopLinkMarkup(category.url, `Ver todo ${category.title}`, 'category-menu__all')}
    <ul class="category-menu__children">
      ${category.children.map(
        (child) =>
          html`<li>
            ${shopLinkMarkup(child.url, html`${child.title}${child.isNew && html`<span class="badge badge--new">Nuevo</span>`}`)}
          </li>`,
      )}
    </ul>
    ${
      banner &&
      // The mobile image below 1202 px, where the mobile header is used (§2, §9).
      shopLinkMarkup(
        banner.url,
        html`<picture
          ><source media="(max-width: 1201px)" srcset="${banner.image_mobile}" width="600" height="400" />
          <img src="${banner.image_desktop}" alt="${banner.title}" width="1200" height="300" loading="lazy"
        /></picture>`,
        'category-menu__banner',
      )
    }
  </div>`;
}
