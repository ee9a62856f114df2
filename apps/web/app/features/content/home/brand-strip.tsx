import { Link } from 'react-router';
import type { HomeBrandLink } from '@despensa/contracts';

/** 'Marcas destacadas': links to each brand's search. */
export function BrandStrip({ id, title, brands }: { id: string; title: string; brands: HomeBrandLink[] }) {
  return (
    <section className="home-section" aria-labelledby={id}>
      <h2 id={id} className="home-section__title">
        {title}
      </h2>
      <ul className="brand-strip">
        {brands.map((brand) => (
          <li key={brand.url}>
            <Link to={brand.url} className="brand-chip">
              {brand.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
