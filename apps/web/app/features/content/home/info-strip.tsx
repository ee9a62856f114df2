import { Link } from 'react-router';
import type { HomeInfoItem } from '@despensa/contracts';
import { Icon } from '../../../ui/icon';

/** The delivery modes strip ('Elige cómo recibir tu compra'). */
export function InfoStrip({ id, title, items }: { id: string; title: string; items: HomeInfoItem[] }) {
  return (
    <section className="home-section info-strip" aria-labelledby={id}>
      <h2 id={id} className="home-section__title">
        {title}
      </h2>
      <ul className="info-strip__list">
        {items.map((item) => (
          <li key={item.mode}>
            <Link to={item.url} className="info-strip__item">
              <span className="info-strip__icon">
                <Icon name={item.icon} size={32} />
              </span>
              <span>
                <span className="info-strip__title">{item.title}</span>
                <span className="info-strip__text">{item.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
