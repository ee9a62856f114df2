import { CATEGORY_MENU_MAX_CHILDREN, isBannerActive } from '@despensa/domain';
import type { CategoryMenuBanner, CategoryMenuItem, LinkItem, MenuContent } from '@despensa/contracts';

/** One top category of the dropdown, already cut to what it shows (§2). */
export interface MenuCategory {
  title: string;
  url: string;
  icon: string;
  /** At most CATEGORY_MENU_MAX_CHILDREN. */
  children: { title: string; url: string; isNew: boolean }[];
  /** Only when active and within its dates. */
  banner: CategoryMenuBanner | null;
}

export interface HeaderMenu {
  categories: MenuCategory[];
  offers: LinkItem[];
  campaigns: LinkItem[];
}

function toMenuCategory(item: CategoryMenuItem, now: Date): MenuCategory {
  return {
    title: item.title,
    url: item.url,
    icon: item.icon ?? 'basket',
    children: item.items
      .filter((child) => child.active)
      .slice(0, CATEGORY_MENU_MAX_CHILDREN)
      .map((child) => ({ title: child.title, url: child.url, isNew: child.new.check })),
    banner: item.banner && isBannerActive(item.banner, now) ? item.banner : null,
  };
}

/** The `menu` CMS document reduced, on the server, to what the header renders. */
export function headerMenu(menu: MenuContent | null, now: Date): HeaderMenu {
  if (!menu) return { categories: [], offers: [], campaigns: [] };
  return {
    categories: menu.fixed_categories.filter((item) => item.active).map((item) => toMenuCategory(item, now)),
    offers: menu.offers,
    campaigns: menu.campaigns,
  };
}
