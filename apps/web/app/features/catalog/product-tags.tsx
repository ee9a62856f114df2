import type { Product } from '@despensa/contracts';
import { markup, type Markup } from '../../lib/markup';
import { StaticMarkup } from '../../ui/static-markup';

const FLAG_LABELS: [keyof Product['flags'], string][] = [
  ['offer', 'Oferta'],
  ['new', 'Nuevo'],
  ['onlineExclusive', 'Exclusivo online'],
  ['sponsored', 'Patrocinado'],
  ['outOfStock', 'Agotado'],
];

/** Flags and promotion badges on one line; badges come ready from the catalogue ('3x2', '-20%'). */
export function productTagsMarkup(flags: Product['flags'], badges: string[]): Markup {
  const shown = FLAG_LABELS.filter(([key]) => flags[key]);
  if (shown.length === 0 && badges.length === 0) return markup``;
  return markup`<ul class="product-tags">${badges.map((badge) => markup`<li class="product-tags__badge">${badge}</li>`)}${shown.map(
    ([key, label]) => markup`<li class="product-tags__flag product-tags__flag--${key}">${label}</li>`,
  )}</ul>`;
}

export function ProductTags(props: { flags: Product['flags']; badges: string[] }) {
  return <StaticMarkup markup={productTagsMarkup(props.flags, props.badges)} />;
}
