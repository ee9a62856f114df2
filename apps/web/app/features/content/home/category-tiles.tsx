import { Link } from 'react-router';
import type { HomeCategoryTile } from '@despensa/contracts';
import { Icon } from '../../../ui/icon';

/** 'Compra por categoría': one tile per top category, fixed ones first. */
export function CategoryTiles({
  id,
  title,
  tiles,
}: {
  id: string;
  title: string;
  tiles: HomeCategoryTile[];
}) {
  return (
    <section className="home-section" aria-labelledby={id}>
      <h2 id={id} className="home-section__title">
        {title}
      </h2>
      <ul className="category-tiles">
        {tiles.map((tile) => (
          <li key={tile.categoryId}>
            <Link to={tile.url} className="category-tile" prefetch="intent">
              <span className="category-tile__icon">
                <Icon name={tile.icon ?? 'basket'} size={32} />
              </span>
              <span className="category-tile__title">{tile.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
