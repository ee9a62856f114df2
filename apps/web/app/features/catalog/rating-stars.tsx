import type { CSSProperties } from 'react';
import { formatRating } from '../../lib/format';

/** An average in half stars, 0–10: 3.74 → 7 (three and a half stars). */
export function ratingHalves(average: number): number {
  return Math.min(10, Math.max(0, Math.round(average * 2)));
}

/**
 * Five stars filled to the average (half stars too), read out as one sentence. The stars are one element
 * (catalog.css draws both rows): a listing shows up to 45 of them.
 */
export function RatingStars(props: { average: number; count?: number }) {
  const { average, count } = props;
  const label = `${formatRating(average)} de 5 estrellas`;
  const scale = { '--rating-halves': ratingHalves(average) } as CSSProperties;
  return (
    <span
      className="rating-stars"
      role="img"
      aria-label={count === undefined ? label : `${label}, ${count} opiniones`}
    >
      <span className="rating-stars__scale" style={scale} aria-hidden="true" />
      {count !== undefined && (
        <span className="rating-stars__count" aria-hidden="true">
          ({count})
        </span>
      )}
    </span>
  );
}
