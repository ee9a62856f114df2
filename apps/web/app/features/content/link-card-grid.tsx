import { Link } from 'react-router';
import { Icon } from '../../ui/icon';

export interface LinkCard {
  url: string;
  title: string;
  text: string;
  icon?: string | undefined;
}

/** A grid of linked cards: the /informaciones index, the legal index, sustainability pillars. */
export function LinkCardGrid({ cards, headingLevel = 2 }: { cards: LinkCard[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="card-grid">
      {cards.map((card) => (
        <li key={card.url}>
          <Link to={card.url} className="link-card">
            {card.icon ? <Icon name={card.icon} size={32} className="link-card__icon" /> : null}
            <Heading className="link-card__title">{card.title}</Heading>
            <p className="link-card__text">{card.text}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
