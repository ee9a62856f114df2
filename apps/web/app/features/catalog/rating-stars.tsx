import { formatRating } from '../../lib/format';
import { markup, type Markup } from '../../lib/markup';
import { StaticMarkup } from '../../ui/static-markup';

/** An average in half stars, 0–10: 3.74 → 7 (three and a half stars). */
export function ratingHalves(average: number): number {
  return Math.min(10, Math.max(0, Math.round(average * 2)));
}

/**
 * Five stars filled to the average (half stars too), read out as one sentence. The stars are one element
 * (catalog.css draws both rows): a listing shows up to 45 of them.
 */
export function ratingStarsMarkup(average: number, count?: number): Markup {
  const label = `${formatRating(average)} de 5 estrellas`;
  return markup`<span class="rating-stars" role="img" aria-label="${count === undefined ? label : `${label}, ${count} opiniones`}"><span class="rating-stars__scale" style="--rating-halves:${ratingHalves(average)}" aria-hidden="true"></span>${
    count !== undefined && markup`<span class="rating-stars__count" aria-hidden="true">(${count})</span>`
  }</span>`;
}

export function RatingStars(props: { average: number; count?: number }) {
  return <StaticMarkup markup={ratingStarsMarkup(props.average, props.count)} inline />;
}
