import type { Product } from '@despensa/contracts';

const FLAG_LABELS: [keyof Product['flags'], string][] = [
  ['offer', 'Oferta'],
  ['new', 'Nuevo'],
  ['onlineExclusive', 'Exclusivo online'],
  ['sponsored', 'Patrocinado'],
  ['outOfStock', 'Agotado'],
];

/** Flags and promotion badges on one line; badges come ready from the catalogue ('3x2', '-20%'). */
export function ProductTags(props: { flags: Product['flags']; badges: string[] }) {
  const flags = FLAG_LABELS.filter(([key]) => props.flags[key]);
  if (flags.length === 0 && props.badges.length === 0) return null;
  return (
    <ul className="product-tags">
      {props.badges.map((badge) => (
        <li key={`badge-${badge}`} className="product-tags__badge">
          {badge}
        </li>
      ))}
      {flags.map(([key, label]) => (
        <li key={key} className={`product-tags__flag product-tags__flag--${key}`}>
          {label}
        </li>
      ))}
    </ul>
  );
}
