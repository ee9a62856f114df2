import { RatingStars } from '../rating-stars';

export interface Review {
  id: number;
  author: string;
  rating: number;
  title: string;
  text: string;
  createdAt: string;
}

const date = new Intl.DateTimeFormat('es-CL', { dateStyle: 'long', timeZone: 'America/Santiago' });

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
              {review.author},{' '}
              <time dateTime={review.createdAt}>{date.format(new Date(review.createdAt))}</time>
            </p>
            <p>{review.text}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}
