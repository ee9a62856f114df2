import type { ContentContext, PaletteName } from './context';
import type { CyberPage, LinkItem, OfferPage, ScheduledBanner, SponsoredBannerList } from './types';

interface BannerSpec {
  id: string;
  title: string;
  alt: string;
  url: string;
  palette: PaletteName;
  active?: boolean;
  /** Days from today (UTC midnight). */
  start: number;
  end: number;
}

export function scheduledBanner(ctx: ContentContext, spec: BannerSpec): ScheduledBanner {
  return {
    id: spec.id,
    title: spec.title,
    url: spec.url,
    ...ctx.bannerImages(spec.id, spec.title, spec.palette),
    alt: spec.alt,
    active: spec.active ?? true,
    start_date: ctx.day(spec.start),
    end_date: ctx.day(spec.end),
  };
}

/** Campaign landings under /oferta/{slug}; the menu lists them and each has an offer-{slug} document. */
export const CAMPAIGNS: {
  slug: string;
  title: string;
  description: string;
  keywords: string[];
  palette: PaletteName;
}[] = [
  {
    slug: 'parrilla',
    title: 'Parrilla',
    description:
      'Todo para tu asado: cortes seleccionados, carbón, aliños, bebidas y acompañamientos a precios de temporada.',
    keywords: ['parrilla', 'asado', 'carne'],
    palette: 'brown',
  },
  {
    slug: 'vuelta-a-clases',
    title: 'Vuelta a clases',
    description: 'Colaciones, desayunos y útiles para empezar el año escolar sin apuros.',
    keywords: ['clases', 'colacion', 'escolar'],
    palette: 'navy',
  },
  {
    slug: 'vida-saludable',
    title: 'Vida saludable',
    description: 'Frutas, verduras, integrales y productos sin sellos para una despensa más sana.',
    keywords: ['saludable', 'sano', 'light', 'organico'],
    palette: 'mint',
  },
];

export const OFFERS_LINKS: LinkItem[] = [
  { title: 'Ofertas', url: '/oferta/ofertas-fdm' },
  { title: 'Cyber', url: '/cyber' },
];

export function campaignLinks(): LinkItem[] {
  return CAMPAIGNS.map((c) => ({ title: c.title, url: `/oferta/${c.slug}` }));
}

function productClusterFacet(collectionId: number) {
  return [{ key: 'productClusterIds', value: String(collectionId) }];
}

/** offer-ofertas-fdm and one offer-{slug} per campaign. Collections are the ones already chosen for the home. */
export function offerDocuments(
  ctx: ContentContext,
  collections: { ofertas: number; campaigns: Record<string, number> },
): [string, OfferPage][] {
  const docs: [string, OfferPage][] = [
    [
      'offer-ofertas-fdm',
      {
        title: 'Ofertas',
        description: `Los mejores precios de ${ctx.brandName} en despensa, frescos, limpieza y más. Ofertas válidas hasta agotar stock.`,
        banner: scheduledBanner(ctx, {
          id: 'offer-ofertas-fdm',
          title: 'Ofertas de fin de mes',
          alt: 'Ofertas de fin de mes: cientos de productos con precio rebajado',
          url: '/oferta/ofertas-fdm',
          palette: 'red',
          start: -7,
          end: 21,
        }),
        collectionId: collections.ofertas,
        selectedFacets: productClusterFacet(collections.ofertas),
      },
    ],
  ];
  for (const c of CAMPAIGNS) {
    const collectionId = collections.campaigns[c.slug] ?? collections.ofertas;
    docs.push([
      `offer-${c.slug}`,
      {
        title: c.title,
        description: c.description,
        banner: scheduledBanner(ctx, {
          id: `offer-${c.slug}`,
          title: c.title,
          alt: `${c.title}: ${c.description}`,
          url: `/oferta/${c.slug}`,
          palette: c.palette,
          start: -14,
          end: 30,
        }),
        collectionId,
        selectedFacets: productClusterFacet(collectionId),
      },
    ]);
  }
  return docs;
}

export function cyberDocument(ctx: ContentContext, collectionId: number): CyberPage {
  return {
    title: 'Cyber',
    active: true,
    start_date: ctx.day(-1),
    end_date: ctx.day(6),
    banners: [
      scheduledBanner(ctx, {
        id: 'cyber-principal',
        title: 'Cyber: hasta 50 % de descuento',
        alt: 'Cyber: hasta 50 % de descuento en productos seleccionados',
        url: '/cyber',
        palette: 'night',
        start: -1,
        end: 6,
      }),
      scheduledBanner(ctx, {
        id: 'cyber-despacho',
        title: 'Despacho gratis en Cyber sobre $40.000',
        alt: 'Despacho gratis en compras Cyber sobre $40.000',
        url: '/informaciones/despacho',
        palette: 'purple',
        start: -1,
        end: 6,
      }),
    ],
    collectionId,
  };
}

const FALLBACK_SPONSORS = [
  'Lechería Tres Volcanes',
  'Huerta Quillay',
  'Molino Pehuén',
  'Cuatro Patas Feliz',
  'Limpio Austral',
  'Bodega Los Canelos',
  'Café Caleta Sur',
];

/** list-banners: sponsored banners for /api/banners/sponsored (7: 5 live, 1 inactive, 1 expired). */
export function sponsoredBanners(ctx: ContentContext): SponsoredBannerList {
  const sponsors = ctx.brands.length > 0 ? ctx.brands.map((b) => b.name) : FALLBACK_SPONSORS;
  const targets = [...ctx.fixedTopCategories(), ...ctx.otherTopCategories()];
  const schedule: { start: number; end: number; active: boolean }[] = [
    { start: -5, end: 10, active: true },
    { start: -2, end: 12, active: true },
    { start: -10, end: 5, active: true },
    { start: -1, end: 20, active: true },
    { start: -3, end: 14, active: true },
    { start: -4, end: 9, active: false },
    { start: -30, end: -2, active: true },
  ];
  const palettes: PaletteName[] = ['teal', 'green', 'cream', 'purple', 'navy', 'brown', 'mint'];
  return {
    items: schedule.map((s, i) => {
      const sponsor = sponsors[i % sponsors.length] as string;
      const target = targets.length > 0 ? targets[i % targets.length] : undefined;
      const url = target ? target.path : '/oferta/ofertas-fdm';
      const place = target ? ` en ${target.category.name}` : '';
      const title = `${sponsor}${place}`;
      return {
        ...scheduledBanner(ctx, {
          id: `sponsored-${i + 1}`,
          title,
          alt: `Publicidad: ${sponsor}, productos destacados${place}`,
          url,
          palette: palettes[i % palettes.length] as PaletteName,
          active: s.active,
          start: s.start,
          end: s.end,
        }),
        sponsored: true as const,
        sponsor,
        position: i + 1,
      };
    }),
  };
}
