import type { SeedCategory } from './types';
import { slugify } from '@despensa/domain';

export interface TopCategoryDef {
  name: string;
  icon: string;
  /** The seven menu categories of §2 are fixed, in this order. */
  fixed: boolean;
  subs: readonly { name: string; leaves: readonly string[] }[];
}

/**
 * The department tree: top → sub → leaf. Leaf names are unique across the tree, because product
 * families (product-families.ts) are keyed by them.
 */
export const CATEGORY_TREE: readonly TopCategoryDef[] = [
  {
    name: 'Lácteos',
    icon: 'lacteos',
    fixed: true,
    subs: [
      {
        name: 'Leches',
        leaves: [
          'Leche Entera',
          'Leche Descremada',
          'Leche Sin Lactosa',
          'Leche Cultivada',
          'Leche Saborizada',
        ],
      },
      {
        name: 'Yoghurt',
        leaves: ['Yoghurt Batido', 'Yoghurt Griego', 'Yoghurt Bebible', 'Yoghurt con Cereal'],
      },
      { name: 'Mantequillas y Margarinas', leaves: ['Mantequilla', 'Margarina'] },
      { name: 'Cremas y Postres', leaves: ['Crema de Leche', 'Leche Condensada', 'Postres Lácteos'] },
      { name: 'Bebidas Vegetales', leaves: ['Bebida de Avena', 'Bebida de Almendra', 'Bebida de Soya'] },
      { name: 'Huevos', leaves: ['Huevos de Gallina', 'Huevos de Campo'] },
    ],
  },
  {
    name: 'Despensa',
    icon: 'despensa',
    fixed: true,
    subs: [
      { name: 'Arroz y Legumbres', leaves: ['Arroz', 'Porotos', 'Lentejas', 'Garbanzos'] },
      {
        name: 'Pastas',
        leaves: ['Pastas Largas', 'Pastas Cortas', 'Pastas para Sopa', 'Lasañas y Canelones'],
      },
      {
        name: 'Aceites y Aderezos',
        leaves: ['Aceite Vegetal', 'Aceite de Oliva', 'Mayonesa', 'Ketchup y Mostaza', 'Vinagre'],
      },
      {
        name: 'Conservas',
        leaves: ['Atún', 'Jurel', 'Verduras en Conserva', 'Frutas en Conserva', 'Salsa de Tomate'],
      },
      {
        name: 'Harinas y Repostería',
        leaves: ['Harina', 'Azúcar', 'Endulzantes', 'Mezclas para Repostería'],
      },
      { name: 'Sal y Condimentos', leaves: ['Sal', 'Especias', 'Caldos', 'Sopas y Cremas'] },
    ],
  },
  {
    name: 'Frutas y Verduras',
    icon: 'frutas-y-verduras',
    fixed: true,
    subs: [
      {
        name: 'Frutas',
        leaves: ['Paltas', 'Cítricos', 'Manzanas y Peras', 'Plátanos', 'Frutas de Temporada'],
      },
      {
        name: 'Verduras',
        leaves: ['Tomates', 'Papas', 'Cebollas y Ajos', 'Hojas Verdes', 'Zanahorias y Zapallos'],
      },
      { name: 'Frutos Secos', leaves: ['Nueces y Almendras', 'Maní', 'Frutas Deshidratadas'] },
      { name: 'Listos para Cocinar', leaves: ['Ensaladas Listas', 'Verduras Picadas'] },
    ],
  },
  {
    name: 'Carnicería',
    icon: 'carniceria',
    fixed: true,
    subs: [
      { name: 'Vacuno', leaves: ['Cortes Parrilleros', 'Cortes para Guisar', 'Carne Molida'] },
      { name: 'Cerdo', leaves: ['Chuletas de Cerdo', 'Costillar de Cerdo', 'Pulpa y Lomo de Cerdo'] },
      { name: 'Pollo y Pavo', leaves: ['Pollo Entero', 'Trutros de Pollo', 'Pechugas de Pollo', 'Pavo'] },
      { name: 'Pescados y Mariscos', leaves: ['Salmón', 'Merluza y Reineta', 'Mariscos'] },
      { name: 'Embutidos para Parrilla', leaves: ['Longanizas', 'Chorizos Parrilleros'] },
    ],
  },
  {
    name: 'Limpieza',
    icon: 'limpieza',
    fixed: true,
    subs: [
      {
        name: 'Lavado de Ropa',
        leaves: ['Detergente Líquido', 'Detergente en Polvo', 'Suavizante', 'Quitamanchas'],
      },
      {
        name: 'Limpieza del Hogar',
        leaves: ['Limpiadores Multiuso', 'Cloro', 'Limpiapisos', 'Desinfectantes'],
      },
      { name: 'Cocina', leaves: ['Lavalozas', 'Esponjas y Paños', 'Bolsas de Basura'] },
      { name: 'Papeles', leaves: ['Papel Higiénico', 'Toalla de Papel', 'Servilletas'] },
      { name: 'Baño', leaves: ['Limpiadores de Baño', 'Desodorantes Ambientales'] },
    ],
  },
  {
    name: 'Licores',
    icon: 'licores',
    fixed: true,
    subs: [
      { name: 'Vinos', leaves: ['Vino Tinto', 'Vino Blanco', 'Vino Rosé', 'Vino en Caja'] },
      { name: 'Cervezas', leaves: ['Cerveza Lager', 'Cerveza Artesanal', 'Cerveza sin Alcohol'] },
      { name: 'Destilados', leaves: ['Pisco', 'Ron', 'Whisky', 'Vodka y Gin'] },
      { name: 'Espumantes', leaves: ['Espumante Brut', 'Espumante Dulce'] },
      { name: 'Aperitivos y Cócteles', leaves: ['Cócteles Preparados', 'Licores y Cremas'] },
    ],
  },
  {
    name: 'Mascotas',
    icon: 'mascotas',
    fixed: true,
    subs: [
      { name: 'Perros', leaves: ['Alimento Seco Perro', 'Alimento Húmedo Perro', 'Snacks para Perro'] },
      { name: 'Gatos', leaves: ['Alimento Seco Gato', 'Alimento Húmedo Gato', 'Arena Sanitaria'] },
      { name: 'Accesorios y Cuidado', leaves: ['Higiene de Mascotas', 'Platos y Juguetes'] },
    ],
  },
  {
    name: 'Panadería y Pastelería',
    icon: 'panaderia',
    fixed: false,
    subs: [
      { name: 'Pan del Día', leaves: ['Marraqueta y Hallulla', 'Pan Especial'] },
      {
        name: 'Pan Envasado',
        leaves: ['Pan de Molde', 'Pan Pita y Tortillas', 'Pan de Hamburguesa y Completos'],
      },
      { name: 'Pastelería', leaves: ['Tortas', 'Kuchenes', 'Queques'] },
      { name: 'Tostadas y Galletas de Arroz', leaves: ['Tostadas', 'Galletas de Arroz'] },
    ],
  },
  {
    name: 'Congelados',
    icon: 'congelados',
    fixed: false,
    subs: [
      { name: 'Verduras Congeladas', leaves: ['Verduras y Mezclas Congeladas', 'Papas Prefritas'] },
      { name: 'Platos Preparados', leaves: ['Empanadas Congeladas', 'Pizzas', 'Platos Listos'] },
      { name: 'Helados', leaves: ['Helados Familiares', 'Helados Individuales'] },
      {
        name: 'Proteínas Congeladas',
        leaves: ['Hamburguesas', 'Nuggets y Apanados', 'Hamburguesas Vegetales'],
      },
      { name: 'Frutas Congeladas', leaves: ['Berries Congelados', 'Pulpa de Fruta'] },
    ],
  },
  {
    name: 'Bebidas y Jugos',
    icon: 'bebidas',
    fixed: false,
    subs: [
      { name: 'Bebidas Gaseosas', leaves: ['Bebidas Cola', 'Bebidas Sabores', 'Bebidas Zero'] },
      { name: 'Aguas', leaves: ['Agua Mineral', 'Agua Saborizada', 'Agua en Bidón'] },
      { name: 'Jugos', leaves: ['Néctares', 'Jugos Naturales', 'Jugos en Polvo'] },
      { name: 'Energéticas e Isotónicas', leaves: ['Bebidas Energéticas', 'Bebidas Isotónicas'] },
    ],
  },
  {
    name: 'Fiambrería y Quesos',
    icon: 'fiambreria',
    fixed: false,
    subs: [
      {
        name: 'Quesos',
        leaves: ['Queso Gauda', 'Queso Mantecoso', 'Quesillo y Queso Fresco', 'Quesos Maduros'],
      },
      { name: 'Jamones', leaves: ['Jamón de Cerdo', 'Jamón de Pavo'] },
      { name: 'Embutidos', leaves: ['Vienesas', 'Salames', 'Mortadela y Arrollado'] },
      { name: 'Para Untar', leaves: ['Paté', 'Hummus y Dips'] },
    ],
  },
  {
    name: 'Desayuno y Dulces',
    icon: 'desayuno',
    fixed: false,
    subs: [
      { name: 'Café y Té', leaves: ['Café Molido', 'Café Instantáneo', 'Té', 'Hierbas e Infusiones'] },
      { name: 'Cereales', leaves: ['Cereales de Desayuno', 'Avena', 'Granola', 'Barras de Cereal'] },
      { name: 'Untables', leaves: ['Mermeladas', 'Manjar', 'Miel', 'Mantequilla de Maní'] },
      { name: 'Galletas', leaves: ['Galletas Dulces', 'Galletas Saladas', 'Galletas Sin Azúcar'] },
      { name: 'Chocolates y Confites', leaves: ['Chocolates', 'Caramelos y Gomitas', 'Snacks Salados'] },
    ],
  },
  {
    name: 'Cuidado Personal',
    icon: 'cuidado-personal',
    fixed: false,
    subs: [
      { name: 'Cuidado del Cabello', leaves: ['Shampoo', 'Acondicionador'] },
      { name: 'Higiene Corporal', leaves: ['Jabón en Barra', 'Jabón Líquido', 'Desodorantes'] },
      { name: 'Cuidado Bucal', leaves: ['Pasta Dental', 'Cepillos Dentales', 'Enjuague Bucal'] },
      { name: 'Cuidado de la Piel', leaves: ['Cremas Corporales', 'Protector Solar'] },
    ],
  },
  {
    name: 'Bebés y Niños',
    icon: 'bebes',
    fixed: false,
    subs: [
      { name: 'Pañales y Toallitas', leaves: ['Pañales', 'Toallitas Húmedas'] },
      { name: 'Alimentación Infantil', leaves: ['Fórmulas Infantiles', 'Colados y Papillas'] },
      { name: 'Higiene del Bebé', leaves: ['Baño del Bebé', 'Cuidado de la Piel del Bebé'] },
    ],
  },
  {
    name: 'Hogar',
    icon: 'hogar',
    fixed: false,
    subs: [
      { name: 'Cocina y Mesa', leaves: ['Desechables', 'Papel Aluminio y Film'] },
      { name: 'Ampolletas y Pilas', leaves: ['Ampolletas', 'Pilas'] },
      { name: 'Parrilla y Camping', leaves: ['Carbón', 'Encendedores y Fósforos'] },
    ],
  },
];

/** A leaf with its ancestors, what the product generator works from. */
export interface LeafInfo {
  id: number;
  name: string;
  top: SeedCategory;
  sub: SeedCategory;
}

/**
 * Ids read as the path: top n, sub n·100 + j, leaf (n·100 + j)·100 + k — e.g. Lácteos 1, Leches 101,
 * Leche Entera 10101 — so they stay stable when another department is appended.
 */
export function buildCategories(): { categories: SeedCategory[]; leaves: LeafInfo[] } {
  const categories: SeedCategory[] = [];
  const leaves: LeafInfo[] = [];
  let fixedPosition = 0;
  CATEGORY_TREE.forEach((topDef, t) => {
    const top: SeedCategory = {
      id: t + 1,
      parentId: null,
      name: topDef.name,
      slug: slugify(topDef.name),
      icon: topDef.icon,
      fixedPosition: topDef.fixed ? ++fixedPosition : null,
    };
    categories.push(top);
    topDef.subs.forEach((subDef, s) => {
      const sub: SeedCategory = {
        id: top.id * 100 + s + 1,
        parentId: top.id,
        name: subDef.name,
        slug: slugify(subDef.name),
        icon: null,
        fixedPosition: null,
      };
      categories.push(sub);
      subDef.leaves.forEach((leafName, l) => {
        const id = sub.id * 100 + l + 1;
        categories.push({
          id,
          parentId: sub.id,
          name: leafName,
          slug: slugify(leafName),
          icon: null,
          fixedPosition: null,
        });
        leaves.push({ id, name: leafName, top, sub });
      });
    });
  });
  return { categories, leaves };
}
