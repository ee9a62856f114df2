const STARS = ['5', '4', '3', '2', '1'];

/** How many opinions gave each number of stars, as labelled bars. */
export function ReviewHistogram(props: { histogram: Record<string, number>; count: number }) {
  const { histogram, count } = props;
  return (
    <ul className="review-histogram" aria-label="Distribución de las calificaciones">
      {STARS.map((stars) => {
        const quantity = histogram[stars] ?? 0;
        const share = count > 0 ? Math.round((quantity / count) * 100) : 0;
        return (
          <li key={stars}>
            <span className="review-histogram__label">
              {stars} {stars === '1' ? 'estrella' : 'estrellas'}
            </span>
            <span className="review-histogram__bar" aria-hidden="true">
              <span style={{ width: `${share}%` }} />
            </span>
            <span className="review-histogram__count">
              {quantity} <span className="visually-hidden">{quantity === 1 ? 'opinión' : 'opiniones'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
