import type { Review } from '@despensa/contracts';
import { RatingStars } from '../rating-stars';
import { formatDate } from '../../../lib/format';

export function ReviewList(props: { reviews: Review[] }) {
  if (props.reviews.length === 0) return <p>Todavía nadie opina sobre este producto.</p>;
  return (
    <ol className="review-list">
      {props.reviews.map((review) => (
        <li key={review.id}>
          <article>
            <h3>{review.title}</h3>
            <RatingStars average={review.rating} />
            <p className="review-list__byline">
              {review.author}, <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
            </p>
            <p>{review.text}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}
