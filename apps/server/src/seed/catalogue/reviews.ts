import type { ProductKind } from './product-families';
import type { Rng } from '../random';
import type { SeedReview } from './types';

const AUTHORS = [
  'Camila',
  'Valentina',
  'Francisca',
  'Javiera',
  'Catalina',
  'Constanza',
  'Fernanda',
  'Daniela',
  'María José',
  'Carolina',
  'Paula',
  'Macarena',
  'Antonia',
  'Isidora',
  'Josefa',
  'Gabriela',
  'Marcela',
  'Paz',
  'Trinidad',
  'Sebastián',
  'Matías',
  'Benjamín',
  'Vicente',
  'Diego',
  'Felipe',
  'Tomás',
  'Nicolás',
  'Cristóbal',
  'Joaquín',
  'Rodrigo',
  'Gonzalo',
  'Francisco',
  'Ignacio',
  'Pablo',
  'Andrés',
  'Claudio',
  'Patricio',
  'Juan Pablo',
  'Héctor',
  'Luis',
  'Rosa',
  'Ximena',
  'Verónica',
  'Alejandra',
  'Cecilia',
] as const;

type Rating = SeedReview['rating'];
type Tone = 'food' | 'other';

/** [title, text] pairs by rating; food texts talk about taste, the rest about use. */
const TEXTS: Record<Tone, Record<Rating, readonly (readonly [string, string])[]>> = {
  food: {
    5: [
      ['Excelente', 'Muy rico, en la casa nos encantó. Lo vuelvo a comprar sin duda.'],
      ['El mejor', 'Buena calidad y llegó en perfecto estado. Súper recomendable.'],
      ['Riquísimo', 'Tiene el sabor de siempre y a buen precio.'],
      ['Infaltable', 'Siempre lo compro, nunca falla.'],
      ['Muy bueno', 'Fresco y bien envasado, tal como en la tienda.'],
    ],
    4: [
      ['Bueno', 'Rico, aunque el precio ha subido un poco.'],
      ['Recomendado', 'Buena relación precio calidad, lo volvería a comprar.'],
      ['Cumple', 'Bien, tal como esperaba. Llegó a tiempo.'],
      ['Bien', 'Me gustó; le falta un poquito de sabor pero está bien.'],
    ],
    3: [
      ['Normal', 'Está bien, nada especial.'],
      ['Regular', 'Esperaba un poco más por el precio.'],
    ],
    2: [
      ['No tan bueno', 'El sabor cambió, antes era mejor.'],
      ['Poco rendidor', 'Se acaba muy rápido para lo que cuesta.'],
    ],
    1: [
      ['Malo', 'Llegó con fecha de vencimiento muy próxima.'],
      ['No me gustó', 'No lo volvería a comprar.'],
    ],
  },
  other: {
    5: [
      ['Excelente', 'Funciona muy bien y rinde harto. Lo recomiendo.'],
      ['Muy bueno', 'Buena calidad, llegó rápido y bien embalado.'],
      ['Lo mejor', 'Es el que siempre compro, nunca falla.'],
      ['Recomendado', 'Precio conveniente y cumple de sobra.'],
    ],
    4: [
      ['Bueno', 'Cumple bien su función, aunque podría rendir más.'],
      ['Buena compra', 'Buena relación precio calidad.'],
      ['Bien', 'Tal como se describe. Lo volvería a comprar.'],
    ],
    3: [
      ['Normal', 'Cumple, pero nada del otro mundo.'],
      ['Regular', 'Está bien, aunque he probado mejores.'],
    ],
    2: [
      ['Poco rendidor', 'Se acaba muy rápido.'],
      ['No convence', 'Esperaba más calidad por el precio.'],
    ],
    1: [
      ['Malo', 'Llegó dañado y no funcionó bien.'],
      ['No lo recomiendo', 'No cumplió lo que promete.'],
    ],
  },
};

/** Shoppers mostly review what they liked. */
const RATING_WEIGHTS: readonly (readonly [Rating, number])[] = [
  [5, 46],
  [4, 32],
  [3, 11],
  [2, 5],
  [1, 6],
];

const DAY = 86_400_000;

/** About 40 % of products have 1–8 reviews, dated between the release (or two years ago) and now. */
export function reviewsFor(kind: ProductKind, releaseDate: string, now: Date, rng: Rng): SeedReview[] {
  if (!rng.chance(0.4)) return [];
  const tone: Tone = kind === 'nonfood' ? 'other' : 'food';
  const from = Math.max(Date.parse(releaseDate), now.getTime() - 730 * DAY);
  const span = Math.max(DAY, now.getTime() - from);
  const count = rng.weighted<number>([
    [1, 30],
    [2, 22],
    [3, 16],
    [4, 11],
    [5, 8],
    [6, 6],
    [7, 4],
    [8, 3],
  ]);
  const reviews: SeedReview[] = [];
  for (let i = 0; i < count; i++) {
    const rating = rng.weighted(RATING_WEIGHTS);
    const [title, text] = rng.pick(TEXTS[tone][rating]);
    const date = new Date(from + Math.floor(rng.next() * span)).toISOString();
    reviews.push({ author: rng.pick(AUTHORS), rating, title, text, date });
  }
  return reviews.sort((a, b) => a.date.localeCompare(b.date));
}
