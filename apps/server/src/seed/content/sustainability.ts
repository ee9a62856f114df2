import { a, p, ul } from './context';
import type { ContentContext } from './context';
import { scheduledBanner } from './offers';
import type { SustainabilityPage, SustainabilitySubPage } from './types';

const BASE = '/plan-por-el-futuro';

const PILLARS: {
  path: string;
  icon: string;
  title: string;
  summary: string;
  body: [string, string, string][];
}[] = [
  {
    path: 'reciclaje',
    icon: 'recycle',
    title: 'Reciclaje y envases',
    summary: 'Puntos limpios en nuestros locales y envases más fáciles de reciclar.',
    body: [
      [
        'puntos-limpios',
        'Puntos limpios',
        p('Varios de nuestros locales tienen puntos limpios para vidrio, latas, cartón y plásticos PET.'),
      ],
      [
        'envases',
        'Envases',
        p(
          'Trabajamos con nuestros proveedores para reducir el plástico de un solo uso y usar envases reciclables.',
        ),
      ],
    ],
  },
  {
    path: 'desperdicio-cero',
    icon: 'leaf',
    title: 'Desperdicio cero',
    summary: 'Donamos los alimentos aptos para el consumo que no se venden.',
    body: [
      [
        'donaciones',
        'Donación de alimentos',
        p(
          'Los alimentos aptos para el consumo que no se venden se donan a organizaciones sociales de cada comuna.',
        ),
      ],
      [
        'en-casa',
        'En tu casa',
        ul(
          'Planifica tus compras con listas.',
          'Guarda las frutas y verduras según su tipo.',
          'Congela las porciones que no vas a consumir.',
        ),
      ],
    ],
  },
  {
    path: 'comunidades',
    icon: 'people',
    title: 'Comunidades',
    summary: 'Apoyamos a productores locales y a los barrios donde estamos.',
    body: [
      [
        'productores',
        'Productores locales',
        p(
          'Compramos a pequeños productores de cada región y los ayudamos a cumplir los estándares de calidad.',
        ),
      ],
      [
        'barrios',
        'Barrios',
        p('Apoyamos ferias, clubes deportivos y juntas de vecinos cercanas a nuestros locales.'),
      ],
    ],
  },
  {
    path: 'energia',
    icon: 'sun',
    title: 'Energía y clima',
    summary: 'Menos emisiones en nuestros locales y en el despacho.',
    body: [
      [
        'energia-renovable',
        'Energía renovable',
        p('Avanzamos hacia el uso de energía renovable en locales y centros de distribución.'),
      ],
      [
        'despacho',
        'Despacho eficiente',
        p('Optimizamos las rutas de despacho y sumamos vehículos eléctricos en las zonas urbanas.'),
      ],
    ],
  },
];

export function sustainabilityDocuments(
  ctx: ContentContext,
): [string, SustainabilityPage | SustainabilitySubPage][] {
  const main: SustainabilityPage = {
    title: 'Plan por el futuro',
    description: `El compromiso de ${ctx.brandName} con las personas y el planeta.`,
    banner: scheduledBanner(ctx, {
      id: 'plan-por-el-futuro',
      title: 'Plan por el futuro',
      alt: 'Plan por el futuro: reciclaje, desperdicio cero, comunidades y energía',
      url: BASE,
      palette: 'green',
      start: -365,
      end: 365,
    }),
    pillars: PILLARS.map((x) => ({
      path: x.path,
      icon: x.icon,
      title: x.title,
      summary: x.summary,
      url: `${BASE}/${x.path}`,
    })),
    sections: [
      {
        anchor: 'nuestro-plan',
        title: 'Nuestro plan',
        html: p(
          `En ${ctx.brand} queremos que cada compra deje una huella más pequeña. Estas son nuestras metas y cómo avanzamos en ellas.`,
          `También puedes leer ${a('/institucional/compromisos', 'nuestros compromisos')}.`,
        ),
      },
    ],
  };
  const docs: [string, SustainabilityPage | SustainabilitySubPage][] = [['sustainability', main]];
  for (const x of PILLARS) {
    docs.push([
      `sustainability-${x.path}`,
      {
        path: x.path,
        title: x.title,
        description: x.summary,
        parent: { title: main.title, url: BASE },
        sections: x.body.map(([anchor, title, html]) => ({ anchor, title, html })),
      },
    ]);
  }
  return docs;
}
