import { formatRating } from '../../lib/format';

const STAR = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.9z';
const STARS = [1, 2, 3, 4, 5];

/** Five stars filled to the average, in one small SVG (cards repeat it 40 times), read out as one sentence. */
export function RatingStars(props: { average: number; count?: number }) {
  const { average, count } = props;
  const label = `${formatRating(average)} de 5 estrellas`;
  return (
    <span
      className="rating-stars"
      role="img"
      aria-label={count === undefined ? label : `${label}, ${count} opiniones`}
    >
      <svg viewBox="0 0 100 20" width="70" height="14" aria-hidden="true">
        {STARS.map((star) => (
          <path
            key={star}
            d={STAR}
            transform={`translate(${(star - 1) * 20} 0)`}
            className={average >= star - 0.25 ? 'rating-stars__full' : 'rating-stars__empty'}
          />
        ))}
      </svg>
      {count !== undefined && (
        <span className="rating-stars__count" aria-hidden="true">
          ({count})
        </span>
      )}
    </span>
  );
}
