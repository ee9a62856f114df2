import { ShopLink } from '../ui/shop-link';
import type { MenuCategory } from '../features/content/category-menu-data';

/** One category's sub-categories (at most 4, cut by the loader) and its banner when it is live. */
export function CategoryMenuDetail({
  id,
  category,
  hidden,
}: {
  id: string;
  category: MenuCategory;
  hidden: boolean;
}) {
  return (
    <div id={id} className="category-menu__detail" hidden={hidden}>
      <ShopLink to={category.url} className="category-menu__all">
        Ver todo {category.title}
      </ShopLink>
      <ul className="category-menu__children">
        {category.children.map((child) => (
          <li key={child.url}>
            <ShopLink to={child.url}>
              {child.title}
              {child.isNew ? <span className="badge badge--new">Nuevo</span> : null}
            </ShopLink>
          </li>
        ))}
      </ul>
      {category.banner ? (
        <ShopLink to={category.banner.url} className="category-menu__banner">
          {/* The mobile image below 1202 px, where the mobile header is used (§2, §9). */}
          <picture>
            <source
              media="(max-width: 1201px)"
              srcSet={category.banner.image_mobile}
              width={600}
              height={400}
            />
            <img
              src={category.banner.image_desktop}
              alt={category.banner.title}
              width={1200}
              height={300}
              loading="lazy"
            />
          </picture>
        </ShopLink>
      ) : null}
    </div>
  );
}
