import type { MenuCategory } from '../features/content/category-menu-data';
import { markup, type Markup } from '../lib/markup';
import { shopLinkMarkup } from '../ui/shop-link';

/** One category's sub-categories (at most 4, cut by the loader) and its banner when it is live. */
export function categoryMenuDetailMarkup(id: string, category: MenuCategory, hidden: boolean): Markup {
  const banner = category.banner;
  return markup`<div id="${id}" class="category-menu__detail" ${hidden && markup` hidden=""`}>${shopLinkMarkup(category.url, `Ver todo ${category.title}`, 'category-menu__all')}<ul class="category-menu__children">${category.children.map(
    (child) =>
      markup`<li>${shopLinkMarkup(child.url, markup`${child.title}${child.isNew && markup`<span class="badge badge--new">Nuevo</span>`}`)}</li>`,
  )}</ul>${
    banner &&
    // The mobile image below 1202 px, where the mobile header is used (§2, §9).
    shopLinkMarkup(
      banner.url,
      markup`<picture><source media="(max-width: 1201px)" srcset="${banner.image_mobile}" width="600" height="400" /><img src="${banner.image_desktop}" alt="${banner.title}" width="1200" height="300" loading="lazy"/></picture>`,
      'category-menu__banner',
    )
  }</div>`;
}
