import { ShopLink } from '../ui/shop-link';
import type { PrefooterLink } from '@despensa/contracts';
import { Icon } from '../ui/icon';

/** The four help cards above the footer (§2): help centre, tracking, order problems, stores. */
export function Prefooter({ links }: { links: PrefooterLink[] }) {
  return (
    <nav aria-label="Ayuda al cliente" className="prefooter">
      <ul className="container prefooter__list">
        {links.map((link) => (
          <li key={link.id}>
            <ShopLink to={link.url} className="prefooter__card">
              <Icon name={link.icon} size={32} />
              <span>
                <span className="prefooter__title">{link.title}</span>
                <span className="prefooter__text">{link.text}</span>
              </span>
            </ShopLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
