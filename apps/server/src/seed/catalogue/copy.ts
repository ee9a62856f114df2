import type { ProductKind } from './product-families';
import type { Rng } from '../random';

/** Opening sentences by kind, used when a family has no blurb of its own. {brand} is replaced. */
const OPENERS: Record<ProductKind, readonly string[]> = {
  processed: [
    'Ideal para el día a día de toda la familia.',
    'El sabor de siempre, con la calidad de {brand}.',
    'Una opción práctica para tener siempre en la despensa.',
    'Perfecto para el desayuno, la colación o la once.',
  ],
  basic: [
    'Un básico infaltable de la cocina chilena.',
    'Calidad seleccionada por {brand} para tus preparaciones de cada día.',
    'Rinde más en tus recetas de siempre.',
  ],
  fresh: [
    'Seleccionado cada mañana para que llegue fresco a tu mesa.',
    'Directo del campo chileno a tu cocina.',
    'Frescura y sabor de temporada, elegidos por nuestros especialistas.',
  ],
  alcohol: [
    'Ideal para compartir en un buen asado o una celebración.',
    '{brand} trae una propuesta con carácter y buen equilibrio.',
    'Un clásico para acompañar tus comidas.',
  ],
  nonfood: [
    'Rendidor y efectivo en el uso diario.',
    'La calidad de {brand} a un precio conveniente.',
    'Práctico y fácil de usar todos los días.',
  ],
};

const CLOSERS: Record<ProductKind, readonly string[]> = {
  processed: [
    'Cómpralo online y recíbelo en tu casa o retíralo en tienda.',
    'Revisa la información nutricional y los sellos en la ficha.',
  ],
  basic: [
    'Cómpralo online y recíbelo en tu casa o retíralo en tienda.',
    'Guárdalo bien cerrado para conservar su calidad.',
  ],
  fresh: [
    'Cómpralo online y recíbelo en tu casa o retíralo en tienda.',
    'Si algo no llega como esperabas, te lo reponemos.',
  ],
  alcohol: ['Venta prohibida a menores de 18 años. Disfruta con moderación.'],
  nonfood: [
    'Lee las instrucciones de uso antes de usar.',
    'Cómpralo online y recíbelo en tu casa o retíralo en tienda.',
  ],
};

/** §5: weighed items are weighed by the shopper, who calls if the weight differs. */
const WEIGHED_CLOSER =
  'Se vende por kilo: el peso final puede variar levemente y se cobra lo efectivamente pesado.';

/** A sentence or two of marketing text; the pieces are shared strings, only the joined text is new. */
export function describe(
  kind: ProductKind,
  blurb: string | undefined,
  brand: string,
  weighed: boolean,
  rng: Rng,
): string {
  const opener = blurb ?? rng.pick(OPENERS[kind]).replace('{brand}', brand);
  const closer = weighed ? WEIGHED_CLOSER : rng.pick(CLOSERS[kind]);
  return `${opener} ${closer}`;
}
