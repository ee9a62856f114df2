import { Link } from 'react-router';
import type { Product } from '@despensa/contracts';
import { RatingStars } from '../rating-stars';
import { formatRating } from '../../../lib/format';

/** Stars and the number of opinions, linking to the reviews page. */
export function RatingSummary(props: { rating: Product['rating']; ratingUrl: string }) {
  const { rating, ratingUrl } = props;
  if (rating.count === 0) {
    return (
      <p className="rating-summary">
        Sin opiniones todavía. <Link to={ratingUrl}>Ver opiniones</Link>
      </p>
    );
  }
  return (
    <p className="rating-summary">
      <RatingStars average={rating.average} />
      <Link to={ratingUrl}>
        {formatRating(rating.average)} ({rating.count} {rating.count === 1 ? 'opinión' : 'opiniones'})
      </Link>
    </p>
  );
}
