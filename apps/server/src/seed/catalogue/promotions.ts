import type { Promotion, PromotionExclusions, PromotionInclusions } from '@despensa/domain';
import { HOUSE_BRAND } from './brands';
import type { Rng } from '../random';
import type { SeedBrand, SeedCategory, SeedProduct } from './types';

/** What the promotion table refers to, by the names a merchandiser would use. */
export interface PromotionLookups {
  categories: readonly SeedCategory[];
  brands: readonly SeedBrand[];
  products: readonly SeedProduct[];
  now: Date;
  rng: Rng;
}

/** Relative windows: most promotions run now; one has ended and one has not started. */
type Window = 'active' | 'expired' | 'future';
const WINDOWS: Record<Window, readonly [number, number]> = {
  active: [-7, 21],
  expired: [-45, -15],
  future: [20, 55],
};

/** A promotion row before ids and references are resolved. */
interface PromotionDef {
  name: string;
  description: string;
  type?: Promotion['type'];
  discountType?: Promotion['discountType'];
  value: number;
  quantity?: number;
  quantityAffected?: number;
  minQuantity?: number;
  cumulative?: boolean;
  tcenco?: boolean;
  window?: Window;
  idsSalesChannel?: number[];
  idsSalesChannelExclusive?: number[];
  pricePpum?: boolean;
  include?: Partial<Record<keyof PromotionInclusions, Ref>>;
  exclude?: Partial<Record<keyof PromotionExclusions, Ref>>;
}

/**
 * A reference resolved against the generated catalogue: category and brand names, collection ids,
 * seller ids, or "n products/skus of this leaf" picked deterministically.
 */
type Ref =
  | { categories: string[] }
  | { brands: string[] }
  | { ids: (string | number)[] }
  | { productsOf: string; count: number }
  | { skusOf: string; count: number };

const CENTS_PER_PESO = 100;
const MARKETPLACE_SELLERS = ['2', '3', '4', '5'];

/** The demo promotions: every type, discount kind, flag, list and window of §3 appears at least once. */
const PROMOTIONS: readonly PromotionDef[] = [
  {
    name: '15% en Lácteos',
    description: 'Llévate tus lácteos favoritos con 15 % de descuento.',
    value: 15,
    include: { categories: { categories: ['Lácteos'] } },
  },
  {
    name: '$500 de descuento en aceites y aderezos',
    description: 'Descuento de $500 por unidad en aceites, mayonesas y aderezos.',
    discountType: 'nominal',
    value: 500 * CENTS_PER_PESO,
    include: { categories: { categories: ['Aceites y Aderezos'] } },
  },
  {
    name: 'Lleva 3 y paga 2 en yoghurt',
    description: 'Por cada 3 yoghurts, el de menor precio es gratis.',
    type: 'for_the_price_of',
    value: 100,
    quantity: 3,
    quantityAffected: 1,
    include: { categories: { categories: ['Yoghurt'] } },
  },
  {
    name: '2x1 en cervezas artesanales',
    description: 'Lleva 2 cervezas artesanales y paga 1. Solo en despensa.cl.',
    type: 'for_the_price_of',
    value: 100,
    quantity: 2,
    quantityAffected: 1,
    idsSalesChannel: [1],
    include: { categories: { categories: ['Cerveza Artesanal'] } },
  },
  {
    name: '2ª unidad al 50 % en detergentes',
    description: 'La segunda unidad de detergentes y suavizantes, a mitad de precio.',
    type: 'progressive',
    value: 50,
    quantity: 2,
    quantityAffected: 1,
    include: { categories: { categories: ['Lavado de Ropa'] } },
    exclude: { brands: { brands: [HOUSE_BRAND] } },
  },
  {
    name: '3ª unidad al 30 % en vinos',
    description: 'Lleva 3 botellas y la tercera tiene 30 % de descuento. No incluye vino en caja.',
    type: 'progressive',
    value: 30,
    quantity: 3,
    quantityAffected: 1,
    include: { categories: { categories: ['Vinos'] } },
    exclude: { categories: { categories: ['Vino en Caja'] }, skus: { skusOf: 'Vino Tinto', count: 2 } },
  },
  {
    name: '10 % extra en Carnicería con Tarjeta Despensa',
    description:
      'Paga con tu Tarjeta Despensa y obtén 10 % adicional en carnes, acumulable con otras ofertas.',
    value: 10,
    tcenco: true,
    cumulative: true,
    include: { categories: { categories: ['Carnicería'] } },
  },
  {
    name: '20 % en Marca Despensa',
    description: 'Todos los productos Despensa y Despensa Selección con 20 % de descuento.',
    value: 20,
    include: { brands: { brands: [HOUSE_BRAND, 'Despensa Selección'] } },
    exclude: { categories: { categories: ['Licores'] } },
  },
  {
    name: 'Ofertas de la semana: 5 % adicional',
    description: 'Un 5 % extra sobre las ofertas de la semana vendidas por Despensa.',
    value: 5,
    cumulative: true,
    include: { collections: { ids: [1] } },
    exclude: { seller: { ids: MARKETPLACE_SELLERS } },
  },
  {
    name: '$1.000 menos por paquete de pañales',
    description: 'Llevando 2 o más paquetes de pañales, $1.000 de descuento en cada uno.',
    discountType: 'nominal',
    value: 1000 * CENTS_PER_PESO,
    minQuantity: 2,
    include: { categories: { categories: ['Pañales'] } },
  },
  {
    name: 'Cyber: 25 % en productos seleccionados',
    description: 'Descuentos Cyber solo en la tienda online.',
    value: 25,
    idsSalesChannelExclusive: [2, 3],
    include: { collections: { ids: [2] } },
  },
  {
    name: 'Productos destacados con 30 %',
    description: 'Una selección de productos con 30 % de descuento por tiempo limitado.',
    value: 30,
    include: { products: { productsOf: 'Aceite de Oliva', count: 3 } },
  },
  {
    name: '$990 de descuento en snacks seleccionados',
    description: 'Descuento de $990 por unidad en formatos seleccionados.',
    discountType: 'nominal',
    value: 990 * CENTS_PER_PESO,
    include: { skus: { skusOf: 'Snacks Salados', count: 4 } },
  },
  {
    name: '12 % en Mascotas',
    description: 'Alimentos y accesorios para mascotas con 12 % de descuento.',
    value: 12,
    include: { categories: { categories: ['Mascotas'] } },
    exclude: {
      products: { productsOf: 'Alimento Seco Perro', count: 2 },
      brands: { brands: ['Michi Gourmet'] },
    },
  },
  {
    name: 'Semana del Hogar',
    description: 'Ampolletas, pilas y desechables con 20 % de descuento.',
    value: 20,
    window: 'expired',
    include: { categories: { categories: ['Hogar'] } },
  },
  {
    name: 'Navidad anticipada en licores',
    description: 'Prepara las fiestas con 15 % en destilados y espumantes.',
    value: 15,
    window: 'future',
    include: { categories: { categories: ['Destilados', 'Espumantes'] } },
  },
  {
    name: 'Congelados 10 % (pausada)',
    description: 'Promoción suspendida temporalmente.',
    value: 0,
    include: { categories: { categories: ['Congelados'] } },
  },
  {
    name: 'Frutas y verduras: 15 % con Tarjeta Despensa',
    description: 'Paga con tu Tarjeta Despensa y ahorra 15 % en frutas y verduras, también al peso.',
    value: 15,
    tcenco: true,
    pricePpum: true,
    include: { categories: { categories: ['Frutas y Verduras'] } },
  },
  {
    name: '2x1 en café instantáneo',
    description: 'Lleva 2 frascos de café instantáneo y paga 1. No aplica a lanzamientos.',
    type: 'for_the_price_of',
    value: 100,
    quantity: 2,
    quantityAffected: 1,
    minQuantity: 2,
    include: { categories: { categories: ['Café Instantáneo'] } },
    exclude: { collections: { ids: [8] } },
  },
  {
    name: 'Destilados 10 % online',
    description: 'Piscos, rones, whiskies y gin con 10 % comprando en la web.',
    value: 10,
    idsSalesChannel: [1],
    include: { categories: { categories: ['Destilados'] } },
  },
  {
    name: 'Bebidas: lleva 6 y ahorra 20 %',
    description: 'Comprando 6 o más bebidas gaseosas, 20 % de descuento en cada una.',
    value: 20,
    minQuantity: 6,
    include: { categories: { categories: ['Bebidas Gaseosas'] } },
  },
  {
    name: 'Aniversario Despensa: 5 % en todo',
    description: 'Celebramos con 5 % en toda la tienda. No incluye licores ni fórmulas infantiles.',
    value: 5,
    cumulative: true,
    exclude: {
      categories: { categories: ['Licores', 'Fórmulas Infantiles'] },
      seller: { ids: ['4', '5'] },
    },
  },
  {
    name: '$300 menos por kilo en quesos',
    description: 'Quesos a granel y envasados con $300 de descuento por unidad de venta.',
    discountType: 'nominal',
    value: 300 * CENTS_PER_PESO,
    pricePpum: true,
    include: { categories: { categories: ['Quesos'] } },
  },
  {
    name: '2ª unidad al 50 % en galletas con Tarjeta Despensa',
    description: 'Con tu Tarjeta Despensa, la segunda unidad de galletas a mitad de precio.',
    type: 'progressive',
    value: 50,
    quantity: 2,
    quantityAffected: 1,
    tcenco: true,
    include: { categories: { categories: ['Galletas'] } },
  },
];

export function buildPromotions(lookups: PromotionLookups): Promotion[] {
  const resolve = resolver(lookups);
  return PROMOTIONS.map((def, index) => {
    const [startDay, endDay] = WINDOWS[def.window ?? 'active'];
    const list = (ref: Ref | undefined) => (ref ? resolve(ref) : []);
    return {
      id: String(index + 1),
      name: def.name,
      description: def.description,
      type: def.type ?? 'regular',
      discountType: def.discountType ?? 'percentual',
      value: def.value,
      quantity: def.quantity ?? 1,
      quantityAffected: def.quantityAffected ?? 1,
      minQuantity: def.minQuantity ?? 1,
      cumulative: def.cumulative ?? false,
      tcenco: def.tcenco ?? false,
      start: new Date(lookups.now.getTime() + startDay * 86_400_000).toISOString(),
      end: new Date(lookups.now.getTime() + endDay * 86_400_000).toISOString(),
      idsSalesChannel: def.idsSalesChannel ?? [],
      idsSalesChannelExclusive: def.idsSalesChannelExclusive ?? [],
      pricePpum: def.pricePpum ?? false,
      inclusions: {
        products: list(def.include?.products),
        skus: list(def.include?.skus),
        brands: list(def.include?.brands),
        categories: list(def.include?.categories),
        collections: list(def.include?.collections),
      },
      exclusions: {
        products: list(def.exclude?.products),
        skus: list(def.exclude?.skus),
        brands: list(def.exclude?.brands),
        categories: list(def.exclude?.categories),
        collections: list(def.exclude?.collections),
        seller: list(def.exclude?.seller),
      },
    };
  });
}

function resolver({ categories, brands, products, rng }: PromotionLookups): (ref: Ref) => string[] {
  const byName =
    <T extends { id: number; name: string }>(items: readonly T[], kind: string) =>
    (name: string) => {
      const found = items.find((item) => item.name === name);
      if (!found) throw new Error(`promotion refers to unknown ${kind} '${name}'`);
      return String(found.id);
    };
  const category = byName(categories, 'category');
  const brand = byName(brands, 'brand');
  /** Products of a leaf; in a catalogue too small to have any, any products at all. */
  const productsOf = (leafName: string) => {
    const leafId = Number(category(leafName));
    const inLeaf = products.filter((p) => p.categoryId === leafId);
    return inLeaf.length > 0 ? inLeaf : products;
  };
  const sample = <T>(items: readonly T[], count: number) =>
    rng.sampleIndices(items.length, count).map((i) => items[i]!);
  return (ref) => {
    if ('categories' in ref) return ref.categories.map(category);
    if ('brands' in ref) return ref.brands.map(brand);
    if ('ids' in ref) return ref.ids.map(String);
    if ('productsOf' in ref) return sample(productsOf(ref.productsOf), ref.count).map((p) => String(p.id));
    return sample(
      productsOf(ref.skusOf).flatMap((p) => p.skus),
      ref.count,
    ).map((s) => String(s.id));
  };
}
