import { useId } from 'react';
import { formatRating } from '../../lib/format';

const STAR = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.9z';
const STARS = [1, 2, 3, 4, 5];

/** How much of star `star` (1–5) an average fills, to the nearest half star. */
function fillOf(average: number, star: number): 'full' | 'half' | 'empty' {
  const halves = Math.round(average * 2) / 2;
  if (halves >= star) return 'full';
  return halves >= star - 0.5 ? 'half' : 'empty';
}

/** Five stars filled to the average (half stars too), in one small SVG, read out as one sentence. */
export function RatingStars(props: { average: number; count?: number }) {
  const { average, count } = props;
  const halfClip = useId();
  const label = `${formatRating(average)} de 5 estrellas`;
  return (
    <span
      className="rating-stars"
      role="img"
      aria-label={count === undefined ? label : `${label}, ${count} opiniones`}
    >
      <svg viewBox="0 0 100 20" width="70" height="14" aria-hidden="true">
        <defs>
          <clipPath id={halfClip}>
            <rect width="10" height="20" />
          </clipPath>
        </defs>
        {STARS.map((star) => {
          const fill = fillOf(average, star);
          const at = `translate(${(star - 1) * 20} 0)`;
          return fill === 'half' ? (
            <g key={star} transform={at} className="rating-stars__half">
              <path d={STAR} className="rating-stars__empty" />
              <path d={STAR} className="rating-stars__full" clipPath={`url(#${halfClip})`} />
            </g>
          ) : (
            <path key={star} d={STAR} transform={at} className={`rating-stars__${fill}`} />
          );
        })}
      </svg>
      {count !== undefined && (
        <span className="rating-stars__count" aria-hidden="true">
          ({count})
        </span>
      )}
    </span>
  );
}
