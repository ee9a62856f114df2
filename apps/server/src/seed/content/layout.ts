import { a, categoryPath, p, PALETTE_ORDER, strong } from './context';
import type { ContentContext } from './context';
import { CAMPAIGNS, campaignLinks, OFFERS_LINKS, scheduledBanner } from './offers';
import type {
  CategoryMenuItem,
  ContentCategoryInput,
  CurtainContent,
  FooterContent,
  HomeBlock,
  HomeBrandLink,
  HomeInfoItem,
  HomePage,
  MenuContent,
  PaymentIcon,
} from './types';

// ---------------------------------------------------------------------------------------------------------------
// page-home

export interface HomeCollections {
  ofertas: number;
  nuevo: number;
  masVendidos: number;
  campaigns: Record<string, number>;
}

/** Picks the collections of the home shelves and the offer pages, in a fixed order (deterministic). */
export function pickHomeCollections(ctx: ContentContext): HomeCollections {
  const ofertas = ctx.pickCollection(['oferta', 'descuento']);
  const nuevo = ctx.pickCollection(['nuevo', 'novedad', 'lanzamiento']);
  const masVendidos = ctx.pickCollection(['vendido', 'favorit', 'popular', 'top']);
  const campaigns: Record<string, number> = {};
  for (const c of CAMPAIGNS) campaigns[c.slug] = ctx.pickCollection(c.keywords);
  return { ofertas, nuevo, masVendidos, campaigns };
}

export const DELIVERY_MODES: HomeInfoItem[] = [
  {
    mode: 'home-delivery',
    slaId: 'seller-1-sla-DespachoaDomicilio',
    icon: 'truck',
    title: 'Despacho a domicilio',
    text: 'Elige el día y el rango horario en que recibes tu compra.',
    url: '/informaciones/despacho',
  },
  {
    mode: 'store-pickup',
    slaId: 'seller-1-sla-RetiroenTienda',
    icon: 'store',
    title: 'Retiro en tienda',
    text: 'Compra en línea y retira en el local que prefieras, sin filas.',
    url: '/informaciones/retiro-en-tienda',
  },
  {
    mode: 'car-pickup',
    slaId: 'seller-1-sla-ClickalAuto',
    icon: 'car',
    title: 'Click al Auto',
    text: 'Te llevamos la compra al auto en el estacionamiento del local.',
    url: '/informaciones/click-al-auto',
  },
  {
    mode: 'express',
    slaId: 'seller-1-sla-Express',
    icon: 'bolt',
    title: 'Despacho Express',
    text: 'Recibe tu pedido en pocas horas en comunas seleccionadas.',
    url: '/informaciones/despacho-express',
  },
];

const OWN_LINES = ['', ' Selección', ' Orgánico', ' Hogar', ' Mascotas', ' Bebé'];

export function homePage(ctx: ContentContext, collections: HomeCollections): HomePage {
  const brands: HomeBrandLink[] =
    ctx.brands.length > 0
      ? ctx.brands.slice(0, 8).map((b) => ({ name: b.name, url: `/busca?ft=${encodeURIComponent(b.name)}` }))
      : OWN_LINES.map((suffix) => {
          const name = `${ctx.brandName}${suffix}`;
          return { name, url: `/busca?ft=${encodeURIComponent(name)}` };
        });

  const tiles = [...ctx.fixedTopCategories(), ...ctx.otherTopCategories()].map(({ category, path }) => ({
    categoryId: category.id,
    title: category.name,
    url: path,
    icon: category.icon,
  }));

  const blocks: HomeBlock[] = [
    {
      type: 'hero-carousel',
      id: 'home-hero',
      title: 'Destacados',
      autoplayMs: 6000,
      banners: [
        scheduledBanner(ctx, {
          id: 'hero-ofertas-semana',
          title: 'Ofertas de la semana',
          alt: 'Ofertas de la semana: hasta 40 % de descuento en productos de despensa',
          url: '/oferta/ofertas-fdm',
          palette: 'red',
          start: -3,
          end: 4,
        }),
        scheduledBanner(ctx, {
          id: 'hero-parrilla',
          title: 'Temporada de parrilla',
          alt: 'Temporada de parrilla: cortes, carbón y acompañamientos',
          url: '/oferta/parrilla',
          palette: 'brown',
          start: -10,
          end: 20,
        }),
        scheduledBanner(ctx, {
          id: 'hero-vuelta-a-clases',
          title: 'Vuelta a clases',
          alt: 'Vuelta a clases: colaciones y desayunos para toda la semana',
          url: '/oferta/vuelta-a-clases',
          palette: 'navy',
          start: -5,
          end: 25,
        }),
        scheduledBanner(ctx, {
          id: 'hero-click-al-auto',
          title: 'Click al Auto: retira sin bajarte',
          alt: 'Click al Auto: retira tu compra sin bajarte del auto',
          url: '/informaciones/click-al-auto',
          palette: 'teal',
          start: -30,
          end: 60,
        }),
        // Ended three days ago: must not be shown.
        scheduledBanner(ctx, {
          id: 'hero-fiestas-patrias',
          title: 'Fiestas Patrias',
          alt: 'Fiestas Patrias: todo para celebrar',
          url: '/oferta/parrilla',
          palette: 'green',
          start: -20,
          end: -3,
        }),
        // Starts in ten days: must not be shown yet.
        scheduledBanner(ctx, {
          id: 'hero-cyber-pronto',
          title: 'Se viene el Cyber',
          alt: 'Se viene el Cyber: prepara tu lista',
          url: '/cyber',
          palette: 'night',
          start: 10,
          end: 13,
        }),
        // Inactive although inside its dates: must not be shown.
        scheduledBanner(ctx, {
          id: 'hero-vida-saludable',
          title: 'Vida saludable',
          alt: 'Vida saludable: frutas, verduras e integrales',
          url: '/oferta/vida-saludable',
          palette: 'mint',
          active: false,
          start: -2,
          end: 30,
        }),
      ],
    },
    { type: 'category-tiles', id: 'home-categories', title: 'Compra por categoría', tiles },
    {
      type: 'product-shelf',
      id: 'home-shelf-ofertas',
      title: 'Ofertas de la semana',
      collectionId: collections.ofertas,
      maxItems: 12,
      url: '/oferta/ofertas-fdm',
    },
    {
      type: 'info-strip',
      id: 'home-delivery-modes',
      title: 'Elige cómo recibir tu compra',
      items: DELIVERY_MODES.map((m) => ({ ...m })),
    },
    {
      type: 'product-shelf',
      id: 'home-shelf-nuevo',
      title: 'Lo nuevo',
      collectionId: collections.nuevo,
      maxItems: 12,
      url: null,
    },
    {
      type: 'product-shelf',
      id: 'home-shelf-mas-vendidos',
      title: 'Los más vendidos',
      collectionId: collections.masVendidos,
      maxItems: 12,
      url: null,
    },
    { type: 'brand-strip', id: 'home-brands', title: 'Marcas destacadas', brands },
    {
      type: 'product-shelf',
      id: 'home-shelf-parrilla',
      title: 'Todo para la parrilla',
      collectionId: collections.campaigns.parrilla ?? collections.ofertas,
      maxItems: 12,
      url: '/oferta/parrilla',
    },
  ];

  return {
    title: `${ctx.brandName} | Supermercado en línea`,
    description: `Haz tu compra de supermercado en línea en ${ctx.brandName}: despacho a domicilio, retiro en tienda, Click al Auto y Despacho Express.`,
    blocks,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// menu

/** Fixed positions whose last child is flagged new. */
const NEW_CHILD_POSITIONS = [1, 5];

function childItems(
  ctx: ContentContext,
  parent: ContentCategoryInput,
  parentPath: string,
): CategoryMenuItem[] {
  return ctx.childrenOf(parent.id).map((child) => {
    const url = categoryPath(child, parentPath);
    return {
      title: child.name,
      url,
      active: true,
      items: childItems(ctx, child, url),
      banner: null,
      new: { check: false },
      className: 'menu-subcategory',
    };
  });
}

export function menu(ctx: ContentContext): MenuContent {
  const fixed = ctx.fixedTopCategories().map(({ category, path }, index): CategoryMenuItem => {
    const position = category.fixedPosition ?? index + 1;
    const items = childItems(ctx, category, path);
    const last = items[items.length - 1];
    if (last && NEW_CHILD_POSITIONS.includes(position)) last.new = { check: true };
    const title = `Lo mejor de ${category.name}`;
    return {
      title: category.name,
      url: path,
      active: true,
      items,
      banner: {
        url: position % 2 === 0 ? '/oferta/ofertas-fdm' : path,
        title,
        ...ctx.bannerImages(
          `menu-${category.slug}`,
          title,
          PALETTE_ORDER[index % PALETTE_ORDER.length] ?? 'green',
        ),
        // Every fixed category shows a live banner (§2); the hero carousel seeds the inactive and ended ones.
        active: true,
        start_date: ctx.day(-15),
        end_date: ctx.day(45),
      },
      new: { check: false },
      icon: category.icon ?? category.slug,
    };
  });
  const items = ctx.otherTopCategories().map(({ category, path }): CategoryMenuItem => ({
    title: category.name,
    url: path,
    active: true,
    items: childItems(ctx, category, path),
    banner: null,
    new: { check: false },
    className: `menu-category menu-category--${category.slug.replace(/[^a-z0-9-]/gi, '-')}`,
  }));
  return {
    items,
    fixed_categories: fixed,
    offers: OFFERS_LINKS.map((o) => ({ ...o })),
    campaigns: campaignLinks(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// curtain

export function curtain(ctx: ContentContext): CurtainContent {
  return {
    landing: {
      active: false,
      html:
        `<h2>${ctx.brand} se renueva</h2>` +
        p(
          'Estamos preparando una nueva experiencia de compra en línea. Muy pronto podrás volver a hacer tu pedido.',
          `Mientras tanto, te esperamos en nuestros ${a('/locales', 'locales')}. Si tienes un pedido en curso, llámanos al ${a(ctx.helpPhoneHref, strong(ctx.helpPhone))}.`,
        ),
    },
    content: [
      {
        active: false,
        title: 'Estamos en mantención',
        html:
          p(
            'Estamos realizando mejoras en el sitio. Algunas funciones pueden no estar disponibles durante algunos minutos.',
          ) +
          p(`Gracias por tu paciencia. Si necesitas ayuda, llama al ${a(ctx.helpPhoneHref, ctx.helpPhone)}.`),
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// footer

export function footer(ctx: ContentContext): FooterContent {
  const paymentIcons: PaymentIcon[] = [
    { id: 'card-brand', label: `Tarjeta ${ctx.brandName}` },
    { id: 'mastercard', label: 'Mastercard' },
    { id: 'visa', label: 'Visa' },
    { id: 'magna', label: 'Magna' },
    { id: 'amex', label: 'American Express' },
    { id: 'diners', label: 'Diners Club' },
    { id: 'redcompra', label: 'Redcompra' },
  ];
  const social = (
    [
      ['facebook', 'Facebook'],
      ['instagram', 'Instagram'],
      ['x', 'X'],
      ['youtube', 'YouTube'],
      ['tiktok', 'TikTok'],
    ] as const
  ).map(([network, label]) => ({ network, label: `${ctx.brandName} en ${label}`, url: '#' }));

  return {
    prefooter: [
      {
        id: 'help-center',
        icon: 'help',
        title: 'Centro de ayuda',
        text: 'Resuelve tus dudas sobre compras, pagos y despachos.',
        url: '/informaciones/centro-de-ayuda',
      },
      {
        id: 'tracking',
        icon: 'tracking',
        title: 'Seguimiento de pedido',
        text: 'Revisa en qué etapa va tu compra.',
        url: '/informaciones/seguimiento',
      },
      {
        id: 'order-problems',
        icon: 'alert',
        title: 'Problemas con mi pedido',
        text: '¿Te faltó algo o llegó en mal estado? Te ayudamos.',
        url: '/informaciones/problemas-con-mi-pedido',
      },
      {
        id: 'stores',
        icon: 'store',
        title: 'Nuestros locales',
        text: 'Encuentra el local más cercano y sus horarios.',
        url: '/locales',
      },
    ],
    groups: [
      {
        id: 'help',
        title: 'Centro de ayuda',
        links: [
          { title: 'Centro de ayuda', url: '/informaciones/centro-de-ayuda' },
          { title: 'Seguimiento de pedido', url: '/informaciones/seguimiento' },
          { title: 'Preguntas frecuentes', url: '/informaciones/preguntas-frecuentes' },
          { title: 'Políticas de despacho', url: '/informaciones/despacho' },
          { title: 'Retiro en tienda', url: '/informaciones/retiro-en-tienda' },
          { title: 'Click al Auto', url: '/informaciones/click-al-auto' },
          { title: 'Evita la fila', url: '/informaciones/evita-la-fila' },
        ],
      },
      {
        id: 'brand',
        title: ctx.brandName,
        links: [
          { title: 'Quiénes somos', url: '/informaciones/quienes-somos' },
          { title: 'Locales', url: '/locales' },
          { title: 'Servicios', url: '/institucional/servicios' },
          { title: 'Concursos', url: '/institucional/concursos' },
          { title: 'Trabaja con nosotros', url: '/informaciones/trabaja-con-nosotros' },
        ],
      },
      {
        id: 'corporate',
        title: 'Grupo minorista',
        links: [
          { title: 'Grupo minorista', url: '/informaciones/grupo-minorista' },
          { title: 'Inversionistas', url: '/informaciones/grupo-minorista#inversionistas' },
          { title: 'Sostenibilidad', url: '/plan-por-el-futuro' },
          { title: 'Proveedores', url: '/informaciones/grupo-minorista#proveedores' },
        ],
      },
    ],
    social,
    paymentIcons,
    legalLinks: [
      { title: 'Términos y condiciones', url: '/informaciones-legales/terminos-y-condiciones#1' },
      { title: 'Seguridad y privacidad', url: '/informaciones-legales/seguridad-y-privacidad' },
      { title: 'Código de ética', url: '/institucional/compromisos#codigo-de-etica' },
    ],
    helpPhone: { label: 'Servicio al cliente', number: ctx.helpPhone, href: ctx.helpPhoneHref },
    copyright: `© ${ctx.year} ${ctx.brandName}. Todos los derechos reservados.`,
  };
}
