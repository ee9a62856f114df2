import { describe, expect, it } from 'vitest';
import { bannerSvg } from '../src/seed/content/banner-svg';
import { generateContent, generateContentWithAssets } from '../src/seed/content/generate';
import type {
  CategoryMenuItem,
  CmsDocumentMap,
  ContentCategoryInput,
  ContentCollectionInput,
  CyberPage,
  FooterContent,
  GenerateContentInput,
  HomeHeroCarouselBlock,
  HomePage,
  InfoPageList,
  LegalAgreements,
  LegalPage,
  MenuContent,
  OfferPage,
  ScheduledBanner,
  SeedCmsDocument,
  SponsoredBannerList,
} from '../src/seed/content/types';

const FIXED = [
  ['Lácteos', 'lacteos', 'lacteos'],
  ['Despensa', 'despensa', 'despensa'],
  ['Frutas y Verduras', 'frutas-y-verduras', 'frutas-verduras'],
  ['Carnicería', 'carniceria', 'carniceria'],
  ['Limpieza', 'limpieza', 'limpieza'],
  ['Licores', 'licores', 'licores'],
  ['Mascotas', 'mascotas', 'mascotas'],
] as const;

function fakeCategories(): ContentCategoryInput[] {
  const cats: ContentCategoryInput[] = [];
  let id = 100;
  // Fixed categories are created in reverse so the generator has to order them by fixedPosition.
  [...FIXED].reverse().forEach(([name, slug, icon]) => {
    const parentId = ++id;
    const position = FIXED.findIndex((f) => f[1] === slug) + 1;
    cats.push({ id: parentId, parentId: null, name, slug, icon, fixedPosition: position });
    for (let c = 1; c <= 5; c++) {
      const childId = ++id;
      cats.push({
        id: childId,
        parentId,
        name: `${name} ${c}`,
        slug: `${slug}-${c}`,
        icon: null,
        fixedPosition: null,
      });
      if (c === 1) {
        cats.push({
          id: ++id,
          parentId: childId,
          name: `${name} ${c} a`,
          slug: `sub-${c}a`,
          icon: null,
          fixedPosition: null,
        });
      }
    }
  });
  for (const [name, slug] of [
    ['Bebidas', 'bebidas'],
    ['Congelados', 'congelados'],
    ['Bebés y niños', 'bebes-y-ninos'],
  ] as const) {
    const parentId = ++id;
    cats.push({ id: parentId, parentId: null, name, slug, icon: null, fixedPosition: null });
    cats.push({
      id: ++id,
      parentId,
      name: `${name} varios`,
      slug: `${slug}-varios`,
      icon: null,
      fixedPosition: null,
    });
  }
  return cats;
}

const COLLECTIONS: ContentCollectionInput[] = [
  { id: 11, name: 'Ofertas de la semana' },
  { id: 12, name: 'Lo nuevo' },
  { id: 13, name: 'Más vendidos' },
  { id: 14, name: 'Parrilla' },
  { id: 15, name: 'Vuelta a clases' },
  { id: 16, name: 'Cyber' },
];

const NOW = new Date('2025-06-15T14:30:00.000Z');

function input(): GenerateContentInput {
  return {
    categories: fakeCategories(),
    collections: COLLECTIONS.map((c) => ({ ...c })),
    brandName: 'Despensa',
    helpPhone: '600 400 2000',
    now: new Date(NOW),
  };
}

function doc<K extends keyof CmsDocumentMap & string>(docs: SeedCmsDocument[], key: K): CmsDocumentMap[K] {
  const found = docs.find((d) => d.key === key);
  if (!found) throw new Error(`missing ${key}`);
  return found.data as CmsDocumentMap[K];
}

const isLive = (b: Pick<ScheduledBanner, 'active' | 'start_date' | 'end_date'>, now: Date) =>
  b.active && Date.parse(b.start_date) <= now.getTime() && now.getTime() < Date.parse(b.end_date);

/** Every string under `value` found at a property named `prop`. */
function collect(value: unknown, prop: string, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => collect(v, prop, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === prop && typeof v === 'string') out.push(v);
      else collect(v, prop, out);
    }
  }
  return out;
}

describe('generateContent', () => {
  const docs = generateContent(input());
  const keys = docs.map((d) => d.key);

  it('is deterministic and independent of input order', () => {
    expect(generateContent(input())).toEqual(docs);
    const shuffled = input();
    shuffled.categories.reverse();
    shuffled.collections.reverse();
    expect(generateContent(shuffled)).toEqual(docs);
    expect(JSON.parse(JSON.stringify(docs))).toEqual(docs);
  });

  it('produces every required document once', () => {
    expect(new Set(keys).size).toBe(keys.length);
    const required = [
      'page-home',
      'menu',
      'curtain',
      'footer',
      'legal-terminos-y-condiciones',
      'legal-politica-de-privacidad',
      'legal-seguridad-y-privacidad',
      'legal-agreements',
      'info-evita-la-fila',
      'info-despacho',
      'info-retiro-en-tienda',
      'info-click-al-auto',
      'info-preguntas-frecuentes',
      'info-centro-de-ayuda',
      'info-seguimiento',
      'info-problemas-con-mi-pedido',
      'list-informaciones',
      'institucional-servicios',
      'institucional-terminos-condiciones',
      'institucional-seguridad-privacidad',
      'institucional-concursos',
      'institucional-compromisos',
      'offer-ofertas-fdm',
      'offer-parrilla',
      'offer-vuelta-a-clases',
      'cyber',
      'sustainability',
      'list-banners',
    ];
    for (const key of required) expect(keys, key).toContain(key);
    expect(keys.some((k) => k.startsWith('sustainability-'))).toBe(true);
  });

  it('menu: the seven fixed categories in order, with icons, all children and banners', () => {
    const menu = doc(docs, 'menu') as MenuContent;
    expect(menu.fixed_categories.map((c) => c.title)).toEqual(FIXED.map((f) => f[0]));
    expect(menu.fixed_categories.map((c) => c.icon)).toEqual(FIXED.map((f) => f[2]));
    expect(menu.fixed_categories.map((c) => c.url)).toEqual(FIXED.map((f) => `/${f[1]}`));
    for (const item of menu.fixed_categories) {
      expect(item.items).toHaveLength(5);
      expect(item.banner).not.toBeNull();
      expect(item.new).toEqual({ check: expect.any(Boolean) });
      for (const child of item.items) expect(child.url.startsWith(`${item.url}/`)).toBe(true);
    }
    expect(menu.fixed_categories[0]?.items[0]?.items[0]?.url).toBe('/lacteos/lacteos-1/sub-1a');
    const banners = menu.fixed_categories.map((c) => c.banner);
    expect(banners.every((b) => b !== null && isLive(b, NOW))).toBe(true);
    expect(menu.items.map((c) => c.title)).toEqual(['Bebidas', 'Congelados', 'Bebés y niños']);
    const walk = (items: CategoryMenuItem[]): void =>
      items.forEach((i) => {
        expect(Boolean(i.icon) !== Boolean(i.className)).toBe(true);
        walk(i.items);
      });
    walk([...menu.items, ...menu.fixed_categories]);
    expect(menu.offers).toContainEqual({ title: 'Ofertas', url: '/oferta/ofertas-fdm' });
    expect(menu.offers).toContainEqual({ title: 'Cyber', url: '/cyber' });
    for (const c of menu.campaigns) {
      expect(c.url).toMatch(/^\/oferta\/[a-z0-9-]+$/);
      expect(keys).toContain(`offer-${c.url.slice('/oferta/'.length)}`);
    }
  });

  it('footer: §2 payment icons, prefooter, groups, social and legal links', () => {
    const footer = doc(docs, 'footer') as FooterContent;
    expect(footer.paymentIcons.map((i) => i.id)).toEqual([
      'card-brand',
      'mastercard',
      'visa',
      'magna',
      'amex',
      'diners',
      'redcompra',
    ]);
    expect(footer.prefooter.map((l) => l.id)).toEqual([
      'help-center',
      'tracking',
      'order-problems',
      'stores',
    ]);
    expect(footer.prefooter.find((l) => l.id === 'stores')?.url).toBe('/locales');
    expect(footer.groups.map((g) => g.id)).toEqual(['help', 'brand', 'corporate']);
    expect(footer.groups[1]?.links).toContainEqual({ title: 'Locales', url: '/locales' });
    expect(footer.groups[2]?.links).toContainEqual({ title: 'Sostenibilidad', url: '/plan-por-el-futuro' });
    expect(footer.social.map((s) => s.network)).toEqual(['facebook', 'instagram', 'x', 'youtube', 'tiktok']);
    for (const s of footer.social) expect(s.label).toMatch(/\S/);
    expect(footer.legalLinks.map((l) => l.url)).toEqual([
      '/informaciones-legales/terminos-y-condiciones#1',
      '/informaciones-legales/seguridad-y-privacidad',
      expect.any(String),
    ]);
    expect(footer.legalLinks[2]?.title).toBe('Código de ética');
    expect(footer.helpPhone.number).toBe('600 400 2000');
    expect(footer.helpPhone.href).toBe('tel:6004002000');
  });

  it('legal pages have the §2 anchors', () => {
    expect((doc(docs, 'legal-terminos-y-condiciones') as LegalPage).sections[0]?.anchor).toBe('1');
    expect((doc(docs, 'legal-politica-de-privacidad') as LegalPage).sections[0]?.anchor).toBe('topic-1');
    expect((doc(docs, 'legal-seguridad-y-privacidad') as LegalPage).sections.length).toBeGreaterThan(0);
    expect((doc(docs, 'legal-agreements') as LegalAgreements).document).toBe(
      '/media/legal/terminos-y-condiciones.pdf',
    );
  });

  it('home: blocks, collections and at least one expired and one future banner', () => {
    const home = doc(docs, 'page-home') as HomePage;
    const types = home.blocks.map((b) => b.type);
    for (const t of ['hero-carousel', 'category-tiles', 'product-shelf', 'brand-strip', 'info-strip']) {
      expect(types).toContain(t);
    }
    const hero = home.blocks.find((b): b is HomeHeroCarouselBlock => b.type === 'hero-carousel');
    const banners = hero?.banners ?? [];
    const now = NOW.getTime();
    expect(banners.some((b) => Date.parse(b.end_date) <= now)).toBe(true);
    expect(banners.some((b) => Date.parse(b.start_date) > now)).toBe(true);
    expect(banners.filter((b) => isLive(b, NOW)).length).toBeGreaterThanOrEqual(2);
    const collectionIds = new Set(COLLECTIONS.map((c) => c.id));
    for (const block of home.blocks) {
      if (block.type === 'product-shelf') expect(collectionIds.has(block.collectionId)).toBe(true);
    }
    const ofertas = home.blocks.find((b) => b.type === 'product-shelf' && b.title === 'Ofertas de la semana');
    expect(ofertas && 'collectionId' in ofertas ? ofertas.collectionId : null).toBe(11);
    const info = home.blocks.find((b) => b.type === 'info-strip');
    expect(info && 'items' in info ? info.items.map((i) => i.title) : []).toEqual([
      'Despacho a domicilio',
      'Retiro en tienda',
      'Click al Auto',
      'Despacho Express',
    ]);
  });

  it('offers, cyber and sponsored banners', () => {
    const offer = doc(docs, 'offer-ofertas-fdm') as OfferPage;
    expect(offer.collectionId).toBe(11);
    expect(offer.selectedFacets).toEqual([{ key: 'productClusterIds', value: '11' }]);
    expect((doc(docs, 'offer-parrilla') as OfferPage).collectionId).toBe(14);
    expect((doc(docs, 'cyber') as CyberPage).collectionId).toBe(16);
    const sponsored = (doc(docs, 'list-banners') as SponsoredBannerList).items;
    expect(sponsored.length).toBeGreaterThanOrEqual(6);
    for (const b of sponsored) expect(b.sponsored).toBe(true);
    expect(sponsored.some((b) => !isLive(b, NOW))).toBe(true);
    expect(sponsored.filter((b) => isLive(b, NOW)).length).toBeGreaterThanOrEqual(5);
  });

  it('list-informaciones lists every info page', () => {
    const list = doc(docs, 'list-informaciones') as InfoPageList;
    expect(list.items.map((i) => `info-${i.slug}`).sort()).toEqual(
      keys.filter((k) => k.startsWith('info-')).sort(),
    );
    expect(list.items.find((i) => i.slug === 'evita-la-fila')?.url).toBe('/informaciones/evita-la-fila');
  });

  it('HTML fragments use only simple safe tags and site links', () => {
    const html = collect(docs, 'html');
    expect(html.length).toBeGreaterThan(30);
    for (const fragment of html) {
      for (const [, tag] of fragment.matchAll(/<\/?([a-zA-Z0-9]+)/g)) {
        expect(['p', 'h2', 'h3', 'ul', 'li', 'a', 'strong'], fragment).toContain(tag);
      }
      expect(fragment).not.toMatch(/<script|style=|on[a-z]+=|javascript:/i);
      for (const [, href] of fragment.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(\/|tel:)/);
    }
  });

  it('escapes the brand name in HTML', () => {
    const evil = generateContent({ ...input(), brandName: '<b>Mi "Súper"</b>' });
    for (const fragment of collect(evil, 'html')) expect(fragment).not.toContain('<b>');
  });

  it('every referenced banner image has an asset, and the asset palettes are readable', () => {
    const { documents, bannerAssets } = generateContentWithAssets(input());
    const names = new Set(bannerAssets.map((a) => a.name));
    const images = [...collect(documents, 'image_desktop'), ...collect(documents, 'image_mobile')];
    expect(images.length).toBeGreaterThan(10);
    for (const img of images) {
      const m = /^\/media\/banners\/([a-z0-9-]+)\.png$/.exec(img);
      expect(m, img).not.toBeNull();
      expect(names.has(m?.[1] ?? '')).toBe(true);
    }
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (const a of bannerAssets) {
      const [l1, l2] = [luminance(a.colors.bg), luminance(a.colors.fg)].sort((x, y) => y - x) as [
        number,
        number,
      ];
      expect((l1 + 0.05) / (l2 + 0.05), a.name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('rejects input without collections', () => {
    expect(() => generateContent({ ...input(), collections: [] })).toThrow();
  });
});

describe('bannerSvg', () => {
  it('returns a small accessible SVG for both variants', () => {
    const desktop = bannerSvg('hero-x', 'Ofertas & más <ahora>', { bg: '#0b6b3a', fg: '#ffffff' });
    expect(desktop.startsWith('<svg')).toBe(true);
    expect(desktop.endsWith('</svg>')).toBe(true);
    expect(desktop).toContain('role="img"');
    expect(desktop).toMatch(/<title id="[^"]+">Ofertas &amp; más &lt;ahora&gt;<\/title>/);
    expect(desktop).toContain('viewBox="0 0 1200 300"');
    expect(desktop).not.toMatch(/<script|href=|url\(|<image/);
    const mobile = bannerSvg('hero-x', 'Ofertas', { bg: '#0b6b3a', fg: '#ffffff' }, 'mobile');
    expect(mobile).toContain('viewBox="0 0 600 400"');
    expect(bannerSvg('hero-x', 'Ofertas', { bg: '#0b6b3a', fg: '#ffffff' }, 'mobile')).toBe(mobile);
    // Balanced tags (XML-ish).
    const open = (desktop.match(/<[a-z]+[^>]*[^/]>/g) ?? []).length;
    const close = (desktop.match(/<\/[a-z]+>/g) ?? []).length;
    expect(open).toBe(close);
  });

  it('rejects non-hex colours', () => {
    expect(() => bannerSvg('x', 'y', { bg: 'red"/><script>', fg: '#fff' })).toThrow();
  });
});
